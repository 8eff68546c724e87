// Quiz sessions (spec §2, §4 "Quiz"): on one file of a subject, at a difficulty; the student asks
// for a question (mcq or open), answers it, says "I don't know" or moves on, and ends the session
// with a summary. A question is shown without its answer, citations, explanation or rubric until
// it is answered; an open answer is evaluated against the rubric at no extra cost. Each question
// takes one `quiz_generation` unit on the free plan, given back when no question could be made
// (a failure, or every fact of the file already asked: `quiz_exhausted`). Every mistake (a wrong
// choice, an open answer under 50, "I don't know") becomes a review card, once per fact per
// subject.
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import type { AnsweredQuestion, PendingQuestion, QuestionView, QuizSession, QuizSummary } from '../core/views.js';
import { EngineError, isEngineError } from '../engine/errors.js';
import {
  evaluationSchema,
  quizDifficulties,
  quizQuestionSchema,
  quizTypes,
  type Course,
  type Evaluation,
  type PracticeEngine,
  type QuizDifficulty,
  type QuizQuestion,
  type QuizType,
  type StudyEngine,
} from '../engine/types.js';
import { generate, loadCourse, loadEngine } from '../platform/course.js';
import { parse, Reply, userRoute } from '../platform/http.js';
import { currentPlan, type Plan } from '../platform/plan.js';
import {
  CARD_BACK_MAX,
  CARD_FRONT_MAX,
  createMistakeCard,
  deleteCard,
  findCard,
  mistakeCardId,
  newCardRecord,
  toCard,
  type Card,
} from '../platform/store/cards.js';
import { newItemId, shorten } from '../platform/store/drafts.js';
import {
  changeQuizSession,
  createQuizSession,
  deleteQuizSession,
  getQuizSessionOrThrow,
  hasRoom,
  MAX_QUIZ_QUESTIONS,
  type QuizSessionRecord,
  type SessionQuestion,
} from '../platform/store/quiz-sessions.js';
import { findSubject } from '../platform/store/subjects.js';
import { withUsage } from '../platform/usage.js';
import { subjectParams } from './subjects.js';

/** Longest open answer accepted. */
export const MAX_ANSWER_CHARS = 5000;
/** An open answer scoring under this is a mistake (and counts as not correct in the summary). */
export const PASSING_SCORE = 50;
/**
 * Questions generated for one request at most when requests racing in the same session keep
 * taking its fact first (each round sees the facts the others took).
 */
const GENERATION_ROUNDS = 5;

const idSchema = z.string().min(1).max(64);
const sessionParams = subjectParams.extend({ sessionId: idSchema });
const questionParams = sessionParams.extend({ questionId: idSchema });

// ---- What the student sees ----

/** The question without anything that gives the answer away (nor the fact it tests). */
export function pendingView(q: SessionQuestion): PendingQuestion {
  const g = q.generated;
  const view: PendingQuestion = { id: q.id, index: q.index, type: g.type, difficulty: g.difficulty, kind: g.kind, question: g.question };
  if (g.options) view.options = [...g.options];
  return view;
}

export function questionView(q: SessionQuestion): QuestionView {
  if (q.status === 'pending') return pendingView(q);
  const g = q.generated;
  const view: AnsweredQuestion = { ...pendingView(q), status: q.status, explanation: g.explanation, citations: g.citations };
  if (q.choice !== undefined) view.choice = q.choice;
  if (q.answer !== undefined) view.answer = q.answer;
  if (g.correct_index !== undefined) view.correct_index = g.correct_index;
  if (g.rubric) view.rubric = g.rubric;
  if (q.evaluation) view.evaluation = q.evaluation;
  return view;
}

export function summarize(session: Pick<QuizSessionRecord, 'questions'>): QuizSummary {
  const qs = session.questions;
  const mcq = qs.filter((q) => q.generated.type === 'mcq');
  const scores = qs.filter((q) => q.status === 'evaluated' && q.evaluation).map((q) => (q.evaluation as Evaluation).score);
  const mcqCorrect = mcq.filter((q) => q.status === 'correct').length;
  return {
    questions: qs.length,
    correct: mcqCorrect + scores.filter((s) => s >= PASSING_SCORE).length,
    mcq_total: mcq.length,
    mcq_correct: mcqCorrect,
    open_total: qs.length - mcq.length,
    average_open_score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    skipped: qs.filter((q) => q.status === 'skipped').length,
    cards_created: qs.filter((q) => q.card_created).length,
  };
}

export function sessionView(session: QuizSessionRecord): QuizSession {
  return {
    id: session.id,
    subject_id: session.subject_id,
    file_id: session.file_id,
    file_name: session.file_name,
    difficulty: session.difficulty,
    created_at: session.created_at,
    ended_at: session.ended_at,
    questions: session.questions.map(questionView),
    summary: session.ended_at ? summarize(session) : null,
  };
}

