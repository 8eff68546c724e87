// The API's bounds through the laptop host, as a careless or hostile student meets them: the
// reproductions of issue 23 (an exam in 9999 or in the past, a goal of 1e-200, a listening
// position of 1e-320), then every field of every request given extreme values (±0, denormals,
// 1e308, Infinity, NaN, impossible dates) on the student's own subject, card, task and podcast.
// Nothing answers 5xx; every extreme number or date is refused with 400 in the caller's language,
// except where the field rounds it (the position), and then what is kept is the rounded value.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from '../../functions/core/bounds.js';
import { routeKey, routes, type RouteDef } from '../../functions/api/routes.js';
import { localDate } from '../../functions/core/streak.js';
import { createPodcast } from '../../functions/platform/store/podcasts.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import {
  ENGLISH_WORDS,
  EXAM_DATE_FIELDS,
  EXTREME_DATES,
  EXTREME_NUMBERS,
  examOutOfWindow,
  fillPath,
  FRENCH_WORDS,
  leavesOf,
  NOT_JSON_NUMBERS,
  requestSamples,
  ROUNDED_FIELDS,
  TINY,
  today,
  withRaw,
  ZEROS,
} from '../support/request-samples.js';

let host: TestHost;
let student: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  host = await startTestHost();
  student = await newUser(host);
  const token = student.accessToken;
  ids.subjectId = (await api(host, '/api/subjects', { token, method: 'POST', body: { name: 'Biologie' } })).body.id;
  ids.cardId = (await api(host, `/api/subjects/${ids.subjectId}/cards`, { token, method: 'POST', body: { front: 'ADN', back: 'Acide désoxyribonucléique' } })).body.id;
  ids.todoId = (await api(host, `/api/subjects/${ids.subjectId}/todos`, { token, method: 'POST', body: { title: 'Relire' } })).body.id;
  ids.podcastId = randomUUID();
  const fields = { id: ids.podcastId, user_id: student.sub, subject_id: ids.subjectId, file_id: null, title: 'Biologie', language: 'fr', duration: 'short', style: 'host', speakers: ['Léa', 'Hugo'], created_at: new Date().toISOString() };
  await createPodcast(fields as unknown as Parameters<typeof createPodcast>[0], new Date());
});

afterAll(async () => {
  await host?.stop();
});

const send = (method: string, path: string, rawBody: string | undefined, lang: 'fr' | 'en' = 'fr') =>
  api(host, path, { method, token: student.accessToken, rawBody, headers: { 'x-revise-language': lang } });

describe('issue 23, reproduced', () => {
  const exam = (exam_date: string, lang: 'fr' | 'en' = 'fr', timezone?: string) =>
    send('PUT', `/api/subjects/${ids.subjectId}/exam`, JSON.stringify({ exam_date, study_days: [1, 3], ...(timezone ? { timezone } : {}) }), lang);

  it('an exam date is accepted from today to two years ahead, and refused before or beyond with the window said', async () => {
    const far = await exam('9999-12-31', 'en');
    expect(far.status).toBe(400);
    expect(far.body.error.code).toBe('exam_date_too_far');
    expect(far.body.error.message).toMatch(/^The exam date is too far ahead \(\d{1,2} \w+ \d{4} at the latest, two years from now\)\.$/);
    for (const past of ['2020-01-01', '0001-01-01']) {
      const r = await exam(past);
      expect(r.status, past).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'exam_date_past', message: expect.stringMatching(/^La date de l'examen est déjà passée \(au plus tôt aujourd'hui, le /) });
    }
    expect((await exam(addYears(today(), 2))).status).toBe(200);
    expect((await exam(today())).status).toBe(200);
    // Today is the student's: already tomorrow on Kiritimati (UTC+14) for most of Paris's day.
    expect((await exam(localDate(new Date(), 'Pacific/Kiritimati'), 'fr', 'Pacific/Kiritimati')).status).toBe(200);
  });

  it('a goal of 1e-200 or 5e-324 is refused, in French only', async () => {
    for (const raw of ['1e-200', '5e-324', '1e-320']) {
      const r = await send('PUT', '/api/goals', `{"weekly_hours": 6, "target_grade": ${raw}, "target_quiz_score": 80}`);
      expect(r.status, raw).toBe(400);
      expect(r.body.error.message).toBe('Données invalides : target_grade : doit être un multiple de 0,5');
    }
    const tooMany = await send('PUT', '/api/goals', '{"weekly_hours": 100, "target_grade": 15, "target_quiz_score": 80}');
    expect(tooMany.body.error.message).toBe('Données invalides : weekly_hours : au plus 60');
    expect((await send('PUT', '/api/goals', '{"weekly_hours": 6.5, "target_grade": -0, "target_quiz_score": 80}')).status).toBe(200);
    expect((await api(host, '/api/goals', { token: student.accessToken })).body.goals).toMatchObject({ weekly_hours: 6.5, target_grade: 0 });
  });

  it('a listening position of 1e-320 seconds is kept as 0; positions are kept to the tenth of a second', async () => {
    const position = (raw: string) => send('PUT', `/api/podcasts/${ids.podcastId}/position`, `{"segment": 0, "seconds": ${raw}}`);
    const stored = async () => (await api(host, `/api/podcasts/${ids.podcastId}`, { token: student.accessToken })).body.podcast.position;
    expect((await position('1e-320')).status).toBe(204);
    expect(await stored()).toEqual({ segment: 0, seconds: 0 });
    expect((await position('12.34')).status).toBe(204);
    expect(await stored()).toEqual({ segment: 0, seconds: 12.3 });
    expect((await position('1e308')).status).toBe(400);
    expect(await stored()).toEqual({ segment: 0, seconds: 12.3 });
  });
});

