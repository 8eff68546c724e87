// Quizzes through the laptop host, as the quiz page uses them: a session on one file, questions
// shown without their answer until answered, multiple-choice answers marked, open answers
// evaluated, "I don't know", the summary at the end; mistakes turned into review cards once per
// fact; no fact asked twice in a session; questions generated in batches, those not served yet
// neither shown nor counted; the free plan's 15 questions a month, failures that cost
// nothing, answers racing each other, ownership, input errors with the catalogue's messages, and
// deletion leaving nothing behind.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../functions/engine/errors.js';
import type { Citation, QuizQuestion } from '../../functions/core/artefacts.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { QUIZ_BATCH_SIZE } from '../../functions/core/limits.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { userTraces } from '../support/invariants.js';
import type { SessionQuestion } from '../../functions/platform/store/quiz-sessions.js';
import { api, newUser, type ApiResponse, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

async function studentWith(pdf: Uint8Array, name = 'Cours de biologie'): Promise<{ user: TestUser; subjectId: string; fileId: string }> {
  const user = await newUser(setup.host);
  const subject = await createSubject(setup.host, user.accessToken, 'Biologie');
  const fileId = await readyFile(setup.host, user, subject.id, name, pdf);
  return { user, subjectId: subject.id, fileId };
}

type Lang = 'fr' | 'en';

function call(user: TestUser, method: string, path: string, body?: unknown, lang: Lang = 'fr'): Promise<ApiResponse> {
  return api(setup.host, path, { token: user.accessToken, method, body, headers: { 'accept-language': lang } });
}

const sessions = (subjectId: string) => `/api/subjects/${subjectId}/quiz-sessions`;

async function startQuiz(user: TestUser, subjectId: string, fileId: string, difficulty: 'easy' | 'hard' = 'easy'): Promise<string> {
  const r = await call(user, 'POST', sessions(subjectId), { file_id: fileId, difficulty });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

function askFor(user: TestUser, subjectId: string, sessionId: string, type: 'mcq' | 'open', lang: Lang = 'fr'): Promise<ApiResponse> {
  return call(user, 'POST', `${sessions(subjectId)}/${sessionId}/questions`, { type }, lang);
}

function answer(user: TestUser, subjectId: string, sessionId: string, questionId: string, body: unknown, lang: Lang = 'fr'): Promise<ApiResponse> {
  return call(user, 'POST', `${sessions(subjectId)}/${sessionId}/questions/${questionId}/answer`, body, lang);
}

/** The questions as stored, answers included: what the test knows and the student does not. */
async function stored(user: TestUser, subjectId: string, sessionId: string): Promise<SessionQuestion[]> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.quizSessions, Key: { user_id: user.sub, sk: `${subjectId}#${sessionId}` } }));
  return JSON.parse(String(out.Item?.questions_json ?? '[]')) as SessionQuestion[];
}

/** The questions generated with a batch and not served yet, as stored. */
async function waiting(user: TestUser, subjectId: string, sessionId: string): Promise<QuizQuestion[]> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.quizSessions, Key: { user_id: user.sub, sk: `${subjectId}#${sessionId}` } }));
  return JSON.parse(String(out.Item?.waiting_json ?? '[]')) as QuizQuestion[];
}

async function generatedOf(user: TestUser, subjectId: string, sessionId: string, questionId: string): Promise<QuizQuestion> {
  const q = (await stored(user, subjectId, sessionId)).find((x) => x.id === questionId);
  expect(q).toBeDefined();
  return (q as SessionQuestion).generated;
}

async function quizUsage(user: TestUser): Promise<number> {
  return (await call(user, 'GET', '/api/usage')).body.features.quiz_generation.used as number;
}

/** Asks for a question of this type; returns it (200 expected). */
async function nextQuestion(user: TestUser, subjectId: string, sessionId: string, type: 'mcq' | 'open') {
  const r = await askFor(user, subjectId, sessionId, type);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.question as { id: string; index: number; type: string; question: string; options?: string[] };
}

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Each cited quote is on the cited page (an ellipsis may shorten it). */
async function expectQuotesOnTheirPages(user: TestUser, subjectId: string, citations: Citation[]): Promise<void> {
  for (const c of citations) {
    const r = await call(user, 'GET', `/api/subjects/${subjectId}/files/${c.file_id}/pages?from=${c.page}&to=${c.page}`);
    expect(r.status).toBe(200);
    const text = flat(r.body.pages[0]?.text ?? '');
    for (const part of (c.quote ?? '').split('…').map(flat).filter((p) => p.length > 0)) expect(text, `quote "${part}"`).toContain(part);
  }
}

