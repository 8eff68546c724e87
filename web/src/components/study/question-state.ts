// The question workspace's decisions, without the browser: whether a question can be asked (not
// empty, a mode chosen) and which field the message belongs to, what the request sends, when the
// thread holds turns not saved (leaving then asks first), which navigation is a citation (a Back
// returns to the thread, so it does not ask), when Enter sends, the mode a reopened conversation
// resumes with, and the words of the composer. QuestionPage.tsx renders what these say.
// It imports only the server's types (@core), so the unit tests load it without the web app.
import type { AnswerMode } from '@core/artefacts.js';
import type { ConversationSummary, Turn } from '@core/views.js';

/** The message keys this module names (each one of the catalogues' MessageKey). */
export type QuestionKey = 'question.empty' | 'question.modeRequired' | 'question.followUpLabel' | 'question.label';

export type Problem = { text: string; field?: 'question' | 'mode' };

/** A conversation as the thread's title bar knows it (its turns live apart). */
export const summaryOf = ({ turns: _turns, ...summary }: ConversationSummary & { turns?: Turn[] }): ConversationSummary => summary;

/** What asking leads to: the trimmed question and mode to send, or the message and the field it belongs to. */
export type AskCheck = { ok: true; question: string; mode: AnswerMode } | { ok: false; problem: QuestionKey; field: 'question' | 'mode' };

export const checkAsk = (question: string, mode: AnswerMode | null): AskCheck => {
  const text = question.trim();
  if (!text) return { ok: false, problem: 'question.empty', field: 'question' };
  if (!mode) return { ok: false, problem: 'question.modeRequired', field: 'mode' };
  return { ok: true, question: text, mode };
};

/** The request: the question, its mode, and the conversation it continues (none for a new one). */
export const askBody = (question: string, mode: AnswerMode, conversation: Pick<ConversationSummary, 'id'> | null) => ({
  question,
  mode,
  ...(conversation ? { conversation_id: conversation.id } : {}),
});

/** Turns on screen that are not in a saved conversation: leaving would lose them. */
export const isUnsaved = (turns: readonly Turn[], conversation: Pick<ConversationSummary, 'saved'> | null): boolean =>
  turns.length > 0 && !conversation?.saved;

/** A citation opens the files page's viewer (`?view=`): a Back returns to this thread. */
export const isCitationTarget = (next: { pathname: string; search: string }, filesPath: string): boolean =>
  next.pathname === filesPath && new URLSearchParams(next.search).has('view');

/** Enter sends; Shift+Enter makes a new line, and Enter while composing (an IME) does not send. */
export const sendsOnEnter = (key: string, shiftKey: boolean, isComposing: boolean): boolean => key === 'Enter' && !shiftKey && !isComposing;

/** A reopened conversation goes on in the mode of its last turn (null: keep the one chosen). */
export const resumeMode = (turns: readonly Turn[]): AnswerMode | null => turns[turns.length - 1]?.mode ?? null;

/** The title offered when saving: the conversation's own, else its first question. */
export const saveTitle = (conversation: Pick<ConversationSummary, 'title'>, turns: readonly Turn[]): string =>
  conversation.title || turns[0]?.question || '';

/** The composer's label: a first question, or a follow-up once the thread has turns. */
export const composerLabel = (turnCount: number): QuestionKey => (turnCount > 0 ? 'question.followUpLabel' : 'question.label');