// ---- The engine's practice generators ----

/** The engine's practice generators, or EngineError('unavailable') when it has none. */
export function practiceEngine(engine: StudyEngine): PracticeEngine {
  const { quizQuestion, evaluate, flashcards } = engine;
  if (!quizQuestion || !evaluate || !flashcards) throw new EngineError('unavailable', `engine ${engine.name} has no practice generators`);
  return { quizQuestion: quizQuestion.bind(engine), evaluate: evaluate.bind(engine), flashcards: flashcards.bind(engine) };
}

/**
 * Runs a practice generator through generate(): the engine's `exhausted` becomes `exhausted`
 * (a 409 telling the student there is nothing new), any other failure becomes `failure`.
 */
export async function practiceGenerate<T>(
  failure: 'quiz_generation_failed' | 'evaluation_failed' | 'flashcards_failed',
  exhausted: 'quiz_exhausted' | 'flashcards_exhausted' | null,
  context: Record<string, string | undefined>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await generate('generation_failed', { ...context, practice: failure }, async () => {
      try {
        return await run();
      } catch (err) {
        if (exhausted && isEngineError(err) && err.kind === 'exhausted') throw new AppError(exhausted);
        throw err;
      }
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'generation_failed') throw new AppError(failure);
    throw err;
  }
}

// ---- Starting a session ----

/** The request, checked in the order the quiz page shows its messages: the file first. */
export function readStart(body: unknown): { fileId: string; difficulty: QuizDifficulty } {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof fields.file_id !== 'string' || !fields.file_id.trim()) throw new AppError('quiz_file_required');
  const parsed = parse(z.object({ file_id: idSchema, difficulty: z.enum(quizDifficulties) }).strict(), { ...fields, file_id: fields.file_id.trim() });
  return { fileId: parsed.file_id, difficulty: parsed.difficulty };
}

export const startQuizSession = userRoute({ params: subjectParams, body: z.unknown() }, async ({ params, body, user }) => {
  const start = readStart(body);
  const now = new Date();
  const plan = await currentPlan(user.id, now);
  // Checks the subject, the file and that the file has text (404, 404, 409) and warms the course.
  const course = await loadCourse(user.id, params.subjectId, { fileId: start.fileId, fallbackLanguage: plan.profile?.language ?? 'fr' });
  const session = await createQuizSession(
    user.id,
    { id: newItemId(now), subject_id: params.subjectId, file_id: start.fileId, file_name: course.pages[0].file_name, difficulty: start.difficulty },
    now,
  );
  // The subject was deleted meanwhile: its sessions must not outlive it.
  if (!(await findSubject(user.id, params.subjectId))) {
    await deleteQuizSession(user.id, params.subjectId, session.id);
    throw new AppError('subject_not_found');
  }
  return new Reply(201, sessionView(session));
});

export const getQuizSession = userRoute({ params: sessionParams }, async ({ params, user }) =>
  sessionView(await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date())),
);

// ---- Asking a question ----

/** The fact was taken by a question appended meanwhile: generate another. */
class FactTaken extends Error {}

function refuseIfClosed(session: QuizSessionRecord): void {
  if (session.ended_at) throw new AppError('quiz_session_ended');
  if (!hasRoom(session)) throw new AppError('quiz_session_full', { max: Math.min(session.questions.length, MAX_QUIZ_QUESTIONS) });
}

/** The session with the question appended; a question still pending is skipped. */
function withQuestion(session: QuizSessionRecord, question: QuizQuestion, now: Date): QuizSessionRecord {
  refuseIfClosed(session);
  if (session.questions.some((q) => q.generated.fact_key === question.fact_key)) throw new FactTaken();
  const at = now.toISOString();
  const questions = session.questions.map((q) => (q.status === 'pending' ? { ...q, status: 'skipped' as const, auto_skipped: true, answered_at: at } : q));
  questions.push({ id: newItemId(now), index: questions.length + 1, status: 'pending', generated: question, asked_at: at, answered_at: null });
  return { ...session, questions };
}

async function generateQuestion(engine: PracticeEngine, course: Course, session: QuizSessionRecord, type: QuizType, plan: Plan, userId: string): Promise<QuizQuestion> {
  const fileId = session.file_id;
  const exclude = session.questions.map((q) => q.generated.fact_key);
  return practiceGenerate('quiz_generation_failed', 'quiz_exhausted', { userId, subjectId: session.subject_id, type }, async () => {
    const question = quizQuestionSchema.parse(
      await engine.quizQuestion({ course, fileId, type, difficulty: session.difficulty, exclude, level: plan.profile?.education_level ?? null }),
    );
    if (question.type !== type) throw new EngineError('invalid_output', `asked for ${type}, got ${question.type}`);
    if (question.citations.some((c) => c.file_id !== fileId)) throw new EngineError('invalid_output', 'question cites another file');
    if (exclude.includes(question.fact_key)) throw new EngineError('invalid_output', 'question repeats a fact of the session');
    return question;
  });
}