const HIDDEN = ['correct_index', 'citations', 'explanation', 'rubric', 'fact_key', 'status', 'evaluation'];

describe('a quiz session', () => {
  it('runs from the first question to the summary: right, wrong, evaluated, "I don\'t know", and one left unanswered', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const created = await call(user, 'POST', sessions(subjectId), { file_id: fileId, difficulty: 'easy' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ subject_id: subjectId, file_id: fileId, file_name: 'Cours de biologie', difficulty: 'easy', ended_at: null, questions: [], summary: null });
    const id = created.body.id as string;

    // 1. A multiple-choice question: four options, nothing that gives the answer away.
    const first = await askFor(user, subjectId, id, 'mcq');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const q1 = first.body.question;
    expect(q1).toMatchObject({ index: 1, type: 'mcq', difficulty: 'easy' });
    expect(q1.options).toHaveLength(4);
    for (const key of HIDDEN) expect(q1, key).not.toHaveProperty(key);
    expect(first.body.usage).toEqual({ feature: 'quiz_generation', used: 1, limit: 15, remaining: 14 });
    const reread = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
    expect(reread.body.questions).toEqual([q1]);

    const g1 = await generatedOf(user, subjectId, id, q1.id);
    const right = await answer(user, subjectId, id, q1.id, { choice: g1.correct_index });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.result).toMatchObject({ id: q1.id, status: 'correct', choice: g1.correct_index, correct_index: g1.correct_index, explanation: g1.explanation });
    expect(right.body.result.citations.length).toBeGreaterThan(0);
    expect(right.body.result.citations.every((c: Citation) => c.file_id === fileId)).toBe(true);
    await expectQuotesOnTheirPages(user, subjectId, right.body.result.citations);
    expect(right.body.card).toBeNull();

    // 2. A wrong choice: the right one is shown, and a review card is made from the question.
    const q2 = await nextQuestion(user, subjectId, id, 'mcq');
    expect(q2.index).toBe(2);
    expect(q2.question).not.toBe(q1.question);
    const g2 = await generatedOf(user, subjectId, id, q2.id);
    const wrongChoice = ((g2.correct_index as number) + 1) % 4;
    const wrong = await answer(user, subjectId, id, q2.id, { choice: wrongChoice });
    expect(wrong.status).toBe(200);
    expect(wrong.body.result).toMatchObject({ status: 'incorrect', choice: wrongChoice, correct_index: g2.correct_index });
    expect(wrong.body.card).toMatchObject({ subject_id: subjectId, kind: 'mistake', source: 'mistake', quiz_session_id: id, front: g2.question, citations: g2.citations, state: 'new', reps: 0 });
    expect(wrong.body.card.back).toContain((g2.options as string[])[g2.correct_index as number]);

    // 3. An open question answered with its model answer: evaluated well, no card.
    const q3 = await nextQuestion(user, subjectId, id, 'open');
    expect(q3.type).toBe('open');
    expect(q3).not.toHaveProperty('options');
    for (const key of HIDDEN) expect(q3, key).not.toHaveProperty(key);
    const g3 = await generatedOf(user, subjectId, id, q3.id);
    const good = await answer(user, subjectId, id, q3.id, { answer: g3.rubric?.model_answer });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.result).toMatchObject({ status: 'evaluated', answer: g3.rubric?.model_answer, rubric: g3.rubric });
    const goodScore = good.body.result.evaluation.score as number;
    expect(goodScore).toBeGreaterThanOrEqual(50);
    expect(good.body.result.evaluation.model_answer.length).toBeGreaterThan(0);
    expect(good.body.card).toBeNull();

    // 4. "I don't know": skipped, and a card to review it.
    const q4 = await nextQuestion(user, subjectId, id, 'mcq');
    const skipped = await answer(user, subjectId, id, q4.id, { skip: true });
    expect(skipped.status).toBe(200);
    expect(skipped.body.result).toMatchObject({ status: 'skipped' });
    expect(skipped.body.result).toHaveProperty('correct_index');
    expect(skipped.body.card).toMatchObject({ source: 'mistake', front: q4.question });

    // 5. An open answer beside the point: a low score and a card.
    const q5 = await nextQuestion(user, subjectId, id, 'open');
    const poor = await answer(user, subjectId, id, q5.id, { answer: 'Je pense que la réponse parle de la météo de demain.' });
    expect(poor.status).toBe(200);
    const poorScore = poor.body.result.evaluation.score as number;
    expect(poorScore).toBeLessThan(50);
    expect(poor.body.card).toMatchObject({ source: 'mistake' });

    // 6. Left unanswered when the session ends.
    const q6 = await nextQuestion(user, subjectId, id, 'mcq');
    const end = await call(user, 'POST', `${sessions(subjectId)}/${id}/end`);
    expect(end.status).toBe(200);
    expect(end.body).toEqual({
      questions: 6,
      correct: 2,
      mcq_total: 4,
      mcq_correct: 1,
      open_total: 2,
      average_open_score: Math.round((goodScore + poorScore) / 2),
      skipped: 2,
      cards_created: 3,
    });
    // Ending again changes nothing.
    expect((await call(user, 'POST', `${sessions(subjectId)}/${id}/end`)).body).toEqual(end.body);

    const after = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
    expect(after.body.ended_at).not.toBeNull();
    expect(after.body.summary).toEqual(end.body);
    expect(after.body.questions.map((q: { status: string }) => q.status)).toEqual(['correct', 'incorrect', 'evaluated', 'skipped', 'evaluated', 'skipped']);
    expect(after.body.questions[5]).toMatchObject({ id: q6.id, status: 'skipped' });
    expect(after.body.questions[5]).toHaveProperty('correct_index');
    const texts = after.body.questions.map((q: { question: string }) => q.question);
    expect(new Set(texts).size).toBe(6);

    // The three mistakes wait in the subject's cards.
    const cards = await call(user, 'GET', `/api/subjects/${subjectId}/cards`);
    expect(cards.body.total).toBe(3);
    expect(cards.body.cards.map((c: { front: string }) => c.front).sort()).toEqual([q2.question, q4.question, q5.question].sort());

    // An ended session takes no more questions or answers; an answered question takes no second answer.
    const more = await askFor(user, subjectId, id, 'mcq', 'en');
    expect(more.status).toBe(409);
    expect(more.body.error).toEqual({ code: 'quiz_session_ended', message: 'This quiz session has ended. Start a new one.' });
    const late = await answer(user, subjectId, id, q6.id, { choice: 0 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('quiz_session_ended');
    const twice = await answer(user, subjectId, id, q1.id, { choice: 0 }, 'en');
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'quiz_already_answered', message: 'This question has already been answered.' });
    expect(await quizUsage(user)).toBe(6);
  });

  it('skips a question left pending when the next one is asked, without making a card', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId, 'hard');
    const q1 = await nextQuestion(user, subjectId, id, 'mcq');
    const q2 = await nextQuestion(user, subjectId, id, 'open');
    expect(q2.index).toBe(2);
    const session = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
    expect(session.body.difficulty).toBe('hard');
    expect(session.body.questions[0]).toMatchObject({ id: q1.id, status: 'skipped' });
    expect(session.body.questions[1]).not.toHaveProperty('status');
    const late = await answer(user, subjectId, id, q1.id, { choice: 0 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('quiz_already_answered');
    expect((await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.total).toBe(0);
  });

  it('works on an English file, citing its pages', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.englishPdf, 'Economics');
    const id = await startQuiz(user, subjectId, fileId);
    const q = await nextQuestion(user, subjectId, id, 'mcq');
    const r = await answer(user, subjectId, id, q.id, { skip: true });
    expect(r.status).toBe(200);
    expect(r.body.result.citations.every((c: Citation) => c.file_id === fileId && c.file_name === 'Economics')).toBe(true);
    await expectQuotesOnTheirPages(user, subjectId, r.body.result.citations);
    const open = await nextQuestion(user, subjectId, id, 'open');
    const g = await generatedOf(user, subjectId, id, open.id);
    const evaluated = await answer(user, subjectId, id, open.id, { answer: g.rubric?.model_answer });
    expect(evaluated.body.result.evaluation.score).toBeGreaterThanOrEqual(50);
  });
});

