// Conversation rules: when a conversation takes another question, its default title, and what a
// follow-up question reads of the turns before it. Pure functions.
import type { Answer } from './artefacts.js';
import { DEFAULT_TITLE_CHARS, MAX_TURNS, MAX_TURNS_BYTES } from './limits.js';
import { truncate, utf8Bytes } from './text.js';
import type { Conversation } from './views.js';

/** A conversation takes a new question only with this much room left for its answer. */
const ROOM_FOR_A_TURN_BYTES = 40_000;
/** Earlier turns the engine reads for a follow-up question, and how much of each answer. */
export const HISTORY_TURNS = 6;
const HISTORY_ANSWER_CHARS = 1500;

/** Whether the conversation can take one more question. */
export function hasRoom(conversation: Pick<Conversation, 'turns'>): boolean {
  return conversation.turns.length < MAX_TURNS && utf8Bytes(JSON.stringify(conversation.turns)) <= MAX_TURNS_BYTES - ROOM_FOR_A_TURN_BYTES;
}

export const defaultConversationTitle = (question: string): string => truncate(question, DEFAULT_TITLE_CHARS);

/** An answer as plain text, what a follow-up question reads of the turns before it. */
export function answerText(answer: Answer): string {
  if (!answer.found) return answer.not_found_message ?? answer.blocks.map((b) => b.text).join('\n');
  const lines = answer.blocks.map((b) => b.text);
  if (answer.exercise) lines.push(answer.exercise.final_answer.text);
  return lines.join('\n');
}

/** The earlier turns as plain text, oldest first, for a follow-up question. */
export function historyOf(conversation: Pick<Conversation, 'turns'> | null): { question: string; answer: string }[] {
  return (conversation?.turns ?? []).slice(-HISTORY_TURNS).map((t) => ({ question: t.question, answer: truncate(answerText(t.answer), HISTORY_ANSWER_CHARS) }));
}