export const askQuizQuestion = userRoute(
  { params: sessionParams, body: z.object({ type: z.enum(quizTypes) }).strict() },
  async ({ params, body, user }) => {
    const now = new Date();
    let session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, now);
    refuseIfClosed(session);
    const plan = await currentPlan(user.id, now);
    // The file may have been deleted or be re-read since the session started: 404 / 409, at no cost.
    const course = await loadCourse(user.id, params.subjectId, { fileId: session.file_id, fallbackLanguage: plan.profile?.language ?? 'fr' });
    const { value, usage } = await withUsage(
      user.id,
      'quiz_generation',
      async () => {
        const engine = await practiceGenerate('quiz_generation_failed', null, { userId: user.id }, async () => practiceEngine(await loadEngine()));
        for (let round = 0; round < GENERATION_ROUNDS; round++) {
          const question = await generateQuestion(engine, course, session, body.type, plan, user.id);
          try {
            const at = new Date();
            const updated = await changeQuizSession(user.id, params.subjectId, params.sessionId, at, (s) => withQuestion(s, question, at));
            return updated.questions[updated.questions.length - 1];
          } catch (err) {
            if (!(err instanceof FactTaken)) throw err;
            session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date());
          }
        }
        throw new AppError('quiz_generation_failed');
      },
      { now, plan },
    );
    return { question: pendingView(value), usage };
  },
);

// ---- Answering ----

export type AnswerInput = { kind: 'choice'; choice: number } | { kind: 'answer'; answer: string } | { kind: 'skip' };

/** `{choice}` for an mcq, `{answer}` for an open question, `{skip: true}` for "I don't know". */
export function readAnswer(body: unknown, type: QuizType): AnswerInput {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const parsed = parse(
    z
      .object({
        choice: z.number().int().min(0).max(3).optional(),
        answer: z.string().max(MAX_ANSWER_CHARS * 2).optional(),
        skip: z.literal(true).optional(),
      })
      .strict(),
    fields,
  );
  if (parsed.skip) return { kind: 'skip' };
  if (type === 'mcq') {
    if (parsed.choice !== undefined) return { kind: 'choice', choice: parsed.choice };
    if (parsed.answer !== undefined && parsed.answer.trim()) throw new AppError('invalid_input', { details: 'choice: a multiple-choice question is answered with choice (0-3)' });
    throw new AppError('answer_empty');
  }
  if (parsed.choice !== undefined) throw new AppError('invalid_input', { details: 'answer: an open question is answered with answer' });
  const answer = (parsed.answer ?? '').trim();
  if (!answer) throw new AppError('answer_empty');
  if (answer.length > MAX_ANSWER_CHARS) throw new AppError('invalid_input', { details: `answer: at most ${MAX_ANSWER_CHARS} characters` });
  return { kind: 'answer', answer };
}

interface Outcome {
  status: AnsweredQuestion['status'];
  choice?: number;
  answer?: string;
  evaluation?: Evaluation;
  mistake: boolean;
}

function findQuestion(session: QuizSessionRecord, questionId: string): SessionQuestion {
  const q = session.questions.find((x) => x.id === questionId);
  if (!q) throw new AppError('quiz_question_not_found');
  return q;
}

/** Refuses an answer to a question that no longer takes one. */
function pendingQuestion(session: QuizSessionRecord, questionId: string): SessionQuestion {
  const q = findQuestion(session, questionId);
  if (q.status === 'pending') {
    if (session.ended_at) throw new AppError('quiz_session_ended');
    return q;
  }
  throw new AppError(session.ended_at && q.auto_skipped ? 'quiz_session_ended' : 'quiz_already_answered');
}

async function outcomeOf(input: AnswerInput, q: SessionQuestion, session: QuizSessionRecord, userId: string): Promise<Outcome> {
  if (input.kind === 'skip') return { status: 'skipped', mistake: true };
  if (input.kind === 'choice') {
    const correct = input.choice === q.generated.correct_index;
    return { status: correct ? 'correct' : 'incorrect', choice: input.choice, mistake: !correct };
  }
  const now = new Date();
  const plan = await currentPlan(userId, now);
  const course = await loadCourse(userId, session.subject_id, { fileId: session.file_id, fallbackLanguage: plan.profile?.language ?? 'fr' });
  const evaluation = await practiceGenerate('evaluation_failed', null, { userId, subjectId: session.subject_id }, async () =>
    evaluationSchema.parse(
      await practiceEngine(await loadEngine()).evaluate({ course, question: q.generated, answer: input.answer, level: plan.profile?.education_level ?? null }),
    ),
  );
  return { status: 'evaluated', answer: input.answer, evaluation, mistake: evaluation.score < PASSING_SCORE };
}

