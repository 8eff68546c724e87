// Subjects in DynamoDB. A subject item is `{user_id, id}`; beside it, a name claim
// `{user_id, id: '#name#{NAME}'}` makes names unique per student without transactions, and a
// counter item in Usage (`cap#subjects`) makes the free cap race-free: a slot is reserved with one
// conditional update before the subject exists and released if anything after it fails.
import { randomBytes } from 'node:crypto';
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import type { Profile } from '../../core/profile.js';
import type { Subject } from '../../core/subjects.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { isConditionFailure } from './profiles.js';

export interface SubjectItem {
  user_id: string;
  id: string;
  name: string;
  color_index: number;
  created_at: string;
  file_count?: number;
}

const NAME_CLAIM_PREFIX = '#name#';
const SUBJECT_COUNTER = 'cap#subjects';
/** Subject ids are base-36 time stamps: every one sorts at or after '0', every claim before it. */
const FIRST_SUBJECT_ID = '0';

/** Time-ordered, so a descending query lists the newest subject first. */
export function newSubjectId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
}

export const toSubject = (item: SubjectItem): Subject => ({
  id: item.id,
  name: item.name,
  color_index: item.color_index ?? 0,
  created_at: item.created_at,
  fileCount: Math.max(0, item.file_count ?? 0),
});

const table = () => config().tableNames.subjects;

export async function findSubject(userId: string, subjectId: string): Promise<SubjectItem | null> {
  if (subjectId.startsWith('#')) return null;
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, id: subjectId }, ConsistentRead: true }));
  return (out.Item as SubjectItem | undefined) ?? null;
}

/**
 * A subject and its owner's profile in one round trip (BatchGetItem over both tables, consistent
 * reads): what a route that checks both the subject and the plan needs before anything else.
 */
export async function findSubjectWithProfile(userId: string, subjectId: string): Promise<{ subject: SubjectItem | null; profile: Profile | null }> {
  const profiles = config().tableNames.profiles;
  const keys: Record<string, { Keys: Record<string, string>[]; ConsistentRead: true }> = { [profiles]: { Keys: [{ user_id: userId }], ConsistentRead: true } };
  if (!subjectId.startsWith('#')) keys[table()] = { Keys: [{ user_id: userId, id: subjectId }], ConsistentRead: true };
  const found: Record<string, Record<string, unknown>[]> = {};
  let pending: typeof keys | undefined = keys;
  for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
    if (attempt > 0) {
      if (attempt > 8) throw new Error('subject and profile left unprocessed');
      await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 2_000)));
    }
    const out: { Responses?: Record<string, Record<string, unknown>[]>; UnprocessedKeys?: Record<string, unknown> } = await db().send(new BatchGetCommand({ RequestItems: pending }));
    for (const [t, items] of Object.entries(out.Responses ?? {})) (found[t] ??= []).push(...items);
    pending = out.UnprocessedKeys as typeof keys | undefined;
  }
  return { subject: (found[table()]?.[0] as unknown as SubjectItem | undefined) ?? null, profile: (found[profiles]?.[0] as unknown as Profile | undefined) ?? null };
}

export async function getSubjectOrThrow(userId: string, subjectId: string): Promise<SubjectItem> {
  const subject = await findSubject(userId, subjectId);
  if (!subject) throw new AppError('subject_not_found');
  return subject;
}

export async function listSubjectItems(userId: string): Promise<SubjectItem[]> {
  const items: SubjectItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'user_id = :u AND id >= :first',
        ExpressionAttributeValues: { ':u': userId, ':first': FIRST_SUBJECT_ID },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as SubjectItem[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function reserveSubjectSlot(userId: string, limit: number | null): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.usage,
        Key: { user_id: userId, sk: SUBJECT_COUNTER },
        UpdateExpression: 'ADD usage_count :one',
        ConditionExpression: limit === null ? undefined : 'attribute_not_exists(usage_count) OR usage_count < :limit',
        ExpressionAttributeValues: limit === null ? { ':one': 1 } : { ':one': 1, ':limit': limit },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('subject_limit_reached', { limit: limit ?? 0 });
    throw err;
  }
}

export async function releaseSubjectSlot(userId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: config().tableNames.usage,
        Key: { user_id: userId, sk: SUBJECT_COUNTER },
        UpdateExpression: 'ADD usage_count :minus',
        ConditionExpression: 'usage_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}

interface NameClaim {
  subject_id: string;
  created_at: string;
}

/** A claim whose subject never appeared this long after it was made was left by a crash. */
const STALE_CLAIM_MS = 60_000;

async function readClaim(userId: string, name: string): Promise<NameClaim | null> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, id: NAME_CLAIM_PREFIX + name }, ConsistentRead: true }),
  );
  return (out.Item as NameClaim | undefined) ?? null;
}

