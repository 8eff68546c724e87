// The profile page's decisions, without React or a browser (unit-tested in
// test/unit/web/profile-state.test.ts): which checkout notice the address asks for and what it says,
// what the subscription card shows for a free, trial or Premium account, the referral card's link
// and progress, the reminders switch's lock, and the checks of the details, password and deletion
// forms. Guarantees: pure functions of their arguments, nothing read from the page or the network.
import type { EducationLevel } from '@core/profile.js';
import type { ReferralSummary, SubscriptionInfo } from '@core/contract.js';

/**
 * The catalogue keys these decisions name (each one a `MessageKey` of web/src/i18n, which the web
 * build checks where the components pass them to `t`); spelled here so that this module imports
 * nothing of the browser's.
 */
export type MessageKey =
  | 'profile.checkoutSuccess'
  | 'profile.checkoutPending'
  | 'profile.checkoutCanceled'
  | 'profile.status.not_subscribed'
  | 'profile.status.active'
  | 'profile.status.trialing'
  | 'profile.status.canceled'
  | 'profile.status.past_due'
  | 'profile.plan.free'
  | 'profile.plan.trial'
  | 'profile.plan.premium'
  | 'profile.cancelAtEnd'
  | 'profile.periodEnd'
  | 'profile.remindersOn'
  | 'profile.remindersOff'
  | 'reset.tooShort'
  | 'profile.passwordWrong'
  | 'profile.passwordFailed';

/** How long a "saved" message or "copied" label stays on screen. */
export const SUCCESS_MESSAGE_MS = 3000;
/** How often the status is read again after checkout, until the webhook has landed. */
export const CHECKOUT_REFRESH_MS = 2000;
/** How many times it is read again (20 s with CHECKOUT_REFRESH_MS) before the page stops asking. */
export const CHECKOUT_REFRESH_TRIES = 10;
export const RESET_MIN_PASSWORD = 8;

export type CheckoutReturn = 'success' | 'canceled' | null;

/** Back from checkout: success_url is /profile?success=true, cancel_url /profile?canceled=true. */
export function checkoutReturn(params: URLSearchParams): CheckoutReturn {
  if (params.get('success') === 'true') return 'success';
  if (params.get('canceled') === 'true') return 'canceled';
  return null;
}

/** Premium has landed: subscribed, and no longer in a trial (which checkout ends). */
export function premiumLanded(sub: Pick<SubscriptionInfo, 'is_subscribed' | 'subscription_status'>): boolean {
  return sub.is_subscribed && sub.subscription_status !== 'trialing';
}

export interface CheckoutNoticeView {
  tone: 'success' | 'warning';
  key: MessageKey;
}

/** The notice at the top of the page after checkout: pending until the webhook made them Premium. */
export function checkoutNotice(returned: CheckoutReturn, premium: boolean): CheckoutNoticeView | null {
  if (returned === 'success') return { tone: 'success', key: premium ? 'profile.checkoutSuccess' : 'profile.checkoutPending' };
  if (returned === 'canceled') return { tone: 'warning', key: 'profile.checkoutCanceled' };
  return null;
}

const STATUS_KEYS: Record<string, MessageKey> = {
  not_subscribed: 'profile.status.not_subscribed',
  active: 'profile.status.active',
  trialing: 'profile.status.trialing',
  canceled: 'profile.status.canceled',
  past_due: 'profile.status.past_due',
};

export interface SubscriptionView {
  plan: MessageKey;
  /** The "Premium" badge next to the plan. */
  badge: boolean;
  /** The status in words, or the provider's raw status when there are no words for it. */
  status: { key: MessageKey } | { raw: string };
  trialEnd: string | null;
  periodEnd: { key: MessageKey; date: string } | null;
  card: string | null;
  canSubscribe: boolean;
  canManage: boolean;
}