describe('questions', () => {
  it('come in batches: a quiz of 10 makes at most 3 engine requests; each question served is new and counted once, those waiting are neither shown nor counted', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId);
    const engine = vi.spyOn(studyEngine(), 'quizQuestions');
    const types = ['mcq', 'mcq', 'open', 'mcq', 'open', 'mcq', 'mcq', 'open', 'mcq', 'open'] as const;
    for (const [i, type] of types.entries()) {
      const q = await nextQuestion(user, subjectId, id, type);
      expect(q).toMatchObject({ index: i + 1, type });
      expect(await quizUsage(user)).toBe(i + 1);
      const session = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
      expect(session.body.questions).toHaveLength(i + 1);
      const shown = JSON.stringify(session.body);
      for (const w of await waiting(user, subjectId, id)) expect(shown).not.toContain(JSON.stringify(w.question));
    }
    expect(engine.mock.calls.length).toBeLessThanOrEqual(Math.ceil(10 / QUIZ_BATCH_SIZE) + 1);
    for (const [, count] of engine.mock.calls) expect(count).toBe(QUIZ_BATCH_SIZE);
    const questions = await stored(user, subjectId, id);
    expect(new Set(questions.map((q) => q.generated.fact_key)).size).toBe(10);
    expect(new Set(questions.map((q) => q.generated.question)).size).toBe(10);
    // Generated and not served: kept for the next questions, on facts none served has, and not counted.
    const left = await waiting(user, subjectId, id);
    expect(left.length).toBeGreaterThan(0);
    const served = new Set(questions.map((q) => q.generated.fact_key));
    for (const w of left) expect(served.has(w.fact_key)).toBe(false);
    expect(await quizUsage(user)).toBe(10);
    // The next question of a waiting type is one of them, without a new engine request.
    const calls = engine.mock.calls.length;
    const next = await nextQuestion(user, subjectId, id, left[0].type);
    expect(engine.mock.calls.length).toBe(calls);
    expect(left.map((w) => w.fact_key)).toContain((await generatedOf(user, subjectId, id, next.id)).fact_key);
    expect(await quizUsage(user)).toBe(11);
    // Ending the session drops what still waits; the summary counts only the questions served.
    expect((await call(user, 'POST', `${sessions(subjectId)}/${id}/end`)).body.questions).toBe(11);
    expect(await waiting(user, subjectId, id)).toEqual([]);
  });

  it('waiting in the session, are each served once however many requests race for them, and a failed request serves none', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    await makePremium(user);
    const id = await startQuiz(user, subjectId, fileId);
    await nextQuestion(user, subjectId, id, 'mcq');
    const before = await waiting(user, subjectId, id);
    expect(before).toHaveLength(QUIZ_BATCH_SIZE - 1);
    const engine = vi.spyOn(studyEngine(), 'quizQuestions');
    const results = await Promise.all(Array.from({ length: before.length }, () => askFor(user, subjectId, id, 'mcq')));
    expect(results.map((r) => r.status)).toEqual(before.map(() => 200));
    expect(engine).not.toHaveBeenCalled();
    const questions = await stored(user, subjectId, id);
    expect(new Set(questions.map((q) => q.generated.fact_key))).toEqual(new Set([questions[0].generated.fact_key, ...before.map((w) => w.fact_key)]));
    expect(await waiting(user, subjectId, id)).toEqual([]);
    expect(await quizUsage(user)).toBe(QUIZ_BATCH_SIZE);
    // None left waiting: the next request asks the engine, and its failure serves and counts nothing.
    engine.mockRejectedValueOnce(new EngineError('throttled', 'busy', { attempts: 3 }));
    expect((await askFor(user, subjectId, id, 'mcq')).status).toBe(502);
    expect(await stored(user, subjectId, id)).toHaveLength(QUIZ_BATCH_SIZE);
    expect(await quizUsage(user)).toBe(QUIZ_BATCH_SIZE);
  });

  it('never repeat a fact in a session; a small file runs out with quiz_exhausted, which costs nothing', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.geneticsPdf, 'Génétique');
    await makePremium(user);
    const id = await startQuiz(user, subjectId, fileId);
    let exhausted: ApiResponse | null = null;
    let asked = 0;
    for (let i = 0; i < 40 && !exhausted; i++) {
      const r = await askFor(user, subjectId, id, 'mcq', 'en');
      if (r.status === 409) exhausted = r;
      else {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(0);
    expect(exhausted?.body.error).toEqual({ code: 'quiz_exhausted', message: 'No new question left in this file for this session.' });
    const questions = await stored(user, subjectId, id);
    expect(questions).toHaveLength(asked);
    expect(new Set(questions.map((q) => q.generated.fact_key)).size).toBe(asked);
    expect(new Set(questions.map((q) => q.generated.question)).size).toBe(asked);
    expect(await quizUsage(user)).toBe(asked);
    // A new session on the same file starts afresh.
    const next = await startQuiz(user, subjectId, fileId);
    expect((await askFor(user, subjectId, next, 'mcq')).status).toBe(200);
  });

  it('asked at the same time in one session test different facts, and all but the last are skipped', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    await makePremium(user);
    const id = await startQuiz(user, subjectId, fileId);
    const results = await Promise.all(Array.from({ length: 4 }, () => askFor(user, subjectId, id, 'mcq')));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length, JSON.stringify(results.map((r) => r.body))).toBe(4);
    const questions = await stored(user, subjectId, id);
    expect(questions.map((q) => q.index)).toEqual([1, 2, 3, 4]);
    expect(new Set(questions.map((q) => q.generated.fact_key)).size).toBe(4);
    expect(new Set(ok.map((r) => r.body.question.id))).toEqual(new Set(questions.map((q) => q.id)));
    expect(questions.map((q) => q.status)).toEqual(['skipped', 'skipped', 'skipped', 'pending']);
    expect(await quizUsage(user)).toBe(4);
  });

  it('stop, at no cost, when the session’s file was deleted; the session stays readable', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId);
    const q = await nextQuestion(user, subjectId, id, 'mcq');
    expect((await call(user, 'DELETE', `/api/subjects/${subjectId}/files/${fileId}`)).status).toBe(204);
    const r = await askFor(user, subjectId, id, 'mcq', 'en');
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'file_not_found', message: 'File not found' });
    expect(await quizUsage(user)).toBe(1);
    // The question already asked can still be answered (its answer is in the session).
    expect((await answer(user, subjectId, id, q.id, { skip: true })).body.result.status).toBe('skipped');
    expect((await call(user, 'GET', `${sessions(subjectId)}/${id}`)).body.questions).toHaveLength(1);
  });

  it('a session holds 50 questions; the 51st is refused at no cost', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId);
    const q = await nextQuestion(user, subjectId, id, 'mcq');
    const one = (await stored(user, subjectId, id))[0];
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...one, id: `${q.id}-${i}`, index: i + 1, status: 'skipped', generated: { ...one.generated, fact_key: `fact-${i}` } }));
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.quizSessions,
        Key: { user_id: user.sub, sk: `${subjectId}#${id}` },
        UpdateExpression: 'SET questions_json = :q',
        ExpressionAttributeValues: { ':q': JSON.stringify(fifty) },
      }),
    );
    const r = await askFor(user, subjectId, id, 'mcq', 'en');
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'quiz_session_full', message: 'This quiz session is full (50 questions). End it to see your summary.' });
    expect(await quizUsage(user)).toBe(1);
    expect((await call(user, 'POST', `${sessions(subjectId)}/${id}/end`)).body.questions).toBe(50);
  });
});