/** The back of a mistake card: the right answer, then why. */
function mistakeBack(q: QuizQuestion): string {
  const right = q.type === 'mcq' ? (q.options as string[])[q.correct_index as number] : (q.rubric?.model_answer ?? '');
  // Each part shortened on its own, so the blank line between them survives.
  const answer = shorten(right, Math.floor(CARD_BACK_MAX / 3));
  return `${answer}\n\n${shorten(q.explanation, CARD_BACK_MAX - answer.length - 2)}`;
}

function withOutcome(session: QuizSessionRecord, questionId: string, outcome: Outcome, card: { id: string; created: boolean } | null, now: Date): QuizSessionRecord {
  const q = pendingQuestion(session, questionId);
  const answered: SessionQuestion = { ...q, status: outcome.status, answered_at: now.toISOString() };
  if (outcome.choice !== undefined) answered.choice = outcome.choice;
  if (outcome.answer !== undefined) answered.answer = outcome.answer;
  if (outcome.evaluation) answered.evaluation = outcome.evaluation;
  if (card) {
    answered.card_id = card.id;
    answered.card_created = card.created;
  }
  return { ...session, questions: session.questions.map((x) => (x.id === questionId ? answered : x)) };
}

/**
 * Records the answer (conditional on the session's version: one answer per question, whatever
 * races), then makes the mistake's card. Whether the card is new is read before the answer is
 * recorded and corrected after in the rare case a racing session made it in between.
 */
async function recordAnswer(userId: string, session: QuizSessionRecord, q: SessionQuestion, outcome: Outcome): Promise<{ question: SessionQuestion; card: Card | null }> {
  const now = new Date();
  const subjectId = session.subject_id;
  const g = q.generated;
  const cardRecord = outcome.mistake
    ? newCardRecord(
        {
          id: mistakeCardId(g.fact_key),
          subjectId,
          front: shorten(g.question, CARD_FRONT_MAX),
          back: mistakeBack(g),
          kind: 'mistake',
          source: 'mistake',
          citations: g.citations,
          quizSessionId: session.id,
          factKey: g.fact_key,
        },
        now,
      )
    : null;
  const expectNew = cardRecord ? !(await findCard(userId, subjectId, cardRecord.id)) : false;
  const card = cardRecord ? { id: cardRecord.id, created: expectNew } : null;
  let updated = await changeQuizSession(userId, subjectId, session.id, now, (s) => withOutcome(s, q.id, outcome, card, now), session);
  if (!cardRecord) return { question: findQuestion(updated, q.id), card: null };

  const made = await createMistakeCard(userId, cardRecord);
  if (made.created && !(await findSubject(userId, subjectId))) {
    // The subject was deleted meanwhile: its cards must not outlive it.
    await deleteCard(userId, subjectId, cardRecord.id);
    throw new AppError('subject_not_found');
  }
  if (made.created !== expectNew) {
    updated = await changeQuizSession(userId, subjectId, session.id, new Date(), (s) => ({
      ...s,
      questions: s.questions.map((x) => (x.id === q.id ? { ...x, card_created: made.created } : x)),
    }));
  }
  return { question: findQuestion(updated, q.id), card: toCard(made.card) };
}

export const answerQuizQuestion = userRoute({ params: questionParams, body: z.unknown() }, async ({ params, body, user }) => {
  const session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date());
  const q = pendingQuestion(session, params.questionId);
  const input = readAnswer(body, q.generated.type);
  const outcome = await outcomeOf(input, q, session, user.id);
  const { question, card } = await recordAnswer(user.id, session, q, outcome);
  return { result: questionView(question) as AnsweredQuestion, card };
});

// ---- Ending ----

/** The session ended: a question still pending counts as skipped. Ending twice changes nothing. */
function ended(session: QuizSessionRecord, now: Date): QuizSessionRecord {
  if (session.ended_at) return session;
  const at = now.toISOString();
  return {
    ...session,
    ended_at: at,
    questions: session.questions.map((q) => (q.status === 'pending' ? { ...q, status: 'skipped' as const, auto_skipped: true, answered_at: at } : q)),
  };
}

export const endQuizSession = userRoute({ params: sessionParams }, async ({ params, user }) => {
  const now = new Date();
  const session = await changeQuizSession(user.id, params.subjectId, params.sessionId, now, (s) => ended(s, now));
  return summarize(session);
});

