// The quiz workspace's decisions, without the browser: what a new question, an answer or the
// summary does to the session on screen (only to the session they belong to), what an API error
// leads to (the "no more questions" note, reading the session again, or an error message), what
// the screen shows at each moment (loading, the question, the next-question bar), and the words
// announced after an answer. QuizPage.tsx renders what these say; nothing here touches React.
// It imports only the server's types (@core), so the unit tests load it without the web app.
import type { AnsweredQuestion, AnswerStatus, Card, QuestionView as SessionQuestion, QuizSession, QuizSummary } from '@core/views.js';

export type Busy = 'starting' | 'generating' | 'answering' | 'evaluating' | 'ending';
/** Where an error shows: the set-up form, the session, or the question being answered. */
export type Problem = { text: string; where: 'setup' | 'session' | 'answer' };
/** What gets the focus after the next render. */
export type FocusTarget = 'next' | 'summary' | 'exhausted';
/** The message keys this module names (each one of the catalogues' QuizKey). */
export type QuizKey =
  | 'quiz.fileRequired'
  | 'quiz.evaluateError'
  | 'study.networkError'
  | 'quiz.scoreLabel'
  | 'quiz.rightAnswer'
  | 'quiz.cardAdded'
  | 'quiz.next'
  | 'quiz.generate'
  | 'quiz.progressOne'
  | 'quiz.progressMany'
  | (typeof statusLabel)[AnswerStatus];
export type Translate = (key: QuizKey, params?: Record<string, string | number>) => string;

/** The verdict of each answer status (as components/quiz/labels.ts names them). */
export const statusLabel = {
  correct: 'quiz.result.correct',
  incorrect: 'quiz.result.incorrect',
  skipped: 'quiz.result.skipped',
  evaluated: 'quiz.result.evaluated',
} as const satisfies Record<AnswerStatus, string>;

/** A question the server sent is answered once it has a status other than pending (api/quiz.ts `isAnswered`). */
export const isAnswered = (q: SessionQuestion): q is AnsweredQuestion => {
  const status = (q as { status?: string }).status;
  return status !== undefined && status !== 'pending';
};

/** The new question goes last (once, even when the server sent it again) in its own session only. */
export const withQuestion = (session: QuizSession | null, sessionId: string, question: SessionQuestion): QuizSession | null =>
  session && session.id === sessionId ? { ...session, questions: [...session.questions.filter((q) => q.id !== question.id), question] } : session;

/** The corrected question replaces the one answered, in its own session only. */
export const withResult = (session: QuizSession | null, sessionId: string, result: AnsweredQuestion): QuizSession | null =>
  session && session.id === sessionId ? { ...session, questions: session.questions.map((q) => (q.id === result.id ? result : q)) } : session;

/** Ending puts the summary on the session and closes it (keeping the server's end time if known). */
export const withSummary = (session: QuizSession | null, sessionId: string, summary: QuizSummary, nowIso: string): QuizSession | null =>
  session && session.id === sessionId ? { ...session, ended_at: session.ended_at ?? nowIso, summary } : session;

/** A session read again replaces the one on screen only if that is still the same session. */
export const withRefreshed = (session: QuizSession | null, fresh: QuizSession): QuizSession | null =>
  session && session.id === fresh.id ? fresh : session;

/**
 * What a failed "next question" leads to: no question can come any more (the note with "see the
 * summary"), the session was ended elsewhere (read it again), or an error message.
 */
export const generateFailure = (code: string | null): 'exhausted' | 'refresh' | 'problem' =>
  code === 'quiz_exhausted' || code === 'quiz_session_full' ? 'exhausted' : code === 'quiz_session_ended' ? 'refresh' : 'problem';

/** A failed answer: already answered or the session ended elsewhere (read it again), or an error message. */
export const answerFailure = (code: string | null): 'refresh' | 'problem' =>
  code === 'quiz_already_answered' || code === 'quiz_session_ended' ? 'refresh' : 'problem';

/** The message key of a failed answer: a written answer could not be graded, or the network failed. */
export const answerErrorKey = (written: boolean): QuizKey => (written ? 'quiz.evaluateError' : 'study.networkError');

/** Starting needs a file; otherwise the message to show by the file field. */
export const startProblem = (fileId: string): QuizKey | null => (fileId ? null : 'quiz.fileRequired');

/** The verdict read out after an answer: the score of a graded written answer, else the result and, if wrong, the right option. */
export const verdictText = (result: AnsweredQuestion, t: Translate): string => {
  if (result.status === 'evaluated') return t('quiz.scoreLabel', { score: Math.round(result.evaluation?.score ?? 0) });
  const verdict = t(statusLabel[result.status]);
  const right = result.type === 'mcq' && result.correct_index !== undefined ? result.options?.[result.correct_index] : undefined;
  return result.status !== 'correct' && right ? `${verdict}. ${t('quiz.rightAnswer', { answer: right })}` : verdict;
};

/** The whole announcement: the verdict, and that a review card was made of the mistake. */
export const announcementFor = (result: AnsweredQuestion, card: Card | null, t: Translate): string =>
  `${verdictText(result, t)}${card ? `. ${t('quiz.cardAdded')}` : ''}`;

/** What the session part of the page shows, from the session, what is under way and the exhausted note. */
export interface QuizView {
  current: SessionQuestion | null;
  ended: boolean;
  answeredCount: number;
  currentAnswered: boolean;
  /** "Generating the question…" in place of the question. */
  loading: boolean;
  /** The current question's card (hidden once answered when no further question can come). */
  showQuestion: boolean;
  /** The bar with the usage and "next question" (or "generate" before the first). */
  showNext: boolean;
  nextLabel: QuizKey;
  progressLabel: QuizKey;
}

export const quizView = (session: QuizSession | null, busy: Busy | null, exhausted: string | null): QuizView => {
  const current = session?.questions[session.questions.length - 1] ?? null;
  const answeredCount = session?.questions.filter(isAnswered).length ?? 0;
  const currentAnswered = current ? isAnswered(current) : false;
  const loading = busy === 'generating' || busy === 'starting';
  return {
    current,
    ended: Boolean(session?.ended_at),
    answeredCount,
    currentAnswered,
    loading,
    showQuestion: !loading && current !== null && !(exhausted !== null && currentAnswered),
    showNext: exhausted === null && !loading && (!current || currentAnswered),
    nextLabel: current ? 'quiz.next' : 'quiz.generate',
    progressLabel: answeredCount === 1 ? 'quiz.progressOne' : 'quiz.progressMany',
  };
};