interface Probe {
  route: RouteDef;
  what: string;
  path: string;
  body?: string;
  /** What the answer must be: 400, or anything but a 5xx (zeros, rounded fields), or the valid sample (not invalid_input). */
  expect: 'refused' | 'not_5xx' | 'valid';
}

function probes(): Probe[] {
  const samples = requestSamples();
  const out: Probe[] = [];
  for (const route of routes.filter((r) => routeKey(r) in samples)) {
    const key = routeKey(route);
    const sample = samples[key];
    const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
    const path = fillPath(route.path, ids) + query;
    out.push({ route, what: 'the valid sample', path, body: sample.body ? JSON.stringify(sample.body) : undefined, expect: 'valid' });
    for (const { field, value } of leavesOf(sample.body ?? {})) {
      const at = (raw: string, expect: Probe['expect']) => out.push({ route, what: `${field} = ${raw}`, path, body: withRaw(sample.body!, field, raw), expect });
      for (const raw of [...EXTREME_NUMBERS, ...NOT_JSON_NUMBERS]) at(raw, ROUNDED_FIELDS.has(`${key} ${field}`) && TINY.has(raw) ? 'not_5xx' : 'refused');
      for (const raw of ZEROS) at(raw, 'not_5xx');
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        for (const d of EXTREME_DATES) at(JSON.stringify(d), 'refused');
        if (EXAM_DATE_FIELDS.has(`${key} ${field}`)) for (const d of examOutOfWindow()) at(JSON.stringify(d), 'refused');
      }
    }
    for (const [name, value] of Object.entries(sample.query ?? {})) {
      if (!/^\d+$/.test(value)) continue;
      for (const raw of ['1e308', '1e-320', '5e-324', 'NaN', 'Infinity', '1e999', '-0', '0']) {
        const mutated = `?${new URLSearchParams({ ...sample.query, [name]: raw })}`;
        out.push({ route, what: `?${name}=${raw}`, path: fillPath(route.path, ids) + mutated, body: sample.body ? JSON.stringify(sample.body) : undefined, expect: /^-?0$/.test(raw) ? 'not_5xx' : 'refused' });
      }
    }
  }
  return out;
}

describe('every request schema, fed extreme values through the laptop host', () => {
  it('never answers 5xx; refuses extreme numbers and dates with 400 in the caller\'s language', { timeout: 300_000 }, async () => {
    const all = probes();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < all.length; i = next++) {
        const p = all[i];
        const lang = i % 2 ? 'en' : 'fr';
        const r = await send(p.route.method, p.path, p.body, lang);
        const error = r.body?.error as { code?: string; message?: string } | undefined;
        const wrongWords = error?.message && (lang === 'fr' ? ENGLISH_WORDS.exec(error.message) : FRENCH_WORDS.exec(error.message));
        const label = `${routeKey(p.route)} ${p.what} (${lang}): ${r.status} ${error?.message ?? ''}`;
        if (r.status >= 500) failures.push(label);
        else if (p.expect === 'refused' && r.status !== 400) failures.push(label);
        else if (p.expect === 'valid' && error?.code === 'invalid_input') failures.push(label);
        else if (r.status === 400 && wrongWords) failures.push(label);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
    expect(all.length).toBeGreaterThan(1_000);
  });
});
