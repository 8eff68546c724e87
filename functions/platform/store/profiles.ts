// Profiles in DynamoDB: one item per student, created on first read with a unique referral code.
// Every write is a single-item conditional operation (no transactions: dynalite has none, and
// they cost double in the cloud).
import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultProfile, type Profile } from '../../core/profile.js';
import { generateReferralCode } from '../../core/referral.js';
import { nextStreak, type Streak } from '../../core/streak.js';
import { db } from '../clients.js';
import { config } from '../config.js';

/** The usage-table item that counts the profiles ever created (the landing page counter). */
export const GLOBAL_COUNTER_KEY = { user_id: '#global', sk: 'profiles-created' } as const;

const isConditionFailure = (err: unknown): boolean =>
  err instanceof ConditionalCheckFailedException || (err as { name?: string })?.name === 'ConditionalCheckFailedException';

export async function findProfile(userId: string): Promise<Profile | null> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.profiles, Key: { user_id: userId }, ConsistentRead: true }));
  return (out.Item as Profile | undefined) ?? null;
}

/** Claims a referral code nobody has, retrying on the rare collision. */
async function claimReferralCode(userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = generateReferralCode((n) => randomBytes(n));
    try {
      await db().send(
        new PutCommand({
          TableName: config().tableNames.referralCodes,
          Item: { code, user_id: userId },
          ConditionExpression: 'attribute_not_exists(code)',
        }),
      );
      return code;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error('Could not allocate a referral code');
}

async function releaseReferralCode(code: string, userId: string): Promise<void> {
  await db()
    .send(
      new DeleteCommand({
        TableName: config().tableNames.referralCodes,
        Key: { code },
        ConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    )
    .catch(() => undefined);
}

/**
 * The student's profile, created with the defaults (onboarding not completed) when none exists. Two first reads
 * racing each other end with one profile: the loser releases the code it claimed and reads the
 * winner's profile.
 */
export async function getOrCreateProfile(userId: string, now: Date, language: 'fr' | 'en' = 'fr'): Promise<Profile> {
  const existing = await findProfile(userId);
  if (existing) return existing;
  const code = await claimReferralCode(userId);
  const profile = defaultProfile(userId, code, now, language);
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableNames.profiles,
        Item: profile,
        ConditionExpression: 'attribute_not_exists(user_id)',
      }),
    );
  } catch (err) {
    await releaseReferralCode(code, userId);
    if (!isConditionFailure(err)) throw err;
    const winner = await findProfile(userId);
    if (!winner) throw err;
    return winner;
  }
  await db().send(
    new UpdateCommand({
      TableName: config().tableNames.usage,
      Key: GLOBAL_COUNTER_KEY,
      UpdateExpression: 'ADD usage_count :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return profile;
}

/** Sets the given fields on an existing profile and returns the whole updated profile. */
export async function updateProfileFields(userId: string, fields: Record<string, unknown>, now: Date): Promise<Profile> {
  const entries = Object.entries({ ...fields, updated_at: now.toISOString() }).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const out = await db().send(
    new UpdateCommand({
      TableName: config().tableNames.profiles,
      Key: { user_id: userId },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(user_id)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as Profile;
}

/**
 * Records `referrerId` on the referee's profile, once: the condition makes a second claim fail
 * even when two requests race. Returns false when a referrer was already recorded.
 */
export async function setReferredBy(userId: string, referrerId: string, now: Date): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.profiles,
        Key: { user_id: userId },
        UpdateExpression: 'SET referred_by = :r, updated_at = :now',
        ConditionExpression: 'attribute_exists(user_id) AND (attribute_not_exists(referred_by) OR referred_by = :null)',
        ExpressionAttributeValues: { ':r': referrerId, ':now': now.toISOString(), ':null': null },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Applies a login on `today` to the streak. The write is conditional on the streak it was computed
 * from, so two logins racing each other count once; the loser recomputes from the winner's state.
 */
export async function recordLogin(userId: string, today: string, now: Date): Promise<Streak> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const profile = await getOrCreateProfile(userId, now);
    const prev: Streak = {
      streak_count: profile.streak_count ?? 0,
      highest_streak: profile.highest_streak ?? 0,
      last_login_date: profile.last_login_date ?? null,
    };
    const next = nextStreak(prev, today);
    if (next === prev) return prev;
    try {
      await db().send(
        new UpdateCommand({
          TableName: config().tableNames.profiles,
          Key: { user_id: userId },
          UpdateExpression: 'SET streak_count = :c, highest_streak = :h, last_login_date = :d',
          ConditionExpression: prev.last_login_date
            ? 'last_login_date = :prev'
            : 'attribute_not_exists(last_login_date) OR last_login_date = :null',
          ExpressionAttributeValues: {
            ':c': next.streak_count,
            ':h': next.highest_streak,
            ':d': next.last_login_date,
            ...(prev.last_login_date ? { ':prev': prev.last_login_date } : { ':null': null }),
          },
        }),
      );
      return next;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error('Streak update kept conflicting');
}

export async function profilesCreated(): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.usage, Key: GLOBAL_COUNTER_KEY }));
  return Number(out.Item?.usage_count ?? 0);
}

export { isConditionFailure };
