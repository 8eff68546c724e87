// What conversations and revision sheets have in common: items `{user_id, sk: {subject_id}#{id}}`
// with time-ordered ids, that stay drafts until the student saves them. A draft carries
// `expires_at` (epoch seconds): DynamoDB's TTL removes it in the cloud some time after that, and
// readers ignore it from that moment on (the laptop's dynalite has no TTL at all).
import { randomBytes } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, type ErrorCode } from '../../core/errors.js';
import { DRAFT_TTL_SECONDS } from '../../core/limits.js';
import { db } from '../clients.js';
import { batchWrite } from './batch.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

export interface DraftItem {
  user_id: string;
  sk: string;
  saved: boolean;
  expires_at?: number;
}

/** Time-ordered (base-36 milliseconds) with a random tail, so a descending query lists newest first. */
export function newItemId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
}

export const itemSortKey = (subjectId: string, id: string): string => `${subjectId}#${id}`;

export const draftExpiry = (now: Date): number => Math.floor(now.getTime() / 1000) + DRAFT_TTL_SECONDS;

/** Saved items live until deleted; drafts until `expires_at`. */
export function isLive(item: Pick<DraftItem, 'saved' | 'expires_at'>, now: Date): boolean {
  if (item.saved) return true;
  return typeof item.expires_at === 'number' && item.expires_at > now.getTime() / 1000;
}

/** The saved items of a subject, newest first, with only the attributes named. */
export async function listSavedUnder(table: string, userId: string, subjectId: string, attributes: string[]): Promise<Record<string, unknown>[]> {
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  return queryAll({
    TableName: table,
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :prefix)',
    FilterExpression: '#saved = :yes',
    ExpressionAttributeNames: { ...names, '#saved': 'saved' },
    ExpressionAttributeValues: { ':u': userId, ':prefix': `${subjectId}#`, ':yes': true },
    ProjectionExpression: Object.keys(names).join(', '),
    ScanIndexForward: false,
    ConsistentRead: true,
  });
}

/** Deletes every item of the subject, saved or not; safe to run again. */
export async function deleteAllUnder(table: string, userId: string, subjectId: string): Promise<void> {
  const keys = await queryAll({
    TableName: table,
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':u': userId, ':prefix': `${subjectId}#` },
    ProjectionExpression: 'user_id, sk',
    ConsistentRead: true,
  });
  await batchWrite(
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    4,
  );
}

/**
 * Saves (or renames) a live draft: it stops expiring. `title` undefined keeps the current one;
 * `touch` also sets `updated_at`. Answers `notFound` when there is no live draft of that id.
 */
export async function saveDraft(
  table: string,
  key: { userId: string; subjectId: string; id: string },
  opts: { title: string | undefined; now: Date; touch: boolean; notFound: ErrorCode },
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = { ':yes': true, ':now': Math.floor(opts.now.getTime() / 1000) };
  let update = 'SET saved = :yes';
  if (opts.touch) {
    update += ', updated_at = :at';
    values[':at'] = opts.now.toISOString();
  }
  if (opts.title) {
    update += ', title = :title';
    values[':title'] = opts.title;
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table,
        Key: { user_id: key.userId, sk: itemSortKey(key.subjectId, key.id) },
        UpdateExpression: `${update} REMOVE expires_at`,
        ConditionExpression: 'attribute_exists(sk) AND (saved = :yes OR expires_at > :now)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as Record<string, unknown>;
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError(opts.notFound);
    throw err;
  }
}

/** Deletes a draft or saved item; false when there was none (an expired draft is deleted and counts as none). */
export async function deleteDraft(table: string, key: { userId: string; subjectId: string; id: string }, now: Date): Promise<boolean> {
  const out = await db().send(
    new DeleteCommand({ TableName: table, Key: { user_id: key.userId, sk: itemSortKey(key.subjectId, key.id) }, ReturnValues: 'ALL_OLD' }),
  );
  const old = out.Attributes as Pick<DraftItem, 'saved' | 'expires_at'> | undefined;
  return Boolean(old && isLive(old, now));
}
