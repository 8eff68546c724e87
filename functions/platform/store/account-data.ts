// Everything stored for one student, found and erased: items in every table of
// functions/platform/tables.ts, each found by its definition's `userData` rule, and objects under
// the student's prefix in the uploads bucket (and their data export zips under `exports/`). Used by account deletion and by the tests that check
// nothing is left behind. A table added to tables.ts is erased without a change here.
import { DeleteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { db, storage } from '../clients.js';
import { config } from '../config.js';
import { tables, type TableDef, type TableKey } from '../tables.js';
import { batchWrite, PARALLEL_BATCHES } from './batch.js';
import { findProfile } from './profiles.js';
import { queryAll } from './query.js';
import { listSubjectItems } from './subjects.js';

type Key = Record<string, unknown>;

const tableKeys = Object.keys(tables) as TableKey[];

/** The key attributes of a table's items. */
const keyNames = (def: TableDef): string[] => [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];

async function keysWhere(def: TableDef, attribute: string, value: string, index?: string): Promise<Key[]> {
  const names = keyNames(def);
  const items = await queryAll({
    TableName: config().tableNames[keyOf(def)],
    IndexName: index,
    KeyConditionExpression: '#pk = :v',
    ExpressionAttributeNames: { '#pk': attribute, ...Object.fromEntries(names.map((n, i) => [`#k${i}`, n])) },
    ExpressionAttributeValues: { ':v': value },
    ProjectionExpression: names.map((_, i) => `#k${i}`).join(', '),
  });
  return items.map((item) => Object.fromEntries(names.map((n) => [n, item[n]])));
}

const keyOf = (def: TableDef): TableKey => tableKeys.find((k) => tables[k].id === def.id)!;

/**
 * The keys of the user's items in one table, found as its definition says (tables.ts `userData`).
 * `subjectIds`: the user's subjects, read before anything is deleted.
 */
async function userKeys(def: TableDef, userId: string, subjectIds: string[], profile: Record<string, unknown> | null): Promise<Key[]> {
  const rule = def.userData;
  switch (rule.by) {
    case 'partition':
      return keysWhere(def, def.partitionKey.name, userId);
    case 'subject-partition':
      return (await Promise.all(subjectIds.map((id) => keysWhere(def, def.partitionKey.name, `${userId}#${id}`)))).flat();
    case 'partition-and-index': {
      const index = def.indexes?.find((i) => i.name === rule.index);
      if (!index) throw new Error(`${def.id}: no index ${rule.index}`);
      const [own, indexed] = await Promise.all([keysWhere(def, def.partitionKey.name, userId), keysWhere(def, index.partitionKey.name, userId, index.name)]);
      const seen = new Set(own.map((k) => JSON.stringify(k)));
      return [...own, ...indexed.filter((k) => !seen.has(JSON.stringify(k)))];
    }
    case 'profile-attribute': {
      const value = profile?.[rule.attribute];
      if (typeof value !== 'string' || !value) return [];
      const out = await db().send(new GetCommand({ TableName: config().tableNames[keyOf(def)], Key: { [def.partitionKey.name]: value }, ConsistentRead: true }));
      return out.Item?.user_id === userId ? [{ [def.partitionKey.name]: value }] : [];
    }
    case 'none':
      return [];
    default: {
      const unknown: never = rule;
      throw new Error(`Unknown user-data rule ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The order tables are emptied in: those whose rule reads another table before it (pages read the
 * subjects, the referral code is read from the profile), and the profile last, so that a retry
 * after a partial failure still finds what it needs.
 */
function erasePhase(key: TableKey): number {
  if (key === 'profiles') return 3;
  if (tables[key].userData.by === 'profile-attribute') return 2;
  if (key === 'subjects') return 1;
  return 0;
}

/**
 * The student's objects: everything under their prefix (`{user id}/`: course files, podcast audio)
 * and their data export zips (`exports/{user id}/`, a prefix of their own so that the bucket's
 * lifecycle rule can expire them).
 */
export async function listUserObjects(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of [`${userId}/`, `exports/${userId}/`]) {
    let token: string | undefined;
    do {
      const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: prefix, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
  return keys;
}

async function subjectIdsOf(userId: string): Promise<string[]> {
  return (await listSubjectItems(userId)).map((s) => s.id);
}

/**
 * What is stored for the user, table by table (every table of tables.ts), plus object keys; all
 * zero when the user is gone. Per-subject tables are counted by a scan, so that items left behind
 * by a deleted subject are counted too (a check for tests and audits).
 */
export async function describeUserData(userId: string): Promise<Record<TableKey | 'objects', number>> {
  const [subjectIds, profile] = await Promise.all([subjectIdsOf(userId), findProfile(userId)]);
  const result = {} as Record<TableKey | 'objects', number>;
  for (const key of tableKeys) {
    const def: TableDef = tables[key];
    result[key] = def.userData.by === 'subject-partition' ? await countByPrefixScan(def, `${userId}#`) : (await userKeys(def, userId, subjectIds, profile as Record<string, unknown> | null)).length;
  }
  result.objects = (await listUserObjects(userId)).length;
  return result;
}

async function countByPrefixScan(def: TableDef, prefix: string): Promise<number> {
  let count = 0;
  let start: Key | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: config().tableNames[keyOf(def)],
        FilterExpression: 'begins_with(#pk, :prefix)',
        ExpressionAttributeNames: { '#pk': def.partitionKey.name },
        ExpressionAttributeValues: { ':prefix': prefix },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Erases every row and object of the user: the objects first (storage before records),
 * then every table of tables.ts by its `userData` rule. Safe to run again after a partial failure.
 */
export async function eraseUserData(userId: string): Promise<void> {
  const c = config();
  const objects = await listUserObjects(userId);
  for (let i = 0; i < objects.length; i += 1000) {
    await storage().send(
      new DeleteObjectsCommand({
        Bucket: c.UPLOADS_BUCKET,
        Delete: { Objects: objects.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  const [subjectIds, profile] = await Promise.all([subjectIdsOf(userId), findProfile(userId)]);
  const ordered = [...tableKeys].sort((a, b) => erasePhase(a) - erasePhase(b));
  for (const key of ordered) {
    const def: TableDef = tables[key];
    const keys = await userKeys(def, userId, subjectIds, profile as Record<string, unknown> | null);
    if (def.userData.by === 'profile-attribute') {
      // A code is released only if it still names this user (it may have been claimed again).
      for (const k of keys) {
        await db().send(
          new DeleteCommand({
            TableName: c.tableNames[key],
            Key: k,
            ConditionExpression: 'attribute_not_exists(user_id) OR user_id = :u',
            ExpressionAttributeValues: { ':u': userId },
          }),
        );
      }
      continue;
    }
    await batchWrite(c.tableNames[key], keys.map((Key) => ({ DeleteRequest: { Key } })), PARALLEL_BATCHES);
  }
}
