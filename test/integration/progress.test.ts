// Goals and study time through the real handlers on the laptop host, and the month roll-ups that
// statistics read giving the figures of the history (under racing and retried writes).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dayNumber, dayString } from '../../functions/core/calendar.js';
import { computeStatistics, monthCounters, studyDaysOfRollups, type MonthCounters, type StatQuizRecord, type StatReviewRecord } from '../../functions/core/statistics.js';
import { localDate } from '../../functions/core/streak.js';
import { recordActivity } from '../../functions/platform/activity.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { readHistory, readRollups, readRollupsAndStudied, studyDays } from '../../functions/platform/store/progress.js';
import { coursePdf, FRENCH_COURSE } from '../support/fixtures.js';
import { rollupsFor, studyHistory } from '../support/history.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { readyFile } from '../support/study.js';

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

  it('counts a question asked and a sheet written, each once', async () => {
    const user = await newUser(host);
    const subject = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Photosynthèse' } })).body.id as string;
    await readyFile(host, user, subject, 'Cours', await coursePdf(FRENCH_COURSE));
    const seconds = async () => (await studyDays(user.sub, '0000-00-00', '9999-12-31')).filter((d) => d.subject_id === subject).reduce((n, d) => n + d.study_seconds, 0);
    expect(await seconds()).toBe(0);
    const asked = await api(host, `/api/subjects/${subject}/questions`, { token: user.accessToken, method: 'POST', body: { question: "Qu'est-ce que la photosynthèse ?", mode: 'course' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // An event counts as 30 s of study.
    expect(await seconds()).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sheet = await api(host, `/api/subjects/${subject}/sheets`, { token: user.accessToken, method: 'POST', body: {} });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    // The second event only for the time since the first (at least the 1.5 s waited): never the
    // same moment twice.
    const total = await seconds();
    expect(total).toBeGreaterThanOrEqual(31);
    expect(total).toBeLessThanOrEqual(60);
  });

  it('is recorded only on the student\'s own subjects and within what a beat may claim', async () => {
    const other = await newUser(host);
    const r = await api(host, `/api/subjects/${subjectId}/activity`, { token: other.accessToken, method: 'POST', body: { active_ms: 1000 } });
    expect(r.status).toBe(404);
    const tooMuch = await api(host, `/api/subjects/${subjectId}/activity`, { token: student.accessToken, method: 'POST', body: { active_ms: 3_600_000 } });
    expect(tooMuch.status).toBe(400);
  });
});

describe('exam-date plan', () => {
  const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('is empty until an exam date is set, then plans every page of the ready files before the exam', async () => {
    const user = await newUser(host);
    const subject = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Photosynthèse' } })).body.id as string;
    const fileId = await readyFile(host, user, subject, 'Cours', await coursePdf(FRENCH_COURSE));
    expect((await api(host, `/api/subjects/${subject}/plan`, { token: user.accessToken })).body).toEqual({ exam: null, plan: null });

    await api(host, '/api/goals', { token: user.accessToken, method: 'PUT', body: { weekly_hours: 3, target_grade: 14, target_quiz_score: 70 } });
    const exam = { exam_date: plusDays(21), study_days: [1, 2, 3, 4, 5, 6, 0] };
    expect((await api(host, `/api/subjects/${subject}/exam`, { token: user.accessToken, method: 'PUT', body: exam })).status).toBe(200);
    const { body } = await api(host, `/api/subjects/${subject}/plan?timezone=Europe/Paris`, { token: user.accessToken });
    expect(body.weekly_hours).toBe(3);
    expect(body.files).toEqual([{ file_id: fileId, name: 'Cours' }]);
    expect(body.plan.fits).toBe(true);
    const reads = body.plan.days.flatMap((d: { sessions: { kind: string; fromPage: number; toPage: number }[] }) => d.sessions.filter((s) => s.kind === 'read'));
    expect(reads[0]).toMatchObject({ fromPage: 1 });
    expect(reads.at(-1).toPage).toBe(FRENCH_COURSE.length);
    for (const d of body.plan.days) expect(d.minutes).toBeLessThanOrEqual(d.budgetMinutes);

    // The calendar: one event per session, read by a calendar application's parser (ical.js).
    const ics = await fetch(`${host.url}/api/subjects/${subject}/plan.ics?timezone=Europe/Paris`, { headers: { authorization: `Bearer ${user.accessToken}`, 'x-revise-language': 'fr' } });
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.headers.get('content-disposition')).toContain('revise-photosynthese.ics');
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const sessions = body.plan.days.flatMap((d: { date: string; sessions: { minutes: number }[] }) => d.sessions.map((s) => ({ date: d.date, minutes: s.minutes })));
    expect(events).toHaveLength(sessions.length);
    expect(events[0].summary).toBe(`Lire « Cours » p. 1–${reads[0].toPage}`);
    expect(events[0].startDate.toString()).toBe(`${sessions[0].date}T18:00:00`);
    expect(events[0].duration.toSeconds()).toBe(sessions[0].minutes * 60);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);

    // Pages studied leave the plan.
    const marked = await api(host, `/api/subjects/${subject}/files/${fileId}/studied`, { token: user.accessToken, method: 'POST', body: { pages: [1, 2, 2, 99] } });
    expect(marked.body.pages).toEqual([1, 2]);
    const after = (await api(host, `/api/subjects/${subject}/plan`, { token: user.accessToken })).body.plan;
    expect(after.totals.readMinutes).toBe(body.plan.totals.readMinutes - 2 * 4);
    // Kept where statistics read them with the month roll-ups, the subject's and the account's; both go with the subject.
    for (const owner of [subject, null]) expect((await readRollupsAndStudied(user.sub, owner, null)).studied).toEqual(new Map([[fileId, [1, 2]]]));
    expect((await api(host, `/api/subjects/${subject}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    for (const owner of [subject, null]) expect((await readRollupsAndStudied(user.sub, owner, null)).studied.size).toBe(0);
  });

  it('refuses a bad date or another student\'s subject, and goes with its subject', async () => {
    const user = await newUser(host);
    const subject = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Droit' } })).body.id as string;
    for (const body of [{ exam_date: '2026-13-40', study_days: [1] }, { exam_date: plusDays(3), study_days: [] }, { exam_date: plusDays(3), study_days: [7] }]) {
      expect((await api(host, `/api/subjects/${subject}/exam`, { token: user.accessToken, method: 'PUT', body })).status).toBe(400);
    }
    const other = await newUser(host);
    expect((await api(host, `/api/subjects/${subject}/exam`, { token: other.accessToken, method: 'PUT', body: { exam_date: plusDays(3), study_days: [1] } })).status).toBe(404);
    expect((await api(host, `/api/subjects/${subject}/plan`, { token: other.accessToken })).status).toBe(404);
    const noPlan = await api(host, `/api/subjects/${subject}/plan.ics`, { token: user.accessToken });
    expect(noPlan.status).toBe(404);
    expect(noPlan.body.error.code).toBe('plan_not_set');

    await api(host, `/api/subjects/${subject}/exam`, { token: user.accessToken, method: 'PUT', body: { exam_date: plusDays(10), study_days: [1, 3] } });
    // The exam settings, and the reminder job's entry of each study weekday (Monday, Wednesday).
    expect((await describeUserData(user.sub)).progress).toBe(3);
    // Another choice of days replaces the entries: Tuesday alone.
    await api(host, `/api/subjects/${subject}/exam`, { token: user.accessToken, method: 'PUT', body: { exam_date: plusDays(10), study_days: [2] } });
    expect((await describeUserData(user.sub)).progress).toBe(2);
    expect((await api(host, `/api/subjects/${subject}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect((await describeUserData(user.sub)).progress).toBe(0);
  });
});

describe('revision tasks', () => {
  const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('are the student\'s own and the plan\'s, overdue first; a plan reading checked off moves the plan on', async () => {
    const user = await newUser(host);
    const subject = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Écologie' } })).body.id as string;
    await readyFile(host, user, subject, 'Cours', await coursePdf(FRENCH_COURSE));
    const call = (path: string, method = 'GET', body?: unknown) => api(host, `/api/subjects/${subject}${path}`, { token: user.accessToken, method, body, headers: { 'x-revise-language': 'fr' } });

    const later = await call('/todos', 'POST', { title: 'Relire mes notes', due_date: plusDays(5) });
    expect(later.status).toBe(201);
    const late = (await call('/todos', 'POST', { title: 'Fiche chapitre 1', due_date: plusDays(-2) })).body;
    expect((await call('/todos', 'POST', { title: '   ' })).status).toBe(400);
    expect((await call('/todos/from-plan', 'POST')).status).toBe(404);

    await call('/exam', 'PUT', { exam_date: plusDays(14), study_days: [0, 1, 2, 3, 4, 5, 6] });
    const fromPlan = await call('/todos/from-plan?timezone=Europe/Paris', 'POST');
    expect(fromPlan.body.added).toBeGreaterThan(0);
    // Asked again: nothing new.
    expect((await call('/todos/from-plan?timezone=Europe/Paris', 'POST')).body.added).toBe(0);
    const todos = fromPlan.body.todos as { id: string; title: string; overdue: boolean; plan: { kind: string } | null }[];
    expect(todos[0]).toMatchObject({ id: late.id, overdue: true });
    const reading = todos.find((t) => t.plan?.kind === 'read')!;
    expect(reading.title).toMatch(/^Lire « Cours » p\. 1/);

    const before = (await call('/plan')).body.plan.totals.readMinutes;
    const done = await call(`/todos/${reading.id}`, 'PATCH', { done: true });
    expect(done.body).toMatchObject({ done: true });
    expect((await call('/plan')).body.plan.totals.readMinutes).toBeLessThan(before);

    expect((await call(`/todos/${late.id}`, 'PATCH', { title: 'Fiche chapitre 1 et 2', due_date: null })).body).toMatchObject({ title: 'Fiche chapitre 1 et 2', due_date: null });
    expect((await call(`/todos/${late.id}`, 'DELETE')).status).toBe(204);
    expect((await call(`/todos/${late.id}`, 'DELETE')).status).toBe(404);
    const other = await newUser(host);
    expect((await api(host, `/api/subjects/${subject}/todos`, { token: other.accessToken })).status).toBe(404);
  });
  it("taken again after the plan re-balanced, replace the plan's open tasks: one task per reading", async () => {
    const user = await newUser(host);
    const subject = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Physiologie' } })).body.id as string;
    const pages = Array.from({ length: 40 }, (_, i) => `Chapitre ${i + 1} : la cellule\nLa cellule numéro ${i + 1} respire, se divise et communique avec ses voisines.`);
    const fileId = await readyFile(host, user, subject, 'Cours', await coursePdf(pages));
    const call = (path: string, method = 'GET', body?: unknown) => api(host, `/api/subjects/${subject}${path}?timezone=Europe/Paris`, { token: user.accessToken, method, body, headers: { 'x-revise-language': 'fr' } });
    await api(host, '/api/goals', { token: user.accessToken, method: 'PUT', body: { weekly_hours: 3, target_grade: 14, target_quiz_score: 70 } });
    await call('/exam', 'PUT', { exam_date: plusDays(14), study_days: [0, 1, 2, 3, 4, 5, 6] });
    const own = (await call('/todos', 'POST', { title: 'Relire mes notes' })).body;

    type Task = { id: string; title: string; done: boolean; due_date: string | null; plan: { kind: string; file_id: string | null; from_page: number | null; to_page: number | null } | null };
    const first = await call('/todos/from-plan', 'POST');
    expect(first.body).toMatchObject({ replaced: 0 });
    const firstReads = (first.body.todos as Task[]).filter((t) => t.plan?.kind === 'read');
    expect(firstReads.length).toBeGreaterThan(2);
    // The first reading done from the tasks; then pages read in the viewer, up to page 10.
    const done = firstReads.find((t) => t.plan!.from_page === 1)!;
    expect((await call(`/todos/${done.id}`, 'PATCH', { done: true })).status).toBe(200);
    expect((await call(`/files/${fileId}/studied`, 'POST', { pages: Array.from({ length: 10 }, (_, i) => i + 1) })).status).toBe(200);

    // The plan re-balanced: the readings left are cut afresh.
    const plan = (await call('/plan')).body.plan as { days: { date: string; sessions: { kind: string; fromPage?: number; toPage?: number }[] }[] };
    const again = await call('/todos/from-plan', 'POST');
    expect(again.status).toBe(200);
    const todos = again.body.todos as Task[];
    const openPlan = todos.filter((t) => t.plan && !t.done);
    expect(again.body.replaced).toBeGreaterThan(0);
    // Exactly the plan's coming week, once each: no "Lire … p. 5–8" left beside "Lire … p. 11–13".
    const week = plan.days.slice(0, 7).flatMap((d) => d.sessions.map((s) => ({ kind: s.kind, due: d.date, from: s.fromPage ?? null, to: s.toPage ?? null })));
    expect(openPlan.map((t) => ({ kind: t.plan!.kind, due: t.due_date, from: t.plan!.from_page, to: t.plan!.to_page })).sort((a, b) => `${a.due}${a.kind}${a.from}`.localeCompare(`${b.due}${b.kind}${b.from}`))).toEqual(
      week.sort((a, b) => `${a.due}${a.kind}${a.from}`.localeCompare(`${b.due}${b.kind}${b.from}`)),
    );
    const covered = openPlan.filter((t) => t.plan!.kind === 'read').flatMap((t) => Array.from({ length: t.plan!.to_page! - t.plan!.from_page! + 1 }, (_, i) => t.plan!.from_page! + i));
    expect(new Set(covered).size).toBe(covered.length);
    expect(Math.min(...covered)).toBe(11);
    expect(new Set(openPlan.map((t) => t.title)).size).toBe(openPlan.length);
    // What was done, and the student's own task, stay.
    expect(todos.find((t) => t.id === done.id)).toMatchObject({ done: true, title: done.title });
    expect(todos.find((t) => t.id === own.id)).toMatchObject({ title: 'Relire mes notes', done: false });
    // Asked once more with nothing changed: nothing added, nothing replaced.
    expect((await call('/todos/from-plan', 'POST')).body).toMatchObject({ added: 0, replaced: 0 });
  });
});

describe('month roll-ups', () => {
  // A student of their own: the roll-ups hold nothing but this activity.
  let learner: TestUser;
  let subjectId: string;
  beforeAll(async () => {
    learner = await newUser(host);
    subjectId = (await api(host, '/api/subjects', { token: learner.accessToken, method: 'POST', body: { name: 'Chimie' } })).body.id;
  });

  it('give the figures of the history for 7 days, 30 days and all of it, under racing writes and retries', async () => {
    const today = localDate(new Date());
    // Forty days of answers and reviews, several on the same day, some missed on the same pages.
    const records = studyHistory({ subjects: [subjectId], today, days: 40, reviews: 20, quizzes: 40, files: 2, pages: 4, topics: 6 });
    // All at once, and a third of them twice (a retried write).
    await Promise.all([...records, ...records.filter((_, i) => i % 3 === 1)].map(({ id, record }) => recordActivity(learner.sub, id, record)));

    const [history, rollups] = await Promise.all([readHistory(learner.sub, subjectId, null), readRollups(learner.sub, subjectId, null)]);
    expect(history).toHaveLength(records.length);
    expect(rollups.length).toBeGreaterThanOrEqual(2);
    expect(rollups.length).toBeLessThanOrEqual(3);
    const dated = history.map((h) => ({ ...h, date: localDate(new Date(h.at)) })) as (StatQuizRecord | StatReviewRecord)[];
    const days = studyDaysOfRollups(rollups);
    for (const range of ['7d', '30d', 'all'] as const) {
      const fromRollups = computeStatistics({ range, today, days, rollups, files: [] });
      const fromHistory = computeStatistics({ range, today, days, history: dated, files: [] });
      expect(fromRollups).toEqual(fromHistory);
    }
    const all = computeStatistics({ range: 'all', today, days, rollups, files: [] });
    // Questions passed are not answers.
    expect(all.quiz.answered).toBe(records.filter((r) => r.record.kind === 'quiz' && r.record.correct !== null).length);
    expect(all.quiz.skipped).toBe(records.filter((r) => r.record.kind === 'quiz' && r.record.correct === null).length);
    expect(all.reviews.total).toBe(records.filter((r) => r.record.kind === 'review').length);
    expect(all.missed[0].misses).toBeGreaterThan(1);
  });

  it('hold the study time of the day records', async () => {
    const rollups = await readRollups(learner.sub, subjectId, null);
    const fromDays = (await studyDays(learner.sub, '0000-00-00', '9999-12-31')).filter((d) => d.subject_id === subjectId);
    const fromRollups = studyDaysOfRollups(rollups);
    expect(fromDays.length).toBeGreaterThan(0);
    expect(new Map(fromRollups.map((d) => [d.date, d.study_seconds]))).toEqual(new Map(fromDays.map((d) => [d.date, d.study_seconds])));
  });
});

describe("the account's month roll-ups", () => {
  const statsOf = (rollups: MonthCounters[], today: string) =>
    Object.fromEntries((['7d', '30d', 'all'] as const).map((range) => [range, computeStatistics({ range, today, days: studyDaysOfRollups(rollups), rollups, files: [] })]));

  it('equal the sum of the subjects\' after racing answers, reviews, retries and study time', async () => {
    const user = await newUser(host);
    const subjects = await Promise.all(['Chimie', 'Physique', 'Histoire'].map(async (name) => (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name } })).body.id as string));
    const today = localDate(new Date());
    const records = studyHistory({ subjects, today, days: 45, reviews: 45, quizzes: 45, files: 3, pages: 5, topics: 8 });
    const beat = (s: string) => api(host, `/api/subjects/${s}/activity`, { token: user.accessToken, method: 'POST', body: { active_ms: 20_000, timezone: 'Europe/Paris' } });
    await Promise.all([...records, ...records.filter((_, i) => i % 4 === 0)].map(({ id, record }) => recordActivity(user.sub, id, record)).concat(subjects.map((s) => beat(s).then(() => undefined))));

    const [account, ...bySubject] = await Promise.all([readRollups(user.sub, null, null), ...subjects.map((s) => readRollups(user.sub, s, null))]);
    const sum = bySubject.flat();
    expect(account.length).toBeGreaterThanOrEqual(2);
    const stats = statsOf(account, today);
    expect(stats).toEqual(statsOf(sum, today));
    // 45 questions, one in five passed.
    expect(stats.all.quiz.answered).toBe(36);
    expect(stats.all.reviews.total).toBe(45);
    expect(stats.all.total_minutes).toBeGreaterThan(0);
  });

  it('count every record of a month that is over once it is packed, and those written after', async () => {
    const user = await newUser(host);
    const subjectId = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Géographie' } })).body.id as string;
    // Days of the month before last: that month is over, its roll-up gets packed when read.
    const now = new Date();
    const lastDay = dayString(dayNumber(`${localDate(now).slice(0, 7)}-01`) - 32);
    const records = studyHistory({ subjects: [subjectId], today: lastDay, days: 20, reviews: 30, quizzes: 30, files: 2, pages: 3, topics: 4 });
    const early = records.filter((_, i) => i % 2 === 0);
    const late = records.filter((_, i) => i % 2 === 1);
    await Promise.all(early.map(({ id, record }) => recordActivity(user.sub, id, record)));
    // What the answers and reviews show (their study time is credited once per moment, not per record).
    const figures = (rollups: MonthCounters[]) => Object.values(statsOf(rollups, localDate(now))).map((s) => ({ quiz: s.quiz, reviews: s.reviews, missed: s.missed }));
    const expected = (subset: typeof records) => figures(rollupsFor(subset, []).map(monthCounters));

    const packedItem = async (sk: string) => (await db().send(new GetCommand({ TableName: config().tableNames.progress, Key: { user_id: user.sub, sk }, ConsistentRead: true }))).Item!;
    expect(figures(await readRollups(user.sub, subjectId, null))).toEqual(expected(early));
    expect(figures(await readRollups(user.sub, null, null))).toEqual(expected(early));
    const month = lastDay.slice(0, 7);
    for (const sk of [`roll#${subjectId}#${month}`, `rollall#${month}`]) {
      const item = await packedItem(sk);
      expect(typeof item.packed).toBe('string');
      expect(Object.keys(item).sort()).toEqual(['month', 'packed', 'sk', 'user_id', 'writes', ...(sk.startsWith('roll#') ? ['subject_id'] : [])].sort());
    }
    // Late records racing with reads that pack: none is lost, none counted twice.
    await Promise.all([
      ...late.map(({ id, record }) => recordActivity(user.sub, id, record)),
      ...Array.from({ length: 6 }, () => readRollups(user.sub, subjectId, null)),
      ...Array.from({ length: 6 }, () => readRollups(user.sub, null, null)),
    ]);
    for (const subjectOrAccount of [subjectId, null]) {
      await readRollups(user.sub, subjectOrAccount, null);
      expect(figures(await readRollups(user.sub, subjectOrAccount, null))).toEqual(expected(records));
    }
  });
});
