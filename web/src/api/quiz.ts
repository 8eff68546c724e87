// The quiz API (functions/api/quiz.ts) as the web app calls it: a session on one file, questions
// generated one at a time, answered (a choice, a written answer, or "I don't know") and ended
// with a summary. Each call's body and answer are its route's in functions/core/contract.ts (the
// shapes of functions/core/views.ts, and for generated ones such as Evaluation and Citation,
// functions/core/artefacts.ts), so the page renders exactly what the server validated.
import type { AnsweredQuestion, AnswerStatus, PendingQuestion, QuestionView, QuizSession, QuizSummary, Rubric } from '@core/views.js';
import type { Citation, Evaluation, FactKind, QuizDifficulty, QuizType } from '@core/artefacts.js';
import { checkStartQuiz, quizAnswerBody, quizQuestionBody, startQuizBody } from '@core/schemas.js';
import type { BodyOf } from '@core/contract.js';
import { call } from './client';
import { withTimeZone } from './timezone';

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

export const quizApi = {
  /** Not retried: a second try would open a second session. */
  start: (subjectId: string, body: BodyOf<'POST /api/subjects/{subjectId}/quiz-sessions'>) =>
    call('POST /api/subjects/{subjectId}/quiz-sessions', { subjectId }, body, { retry: false, schema: startQuizBody, precheck: checkStartQuiz }),
  session: (subjectId: string, sessionId: string) => call('GET /api/subjects/{subjectId}/quiz-sessions/{sessionId}', { subjectId, sessionId }),
  /** Not retried: each question counts against the month's quizzes. */
  nextQuestion: (subjectId: string, sessionId: string, type: QuizType) =>
    call('POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions', { subjectId, sessionId }, { type }, { retry: false, schema: quizQuestionBody }),
  /** Not retried: an answer is final, and grading an open answer is work for the engine. */
  answer: (subjectId: string, sessionId: string, questionId: string, body: QuizAnswer) =>
    call('POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions/{questionId}/answer', { subjectId, sessionId, questionId }, withTimeZone(body), {
      retry: false,
      schema: quizAnswerBody,
    }),
  /** Idempotent on the server: safe to retry. */
  end: (subjectId: string, sessionId: string) => call('POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/end', { subjectId, sessionId }),
};
