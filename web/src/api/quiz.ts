// The quiz API (functions/api/quiz.ts) as the web app calls it: a session on one file, questions
// generated one at a time, answered (a choice, a written answer, or "I don't know") and ended
// with a summary. The generated shapes (Evaluation, Citation) are the engine's own types, read
// from functions/engine/types.ts so the page renders exactly what the server validated.
import type { Citation, Evaluation, FactKind, QuizDifficulty, QuizType } from '../../../functions/engine/types';
import { api } from './client';
import type { Card } from './cards';
import type { UsageFigure } from './study';

export type { Citation, Evaluation, FactKind, QuizDifficulty, QuizType };

/** A question waiting for its answer: neither the right answer nor the citations are sent yet. */
export interface PendingQuestion {
  id: string;
  /** 1-based, in the session. */
  index: number;
  type: QuizType;
  difficulty: QuizDifficulty;
  kind: FactKind;
  question: string;
  /** mcq: the four options. */
  options?: string[];
  status?: 'pending';
}

export type AnswerStatus = 'correct' | 'incorrect' | 'skipped' | 'evaluated';

export interface Rubric {
  key_points: string[];
  model_answer: string;
}

export interface AnsweredQuestion extends Omit<PendingQuestion, 'status'> {
  status: AnswerStatus;
  /** mcq: the option chosen (absent when skipped). */
  choice?: number;
  /** open: what the student wrote. */
  answer?: string;
  /** mcq: the right option. */
  correct_index?: number;
  explanation: string;
  citations: Citation[];
  rubric?: Rubric;
  /** open and answered: the grading. */
  evaluation?: Evaluation;
}

export type SessionQuestion = PendingQuestion | AnsweredQuestion;

export interface QuizSummary {
  questions: number;
  /** mcq right + open answers scoring 50 or more. */
  correct: number;
  mcq_total: number;
  mcq_correct: number;
  open_total: number;
  average_open_score: number | null;
  skipped: number;
  cards_created: number;
}

export interface QuizSession {
  id: string;
  subject_id: string;
  file_id: string;
  file_name: string;
  difficulty: QuizDifficulty;
  created_at: string;
  ended_at: string | null;
  questions: SessionQuestion[];
  summary: QuizSummary | null;
}

/** One of: the option chosen (mcq), the written answer (open), or "I don't know". */
export type QuizAnswer = { choice: number } | { answer: string } | { skip: true };

export const isAnswered = (q: SessionQuestion): q is AnsweredQuestion => q.status !== undefined && q.status !== 'pending';

/** An open answer scoring this much or more counts as right (as in the summary). */
export const OPEN_PASS_SCORE = 50;
/** The server's limit on a written answer. */
export const MAX_ANSWER_CHARS = 5000;

const enc = encodeURIComponent;
const sessionsPath = (subjectId: string) => `/subjects/${enc(subjectId)}/quiz-sessions`;
const sessionPath = (subjectId: string, sessionId: string) => `${sessionsPath(subjectId)}/${enc(sessionId)}`;

export const quizApi = {
  /** Not retried: a second try would open a second session. */
  start: (subjectId: string, body: { file_id: string; difficulty: QuizDifficulty }) =>
    api.post<QuizSession>(sessionsPath(subjectId), body, { retry: false }),
  session: (subjectId: string, sessionId: string) => api.get<QuizSession>(sessionPath(subjectId, sessionId)),
  /** Not retried: each question counts against the month's quizzes. */
  nextQuestion: (subjectId: string, sessionId: string, type: QuizType) =>
    api.post<{ question: PendingQuestion; usage: UsageFigure }>(`${sessionPath(subjectId, sessionId)}/questions`, { type }, { retry: false }),
  /** Not retried: an answer is final, and grading an open answer is work for the engine. */
  answer: (subjectId: string, sessionId: string, questionId: string, body: QuizAnswer) =>
    api.post<{ result: AnsweredQuestion; card: Card | null }>(`${sessionPath(subjectId, sessionId)}/questions/${enc(questionId)}/answer`, body, {
      retry: false,
    }),
  /** Idempotent on the server: safe to retry. */
  end: (subjectId: string, sessionId: string) => api.post<QuizSummary>(`${sessionPath(subjectId, sessionId)}/end`),
};
