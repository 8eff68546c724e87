// Asking a question about a subject's course (spec §2, §4 "Question"): the answer, in the chosen
// mode, cites the pages it rests on. Each question is one turn of a conversation: a new draft
// conversation, or the one named by `conversation_id` (whose earlier turns the engine reads for
// follow-up questions). One `question_generation` unit is taken per question on the free plan
// and given back if the answer cannot be produced or stored.
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { answerModes, answerSchema, type AnswerMode } from '../engine/types.js';
import { generate, loadCourse, loadEngine } from '../platform/course.js';
import { parse, userRoute } from '../platform/http.js';
import { currentPlan } from '../platform/plan.js';
import {
  answerText,
  appendTurn,
  createConversation,
  deleteConversation,
  getConversationOrThrow,
  hasRoom,
  MAX_TURNS,
  toSummary,
  type Conversation,
  type Turn,
} from '../platform/store/conversations.js';
import { newItemId, shorten } from '../platform/store/drafts.js';
import { findSubject } from '../platform/store/subjects.js';
import { withUsage } from '../platform/usage.js';
import { subjectParams } from './subjects.js';

export const MAX_QUESTION_CHARS = 2000;
/** Earlier turns the engine reads for a follow-up question, and how much of each answer. */
const HISTORY_TURNS = 6;
const HISTORY_ANSWER_CHARS = 1500;

const idSchema = z.string().min(1).max(64);

const askSchema = z
  .object({
    question: z.string(),
    mode: z.enum(answerModes),
    conversation_id: idSchema.nullish(),
    file_id: idSchema.nullish(),
  })
  .strict();

export interface Ask {
  question: string;
  mode: AnswerMode;
  conversationId: string | null;
  fileId: string | null;
}

/**
 * The request, checked in the order the question page shows its messages: the question
 * (`question_empty`, `question_too_long`), then the mode (`mode_required`), then the rest.
 */
export function readAsk(body: unknown): Ask {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const question = typeof fields.question === 'string' ? fields.question.trim() : '';
  if (!question) throw new AppError('question_empty');
  if (question.length > MAX_QUESTION_CHARS) throw new AppError('question_too_long', { max: MAX_QUESTION_CHARS });
  if (typeof fields.mode !== 'string' || !(answerModes as readonly string[]).includes(fields.mode)) throw new AppError('mode_required');
  const parsed = parse(askSchema, fields);
  return { question, mode: parsed.mode, conversationId: parsed.conversation_id ?? null, fileId: parsed.file_id ?? null };
}

/** The earlier turns as plain text, oldest first, for a follow-up question. */
export function historyOf(conversation: Conversation | null): { question: string; answer: string }[] {
  return (conversation?.turns ?? []).slice(-HISTORY_TURNS).map((t) => ({ question: t.question, answer: shorten(answerText(t.answer), HISTORY_ANSWER_CHARS) }));
}

export const askQuestion = userRoute({ params: subjectParams, body: z.unknown() }, async ({ params, body, user, lang }) => {
  const ask = readAsk(body);
  const now = new Date();
  const plan = await currentPlan(user.id, now);
  const course = await loadCourse(user.id, params.subjectId, { fileId: ask.fileId ?? undefined, fallbackLanguage: plan.profile?.language ?? 'fr' });
  const previous = ask.conversationId ? await getConversationOrThrow(user.id, params.subjectId, ask.conversationId, now) : null;
  if (previous && !hasRoom(previous)) throw new AppError('conversation_full', { max: MAX_TURNS });

  const { value, usage } = await withUsage(
    user.id,
    'question_generation',
    async () => {
      const answer = await generate('generation_failed', { userId: user.id, subjectId: params.subjectId, mode: ask.mode }, async () =>
        answerSchema.parse(
          await (await loadEngine()).answer({
            course,
            question: ask.question,
            mode: ask.mode,
            level: plan.profile?.education_level ?? null,
            history: historyOf(previous),
            interfaceLanguage: lang,
          }),
        ),
      );
      const at = new Date();
      const turn: Turn = { id: newItemId(at), question: ask.question, mode: ask.mode, answer, created_at: at.toISOString() };
      if (previous) return { conversation: toSummary(await appendTurn(previous, user.id, turn, at)), turn };
      const conversation = await createConversation(user.id, params.subjectId, newItemId(at), turn, at);
      // The subject was deleted while the answer was written: its conversations must not outlive it.
      if (!(await findSubject(user.id, params.subjectId))) {
        await deleteConversation(user.id, params.subjectId, conversation.id, at);
        throw new AppError('subject_not_found');
      }
      return { conversation: toSummary(conversation), turn };
    },
    { now, plan },
  );
  return { ...value, usage };
});