describe('answers', () => {
  it('sent at the same time to one question: exactly one is recorded', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId);
    const q = await nextQuestion(user, subjectId, id, 'mcq');
    const results = await Promise.all([0, 1, 2, 3, 0, 1].map((choice) => answer(user, subjectId, id, q.id, { choice })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'quiz_already_answered')).toBe(true);
    const session = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
    expect(session.body.questions[0].choice).toBe(ok[0].body.result.choice);
    const cards = (await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.total;
    expect(cards).toBe(ok[0].body.result.status === 'incorrect' ? 1 : 0);
  });

  it('a mistake on a fact already carded gives no second card, even from two sessions at once', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const first = await startQuiz(user, subjectId, fileId);
    const q = await nextQuestion(user, subjectId, first, 'mcq');
    const g = await generatedOf(user, subjectId, first, q.id);
    const wrong = ((g.correct_index as number) + 1) % 4;
    const made = await answer(user, subjectId, first, q.id, { choice: wrong });
    expect(made.body.card).toMatchObject({ front: g.question, citations: g.citations });

    // The same fact asked again, in two sessions at once.
    vi.spyOn(studyEngine(), 'quizQuestions').mockResolvedValue([g]);
    const [a, b] = await Promise.all([startQuiz(user, subjectId, fileId), startQuiz(user, subjectId, fileId)]);
    const [qa, qb] = await Promise.all([nextQuestion(user, subjectId, a, 'mcq'), nextQuestion(user, subjectId, b, 'mcq')]);
    const answers = await Promise.all([answer(user, subjectId, a, qa.id, { choice: wrong }), answer(user, subjectId, b, qb.id, { skip: true })]);
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(r.body.card.id).toBe(made.body.card.id);
    }
    const cards = await call(user, 'GET', `/api/subjects/${subjectId}/cards`);
    expect(cards.body.total).toBe(1);
    const summaries = await Promise.all([first, a, b].map((s) => call(user, 'POST', `${sessions(subjectId)}/${s}/end`)));
    expect(summaries.map((s) => s.body.cards_created)).toEqual([1, 0, 0]);

    // Deleted, the card comes back at the next mistake on that fact.
    expect((await call(user, 'DELETE', `/api/subjects/${subjectId}/cards/${made.body.card.id}`)).status).toBe(204);
    const again = await startQuiz(user, subjectId, fileId);
    const qc = await nextQuestion(user, subjectId, again, 'mcq');
    const remade = await answer(user, subjectId, again, qc.id, { choice: wrong });
    expect(remade.body.card).toMatchObject({ id: made.body.card.id, quiz_session_id: again, reps: 0 });
    expect((await call(user, 'POST', `${sessions(subjectId)}/${again}/end`)).body.cards_created).toBe(1);
  });

  it('two sessions missing a new fact at the same moment make one card between them', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const [a, b] = await Promise.all([startQuiz(user, subjectId, fileId), startQuiz(user, subjectId, fileId)]);
    const qa = await nextQuestion(user, subjectId, a, 'mcq');
    const g = await generatedOf(user, subjectId, a, qa.id);
    vi.spyOn(studyEngine(), 'quizQuestions').mockResolvedValueOnce([g]);
    const qb = await nextQuestion(user, subjectId, b, 'mcq');
    const results = await Promise.all([answer(user, subjectId, a, qa.id, { skip: true }), answer(user, subjectId, b, qb.id, { skip: true })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0].body.card.id).toBe(results[1].body.card.id);
    expect((await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.total).toBe(1);
    const created = await Promise.all([a, b].map(async (s) => (await call(user, 'POST', `${sessions(subjectId)}/${s}/end`)).body.cards_created as number));
    expect(created.sort()).toEqual([0, 1]);
  });
});