async function dropClaim(userId: string, name: string, subjectId: string): Promise<void> {
  await db()
    .send(
      new DeleteCommand({
        TableName: table(),
        Key: { user_id: userId, id: NAME_CLAIM_PREFIX + name },
        ConditionExpression: 'subject_id = :s',
        ExpressionAttributeValues: { ':s': subjectId },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/**
 * What a name claim leads to: the subject, `stale` for a claim left by a crash (dropped here), or
 * `busy` when another request is creating it right now and did not finish in time.
 */
async function resolveClaim(userId: string, name: string, claim: NameClaim): Promise<SubjectItem | 'stale' | 'busy'> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const subject = await findSubject(userId, claim.subject_id);
    if (subject) return subject;
    // The other request gave up (at the cap, or after a failure): its claim is gone.
    if (attempt > 0 && (await readClaim(userId, name))?.subject_id !== claim.subject_id) return 'stale';
    if (Date.now() - Date.parse(claim.created_at) > STALE_CLAIM_MS) {
      await dropClaim(userId, name, claim.subject_id);
      return 'stale';
    }
    await new Promise((r) => setTimeout(r, 25 * (attempt + 1)));
  }
  return 'busy';
}

/**
 * Creates the subject, or returns the one the student already has with that name (names are
 * compared trimmed and upper-cased).
 * `limit` is the plan's cap (null: unlimited).
 */
export async function createSubjectItem(
  userId: string,
  name: string,
  colorIndex: number | undefined,
  limit: number | null,
  now: Date,
  attempt = 0,
): Promise<{ subject: SubjectItem; created: boolean }> {
  const claim = await readClaim(userId, name);
  if (claim) {
    const found = await resolveClaim(userId, name, claim);
    if (found === 'busy') throw new AppError('subject_create_failed');
    if (found !== 'stale') return { subject: found, created: false };
  }

  // The name is claimed before a cap slot is taken, so requests for the same name never use
  // more than one slot between them.
  const id = newSubjectId(now);
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { user_id: userId, id: NAME_CLAIM_PREFIX + name, subject_id: id, created_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const winnerClaim = await readClaim(userId, name);
    const winner = winnerClaim ? await resolveClaim(userId, name, winnerClaim) : 'stale';
    if (winner === 'stale' && attempt < 2) return createSubjectItem(userId, name, colorIndex, limit, now, attempt + 1);
    if (typeof winner === 'string') throw new AppError('subject_create_failed');
    return { subject: winner, created: false };
  }
  try {
    await reserveSubjectSlot(userId, limit);
  } catch (err) {
    await dropClaim(userId, name, id);
    throw err;
  }
  const count = (await listSubjectItems(userId)).length;
  const item: SubjectItem = {
    user_id: userId,
    id,
    name,
    color_index: colorIndex ?? count,
    created_at: now.toISOString(),
    file_count: 0,
  };
  try {
    await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
  } catch (err) {
    await dropClaim(userId, name, id);
    await releaseSubjectSlot(userId);
    throw err;
  }
  return { subject: item, created: true };
}

/** Removes the subject item, its name claim and its cap slot (its files are removed before). */
export async function removeSubjectItem(subject: SubjectItem): Promise<void> {
  const out = await db().send(
    new DeleteCommand({ TableName: table(), Key: { user_id: subject.user_id, id: subject.id }, ReturnValues: 'ALL_OLD' }),
  );
  await dropClaim(subject.user_id, subject.name, subject.id);
  if (out.Attributes) await releaseSubjectSlot(subject.user_id);
}

/** Reserves one file slot on the subject: fails on a missing subject or at the plan's cap. */
export async function reserveFileSlot(userId: string, subjectId: string, limit: number | null): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, id: subjectId },
        UpdateExpression: 'ADD file_count :one',
        ConditionExpression:
          limit === null
            ? 'attribute_exists(id)'
            : 'attribute_exists(id) AND (attribute_not_exists(file_count) OR file_count < :limit)',
        ExpressionAttributeValues: limit === null ? { ':one': 1 } : { ':one': 1, ':limit': limit },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    if (!(await findSubject(userId, subjectId))) throw new AppError('subject_not_found');
    throw new AppError('file_limit_reached', { limit: limit ?? 0 });
  }
}

export async function releaseFileSlot(userId: string, subjectId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, id: subjectId },
        UpdateExpression: 'ADD file_count :minus',
        ConditionExpression: 'attribute_exists(id) AND file_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}
