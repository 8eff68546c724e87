// Premium's rules that need no provider: promo codes (one month per valid code, nine codes), trial and reward
// dates, the success messages with French dates, what a provider status means, and the
// subscription view the profile mirrors from Stripe's webhooks.
import type { Lang } from './errors.js';
import type { ProviderSubscriptionView } from './subscription.js';
import { PRODUCT_TIME_ZONE } from './limits.js';

/** Months a valid promo code grants or adds. */
export const PROMO_TRIAL_MONTHS = 1;
/** How many codes the configuration must list (nine accepted codes). */
export const PROMO_CODE_COUNT = 9;
/** `subscription_id` of a profile whose Premium comes from a promo code (a promo marker). */
export const PROMO_MARKER = 'promo';

/** Promo codes are trimmed and upper-cased. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

/** The accepted codes from the configured secret: comma- or line-separated, compared upper-cased. */
export function parsePromoCodes(secret: string): Set<string> {
  return new Set(
    secret
      .split(/[\s,;]+/)
      .map(normalizePromoCode)
      .filter(Boolean),
  );
}

/** `months` calendar months after `d` (31 January + 1 month = 28 or 29 February). */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** Where a grant of `months` ends: added to a trial still running, else counted from now. */
export function extendedTrialEnd(currentEnd: string | null | undefined, now: Date, months: number): { end: Date; extended: boolean } {
  const current = currentEnd ? new Date(currentEnd) : null;
  if (current && !Number.isNaN(current.getTime()) && current > now) return { end: addMonths(current, months), extended: true };
  return { end: addMonths(now, months), extended: false };
}

/** A date as the messages show it: "5 décembre 2026" in French, "5 December 2026" in English. */
export function formatDate(d: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: PRODUCT_TIME_ZONE }).format(d);
}

/** The promo success messages ('Code appliqué ! …', first grant or extension). */
export function promoSuccessMessage(end: Date, extended: boolean, lang: Lang): string {
  const date = formatDate(end, lang);
  if (lang === 'en') return extended ? `Code applied! Your Premium access has been extended until ${date}` : `Code applied! You now have Premium access until ${date}`;
  return extended ? `Code appliqué ! Votre accès Premium a été prolongé jusqu'au ${date}` : `Code appliqué ! Vous avez maintenant un accès Premium jusqu'au ${date}`;
}

/** A provider status that gives Premium (active or trialing). */
export const providerGrantsPremium = (status: string | null | undefined): boolean => status === 'active' || status === 'trialing';

/** The Stripe fields the webhooks keep on the profile. */
export interface ProviderProfileFields {
  stripe_subscription_id?: string | null;
  provider_status?: string | null;
  /** Epoch seconds. */
  provider_period_end?: number | null;
  cancel_at_period_end?: boolean | null;
  payment_method_brand?: string | null;
  payment_method_last4?: string | null;
}

/** The provider's subscription view as the profile mirrors it; null without a subscription. */
export function providerView(p: ProviderProfileFields | null): ProviderSubscriptionView | null {
  if (!p?.stripe_subscription_id || !p.provider_status) return null;
  return {
    subscription_status: p.provider_status,
    current_period_end: p.provider_period_end ?? null,
    cancel_at_period_end: Boolean(p.cancel_at_period_end),
    payment_method_brand: p.payment_method_brand ?? null,
    payment_method_last4: p.payment_method_last4 ?? null,
  };
}
