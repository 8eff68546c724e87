// The plan fields of a profile: what Stripe's webhooks mirror, promo trials, referral rewards and
// the end of trials. Every change is one conditional update of the profile item, computed from a
// read and conditional on what it was computed from, so racing requests apply once (the loser
// re-reads and decides again) and an older Stripe event never overwrites a newer one.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import { extendedTrialEnd, PROMO_MARKER, PROMO_TRIAL_MONTHS, providerGrantsPremium, type ProviderProfileFields } from '../../core/premium.js';
import type { Profile } from '../../core/profile.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { findProfile, isConditionFailure } from './profiles.js';

/** The profile with the fields of the payments module. */
export type BillingProfile = Profile &
  ProviderProfileFields & {
    stripe_customer_id?: string | null;
    stripe_event_at?: number | null;
    promo_codes_used?: Set<string>;
    referral_reward_blocks?: number;
  };

const ATTEMPTS = 8;

export const findBillingProfile = (userId: string) => findProfile(userId) as Promise<BillingProfile | null>;

interface Update {
  set: Record<string, unknown>;
  remove?: string[];
  add?: Record<string, unknown>;
  /** Extra conditions, with their values named `:c…`. */
  conditions?: string[];
  values?: Record<string, unknown>;
}

/** One conditional update of the profile; false when the condition did not hold. */
async function updateIf(userId: string, u: Update): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ...u.values };
  const sets = Object.entries(u.set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const adds = Object.entries(u.add ?? {}).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    return `#a${i} :a${i}`;
  });
  const removes = (u.remove ?? []).map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  const expression = [`SET ${sets.join(', ')}`, adds.length ? `ADD ${adds.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.profiles,
        Key: { user_id: userId },
        UpdateExpression: expression,
        ConditionExpression: ['attribute_exists(user_id)', ...(u.conditions ?? [])].join(' AND '),
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The condition "this attribute still has the value read", null and missing alike. */
function unchanged(attribute: string, value: unknown, tag: string): { condition: string; values: Record<string, unknown> } {
  if (value === null || value === undefined) {
    return { condition: `(attribute_not_exists(${attribute}) OR ${attribute} = :${tag})`, values: { [`:${tag}`]: null } };
  }
  return { condition: `${attribute} = :${tag}`, values: { [`:${tag}`]: value } };
}

const trialRunning = (p: BillingProfile, now: Date) => Boolean(p.trial_end && new Date(p.trial_end) > now);

/**
 * Keeps the Stripe customer id on the profile: the first one stored wins (a racing request that
 * created the customer with the same idempotency key got the same id anyway).
 */
export async function keepCustomerId(userId: string, customerId: string): Promise<string> {
  const stored = await updateIf(userId, {
    set: { stripe_customer_id: customerId },
    conditions: ['(attribute_not_exists(stripe_customer_id) OR stripe_customer_id = :cnull)'],
    values: { ':cnull': null },
  });
  if (stored) return customerId;
  const p = await findBillingProfile(userId);
  if (!p) throw new AppError('not_found');
  return p.stripe_customer_id ?? customerId;
}

export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: string;
  /** Epoch seconds. */
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
}

/**
 * Mirrors a Stripe subscription on the profile, unless a newer event was applied already (Stripe
 * delivers in no particular order: `eventCreated` is the event's time). While a free trial runs,
 * the plan fields stay the trial's; the provider fields are kept for when it ends.
 */
export async function applySubscriptionState(userId: string, s: SubscriptionState, eventCreated: number, now: Date): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const p = await findBillingProfile(userId);
    if (!p) return false;
    if (p.stripe_event_at && p.stripe_event_at > eventCreated) return false;
    const trial = trialRunning(p, now);
    const trialGuard = unchanged('trial_end', p.trial_end, 'te');
    const ok = await updateIf(userId, {
      set: {
        stripe_customer_id: s.customerId,
        stripe_subscription_id: s.subscriptionId,
        provider_status: s.status,
        provider_period_end: s.periodEnd,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        subscription_period_end: s.periodEnd ? new Date(s.periodEnd * 1000).toISOString() : null,
        ...(s.card ? { payment_method_brand: s.card.brand, payment_method_last4: s.card.last4 } : {}),
        stripe_event_at: eventCreated,
        ...(trial ? {} : { is_subscribed: providerGrantsPremium(s.status), subscription_status: s.status, subscription_id: s.subscriptionId }),
        updated_at: now.toISOString(),
      },
      conditions: ['(attribute_not_exists(stripe_event_at) OR stripe_event_at <= :created)', trialGuard.condition],
      values: { ':created': eventCreated, ...trialGuard.values },
    });
    if (ok) return true;
  }
  throw new Error('subscription update kept conflicting');
}

/** The trial fields of a grant ending at `end` (Premium as 'trialing' until then). */
const trialFields = (end: Date, now: Date) => ({
  trial_end: end.toISOString(),
  trial_open: 'open',
  trial_open_until: end.toISOString(),
  is_subscribed: true,
  subscription_status: 'trialing',
  updated_at: now.toISOString(),
});

export interface TrialGrant {
  end: Date;
  extended: boolean;
}

/**
 * Redeems a promo code (trimmed, upper-cased, one of the accepted codes): a month from now, or a
 * month more on a trial still running.
 * A code is used once per student (it joins `promo_codes_used`; `trial_code` keeps the last one).
 * The update is conditional on the trial end it was computed from and on the code being unused,
 * so ten racing redemptions of one code give one success and nine refusals.
 */
export async function redeemPromoCode(userId: string, code: string, now: Date): Promise<TrialGrant> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let p: BillingProfile | null;
    try {
      p = await findBillingProfile(userId);
    } catch {
      throw new AppError('promo_profile_failed');
    }
    if (!p) throw new AppError('promo_user_not_found');
    if (p.trial_code === code || p.promo_codes_used?.has(code)) throw new AppError('promo_already_used');
    const grant = extendedTrialEnd(p.trial_end, now, PROMO_TRIAL_MONTHS);
    const guard = unchanged('trial_end', p.trial_end, 'te');
    const ok = await updateIf(userId, {
      set: { ...trialFields(grant.end, now), trial_code: code, trial_applied_at: now.toISOString(), subscription_id: PROMO_MARKER },
      add: { promo_codes_used: new Set([code]) },
      conditions: ['NOT contains(promo_codes_used, :code)', guard.condition],
      values: { ':code': code, ...guard.values },
    });
    if (ok) return grant;
  }
  throw new AppError('promo_failed');
}

/**
 * Records that the referrer's reward blocks up to `block` are given, with the trial extension when
 * the reward is free months (`extend`): one update, conditional on the blocks and trial end read.
 */
export async function claimReferralBlocks(userId: string, read: BillingProfile, block: number, now: Date, extend: TrialGrant | null): Promise<boolean> {
  const blocks = unchanged('referral_reward_blocks', read.referral_reward_blocks ?? null, 'rb');
  const guard = unchanged('trial_end', read.trial_end, 'te');
  return updateIf(userId, {
    set: { referral_reward_blocks: block, ...(extend ? trialFields(extend.end, now) : { updated_at: now.toISOString() }) },
    conditions: [blocks.condition, ...(extend ? [guard.condition] : [])],
    values: { ...blocks.values, ...(extend ? guard.values : {}) },
  });
}

/**
 * Ends the free trials whose end has passed (the monthly job): the plan fields go back to the
 * provider's subscription when there is one, else to not subscribed. Found through the sparse
 * index of open trials; each change is conditional on the end it read, so a trial extended
 * meanwhile stays open. Returns how many were ended.
 */
export async function endExpiredTrials(now: Date): Promise<number> {
  const table = config().tableNames.profiles;
  let ended = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table,
        IndexName: 'by-trial-end',
        KeyConditionExpression: 'trial_open = :open AND trial_open_until <= :now',
        ExpressionAttributeValues: { ':open': 'open', ':now': now.toISOString() },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (page.Items ?? []) as BillingProfile[]) {
      const provider = item.stripe_subscription_id ? (item.provider_status ?? null) : null;
      const ok = await updateIf(item.user_id, {
        set: {
          is_subscribed: providerGrantsPremium(provider),
          subscription_status: provider ?? 'not_subscribed',
          subscription_id: item.stripe_subscription_id ?? null,
          updated_at: now.toISOString(),
        },
        remove: ['trial_open', 'trial_open_until'],
        conditions: ['trial_open_until = :until'],
        values: { ':until': (item as unknown as { trial_open_until: string }).trial_open_until },
      });
      if (ok) ended++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return ended;
}
