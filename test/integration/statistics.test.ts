// Statistics from what the student did: quiz answers and card reviews kept as durable history,
// read back per subject and for the whole account; detailed data for Premium, a summary otherwise.
// "Studied" means what the plan means: the files the statistics list as not yet studied are the
// files the plan still has pages of to read.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import type { SessionQuestion } from '../../functions/core/quiz.js';
import { localDate } from '../../functions/core/streak.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

const call = (user: TestUser, method: string, path: string, body?: unknown) => api(setup.host, path, { token: user.accessToken, method, body });

async function storedQuestion(user: TestUser, subjectId: string, sessionId: string, questionId: string) {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.quizSessions, Key: { user_id: user.sub, sk: `${subjectId}#${sessionId}` } }));
  return (JSON.parse(String(out.Item?.questions_json ?? '[]')) as SessionQuestion[]).find((q) => q.id === questionId)!.generated;
}

/** A student who answered three questions (right, wrong, "I don't know") and reviewed a card. */
async function studentWithHistory(premium: boolean) {
  const user = await newUser(setup.host);
  if (premium) await makePremium(user);
  const subject = await createSubject(setup.host, user.accessToken, 'Biologie');
  const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  const base = `/api/subjects/${subject.id}/quiz-sessions`;
  const sessionId = (await call(user, 'POST', base, { file_id: fileId, difficulty: 'easy' })).body.id as string;
  const missedPages: number[] = [];
  for (const how of ['right', 'wrong', 'skip'] as const) {
    const q = (await call(user, 'POST', `${base}/${sessionId}/questions`, { type: 'mcq' })).body.question;
    const g = await storedQuestion(user, subject.id, sessionId, q.id);
    const body = how === 'skip' ? { skip: true } : { choice: how === 'right' ? g.correct_index : (g.correct_index! + 1) % 4 };
    expect((await call(user, 'POST', `${base}/${sessionId}/questions/${q.id}/answer`, body)).status).toBe(200);
    if (how !== 'right') missedPages.push(...g.citations.map((c) => c.page));
  }
  const cards = (await call(user, 'GET', `/api/subjects/${subject.id}/cards`)).body.cards as { id: string }[];
  expect(cards.length).toBeGreaterThan(0);
  expect((await call(user, 'POST', `/api/subjects/${subject.id}/cards/${cards[0].id}/review`, { rating: 'good' })).status).toBe(200);
  return { user, subjectId: subject.id, fileId, missedPages };
}

