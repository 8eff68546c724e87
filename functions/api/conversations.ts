// Conversations of a subject: the saved ones listed newest first, one read with its turns in
// order, saved (or renamed) with a title, deleted. Drafts (never saved) are readable until they
// expire but never listed.
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import { conversationParams, subjectParams, titleBody } from '../core/schemas.js';
import { userRoute } from '../platform/http.js';
import { deleteConversation, getConversationOrThrow, listSavedConversations, saveConversation } from '../platform/store/conversations.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';

export const listConversations = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(await listSavedConversations(user.id, params.subjectId), byIdNewestFirst, query);
  return { conversations: page.items, ...(page.next ? { next: page.next } : {}) };
});

export const getConversation = userRoute({ params: conversationParams }, async ({ params, user }) =>
  getConversationOrThrow(user.id, params.subjectId, params.conversationId, new Date()),
);

export const saveConversationTitle = userRoute({ params: conversationParams, body: titleBody }, async ({ params, body, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  return saveConversation(user.id, params.subjectId, params.conversationId, body.title || undefined, new Date());
});

export const removeConversation = userRoute({ params: conversationParams }, async ({ params, user }) => {
  if (!(await deleteConversation(user.id, params.subjectId, params.conversationId, new Date()))) throw new AppError('conversation_not_found');
  return undefined;
});
