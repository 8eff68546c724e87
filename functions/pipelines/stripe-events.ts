// What a verified Stripe event changes. The webhook route (functions/api/webhooks.ts) checks the
// signature and makes sure each event is applied once; this module decides what it means for the
// student: the subscription the event is about is mirrored on the profile (status, period end,
// cancellation, card), which is what the plan checks read (functions/platform/plan.ts).
//
// - customer.subscription.created|updated|deleted: the subscription in the event;
// - checkout.session.completed, invoice.paid, invoice.payment_failed: the subscription they name,
//   read from Stripe (its state now: an invoice's payment changes it).
// Events arrive in any order and more than once: the profile keeps the time of the event it last
// applied, and an older event is acknowledged without overwriting a newer state.
import type Stripe from 'stripe';
import { logger } from '../platform/logger.js';
import { subscriptionState, userOfSubscription } from '../platform/payments.js';
import { applySubscriptionState } from '../platform/store/billing.js';
import { stripe } from '../platform/stripe.js';

export interface StripeEventOutcome {
  type: string;
  applied: boolean;
  /** Why an event changed nothing. */
  reason?: 'ignored_type' | 'no_subscription' | 'unknown_user' | 'stale';
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

async function retrieveSubscription(id: string): Promise<Stripe.Subscription> {
  return (await stripe()).subscriptions.retrieve(id);
}

/** The subscription an event is about, and the student when the event names them itself. */
async function subject(event: Stripe.Event): Promise<{ sub: Stripe.Subscription; userId: string | null } | null | 'ignored'> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { sub: event.data.object, userId: null };
    case 'checkout.session.completed': {
      const session = event.data.object;
      const id = idOf(session.subscription);
      if (!id) return null;
      return { sub: await retrieveSubscription(id), userId: session.client_reference_id ?? session.metadata?.user_id ?? null };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const id = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (!id) return null;
      return { sub: await retrieveSubscription(id), userId: null };
    }
    default:
      return 'ignored';
  }
}

export async function applyStripeEvent(event: Stripe.Event, now: Date = new Date()): Promise<StripeEventOutcome> {
  const found = await subject(event);
  if (found === 'ignored') return { type: event.type, applied: false, reason: 'ignored_type' };
  if (!found) return { type: event.type, applied: false, reason: 'no_subscription' };
  const userId = found.userId ?? (await userOfSubscription(found.sub));
  if (!userId) {
    logger.warn({ eventId: event.id, type: event.type, subscription: found.sub.id }, 'stripe event for no known student');
    return { type: event.type, applied: false, reason: 'unknown_user' };
  }
  const applied = await applySubscriptionState(userId, await subscriptionState(found.sub), event.created, now);
  logger.info({ eventId: event.id, type: event.type, userId, applied }, 'stripe event');
  return applied ? { type: event.type, applied: true } : { type: event.type, applied: false, reason: 'stale' };
}
