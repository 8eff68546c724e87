// A student's account through the laptop host: the real handlers, against dynalite, s3rver and
// cognito-local on free ports.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/api/routes.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { userTraces } from '../support/invariants.js';
import { api, login, newUser, startTestHost, type TestHost } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(async () => {
  await host?.stop();
});

describe('profile', () => {
  it('exists with the defaults right after sign-up, with a referral code', async () => {
    const u = await newUser(host);
    const r = await api(host, '/api/profile', { token: u.accessToken });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ user_id: u.sub, onboarding_completed: false, language: 'fr', education_level: null, is_subscribed: false });
    expect(r.body.referral_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('is edited by the student and rejects values outside the lists', async () => {
    const u = await newUser(host);
    const ok = await api(host, '/api/profile', { token: u.accessToken, method: 'PATCH', body: { language: 'en', education_level: 'licence', specialization: '  Biologie ', school: 'Université de Lyon' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ language: 'en', education_level: 'licence', specialization: 'Biologie', school: 'Université de Lyon' });
    const cleared = await api(host, '/api/profile', { token: u.accessToken, method: 'PATCH', body: { school: '' } });
    expect(cleared.body.school).toBeNull();
    const bad = await api(host, '/api/profile', { token: u.accessToken, method: 'PATCH', body: { education_level: 'wizard' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('education_level');
    const again = await api(host, '/api/profile', { token: u.accessToken });
    expect(again.body.education_level).toBe('licence');
  });

  it('completes onboarding with the required fields only', async () => {
    const u = await newUser(host);
    const missing = await api(host, '/api/onboarding', { token: u.accessToken, method: 'POST', body: { language: 'fr', education_level: 'lycee' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('specialization');
    const done = await api(host, '/api/onboarding', { token: u.accessToken, method: 'POST', body: { language: 'fr', education_level: 'lycee', specialization: 'Terminale générale' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ onboarding_completed: true, school: null, specialization: 'Terminale générale' });
  });

  it('is created once when first reads race each other', async () => {
    const before = (await api(host, '/api/stats/students')).body.count;
    const u = await newUser(host);
    const afterSignUp = (await api(host, '/api/stats/students')).body.count;
    expect(afterSignUp).toBe(before + 1);
    const reads = await Promise.all(Array.from({ length: 10 }, () => api(host, '/api/profile', { token: u.accessToken })));
    expect(new Set(reads.map((r) => r.body.referral_code)).size).toBe(1);
    expect((await api(host, '/api/stats/students')).body.count).toBe(afterSignUp);
  });

  it('reads as not subscribed for a new student', async () => {
    const u = await newUser(host);
    const r = await api(host, '/api/subscription', { token: u.accessToken });
    expect(r.body).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed', payment_method: null });
  });
});

describe('landing counter', () => {
  it('counts students plus 600', async () => {
    const r = await api(host, '/api/stats/students');
    expect(r.status).toBe(200);
    expect(r.body.count).toBeGreaterThanOrEqual(600);
  });
});

describe('login streak', () => {
  it('counts a day once however many logins', async () => {
    const u = await newUser(host);
    const first = await api(host, '/api/streak', { token: u.accessToken, method: 'POST', body: { timezone: 'Europe/Paris' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ streak_count: 1, highest_streak: 1 });
    const racing = await Promise.all(Array.from({ length: 5 }, () => api(host, '/api/streak', { token: u.accessToken, method: 'POST', body: {} })));
    for (const r of racing) expect(r.body.streak_count).toBe(1);
    const read = await api(host, '/api/streak', { token: u.accessToken });
    expect(read.body.streak_count).toBe(1);
    expect(read.body.last_login_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('referrals', () => {
  it('records a pending referral at sign-up and completes it with onboarding', async () => {
    const referrer = await newUser(host);
    const { body: me } = await api(host, '/api/profile', { token: referrer.accessToken });
    const check = await api(host, `/api/referrals/check?code=${me.referral_code.toLowerCase()}`);
    expect(check.status).toBe(200);

    const referee = await newUser(host);
    const rec = await api(host, '/api/referrals', { token: referee.accessToken, method: 'POST', body: { code: me.referral_code } });
    expect(rec.status).toBe(201);
    const again = await api(host, '/api/referrals', { token: referee.accessToken, method: 'POST', body: { code: me.referral_code } });
    expect(again.status).toBe(201);

    let progress = await api(host, '/api/referrals', { token: referrer.accessToken });
    expect(progress.body).toMatchObject({ code: me.referral_code, completed: 0, pending: 1, goal: 5, reward_months: 2 });
    expect(progress.body.referrals).toHaveLength(1);
    expect(progress.body.referrals[0].status).toBe('pending');

    await api(host, '/api/onboarding', { token: referee.accessToken, method: 'POST', body: { language: 'fr', education_level: 'master', specialization: 'Droit' } });
    progress = await api(host, '/api/referrals', { token: referrer.accessToken });
    expect(progress.body.completed).toBe(1);
    expect(progress.body.referrals[0].status).toBe('completed');
  });

  it('refuses unknown codes with the spec message, and self-referral', async () => {
    const unknown = await api(host, '/api/referrals/check?code=NOPE1234');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Aucun utilisateur trouvé avec ce code de parrainage: NOPE1234');
    const u = await newUser(host);
    const { body: me } = await api(host, '/api/profile', { token: u.accessToken });
    const self = await api(host, '/api/referrals', { token: u.accessToken, method: 'POST', body: { code: me.referral_code } });
    expect(self.status).toBe(400);
  });

  it('keeps one referrer per student, even when two codes race', async () => {
    const [a, b, referee] = await Promise.all([newUser(host), newUser(host), newUser(host)]);
    const codeA = (await api(host, '/api/profile', { token: a.accessToken })).body.referral_code;
    const codeB = (await api(host, '/api/profile', { token: b.accessToken })).body.referral_code;
    const results = await Promise.all([
      api(host, '/api/referrals', { token: referee.accessToken, method: 'POST', body: { code: codeA } }),
      api(host, '/api/referrals', { token: referee.accessToken, method: 'POST', body: { code: codeB } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const listed = [
      ...(await api(host, '/api/referrals', { token: a.accessToken })).body.referrals,
      ...(await api(host, '/api/referrals', { token: b.accessToken })).body.referrals,
    ];
    expect(listed).toHaveLength(1);
  });

  it('cannot be added after onboarding', async () => {
    const [a, late] = await Promise.all([newUser(host), newUser(host)]);
    const codeA = (await api(host, '/api/profile', { token: a.accessToken })).body.referral_code;
    await api(host, '/api/onboarding', { token: late.accessToken, method: 'POST', body: { language: 'en', education_level: 'doctorat', specialization: 'Physics' } });
    const r = await api(host, '/api/referrals', { token: late.accessToken, method: 'POST', body: { code: codeA } });
    expect(r.status).toBe(409);
  });
});

describe('ownership', () => {
  it('gives each student their own data only', async () => {
    const [a, b] = await Promise.all([newUser(host), newUser(host)]);
    await api(host, '/api/profile', { token: a.accessToken, method: 'PATCH', body: { specialization: 'Histoire' } });
    await api(host, '/api/profile', { token: b.accessToken, method: 'PATCH', body: { specialization: 'Chimie' } });
    expect((await api(host, '/api/profile', { token: a.accessToken })).body).toMatchObject({ user_id: a.sub, specialization: 'Histoire' });
    expect((await api(host, '/api/profile', { token: b.accessToken })).body).toMatchObject({ user_id: b.sub, specialization: 'Chimie' });
    // A body naming another user changes nothing: the caller comes from the token alone.
    const sneaky = await api(host, '/api/profile', { token: b.accessToken, method: 'PATCH', body: { user_id: a.sub, specialization: 'Pirate' } });
    expect(sneaky.status).toBe(400);
    expect((await api(host, '/api/profile', { token: a.accessToken })).body.specialization).toBe('Histoire');
  });

  it('answers every user route with 401 without a valid token', async () => {
    for (const r of routes.filter((x) => x.auth === 'user')) {
      const path = r.path.replace(/\{\w+\}/g, 'x');
      const res = await api(host, path, { method: r.method, token: 'not-a-jwt', body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${r.method} ${path}`).toBe(401);
    }
  });
});

describe('bad input on every route', () => {
  it('is a 4xx with a message, never a 5xx', async () => {
    const u = await newUser(host);
    const bodies: { label: string; rawBody: string }[] = [
      { label: 'malformed JSON', rawBody: '{"a": ' },
      { label: 'wrong types', rawBody: JSON.stringify({ language: 42, code: ['x'], timezone: false, education_level: {}, specialization: 7 }) },
      { label: 'array', rawBody: '[1,2,3]' },
      { label: 'oversized', rawBody: JSON.stringify({ specialization: 'x'.repeat(200_000) }) },
    ];
    for (const r of routes) {
      const path = r.path.replace(/\{\w+\}/g, 'x') + (r.path.endsWith('/check') ? '?code=' : '');
      for (const b of bodies) {
        if (r.method === 'DELETE') continue; // deleting the account is covered below
        const res = await api(host, path, { method: r.method, token: u.accessToken, rawBody: b.rawBody });
        expect(res.status, `${r.method} ${path} with ${b.label}`).toBeLessThan(500);
        if (r.method !== 'GET') {
          expect(res.status, `${r.method} ${path} with ${b.label}`).toBeGreaterThanOrEqual(400);
          expect(typeof res.body?.error?.message, `${r.method} ${path} with ${b.label}`).toBe('string');
        }
      }
    }
  });
});

describe('account deletion', () => {
  it('removes the login, every row and every object of the student, and nobody else', async () => {
    const other = await newUser(host);
    const u = await newUser(host);
    const codeOther = (await api(host, '/api/profile', { token: other.accessToken })).body.referral_code;
    await api(host, '/api/referrals', { token: u.accessToken, method: 'POST', body: { code: codeOther } });
    await api(host, '/api/streak', { token: u.accessToken, method: 'POST', body: {} });
    await api(host, '/api/onboarding', { token: u.accessToken, method: 'POST', body: { language: 'fr', education_level: 'licence', specialization: 'Maths' } });
    await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: `${u.sub}/subject-1/1-abc-cours.pdf`, Body: '%PDF-1.4 test', ContentType: 'application/pdf' }));
    await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: `${other.sub}/subject-9/1-abc-mine.pdf`, Body: '%PDF-1.4 keep', ContentType: 'application/pdf' }));

    const before = await describeUserData(u.sub);
    expect(before).toMatchObject({ profiles: 1, referrals: 1, objects: 1 });

    const del = await api(host, '/api/account', { token: u.accessToken, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(Object.values(await describeUserData(u.sub)).every((n) => n === 0)).toBe(true);
    expect(await userTraces(u.sub)).toEqual([]);
    await expect(login(host, u.email, u.password)).rejects.toThrow();

    const kept = await describeUserData(other.sub);
    expect(kept).toMatchObject({ profiles: 1, objects: 1 });
    expect((await api(host, '/api/referrals', { token: other.accessToken })).body.referrals).toHaveLength(0);
  });
});