describe('statistics', () => {
  it('count quiz answers, scores by difficulty, reviews and the pages most missed, for 7 days, 30 days and all history', async () => {
    const { user, subjectId, fileId, missedPages } = await studentWithHistory(true);
    for (const range of ['7d', '30d', 'all']) {
      const r = await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=${range}&timezone=Europe/Paris`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const s = r.body;
      // Three questions, one passed ("I don't know"): two answers, one right.
      expect(s.quiz).toMatchObject({ answered: 2, correct: 1, skipped: 1, percent: 50 });
      expect(s.quiz.by_difficulty.easy).toEqual({ answered: 2, correct: 1, percent: 50 });
      expect(s.quiz.by_difficulty.hard).toEqual({ answered: 0, correct: 0, percent: null });
      expect(s.reviews.total).toBe(1);
      expect(s.missed.map((m: { page: number }) => m.page).sort()).toEqual([...new Set(missedPages)].sort());
      expect(s.missed.every((m: { file_id: string }) => m.file_id === fileId)).toBe(true);
      expect(s.study.at(-1).date).toBe(s.to);
      if (range !== 'all') expect(s.study).toHaveLength(range === '7d' ? 7 : 30);
      // Quizzed, but no page studied: still to study, every page (as the plan has them to read).
      expect(s.unstudied_files).toEqual([{ file_id: fileId, name: 'Cours de biologie', page_count: expect.any(Number), unread_pages: s.unstudied_files[0].page_count, first_unread_page: 1 }]);
    }
    const account = await call(user, 'GET', '/api/stats?range=30d');
    expect(account.body.quiz.answered).toBe(2);

    // The plan sends practice to the pages missed, the question asked there as its topic.
    const examDate = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    await call(user, 'PUT', `/api/subjects/${subjectId}/exam`, { exam_date: examDate, study_days: [0, 1, 2, 3, 4, 5, 6] });
    const plan = (await call(user, 'GET', `/api/subjects/${subjectId}/plan`)).body.plan;
    const practice = plan.days.flatMap((d: { sessions: { kind: string; topic: string | null; page: number | null }[] }) => d.sessions.filter((x) => x.kind === 'quiz' && x.topic));
    expect(practice.length).toBeGreaterThan(0);
    for (const p of practice) expect(missedPages).toContain(p.page);
    // A question a student can read, not an internal key.
    expect(practice[0].topic).not.toMatch(/^[a-z]+:/);
  });

  it('are Premium in detail: a free student gets the summary, the detailed data is refused', async () => {
    const { user, subjectId } = await studentWithHistory(false);
    const detailed = await call(user, 'GET', `/api/subjects/${subjectId}/stats`);
    expect(detailed.status).toBe(403);
    expect(detailed.body.error.code).toBe('premium_only');
    expect((await call(user, 'GET', '/api/stats')).status).toBe(403);
    const summary = await call(user, 'GET', `/api/subjects/${subjectId}/stats/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ range: '7d', quiz: { answered: 2, correct: 1, skipped: 1 }, reviews: 1 });
    expect((await call(user, 'GET', '/api/stats/summary')).body.quiz.answered).toBe(2);
    const other = await newUser(setup.host);
    expect((await call(other, 'GET', `/api/subjects/${subjectId}/stats/summary`)).status).toBe(404);
    expect((await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=year`)).status).toBe(400);
  });
});

/**
 * A zone where it is now just before or just after midnight and the calendar day is not Paris's
 * (Montréal when it is 23:00 there; else the fixed-offset zone that is): what the student does
 * now counts on their own day.
 */
function zoneNearMidnight(now: Date): { zone: string; day: string } {
  const paris = localDate(now, 'Europe/Paris');
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  const candidates = ['America/Montreal', ...Array.from({ length: 27 }, (_, i) => i - 12).map((o) => (o === 0 ? 'Etc/GMT' : `Etc/GMT${o > 0 ? '-' : '+'}${Math.abs(o)}`))];
  const zone = candidates.find((z) => [23, 0].includes(hourIn(z)) && localDate(now, z) !== paris)!;
  return { zone, day: localDate(now, zone) };
}

describe('files studied', () => {
  it('are the same on the statistics page and in the plan: pages left to read', async () => {
    const { user, subjectId, fileId } = await studentWithHistory(true);
    await call(user, 'PUT', `/api/subjects/${subjectId}/exam`, { exam_date: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10), study_days: [1, 2, 3, 4, 5] });
    const read = async () => {
      const [stats, plan] = await Promise.all([call(user, 'GET', `/api/subjects/${subjectId}/stats?range=7d`), call(user, 'GET', `/api/subjects/${subjectId}/plan`)]);
      return { unstudied: stats.body.unstudied_files as { file_id: string; unread_pages: number; page_count: number; first_unread_page: number }[], plan: plan.body.plan };
    };
    const before = await read();
    const pages = before.unstudied[0].page_count;
    expect(pages).toBeGreaterThan(3);
    expect(before.plan.totals.unreadPages).toBe(pages);

    // All but the last three pages studied: both still have those three to go.
    const studied = Array.from({ length: pages - 3 }, (_, i) => i + 1);
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/files/${fileId}/studied`, { pages: studied })).status).toBe(200);
    const partly = await read();
    expect(partly.plan.totals.unreadPages).toBe(3);
    expect(partly.unstudied).toEqual([{ file_id: fileId, name: 'Cours de biologie', page_count: pages, unread_pages: 3, first_unread_page: pages - 2 }]);
    const firstRead = partly.plan.days.flatMap((d: { sessions: { kind: string; fromPage?: number }[] }) => d.sessions).find((s: { kind: string }) => s.kind === 'read');
    expect(firstRead.fromPage).toBe(pages - 2);

    // The last three: "all your files studied", and nothing left to read in the plan.
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/files/${fileId}/studied`, { pages: [pages - 2, pages - 1, pages] })).status).toBe(200);
    const all = await read();
    expect(all.unstudied).toEqual([]);
    expect(all.plan.totals.unreadPages).toBe(0);
    expect(all.plan.days.some((d: { sessions: { kind: string }[] }) => d.sessions.some((s) => s.kind === 'read'))).toBe(false);
  });
});

describe('the day an answer, a review or an exam counts on', () => {
  it("is the student's own when the browser sends its time zone, near midnight", async () => {
    const { user, subjectId, fileId } = await studentWithHistory(true);
    const { zone, day } = zoneNearMidnight(new Date());
    expect(day).not.toBe(localDate(new Date(), 'Europe/Paris'));
    // A quiz answer, a card review and an exam, each sent with the zone.
    const base = `/api/subjects/${subjectId}/quiz-sessions`;
    const sessionId = (await call(user, 'POST', base, { file_id: fileId, difficulty: 'hard' })).body.id as string;
    const q = (await call(user, 'POST', `${base}/${sessionId}/questions`, { type: 'mcq' })).body.question;
    expect((await call(user, 'POST', `${base}/${sessionId}/questions/${q.id}/answer`, { choice: 0, timezone: zone })).status).toBe(200);
    const cards = (await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.cards as { id: string; reps: number }[];
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/cards/${cards[1].id}/review`, { rating: 'easy', timezone: zone })).status).toBe(200);
    const exam = await call(user, 'POST', `/api/subjects/${subjectId}/exams`, { minutes: 20, format: 'mcq', timezone: zone });
    expect(exam.status, JSON.stringify(exam.body)).toBe(201);
    // One exam question answered, the others left blank.
    expect((await call(user, 'PUT', `/api/subjects/${subjectId}/exams/${exam.body.id}/answers/${exam.body.questions[0].id}`, { choice: 0, time_ms: 1000 })).status).toBe(200);
    const graded = await call(user, 'POST', `/api/subjects/${subjectId}/exams/${exam.body.id}/submit`);
    expect(graded.body.status).toBe('graded');
    const examQuestions = graded.body.result.questions.length as number;

    // Read in the student's zone: today holds them; the answers and the review of studentWithHistory
    // (sent without a zone) are on Paris's day.
    const stats = (await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=7d&timezone=${encodeURIComponent(zone)}`)).body;
    expect(stats.to).toBe(day);
    const today = (rows: { date: string }[]) => rows.find((r) => r.date === day);
    expect(today(stats.quiz.by_day)).toMatchObject({ answered: 2 });
    expect(today(stats.reviews.by_day)).toEqual({ date: day, count: 1 });
    expect(stats.quiz.by_difficulty.hard.answered).toBe(2);
    // Apart: the exam's blanks (all but one question), and the question passed in studentWithHistory
    // when Paris's day is within the student's last 7 days.
    const paris = localDate(new Date(), 'Europe/Paris');
    expect(stats.quiz.skipped).toBe(examQuestions - 1 + (paris >= stats.from && paris <= stats.to ? 1 : 0));
  });

  it('falls back to Paris for a zone it does not know, and refuses one too long', async () => {
    const { user, subjectId } = await studentWithHistory(true);
    const cards = (await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.cards as { id: string }[];
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/cards/${cards[1].id}/review`, { rating: 'good', timezone: 'x'.repeat(65) })).status).toBe(400);
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/cards/${cards[1].id}/review`, { rating: 'good', timezone: 'Mars/Olympus_Mons' })).status).toBe(200);
    const paris = localDate(new Date(), 'Europe/Paris');
    const stats = (await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=7d&timezone=Europe/Paris`)).body;
    expect(stats.reviews.by_day).toEqual([{ date: paris, count: 2 }]);
  });
});