/** What the subscription card shows: free and trial accounts are offered Premium, paid ones the portal. */
export function subscriptionView(sub: SubscriptionInfo): SubscriptionView {
  const trial = sub.subscription_status === 'trialing';
  const statusKey = STATUS_KEYS[sub.subscription_status];
  return {
    plan: !sub.is_subscribed ? 'profile.plan.free' : trial ? 'profile.plan.trial' : 'profile.plan.premium',
    badge: sub.is_subscribed,
    status: statusKey ? { key: statusKey } : { raw: sub.subscription_status },
    trialEnd: trial && sub.trial_end ? sub.trial_end : null,
    periodEnd:
      sub.current_period_end && !trial
        ? { key: sub.cancel_at_period_end ? 'profile.cancelAtEnd' : 'profile.periodEnd', date: sub.current_period_end }
        : null,
    card: sub.payment_method && sub.payment_method !== 'Free trial' ? sub.payment_method : null,
    canSubscribe: !sub.is_subscribed || trial,
    canManage: Boolean(sub.can_manage),
  };
}

export interface ReferralView {
  link: string;
  pending: number;
  /** Referees counted towards the next reward, out of `goal`. */
  progress: number;
  goal: number;
  percent: number;
  rewards: { count: number; months: number } | null;
}

/** The referral card: the sharing link on this site, progress to the next reward, rewards earned. */
export function referralView(data: ReferralSummary, origin: string): ReferralView {
  const progress = data.completed % data.goal;
  const earned = data.rewards_earned ?? 0;
  return {
    link: `${origin}/?ref=${encodeURIComponent(data.code)}`,
    pending: data.referrals.filter((r) => r.status === 'pending').length,
    progress,
    goal: data.goal,
    percent: (progress / data.goal) * 100,
    rewards: earned > 0 ? { count: earned, months: earned * data.reward_months } : null,
  };
}

/** The reminders switch: locked for a free account, waiting while Premium is unknown. */
export function remindersView(premium: boolean | null, on: boolean, busy: boolean) {
  const locked = premium === false;
  return { locked, loading: premium === null, checked: !locked && on, disabled: busy || premium === null || locked };
}

export function remindersFlash(next: boolean): MessageKey {
  return next ? 'profile.remindersOn' : 'profile.remindersOff';
}

export interface DetailsInput {
  language: 'fr' | 'en';
  level: EducationLevel | '';
  specialization: string;
  school: string;
}

/** The details form: a specialization is required; null when it can be sent. */
export function detailsProblem(input: Pick<DetailsInput, 'specialization'>): 'specializationRequired' | null {
  return input.specialization.trim() ? null : 'specializationRequired';
}

/** What PATCH /api/profile receives: trimmed texts, no level when none is chosen, an empty school as null. */
export function detailsPayload(input: DetailsInput) {
  return {
    language: input.language,
    ...(input.level ? { education_level: input.level } : {}),
    specialization: input.specialization.trim(),
    school: input.school.trim() || null,
  };
}

/** The language select's value read as one of the app's languages. */
export function chosenLanguage(value: string): 'fr' | 'en' {
  return value === 'en' ? 'en' : 'fr';
}

/** The password form can be sent once both fields are filled. */
export function canSubmitPassword(oldPassword: string, newPassword: string, busy: boolean): boolean {
  return !busy && Boolean(oldPassword) && Boolean(newPassword);
}

/** A new password too short is refused before Cognito is asked. */
export function passwordProblem(newPassword: string): MessageKey | null {
  return newPassword.length < RESET_MIN_PASSWORD ? 'reset.tooShort' : null;
}

/** Cognito's refusal in words: a wrong current password, or any other failure. */
export function passwordErrorKey(err: unknown): MessageKey {
  const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
  return name === 'NotAuthorizedException' ? 'profile.passwordWrong' : 'profile.passwordFailed';
}

/** Deletion is confirmed by typing the word (any case, spaces around ignored). */
export function deletionConfirmed(typed: string, word: string): boolean {
  return typed.trim().toUpperCase() === word;
}
