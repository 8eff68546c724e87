// Asking a question about a subject's course (choose a mode, ask, optionally save): the answer, in
// the chosen
// mode, cites the pages it rests on. Each question is one turn of a conversation: a new draft
// conversation, or the one named by `conversation_id` (whose earlier turns the engine reads for
// follow-up questions, core/conversations.ts). One `question_generation` unit is taken per
// question on the free plan and given back if the answer cannot be produced or stored.
import { z } from 'zod';
import { hasRoom, historyOf } from '../core/conversations.js';
import { AppError } from '../core/errors.js';
import { MAX_TURNS } from '../core/limits.js';
import { askBody, checkAsk, subjectParams } from '../core/schemas.js';
import { answerSchema } from '../core/artefacts.js';
import { generate, loadEngine } from '../platform/course.js';
import { parse, userRoute } from '../platform/http.js';
import { appendTurn, createConversation, deleteConversation, getConversationOrThrow, toSummary, type Turn } from '../platform/store/conversations.js';
import { newItemId } from '../platform/store/drafts.js';
import { findSubject } from '../platform/store/subjects.js';
import { studyContext } from '../platform/study-context.js';
import { withUsage } from '../platform/usage.js';
import { creditStudyEvent } from '../platform/activity.js';

export const askQuestion = userRoute({ params: subjectParams, body: z.unknown() }, async ({ params, body, user, lang }) => {
  // The question's own messages first (empty, too long, no mode), then the schema.
  const question = checkAsk(body);
  const ask = parse(askBody, body);
  const now = new Date();
  const { plan, course, level } = await studyContext(user.id, params.subjectId, { fileId: ask.file_id, now });
  const previous = ask.conversation_id ? await getConversationOrThrow(user.id, params.subjectId, ask.conversation_id, now) : null;
  if (previous && !hasRoom(previous)) throw new AppError('conversation_full', { max: MAX_TURNS });

  const { value, usage } = await withUsage(
    user.id,
    'question_generation',
    async () => {
      const answer = await generate('generation_failed', { userId: user.id, subjectId: params.subjectId, mode: ask.mode }, async () =>
        answerSchema.parse(await (await loadEngine(plan)).answer({ course, question, mode: ask.mode, level, history: historyOf(previous), interfaceLanguage: lang })),
      );
      const at = new Date();
      const turn: Turn = { id: newItemId(at), question, mode: ask.mode, answer, created_at: at.toISOString() };
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
  await creditStudyEvent(user.id, params.subjectId, 'question');
  return { ...value, usage };
});
