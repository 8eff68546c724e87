// Premium: Stripe Checkout in subscription mode (with the product's checkout messages), the
// customer portal, the subscription status object as the profile page shows it, and promo codes
// (a month of Premium per valid code).
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { normalizePromoCode, parsePromoCodes, promoSuccessMessage, providerGrantsPremium, providerView } from '../core/premium.js';
import { deriveSubscription } from '../core/subscription.js';
import { config } from '../platform/config.js';
import { userRoute } from '../platform/http.js';
import { logger } from '../platform/logger.js';
import { customerFor } from '../platform/payments.js';
import { findBillingProfile, redeemPromoCode } from '../platform/store/billing.js';
import { getOrCreateProfile } from '../platform/store/profiles.js';
import { secretValue } from '../platform/secrets.js';
import { premiumPriceId, stripe } from '../platform/stripe.js';

/** A return address on the app's own origin (a path, or a full URL of the same origin). */
function ownUrl(value: string): string {
  const origin = new URL(config().APP_URL).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new AppError('checkout_url_invalid');
  }
  if (url.origin !== origin) throw new AppError('checkout_url_invalid');
  return url.toString();
}

const failure = (what: string, err: unknown, code: 'checkout_failed' | 'billing_portal_failed') => {
  if (err instanceof AppError) return err;
  logger.error({ err: err instanceof Error ? err.message : String(err) }, `${what} failed`);
  return new AppError(code);
};

const checkoutSchema = z
  .object({
    price_id: z.string().min(1).max(200).optional(),
    mode: z.literal('subscription'),
    success_url: z.string().min(1).max(2000),
    cancel_url: z.string().min(1).max(2000),
  })
  .strict();

export const createCheckout = userRoute({ body: checkoutSchema }, async ({ body, user, lang }) => {
  const price = premiumPriceId();
  if (body.price_id && body.price_id !== price) throw new AppError('checkout_price_unknown');
  const successUrl = ownUrl(body.success_url);
  const cancelUrl = ownUrl(body.cancel_url);
  await getOrCreateProfile(user.id, new Date(), lang);
  const profile = await findBillingProfile(user.id);
  // Spec: nobody charged twice. A paying subscriber changes their plan in the portal.
  const view = providerView(profile);
  if (view && providerGrantsPremium(view.subscription_status)) throw new AppError('already_subscribed');
  try {
    const customer = await customerFor(user.id, profile?.stripe_customer_id);
    const session = await (await stripe()).checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: user.id,
      metadata: { user_id: user.id },
      subscription_data: { metadata: { user_id: user.id } },
      locale: lang,
    });
    if (!session.url) throw new AppError('checkout_no_url');
    return { sessionId: session.id, url: session.url };
  } catch (err) {
    throw failure('checkout', err, 'checkout_failed');
  }
});

export const createBillingPortal = userRoute({ body: z.object({ return_url: z.string().min(1).max(2000).optional() }).strict() }, async ({ body, user }) => {
  const profile = await findBillingProfile(user.id);
  if (!profile?.stripe_customer_id) throw new AppError('billing_no_customer');
  const returnUrl = ownUrl(body.return_url ?? '/profile');
  try {
    const session = await (await stripe()).billingPortal.sessions.create({ customer: profile.stripe_customer_id, return_url: returnUrl });
    return { url: session.url };
  } catch (err) {
    throw failure('billing portal', err, 'billing_portal_failed');
  }
});

/** The subscription status object, with the provider view the webhooks keep on the profile. */
export const getSubscription = userRoute({}, async ({ user, lang }) => {
  const now = new Date();
  await getOrCreateProfile(user.id, now, lang);
  const profile = await findBillingProfile(user.id);
  const provider = providerView(profile);
  return { ...deriveSubscription(profile, provider, now), provider, can_manage: Boolean(profile?.stripe_customer_id) };
});

export const redeemPromo = userRoute({ body: z.object({ code: z.string().max(64) }).strict() }, async ({ body, user, lang }) => {
  const code = normalizePromoCode(body.code);
  const accepted = parsePromoCodes(await secretValue('promoCodes'));
  if (!code || !accepted.has(code)) throw new AppError('promo_invalid');
  const now = new Date();
  const grant = await redeemPromoCode(user.id, code, now);
  return { success: true, message: promoSuccessMessage(grant.end, grant.extended, lang), trial_end: grant.end.toISOString(), extended: grant.extended };
});
