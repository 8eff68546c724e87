// What follows every successful sign-in (password, confirmed sign-up or Google): update the login
// streak (10 s time-out, failure ignored), record a referral the sign-up carried, then read the
// profile so the caller can route to onboarding or to the wanted page.
import { referralBody, streakBody } from '../../../functions/core/schemas';
import { api } from '../api/client';
import type { PublicProfile } from '../api/types';
import { getPending, removePending } from './pending-signup';

export const STREAK_TIMEOUT_MS = 10_000;

export async function updateStreak(): Promise<void> {
  let timezone: string | undefined;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = undefined;
  }
  try {
    await api.post('/streak', timezone ? { timezone } : {}, { timeoutMs: STREAK_TIMEOUT_MS, retry: false, schema: streakBody });
  } catch {
    /* spec §8: a streak failure or time-out is ignored */
  }
}

export async function recordPendingReferral(email: string | null): Promise<void> {
  if (!email) return;
  const pending = getPending(email);
  if (!pending) return;
  if (pending.referralCode) {
    try {
      await api.post('/referrals', { code: pending.referralCode }, { schema: referralBody });
    } catch {
      /* a referral that cannot be recorded never blocks the new account */
    }
  }
  removePending(email);
}

export async function afterSignIn(email: string | null, refresh: () => Promise<PublicProfile | null>): Promise<PublicProfile | null> {
  await Promise.all([updateStreak(), recordPendingReferral(email)]);
  return refresh();
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
