// What follows every successful sign-in (password, confirmed sign-up or Google): update the login
// streak (10 s time-out, failure ignored), record a referral the sign-up carried, redeem a promo
// code the visitor typed on the offer page, read the profile so the caller can route to
// onboarding or to the wanted page, and, when a Premium button asked for it, open the checkout.
import { referralBody, streakBody } from '@core/schemas.js';
import { call } from '../api/client';
import { createCheckout, redeemPromoCode } from '../api/billing';
import type { PublicProfile } from '../api/types';
import type { RouteNotice } from '../components/SessionMessage';
import { getPending, removePending } from './pending-signup';
import { takeCheckoutRequest, takePromoCode } from './pending-actions';

export const STREAK_TIMEOUT_MS = 10_000;

export async function updateStreak(): Promise<void> {
  let timezone: string | undefined;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = undefined;
  }
  try {
    await call('POST /api/streak', {}, timezone ? { timezone } : {}, { timeoutMs: STREAK_TIMEOUT_MS, retry: false, schema: streakBody });
  } catch {
    /* a streak failure or time-out (10 s) is ignored */
  }
}

export async function recordPendingReferral(email: string | null): Promise<void> {
  if (!email) return;
  const pending = getPending(email);
  if (!pending) return;
  if (pending.referralCode) {
    try {
      await call('POST /api/referrals', {}, { code: pending.referralCode }, { schema: referralBody });
    } catch {
      /* a referral that cannot be recorded never blocks the new account */
    }
  }
  removePending(email);
}

export interface SignInOutcome {
  profile: PublicProfile | null;
  /** Where the browser goes instead of a page of the app (the checkout the visitor asked for). */
  checkoutUrl?: string;
  /** What the next page shows: the promo code's result, or why the checkout could not open. */
  notice?: RouteNotice;
}

/** The kept promo code, redeemed: the server's message either way. */
async function redeemKeptPromoCode(): Promise<RouteNotice | undefined> {
  const code = takePromoCode();
  if (!code) return undefined;
  const out = await redeemPromoCode(code);
  return { text: out.message, success: out.success };
}

export async function afterSignIn(email: string | null, refresh: () => Promise<PublicProfile | null>): Promise<SignInOutcome> {
  await Promise.all([updateStreak(), recordPendingReferral(email)]);
  const promo = await redeemKeptPromoCode();
  const profile = await refresh();
  if (takeCheckoutRequest()) {
    try {
      return { profile, checkoutUrl: await createCheckout(), notice: promo };
    } catch (err) {
      return { profile, notice: { text: err instanceof Error ? err.message : String(err) } };
    }
  }
  return { profile, notice: promo };
}

/** Where a signed-in student goes: onboarding first, then the wanted page, else /subjects. */
export function landingPath(profile: PublicProfile | null, next?: string | null): string {
  if (profile && !profile.onboarding_completed) return '/onboarding';
  return safeNext(next) ?? '/subjects';
}

/** Only same-site paths are followed. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  return next;
}
