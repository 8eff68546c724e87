// The quiz API (functions/api/quiz.ts) as the web app calls it: a session on one file, questions
// generated one at a time, answered (a choice, a written answer, or "I don't know") and ended
// with a summary. The response shapes are the server's own (functions/core/views.ts), and the
// generated ones (Evaluation, Citation) the engine's (functions/engine/types.ts), so the page
// renders exactly what the server validated.
import type { AnsweredQuestion, AnswerStatus, PendingQuestion, QuestionView, QuizSession, QuizSummary, Rubric } from '../../../functions/core/views';
import type { Citation, Evaluation, FactKind, QuizDifficulty, QuizType } from '../../../functions/engine/types';
import { checkStartQuiz, quizAnswerBody, quizQuestionBody, startQuizBody } from '../../../functions/core/schemas';
import { api } from './client';
import { withTimeZone } from './timezone';
import type { Card } from './cards';
import type { UsageFigure } from './study';

export type { Citation, Evaluation, FactKind, QuizDifficulty, QuizType };
export type { AnsweredQuestion, AnswerStatus, PendingQuestion, QuizSession, QuizSummary, Rubric };
/** A question of a session: pending (no status sent) or answered. */
export type SessionQuestion = QuestionView;

/** One of: the option chosen (mcq), the written answer (open), or "I don't know". */
export type QuizAnswer = { choice: number } | { answer: string } | { skip: true };

/** A pending question is sent without a status. */
type MaybeStatus = { status?: string };
export const isAnswered = (q: SessionQuestion): q is AnsweredQuestion =>
  (q as MaybeStatus).status !== undefined && (q as MaybeStatus).status !== 'pending';

const enc = encodeURIComponent;
const sessionsPath = (subjectId: string) => `/subjects/${enc(subjectId)}/quiz-sessions`;
const sessionPath = (subjectId: string, sessionId: string) => `${sessionsPath(subjectId)}/${enc(sessionId)}`;

export const quizApi = {
  /** Not retried: a second try would open a second session. */
  start: (subjectId: string, body: { file_id: string; difficulty: QuizDifficulty }) =>
    api.post<QuizSession>(sessionsPath(subjectId), body, { retry: false, schema: startQuizBody, precheck: checkStartQuiz }),
  session: (subjectId: string, sessionId: string) => api.get<QuizSession>(sessionPath(subjectId, sessionId)),
  /** Not retried: each question counts against the month's quizzes. */
  nextQuestion: (subjectId: string, sessionId: string, type: QuizType) =>
    api.post<{ question: PendingQuestion; usage: UsageFigure }>(`${sessionPath(subjectId, sessionId)}/questions`, { type }, { retry: false, schema: quizQuestionBody }),
  /** Not retried: an answer is final, and grading an open answer is work for the engine. */
  answer: (subjectId: string, sessionId: string, questionId: string, body: QuizAnswer) =>
    api.post<{ result: AnsweredQuestion; card: Card | null }>(`${sessionPath(subjectId, sessionId)}/questions/${enc(questionId)}/answer`, withTimeZone(body), {
      retry: false,
      schema: quizAnswerBody,
    }),
  /** Idempotent on the server: safe to retry. */
  end: (subjectId: string, sessionId: string) => api.post<QuizSummary>(`${sessionPath(subjectId, sessionId)}/end`),
};
