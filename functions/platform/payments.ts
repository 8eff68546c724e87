// Premium through Stripe: the student's customer (one per student), reading a subscription into
// what the profile mirrors, and the referral reward (two free months per five referees
// who complete onboarding). The same code runs against Stripe in the cloud and against the
// laptop's stand-in (functions/platform/stripe.ts chooses where the client points).
import type Stripe from 'stripe';
import { extendedTrialEnd, providerGrantsPremium, providerView } from '../core/premium.js';
import { REFERRAL_GOAL, REFERRAL_REWARD_MONTHS } from '../core/referral.js';
import { logger } from './logger.js';
import { claimReferralBlocks, findBillingProfile, keepCustomerId, type SubscriptionState } from './store/billing.js';
import { listReferrals } from './store/referrals.js';
import { premiumPriceId, stripe } from './stripe.js';

/** The student's Stripe customer: created once (an idempotency key per student), its id kept on the profile. */
export async function customerFor(userId: string, existing: string | null | undefined, email?: string): Promise<string> {
  if (existing) return existing;
  const client = await stripe();
  const customer = await client.customers.create(
    { metadata: { user_id: userId }, ...(email ? { email } : {}) },
    { idempotencyKey: `revise-customer-${userId}` },
  );
  return keepCustomerId(userId, customer.id);
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** What the profile keeps of a subscription: status, period end, cancellation, the card's brand and last 4 digits. */
export async function subscriptionState(sub: Stripe.Subscription): Promise<SubscriptionState> {
  let card: SubscriptionState['card'] = null;
  const pm = sub.default_payment_method;
  try {
    const method = typeof pm === 'string' ? await (await stripe()).paymentMethods.retrieve(pm) : pm;
    if (method?.card) card = { brand: method.card.brand, last4: method.card.last4 };
  } catch (err) {
    logger.warn({ subscription: sub.id, err: err instanceof Error ? err.message : String(err) }, 'payment method unreadable');
  }
  const ends = sub.items?.data?.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number') ?? [];
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    periodEnd: ends.length ? Math.max(...ends) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    card,
  };
}

/** The student a subscription belongs to: its metadata (set at checkout), else its customer's. */
export async function userOfSubscription(sub: Stripe.Subscription): Promise<string | null> {
  if (sub.metadata?.user_id) return sub.metadata.user_id;
  const customerId = idOf(sub.customer);
  if (!customerId) return null;
  const customer = await (await stripe()).customers.retrieve(customerId);
  return 'deleted' in customer && customer.deleted ? null : ((customer as Stripe.Customer).metadata?.user_id ?? null);
}

export interface ReferralReward {
  /** Reward blocks given by this call (one per five referees). */
  blocks: number;
  months: number;
  kind: 'free_months' | 'balance_credit';
}

/**
 * Gives the referrer what their completed referrals have earned and not yet received: for each
 * block of five, two months, as a trial extension for a student without a paying subscription,
 * or as a credit worth two months on the Stripe customer balance of a paying subscriber. The
 * blocks given are recorded on the profile by a conditional update, so referees completing
 * onboarding at the same time reward the referrer once; the credit carries an idempotency key
 * naming the blocks, so a racing request that loses the update has not credited twice.
 */
export async function rewardReferrer(referrerId: string, now: Date): Promise<ReferralReward | null> {
  const completed = (await listReferrals(referrerId)).filter((r) => r.status === 'completed').length;
  const block = Math.floor(completed / REFERRAL_GOAL);
  for (let attempt = 0; attempt < 8; attempt++) {
    const p = await findBillingProfile(referrerId);
    if (!p) return null;
    const given = p.referral_reward_blocks ?? 0;
    if (block <= given) return null;
    const months = (block - given) * REFERRAL_REWARD_MONTHS;
    const provider = providerView(p);
    const paying = Boolean(p.stripe_customer_id && provider && providerGrantsPremium(provider.subscription_status) && !provider.cancel_at_period_end);
    if (paying) {
      const client = await stripe();
      const price = await client.prices.retrieve(premiumPriceId());
      await client.customers.createBalanceTransaction(
        p.stripe_customer_id!,
        {
          amount: -(price.unit_amount ?? 0) * months,
          currency: price.currency,
          description: `Parrainage : ${months} mois offerts`,
          metadata: { user_id: referrerId, reward_blocks: `${given + 1}-${block}` },
        },
        { idempotencyKey: `revise-referral-${referrerId}-${given}-${block}` },
      );
      if (await claimReferralBlocks(referrerId, p, block, now, null)) return { blocks: block - given, months, kind: 'balance_credit' };
    } else {
      const grant = extendedTrialEnd(p.trial_end, now, months);
      if (await claimReferralBlocks(referrerId, p, block, now, grant)) return { blocks: block - given, months, kind: 'free_months' };
    }
  }
  throw new Error('referral reward kept conflicting');
}

/**
 * Account deletion: a subscription still running is cancelled now, so that nobody is charged for an
 * account that no longer exists. One Stripe refuses to cancel (already ended) is left as it is.
 */
export async function cancelSubscriptionOf(userId: string): Promise<void> {
  const p = await findBillingProfile(userId);
  if (!p?.stripe_subscription_id || p.provider_status === 'canceled' || p.provider_status === 'incomplete_expired') return;
  try {
    await (await stripe()).subscriptions.cancel(p.stripe_subscription_id);
  } catch (err) {
    if ((err as { type?: string }).type !== 'StripeInvalidRequestError') throw err;
  }
}