describe('free plan and failures', () => {
  it('15 questions a month, even asked at once; the rest refused with 429', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const ids = await Promise.all(Array.from({ length: 18 }, () => startQuiz(user, subjectId, fileId)));
    const results = await Promise.all(ids.map((id) => askFor(user, subjectId, id, 'mcq', 'en')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(15);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.error).toEqual({ code: 'usage_limit_reached', message: 'Usage limit reached (15/15 this month). Try again later or upgrade to Premium.' });
    expect((await call(user, 'GET', '/api/usage')).body.features.quiz_generation).toEqual({ used: 15, limit: 15, remaining: 0 });
    // Answering and ending cost nothing more.
    const q = results.find((r) => r.status === 200)?.body.question;
    const id = ids[results.findIndex((r) => r.status === 200)];
    expect((await answer(user, subjectId, id, q.id, { skip: true })).status).toBe(200);
    expect((await call(user, 'POST', `${sessions(subjectId)}/${id}/end`)).status).toBe(200);
  });

  it('a failed generation or evaluation costs nothing, and the question can be answered again', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const id = await startQuiz(user, subjectId, fileId);
    vi.spyOn(studyEngine(), 'quizQuestions')
      .mockRejectedValueOnce(new Error('model crashed'))
      .mockRejectedValueOnce(new EngineError('throttled', 'busy', { attempts: 3 }));
    const crashed = await askFor(user, subjectId, id, 'mcq', 'en');
    expect(crashed.status).toBe(502);
    expect(crashed.body.error).toEqual({ code: 'quiz_generation_failed', message: 'Error generating question' });
    const throttled = await askFor(user, subjectId, id, 'mcq');
    expect(throttled.status).toBe(502);
    expect(throttled.body.error.message).toBe('Erreur lors de la génération de la question');
    expect(await quizUsage(user)).toBe(0);
    expect(await stored(user, subjectId, id)).toEqual([]);

    // A question that breaks the contract (no citation) is refused too (in a session with no question waiting).
    const open = await nextQuestion(user, subjectId, id, 'open');
    const g = await generatedOf(user, subjectId, id, open.id);
    vi.spyOn(studyEngine(), 'quizQuestions').mockResolvedValueOnce([{ ...g, citations: [] }]);
    const other = await startQuiz(user, subjectId, fileId);
    expect((await askFor(user, subjectId, other, 'open')).body.error.code).toBe('quiz_generation_failed');
    expect(await quizUsage(user)).toBe(1);

    vi.spyOn(studyEngine(), 'evaluate').mockRejectedValueOnce(new EngineError('unavailable', 'down'));
    const failed = await answer(user, subjectId, id, open.id, { answer: g.rubric?.model_answer }, 'en');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toEqual({ code: 'evaluation_failed', message: 'Error evaluating answer' });
    const pending = await call(user, 'GET', `${sessions(subjectId)}/${id}`);
    expect(pending.body.questions[0]).not.toHaveProperty('status');
    const retried = await answer(user, subjectId, id, open.id, { answer: g.rubric?.model_answer });
    expect(retried.status).toBe(200);
    expect(retried.body.result.status).toBe('evaluated');
    expect(await quizUsage(user)).toBe(1);
  });
});

