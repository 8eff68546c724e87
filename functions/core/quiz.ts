// Quiz session rules: what the student sees of a question (nothing that gives
// the answer away until it is answered), the summary, when a session takes another question, how a
// question is appended (the one still pending is skipped, no fact twice; a batch's other questions
// wait in the session, unseen, until asked for), how an answer is read and
// judged, which mistakes make a review card and what that card says, and how a session ends. Pure
// functions over the session as stored: the caller passes the clock, new ids and the evaluation.
import type { Evaluation, QuizQuestion, QuizType } from './artefacts.js';
import { AppError } from './errors.js';
import { CARD_BACK_MAX, CARD_FRONT_MAX, MAX_ANSWER_CHARS, MAX_QUESTIONS_BYTES, MAX_QUIZ_QUESTIONS, PASSING_SCORE } from './limits.js';
import type { QuizAnswerBody } from './schemas.js';
import { truncate, utf8Bytes } from './text.js';
import { ANSWER_WITH_CHOICE, ANSWER_WITH_TEXT, sayNumber } from './validation.js';
import type { AnsweredQuestion, AnswerStatus, PendingQuestion, QuestionView, QuizSession, QuizSummary } from './views.js';

export type QuestionStatus = 'pending' | AnswerStatus;

export interface SessionQuestion {
  id: string;
  /** 1-based position in the session. */
  index: number;
  status: QuestionStatus;
  /** The question as generated, with its answer: shown in full only once answered. */
  generated: QuizQuestion;
  asked_at: string;
  answered_at: string | null;
  /** mcq: the option chosen. */
  choice?: number;
  /** open: the student's answer, and its evaluation. */
  answer?: string;
  evaluation?: Evaluation;
  /** Skipped by moving on to another question or ending the session, not by "I don't know". */
  auto_skipped?: boolean;
  /** The review card this mistake gave, and whether this session created it. */
  card_id?: string;
  card_created?: boolean;
}

/** The session as stored: the API's view of it, with the questions in full and a version. */
export interface QuizSessionRecord extends Omit<QuizSession, 'questions' | 'summary'> {
  updated_at: string;
  /** Incremented by every change; each write is conditional on it. */
  version: number;
  questions: SessionQuestion[];
  /**
   * Questions generated with the others of their batch and not served yet, in the order to serve
   * them: never shown (no view reads them) and not counted until served.
   */
  waiting?: QuizQuestion[];
}

/** A session takes a new question only with this much room left for it and its answer. */
const ROOM_FOR_A_QUESTION_BYTES = 30_000;

/** Whether the session can take one more question. */
export function hasRoom(session: Pick<QuizSessionRecord, 'questions'>): boolean {
  return session.questions.length < MAX_QUIZ_QUESTIONS && utf8Bytes(JSON.stringify(session.questions)) <= MAX_QUESTIONS_BYTES - ROOM_FOR_A_QUESTION_BYTES;
}

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

/** Correct = MCQs right + open answers scoring at least PASSING_SCORE; the average covers evaluated answers. */
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

// ---- Asking a question ----

/** The fact was taken by a question appended meanwhile: generate another. */
export class FactTaken extends Error {}

/** Refuses a question to a session that ended or is full. */
export function refuseIfClosed(session: QuizSessionRecord): void {
  if (session.ended_at) throw new AppError('quiz_session_ended');
  if (!hasRoom(session)) throw new AppError('quiz_session_full', { max: Math.min(session.questions.length, MAX_QUIZ_QUESTIONS) });
}

const skipPending = (questions: SessionQuestion[], at: string): SessionQuestion[] =>
  questions.map((q) => (q.status === 'pending' ? { ...q, status: 'skipped' as const, auto_skipped: true, answered_at: at } : q));

/** The session with the question appended (as `id`); a question still pending is skipped. */
export function withQuestion(session: QuizSessionRecord, question: QuizQuestion, id: string, now: Date): QuizSessionRecord {
  refuseIfClosed(session);
  if (session.questions.some((q) => q.generated.fact_key === question.fact_key)) throw new FactTaken();
  const at = now.toISOString();
  const questions = skipPending(session.questions, at);
  questions.push({ id, index: questions.length + 1, status: 'pending', generated: question, asked_at: at, answered_at: null });
  return { ...session, questions };
}

/** The next waiting question of `type` whose fact the session has not asked yet, or null. */
export function nextWaiting(session: QuizSessionRecord, type: QuizType): QuizQuestion | null {
  const asked = new Set(session.questions.map((q) => q.generated.fact_key));
  return (session.waiting ?? []).find((w) => w.type === type && !asked.has(w.fact_key)) ?? null;
}

/**
 * The session with the waiting `question` served as `id` (taken out of the waiting ones);
 * FactTaken when another request served it, or its fact, meanwhile.
 */
export function withWaitingServed(session: QuizSessionRecord, question: QuizQuestion, id: string, now: Date): QuizSessionRecord {
  const waiting = session.waiting ?? [];
  if (!waiting.some((w) => w.fact_key === question.fact_key)) throw new FactTaken();
  return { ...withQuestion(session, question, id, now), waiting: waiting.filter((w) => w.fact_key !== question.fact_key) };
}

