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
// An event is read (`readStripeEvent`) before anything is done with it: the fields used must have
// the shape Stripe gives them, numbers within bounds, else the event is not understood
// (`malformed`). An event that names a subscription or customer Stripe does not have, or a student
// Révise does not know, changes nothing. Both are acknowledged by the route, never a 500: no retry
// could make them mean something. Anything else that fails (Stripe or the database unreachable)
// throws, so that Stripe retries.
import type Stripe from 'stripe';
import { z } from 'zod';
import { logger } from '../platform/logger.js';
import { subscriptionState, userOfSubscription } from '../platform/payments.js';
import { applySubscriptionState } from '../platform/store/billing.js';
import { stripe } from '../platform/stripe.js';

export interface StripeEventOutcome {
  type: string;
  applied: boolean;
  /** Why an event changed nothing. */
  reason?: 'ignored_type' | 'no_subscription' | 'unknown_subscription' | 'unknown_user' | 'stale';
}

// ---- Reading an event ----

const stripeId = z.string().min(1).max(255);
/** Epoch seconds, from 1970 to 2100: what Stripe's times are, and what a DynamoDB number and a Date can hold. */
const epochSeconds = z.number().int().min(0).max(4_102_444_800);
/** A reference to another object: its id, or the object expanded. */
const reference = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();

/** What this module reads of a subscription in an event (functions/platform/payments.ts `subscriptionState`). */
const subscriptionObject = z.looseObject({
  id: stripeId,
  status: z.string().min(1).max(64),
  customer: reference,
  metadata,
  cancel_at_period_end: z.boolean().nullish(),
  default_payment_method: reference,
  items: z.looseObject({ data: z.array(z.looseObject({ current_period_end: epochSeconds.nullish() })) }).nullish(),
});
const checkoutSessionObject = z.looseObject({ subscription: reference, client_reference_id: stripeId.nullish(), metadata });
const invoiceObject = z.looseObject({ parent: z.looseObject({ subscription_details: z.looseObject({ subscription: reference }).nullish() }).nullish() });

const objectOf: Record<string, z.ZodType> = {
  'customer.subscription.created': subscriptionObject,
  'customer.subscription.updated': subscriptionObject,
  'customer.subscription.deleted': subscriptionObject,
  'checkout.session.completed': checkoutSessionObject,
  'invoice.paid': invoiceObject,
  'invoice.payment_failed': invoiceObject,
};

const envelope = z.looseObject({
  id: stripeId,
  type: z.string().min(1).max(255),
  created: epochSeconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** A signed body as an event this module can act on, or null when it is not JSON or not shaped as Stripe's events are. */
export function readStripeEvent(rawBody: Buffer): Stripe.Event | null {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const event = envelope.safeParse(value);
  if (!event.success) return null;
  const shape = objectOf[event.data.type];
  if (shape && !shape.safeParse(event.data.data.object).success) return null;
  return value as Stripe.Event;
}

/** Stripe's answer for an object it does not have (another account's, a deleted one, a made-up id). */
const isMissing = (err: unknown): boolean => {
  const e = err as { type?: string; statusCode?: number } | null;
  return e?.type === 'StripeInvalidRequestError' && e.statusCode === 404;
};

// ---- Applying it ----

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
  let found: Awaited<ReturnType<typeof subject>>;
  try {
    found = await subject(event);
  } catch (err) {
    if (!isMissing(err)) throw err;
    logger.warn({ eventId: event.id, type: event.type }, 'stripe event for a subscription Stripe does not have');
    return { type: event.type, applied: false, reason: 'unknown_subscription' };
  }
  if (found === 'ignored') return { type: event.type, applied: false, reason: 'ignored_type' };
  if (!found) return { type: event.type, applied: false, reason: 'no_subscription' };
  let userId: string | null;
  try {
    userId = found.userId ?? (await userOfSubscription(found.sub));
  } catch (err) {
    // The subscription's customer is not Stripe's (any longer): nobody Révise knows.
    if (!isMissing(err)) throw err;
    userId = null;
  }
  if (!userId) {
    logger.warn({ eventId: event.id, type: event.type, subscription: found.sub.id }, 'stripe event for no known student');
    return { type: event.type, applied: false, reason: 'unknown_user' };
  }
  const applied = await applySubscriptionState(userId, await subscriptionState(found.sub), event.created, now);
  logger.info({ eventId: event.id, type: event.type, userId, applied }, 'stripe event');
  return applied ? { type: event.type, applied: true } : { type: event.type, applied: false, reason: 'stale' };
}