describe('input errors', () => {
  it('answer 4xx with the catalogue’s messages, in the caller’s language, and cost nothing', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const starts: [unknown, Lang, number, string, string | RegExp][] = [
      [{ difficulty: 'easy' }, 'en', 400, 'quiz_file_required', 'Please select a file to generate a quiz'],
      [{ file_id: '', difficulty: 'easy' }, 'fr', 400, 'quiz_file_required', 'Sélectionne un fichier pour générer un quiz'],
      [{ file_id: 42, difficulty: 'easy' }, 'en', 400, 'quiz_file_required', 'Please select a file to generate a quiz'],
      [{ file_id: fileId }, 'en', 400, 'invalid_input', /difficulty/],
      [{ file_id: fileId, difficulty: 'medium' }, 'en', 400, 'invalid_input', /difficulty/],
      [{ file_id: fileId, difficulty: 'easy', extra: 1 }, 'en', 400, 'invalid_input', /extra/],
      [{ file_id: 'nope', difficulty: 'easy' }, 'en', 404, 'file_not_found', 'File not found'],
    ];
    for (const [body, lang, status, code, message] of starts) {
      const r = await call(user, 'POST', sessions(subjectId), body, lang);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error.code).toBe(code);
      if (typeof message === 'string') expect(r.body.error.message).toBe(message);
      else expect(r.body.error.message).toMatch(message);
    }
    // A file still uploading has no content yet.
    const pending = await call(user, 'POST', `/api/subjects/${subjectId}/uploads`, { file_name: 'later.pdf', size: 1000, content_type: 'application/pdf' });
    const notReady = await call(user, 'POST', sessions(subjectId), { file_id: pending.body.file.id, difficulty: 'easy' }, 'en');
    expect(notReady.status).toBe(409);
    expect(notReady.body.error).toEqual({ code: 'no_content', message: 'No content available for this file' });

    const id = await startQuiz(user, subjectId, fileId);
    const badType = await askFor(user, subjectId, id, 'essay' as 'mcq');
    expect(badType.status).toBe(400);
    expect(badType.body.error.code).toBe('invalid_input');
    const unknownSession = await askFor(user, subjectId, 'nope', 'mcq', 'en');
    expect(unknownSession.status).toBe(404);
    expect(unknownSession.body.error).toEqual({ code: 'quiz_session_not_found', message: 'Quiz session not found' });

    const mcq = await nextQuestion(user, subjectId, id, 'mcq');
    const answers: [unknown, Lang, number, string, string | RegExp][] = [
      [{}, 'en', 400, 'answer_empty', 'Please write an answer or choose "I don\'t know".'],
      [{ choice: 4 }, 'en', 400, 'invalid_input', /choice/],
      [{ choice: 1.5 }, 'en', 400, 'invalid_input', /choice/],
      [{ answer: 'la mitose' }, 'en', 400, 'invalid_input', /choice/],
      [{ skip: false }, 'en', 400, 'invalid_input', /skip/],
    ];
    for (const [body, lang, status, code, message] of answers) {
      const r = await answer(user, subjectId, id, mcq.id, body, lang);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error.code).toBe(code);
      if (typeof message === 'string') expect(r.body.error.message).toBe(message);
      else expect(r.body.error.message).toMatch(message);
    }
    const open = await nextQuestion(user, subjectId, id, 'open');
    const empty = await answer(user, subjectId, id, open.id, { answer: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: 'answer_empty', message: 'Écris une réponse ou choisis « Je ne sais pas ».' });
    const long = await answer(user, subjectId, id, open.id, { answer: 'x'.repeat(5001) }, 'en');
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Invalid input: answer: at most 5,000 characters');
    const unknownQuestion = await answer(user, subjectId, id, 'nope', { skip: true }, 'en');
    expect(unknownQuestion.status).toBe(404);
    expect(unknownQuestion.body.error).toEqual({ code: 'quiz_question_not_found', message: 'Question not found' });
    // The open question is still waiting for its answer; 5000 characters are accepted.
    expect((await answer(user, subjectId, id, open.id, { answer: `${'la mitose '.repeat(500)}`.slice(0, 5000) })).status).toBe(200);
    expect(await quizUsage(user)).toBe(2);
  });

  it('a quiz needs a signed-in student', async () => {
    const { subjectId, fileId } = await studentWith(setup.biologyPdf);
    const r = await api(setup.host, sessions(subjectId), { method: 'POST', body: { file_id: fileId, difficulty: 'easy' } });
    expect(r.status).toBe(401);
  });
});

