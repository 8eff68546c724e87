// What a verified Stripe event changes. The webhook route (functions/api/webhooks.ts) checks the
// signature and makes sure each event is applied once; this module decides what it means for the
// student. Subscriptions and invoices are applied by the payments module; until it is configured,
// every event is acknowledged and recorded as not applied, so Stripe stops retrying it.
import type Stripe from 'stripe';
import { logger } from '../platform/logger.js';

export interface StripeEventOutcome {
  type: string;
  applied: boolean;
}

export async function applyStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
  logger.info({ eventId: event.id, type: event.type }, 'stripe event not applied');
  return { type: event.type, applied: false };
}