/**
 * The session with the first question of a new batch served as `id` and the others left waiting,
 * those whose fact the session (or its waiting questions) already holds dropped; FactTaken when
 * none of the batch is left.
 */
export function withBatch(session: QuizSessionRecord, batch: readonly QuizQuestion[], id: string, now: Date): QuizSessionRecord {
  const held = new Set([...session.questions.map((q) => q.generated.fact_key), ...(session.waiting ?? []).map((w) => w.fact_key)]);
  const fresh = batch.filter((q, i) => !held.has(q.fact_key) && batch.findIndex((x) => x.fact_key === q.fact_key) === i);
  if (fresh.length === 0) throw new FactTaken();
  const [first, ...rest] = fresh;
  return { ...withQuestion(session, first, id, now), waiting: [...(session.waiting ?? []), ...rest] };
}

// ---- Answering ----

export type AnswerInput = { kind: 'choice'; choice: number } | { kind: 'answer'; answer: string } | { kind: 'skip' };

/** The answer a question of `type` takes, from the parsed body. */
export function answerInput(parsed: QuizAnswerBody, type: QuizType): AnswerInput {
  if (parsed.skip) return { kind: 'skip' };
  if (type === 'mcq') {
    if (parsed.choice !== undefined) return { kind: 'choice', choice: parsed.choice };
    if (parsed.answer !== undefined && parsed.answer.trim()) throw new AppError('invalid_input', { details: ANSWER_WITH_CHOICE });
    throw new AppError('answer_empty');
  }
  if (parsed.choice !== undefined) throw new AppError('invalid_input', { details: ANSWER_WITH_TEXT });
  const answer = (parsed.answer ?? '').trim();
  if (!answer) throw new AppError('answer_empty');
  if (answer.length > MAX_ANSWER_CHARS) throw new AppError('invalid_input', { details: { fr: `answer : au plus ${sayNumber(MAX_ANSWER_CHARS, 'fr')} caractères`, en: `answer: at most ${sayNumber(MAX_ANSWER_CHARS, 'en')} characters` } });
  return { kind: 'answer', answer };
}

export interface Outcome {
  status: AnsweredQuestion['status'];
  choice?: number;
  answer?: string;
  evaluation?: Evaluation;
  mistake: boolean;
}

/** "I don't know" or a choice, judged at once; a written answer waits for its evaluation (`evaluated`). */
export function judged(input: Exclude<AnswerInput, { kind: 'answer' }>, q: SessionQuestion): Outcome {
  if (input.kind === 'skip') return { status: 'skipped', mistake: true };
  const correct = input.choice === q.generated.correct_index;
  return { status: correct ? 'correct' : 'incorrect', choice: input.choice, mistake: !correct };
}

/** A written answer and its evaluation: a mistake under PASSING_SCORE. */
export function evaluated(answer: string, evaluation: Evaluation): Outcome {
  return { status: 'evaluated', answer, evaluation, mistake: evaluation.score < PASSING_SCORE };
}

export function findQuestion(session: QuizSessionRecord, questionId: string): SessionQuestion {
  const q = session.questions.find((x) => x.id === questionId);
  if (!q) throw new AppError('quiz_question_not_found');
  return q;
}

/** The question, refused when it no longer takes an answer. */
export function pendingQuestion(session: QuizSessionRecord, questionId: string): SessionQuestion {
  const q = findQuestion(session, questionId);
  if (q.status === 'pending') {
    if (session.ended_at) throw new AppError('quiz_session_ended');
    return q;
  }
  throw new AppError(session.ended_at && q.auto_skipped ? 'quiz_session_ended' : 'quiz_already_answered');
}

/** The text of the review card a missed question makes: the question on the front; the right answer, then why, on the back. */
export function mistakeCardText(q: QuizQuestion): { front: string; back: string } {
  const right = q.type === 'mcq' ? (q.options as string[])[q.correct_index as number] : (q.rubric?.model_answer ?? '');
  // Each part shortened on its own, so the blank line between them survives.
  const answer = truncate(right, Math.floor(CARD_BACK_MAX / 3));
  return { front: truncate(q.question, CARD_FRONT_MAX), back: `${answer}\n\n${truncate(q.explanation, CARD_BACK_MAX - answer.length - 2)}` };
}

/** The session with the answer recorded (and the card the mistake gives, if any). */
export function withOutcome(
  session: QuizSessionRecord,
  questionId: string,
  outcome: Outcome,
  card: { id: string; created: boolean } | null,
  now: Date,
): QuizSessionRecord {
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

/** Whether the question's mistake card was created by this session, corrected after a race. */
export function withCardCreated(session: QuizSessionRecord, questionId: string, created: boolean): QuizSessionRecord {
  return { ...session, questions: session.questions.map((x) => (x.id === questionId ? { ...x, card_created: created } : x)) };
}

// ---- Ending ----

/** The session ended: a question still pending counts as skipped. Ending twice changes nothing. */
export function ended(session: QuizSessionRecord, now: Date): QuizSessionRecord {
  if (session.ended_at) return session;
  const at = now.toISOString();
  return { ...session, ended_at: at, questions: skipPending(session.questions, at), waiting: [] };
}
