// Goals and study time through the real handlers on the laptop host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';

let host: TestHost;
let student: TestUser;
let subjectId: string;

beforeAll(async () => {
  host = await startTestHost();
  student = await newUser(host);
  subjectId = (await api(host, '/api/subjects', { token: student.accessToken, method: 'POST', body: { name: 'Biologie' } })).body.id;
});

afterAll(async () => {
  await host?.stop();
});

describe('goals', () => {
  it('start unset, are saved within their bounds and come back with the week\'s progress', async () => {
    const empty = await api(host, '/api/goals', { token: student.accessToken });
    expect(empty.status).toBe(200);
    expect(empty.body.goals).toBeNull();
    const goals = { weekly_hours: 6.5, target_grade: 15, target_quiz_score: 80, current_grade: 11.5 };
    expect((await api(host, '/api/goals', { token: student.accessToken, method: 'PUT', body: goals })).status).toBe(200);
    const read = await api(host, '/api/goals?timezone=Europe/Paris', { token: student.accessToken });
    expect(read.body.goals).toEqual(goals);
    expect(read.body.week).toMatchObject({ goalMinutes: 390 });
    expect(new Date(`${read.body.week.from}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('refuse values outside the bounds, naming the field, in the caller\'s language', async () => {
    for (const [body, field] of [
      [{ weekly_hours: 0.5, target_grade: 15, target_quiz_score: 80 }, 'weekly_hours'],
      [{ weekly_hours: 5, target_grade: 21, target_quiz_score: 80 }, 'target_grade'],
      [{ weekly_hours: 5, target_grade: 15, target_quiz_score: 80.5 }, 'target_quiz_score'],
    ] as const) {
      const r = await api(host, '/api/goals', { token: student.accessToken, method: 'PUT', body, headers: { 'x-revise-language': 'fr' } });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('Données invalides');
      expect(r.body.error.message).toContain(field);
    }
  });
});

describe('study time', () => {
  it('counts a moment once even when two tabs report it, and shows in the week', async () => {
    const beat = () => api(host, `/api/subjects/${subjectId}/activity`, { token: student.accessToken, method: 'POST', body: { active_ms: 30_000, timezone: 'Europe/Paris' } });
    const started = Date.now();
    const [a, b] = await Promise.all([beat(), beat()]);
    expect(a.status).toBe(200);
    const credited = a.body.credited_ms + b.body.credited_ms;
    // The first report is credited whole; the second only for the time since (milliseconds).
    expect(credited).toBeGreaterThanOrEqual(30_000);
    expect(credited).toBeLessThanOrEqual(30_000 + (Date.now() - started));
    const week = (await api(host, '/api/goals?timezone=Europe/Paris', { token: student.accessToken })).body.week;
    expect(week.minutes).toBe(1);
  });

  it('is recorded only on the student\'s own subjects and within what a beat may claim', async () => {
    const other = await newUser(host);
    const r = await api(host, `/api/subjects/${subjectId}/activity`, { token: other.accessToken, method: 'POST', body: { active_ms: 1000 } });
    expect(r.status).toBe(404);
    const tooMuch = await api(host, `/api/subjects/${subjectId}/activity`, { token: student.accessToken, method: 'POST', body: { active_ms: 3_600_000 } });
    expect(tooMuch.status).toBe(400);
  });
});
