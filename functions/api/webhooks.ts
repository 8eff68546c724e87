// Webhooks: public routes whose sender proves itself by a signature over the raw body. Stripe's
// signature (`Stripe-Signature`, HMAC-SHA256 with the endpoint's secret and a timestamp checked
// against replays older than 5 minutes) is verified by the stripe library; a missing or bad one is
// a 400 and nothing changes. Each event is applied once: its id is recorded by the idempotency
// helper, and a redelivery is acknowledged with the first outcome.
import Stripe from 'stripe';
import { AppError } from '../core/errors.js';
import { webhookRoute } from '../platform/http.js';
import { once } from '../platform/idempotency.js';
import { secretValue } from '../platform/secrets.js';
import { applyStripeEvent } from '../pipelines/stripe-events.js';

export const stripeWebhook = webhookRoute({}, async ({ rawBody, headers }) => {
  const signature = headers['stripe-signature'];
  if (!signature) throw new AppError('webhook_signature_invalid');
  const secret = await secretValue('stripeWebhook');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('webhook_signature_invalid');
  }
  const { result, replay } = await once(`stripe#${event.id}`, () => applyStripeEvent(event));
  return { received: true, replay, applied: result.applied };
});
