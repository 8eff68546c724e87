// Webhooks: public routes whose sender proves itself by a signature over the raw body. Stripe's
// signature (`Stripe-Signature`, HMAC-SHA256 with the endpoint's secret over the signing time and
// the body) is verified by the stripe library; its time must lie within 5 minutes of now in both
// directions (the library refuses old ones only; a time from the future is refused here). A
// missing or bad signature is a 400 and nothing changes. A signed event that does not parse, or
// names nothing Révise knows, is acknowledged (200) and logged: Stripe would otherwise retry it for
// days, and no retry can make it mean something. Each event is applied once: its id is recorded by
// the idempotency helper, and a redelivery is acknowledged with the first outcome.
import Stripe from 'stripe';
import { AppError } from '../core/errors.js';
import { webhookRoute } from '../platform/http.js';
import { once } from '../platform/idempotency.js';
import { logger } from '../platform/logger.js';
import { secretValue } from '../platform/secrets.js';
import { applyStripeEvent, readStripeEvent } from '../pipelines/stripe-events.js';

/** How far a signature's time may be from now, either way (Stripe's own default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signing time as Stripe's library reads it from the header (the last `t=`), or null. */
function signedAt(header: string): number | null {
  let t = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = parseInt(value ?? '', 10);
  }
  return Number.isFinite(t) ? t : null;
}

/** Throws `webhook_signature_invalid` unless Stripe signed these bytes within the tolerance of now. */
async function verifyStripeSignature(rawBody: Buffer, header: string | undefined, now: Date): Promise<void> {
  if (!header) throw new AppError('webhook_signature_invalid');
  const t = signedAt(header);
  if (t === null || Math.abs(Math.floor(now.getTime() / 1000) - t) > SIGNATURE_TOLERANCE_SECONDS) throw new AppError('webhook_signature_invalid');
  const signature = Stripe.webhooks.signature;
  if (!signature) throw new Error('the stripe library has no signature helper');
  const secret = await secretValue('stripeWebhook');
  try {
    signature.verifyHeader(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch {
    throw new AppError('webhook_signature_invalid');
  }
}

export const stripeWebhook = webhookRoute({}, async ({ rawBody, headers, requestId }) => {
  await verifyStripeSignature(rawBody, headers['stripe-signature'], new Date());
  const event = readStripeEvent(rawBody);
  if (!event) {
    logger.warn({ requestId, bytes: rawBody.length }, 'signed stripe event not understood: acknowledged, nothing changed');
    return { received: true, replay: false, applied: false, reason: 'malformed' };
  }
  const { result, replay } = await once(`stripe#${event.id}`, () => applyStripeEvent(event));
  return { received: true, replay, applied: result.applied, ...(result.reason ? { reason: result.reason } : {}) };
});
