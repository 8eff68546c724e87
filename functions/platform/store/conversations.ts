// Question-and-answer conversations in DynamoDB: one item per conversation,
// `{user_id, sk: {subject_id}#{conversation_id}}`, its turns inside the item as JSON. A
// conversation is a draft (expiring a day after its last turn) until the student saves it with a
// title. A conversation holds at most MAX_TURNS turns and MAX_TURNS_BYTES of JSON (core/limits.ts) (an item is
// limited to 400 KB): a full one answers 409 `conversation_full` and the student starts another.
// Turns are appended with a condition on the turn count, so two questions racing in the same
// conversation both land, one after the other.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import type { Conversation, ConversationSummary, Turn } from '../../core/views.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { defaultConversationTitle } from '../../core/conversations.js';
import { MAX_TURNS, MAX_TURNS_BYTES } from '../../core/limits.js';
import { deleteAllUnder, deleteDraft, draftExpiry, isLive, itemSortKey, listSavedUnder, saveDraft } from './drafts.js';
import { isConditionFailure } from './profiles.js';

export type { Conversation, ConversationSummary, Turn };

interface ConversationItem extends ConversationSummary {
  user_id: string;
  sk: string;
  turns_json: string;
  expires_at?: number;
}

const table = () => config().tableNames.conversations;

export function toSummary(item: ConversationSummary): ConversationSummary {
  return {
    id: item.id,
    subject_id: item.subject_id,
    title: item.title,
    saved: Boolean(item.saved),
    created_at: item.created_at,
    updated_at: item.updated_at,
    turn_count: Number(item.turn_count ?? 0),
  };
}

function toConversation(item: ConversationItem): Conversation {
  return { ...toSummary(item), turns: JSON.parse(item.turns_json || '[]') as Turn[] };
}

function turnsJson(turns: Turn[]): string {
  const json = JSON.stringify(turns);
  if (Buffer.byteLength(json, 'utf8') > MAX_TURNS_BYTES) throw new AppError('conversation_full', { max: MAX_TURNS });
  return json;
}

/** The conversation, or null when there is none (or only an expired draft). */
export async function findConversation(userId: string, subjectId: string, id: string, now: Date): Promise<Conversation | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, id) }, ConsistentRead: true }));
  const item = out.Item as ConversationItem | undefined;
  return item && isLive(item, now) ? toConversation(item) : null;
}

export async function getConversationOrThrow(userId: string, subjectId: string, id: string, now: Date): Promise<Conversation> {
  const found = await findConversation(userId, subjectId, id, now);
  if (!found) throw new AppError('conversation_not_found');
  return found;
}

/** A new draft conversation holding its first turn. */
export async function createConversation(userId: string, subjectId: string, id: string, turn: Turn, now: Date): Promise<Conversation> {
  const at = now.toISOString();
  const item: ConversationItem = {
    user_id: userId,
    sk: itemSortKey(subjectId, id),
    id,
    subject_id: subjectId,
    title: defaultConversationTitle(turn.question),
    saved: false,
    created_at: at,
    updated_at: at,
    turn_count: 1,
    turns_json: turnsJson([turn]),
    expires_at: draftExpiry(now),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  return toConversation(item);
}

/**
 * Appends a turn. The write is conditional on the turn count read, so a concurrent append is
 * never lost: on a conflict the conversation is read again and the turn appended to that.
 */
export async function appendTurn(conversation: Conversation, userId: string, turn: Turn, now: Date): Promise<Conversation> {
  let current = conversation;
  for (let attempt = 0; attempt < 8; attempt++) {
    const turns = [...current.turns, turn];
    if (turns.length > MAX_TURNS) throw new AppError('conversation_full', { max: MAX_TURNS });
    const values: Record<string, unknown> = {
      ':turns': turnsJson(turns),
      ':count': turns.length,
      ':prev': current.turns.length,
      ':at': now.toISOString(),
      ':now': Math.floor(now.getTime() / 1000),
    };
    let update = 'SET turns_json = :turns, turn_count = :count, updated_at = :at';
    if (!current.saved) {
      // A draft stays a day after its last question.
      update += ', expires_at = :exp';
      values[':exp'] = draftExpiry(now);
    }
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: itemSortKey(current.subject_id, current.id) },
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(sk) AND turn_count = :prev AND (saved = :yes OR expires_at > :now)',
          ExpressionAttributeValues: { ...values, ':yes': true },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toConversation(out.Attributes as ConversationItem);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const again = await findConversation(userId, current.subject_id, current.id, now);
      if (!again) throw new AppError('conversation_not_found');
      current = again;
    }
  }
  throw new Error('Too many concurrent changes to one conversation');
}

/** The saved conversations of a subject, newest first. */
export async function listSavedConversations(userId: string, subjectId: string): Promise<ConversationSummary[]> {
  const items = await listSavedUnder(table(), userId, subjectId, ['id', 'subject_id', 'title', 'saved', 'created_at', 'updated_at', 'turn_count']);
  return (items as unknown as ConversationSummary[]).map(toSummary);
}

/** Saves (or renames) a conversation: it stops expiring. `title` undefined keeps the current one. */
export async function saveConversation(userId: string, subjectId: string, id: string, title: string | undefined, now: Date): Promise<ConversationSummary> {
  const item = await saveDraft(table(), { userId, subjectId, id }, { title, now, touch: true, notFound: 'conversation_not_found' });
  return toSummary(item as unknown as ConversationItem);
}

/** Deletes a conversation; false when there was none (an expired draft is deleted and counts as none). */
export async function deleteConversation(userId: string, subjectId: string, id: string, now: Date): Promise<boolean> {
  return deleteDraft(table(), { userId, subjectId, id }, now);
}

/** Every conversation of the subject, saved or not (subject deletion). */
export async function deleteSubjectConversations(userId: string, subjectId: string): Promise<void> {
  await deleteAllUnder(table(), userId, subjectId);
}
