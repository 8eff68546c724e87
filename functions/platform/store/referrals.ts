// Referral codes and referral rows. A code maps to exactly one user (the code is the key); a
// referee has at most one referrer (recorded on the referee's profile first, then the row).
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.js';
import { config } from '../config.js';
import { isConditionFailure } from './profiles.js';

export type ReferralStatus = 'pending' | 'completed';

export interface Referral {
  referrer_user_id: string;
  referred_user_id: string;
  status: ReferralStatus;
  created_at: string;
  completed_at?: string;
}

export async function findCodeOwner(code: string): Promise<string | null> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.referralCodes, Key: { code } }));
  return (out.Item?.user_id as string | undefined) ?? null;
}

/** Inserts the pending row; an existing row (a retried request) is left as it is. */
export async function insertPendingReferral(referrerId: string, refereeId: string, now: Date): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableNames.referrals,
        Item: { referrer_user_id: referrerId, referred_user_id: refereeId, status: 'pending', created_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(referred_user_id)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** pending → completed, once; returns whether this call made the transition. */
export async function completeReferral(referrerId: string, refereeId: string, now: Date): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.referrals,
        Key: { referrer_user_id: referrerId, referred_user_id: refereeId },
        UpdateExpression: 'SET #s = :completed, completed_at = :now, created_at = if_not_exists(created_at, :now)',
        ConditionExpression: 'attribute_not_exists(#s) OR #s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':completed': 'completed', ':pending': 'pending', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function listReferrals(referrerId: string): Promise<Referral[]> {
  const items: Referral[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: config().tableNames.referrals,
        KeyConditionExpression: 'referrer_user_id = :r',
        ExpressionAttributeValues: { ':r': referrerId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as Referral[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Rows in which the user is the referee (at most one, by construction). */
export async function referralsOfReferee(refereeId: string): Promise<Referral[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: config().tableNames.referrals,
      IndexName: 'by-referred-user',
      KeyConditionExpression: 'referred_user_id = :u',
      ExpressionAttributeValues: { ':u': refereeId },
    }),
  );
  return (out.Items ?? []) as Referral[];
}