describe('ownership', () => {
  it('another student gets 404 on every quiz route of a student, and spends nothing', async () => {
    const { user: a, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const b = await newUser(setup.host);
    const id = await startQuiz(a, subjectId, fileId);
    const q = await nextQuestion(a, subjectId, id, 'mcq');
    const base = `${sessions(subjectId)}/${id}`;
    for (const [method, path, body] of [
      ['POST', sessions(subjectId), { file_id: fileId, difficulty: 'easy' }],
      ['GET', base],
      ['POST', `${base}/questions`, { type: 'mcq' }],
      ['POST', `${base}/questions/${q.id}/answer`, { skip: true }],
      ['POST', `${base}/end`],
    ] as const) {
      const r = await call(b, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const mine = await call(a, 'GET', base);
    expect(mine.body.ended_at).toBeNull();
    expect(mine.body.questions[0]).not.toHaveProperty('status');
    expect(await quizUsage(b)).toBe(0);
  });
});

describe('deletion', () => {
  it('deleting a subject removes its quiz sessions and cards; deleting the account leaves nothing', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const other = await createSubject(setup.host, user.accessToken, 'Génétique');
    const otherFile = await readyFile(setup.host, user, other.id, 'Génétique', setup.geneticsPdf);
    for (const [s, f] of [
      [subjectId, fileId],
      [other.id, otherFile],
    ]) {
      const id = await startQuiz(user, s, f);
      const q = await nextQuestion(user, s, id, 'mcq');
      await answer(user, s, id, q.id, { skip: true });
    }
    expect(await describeUserData(user.sub)).toMatchObject({ quizSessions: 2, cards: 2 });
    expect((await call(user, 'DELETE', `/api/subjects/${subjectId}`)).status).toBe(204);
    expect(await describeUserData(user.sub)).toMatchObject({ quizSessions: 1, cards: 1 });
    expect((await call(user, 'GET', '/api/cards/due')).body.subjects.map((s: { subject_id: string }) => s.subject_id)).toEqual([other.id]);

    expect((await call(user, 'DELETE', '/api/account')).status).toBe(204);
    expect(Object.values(await describeUserData(user.sub)).every((n) => n === 0)).toBe(true);
    expect(await userTraces(user.sub)).toEqual([]);
  });
});
