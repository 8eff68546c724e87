// Everything stored for one student, found and erased: rows in every table and objects under the
// student's prefix in the uploads bucket. Used by account deletion and by the tests that check
// nothing is left behind.
import { DeleteCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch.js';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { db, storage } from '../clients.js';
import { config } from '../config.js';
import { findProfile } from './profiles.js';
import { deletePages } from './pages.js';
import { listReferrals, referralsOfReferee } from './referrals.js';
import { listSubjectItems } from './subjects.js';

type Key = Record<string, unknown>;

/** Tables whose partition key is the user id, with their sort key name. */
const userPartitioned = [
  ['subjects', 'id'],
  ['files', 'sk'],
  ['usage', 'sk'],
  ['conversations', 'sk'],
  ['sheets', 'sk'],
  ['quizSessions', 'sk'],
  ['cards', 'sk'],
] as const;

async function keysUnder(table: string, sortKey: string, userId: string): Promise<Key[]> {
  const keys: Key[] = [];
  let start: Key | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
        ProjectionExpression: '#pk, #sk',
        ExpressionAttributeNames: { '#pk': 'user_id', '#sk': sortKey },
        ExclusiveStartKey: start,
      }),
    );
    keys.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return keys;
}

async function deleteKeys(table: string, keys: Key[]): Promise<void> {
  await batchWrite(table, keys.map((Key) => ({ DeleteRequest: { Key } })));
}

export async function listUserObjects(userId: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await storage().send(
      new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${userId}/`, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** What is stored for the user, table by table, plus object keys; empty when the user is gone. */
export async function describeUserData(userId: string): Promise<Record<string, number>> {
  const c = config();
  const result: Record<string, number> = {};
  const profile = await findProfile(userId);
  result.profiles = profile ? 1 : 0;
  for (const [table, sortKey] of userPartitioned) result[table] = (await keysUnder(c.tableNames[table], sortKey, userId)).length;
  result.referrals = (await listReferrals(userId)).length + (await referralsOfReferee(userId)).length;
  result.objects = (await listUserObjects(userId)).length;
  result.pages = await countPagesByScan(userId);
  return result;
}

/** Pages left for the user in any subject, found by a scan (a check for tests and audits). */
async function countPagesByScan(userId: string): Promise<number> {
  let count = 0;
  let start: Key | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: config().tableNames.pages,
        FilterExpression: 'begins_with(#o, :prefix)',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':prefix': `${userId}#` },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Erases every row and object of the user. Safe to run again after a partial failure. */
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
  for (const subject of await listSubjectItems(userId)) await deletePages(userId, subject.id);
  for (const [table, sortKey] of userPartitioned) {
    await deleteKeys(c.tableNames[table], await keysUnder(c.tableNames[table], sortKey, userId));
  }
  const asReferrer = await listReferrals(userId);
  const asReferee = await referralsOfReferee(userId);
  await deleteKeys(
    c.tableNames.referrals,
    [...asReferrer, ...asReferee].map((r) => ({ referrer_user_id: r.referrer_user_id, referred_user_id: r.referred_user_id })),
  );
  const profile = await findProfile(userId);
  if (profile?.referral_code) {
    await db().send(
      new DeleteCommand({
        TableName: c.tableNames.referralCodes,
        Key: { code: profile.referral_code },
        ConditionExpression: 'attribute_not_exists(code) OR user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
  }
  // The profile goes last: while it exists, a retry still finds the referral code to release.
  await db().send(new DeleteCommand({ TableName: c.tableNames.profiles, Key: { user_id: userId } }));
}
