// The profile page's decisions without a browser (web/src/pages/profile/profile-state.ts): the
// notice after checkout, what the subscription card offers a free, trial or Premium student, the
// referral link and progress, the reminders switch's lock, and the checks of the details, password
// and account-deletion forms.
import { describe, expect, it } from 'vitest';
import type { ReferralSummary, SubscriptionInfo } from '../../../web/src/api/types.js';
import {
  canSubmitPassword,
  checkoutNotice,
  checkoutReturn,
  chosenLanguage,
  deletionConfirmed,
  detailsPayload,
  detailsProblem,
  passwordErrorKey,
  passwordProblem,
  premiumLanded,
  referralView,
  remindersFlash,
  remindersView,
  subscriptionView,
} from '../../../web/src/pages/profile/profile-state.js';

const sub = (over: Partial<SubscriptionInfo>): SubscriptionInfo => ({
  is_subscribed: false,
  subscription_status: 'not_subscribed',
  current_period_end: null,
  cancel_at_period_end: false,
  payment_method: null,
  trial_end: null,
  ...over,
});

const referrals = (over: Partial<ReferralSummary>): ReferralSummary => ({
  code: 'ALICE42',
  referrals: [],
  completed: 0,
  pending: 0,
  goal: 3,
  reward_months: 1,
  ...over,
});

describe('the notice after checkout', () => {
  it('reads the return from Stripe in the address', () => {
    expect(checkoutReturn(new URLSearchParams('success=true'))).toBe('success');
    expect(checkoutReturn(new URLSearchParams('canceled=true'))).toBe('canceled');
    expect(checkoutReturn(new URLSearchParams(''))).toBeNull();
    expect(checkoutReturn(new URLSearchParams('success=false'))).toBeNull();
  });

  it('says the payment is pending until Premium has landed, then welcomes the student', () => {
    expect(checkoutNotice('success', false)).toEqual({ tone: 'success', key: 'profile.checkoutPending' });
    expect(checkoutNotice('success', true)).toEqual({ tone: 'success', key: 'profile.checkoutSuccess' });
    expect(checkoutNotice('canceled', false)).toEqual({ tone: 'warning', key: 'profile.checkoutCanceled' });
    expect(checkoutNotice(null, true)).toBeNull();
  });

  it('counts a trial as not yet Premium', () => {
    expect(premiumLanded(sub({ is_subscribed: true, subscription_status: 'trialing' }))).toBe(false);
    expect(premiumLanded(sub({ is_subscribed: true, subscription_status: 'active' }))).toBe(true);
    expect(premiumLanded(sub({}))).toBe(false);
  });
});

describe('the subscription card', () => {
  it('offers Premium to a free student, with no portal and no badge', () => {
    const view = subscriptionView(sub({}));
    expect(view.plan).toBe('profile.plan.free');
    expect(view.badge).toBe(false);
    expect(view.status).toEqual({ key: 'profile.status.not_subscribed' });
    expect(view.canSubscribe).toBe(true);
    expect(view.canManage).toBe(false);
    expect(view.periodEnd).toBeNull();
  });

  it('shows a trial\'s end and still offers Premium, hiding the "Free trial" placeholder card', () => {
    const view = subscriptionView(sub({ is_subscribed: true, subscription_status: 'trialing', trial_end: '2026-04-01T00:00:00Z', current_period_end: '2026-04-01T00:00:00Z', payment_method: 'Free trial' }));
    expect(view.plan).toBe('profile.plan.trial');
    expect(view.badge).toBe(true);
    expect(view.trialEnd).toBe('2026-04-01T00:00:00Z');
    expect(view.periodEnd).toBeNull();
    expect(view.card).toBeNull();
    expect(view.canSubscribe).toBe(true);
  });

  it('shows a Premium student the renewal or the end of a cancelled plan, the card and the portal', () => {
    const active = subscriptionView(sub({ is_subscribed: true, subscription_status: 'active', current_period_end: '2026-05-01T00:00:00Z', payment_method: 'Visa •••• 4242', can_manage: true }));
    expect(active.plan).toBe('profile.plan.premium');
    expect(active.periodEnd).toEqual({ key: 'profile.periodEnd', date: '2026-05-01T00:00:00Z' });
    expect(active.card).toBe('Visa •••• 4242');
    expect(active.canSubscribe).toBe(false);
    expect(active.canManage).toBe(true);
    expect(active.trialEnd).toBeNull();
    const ending = subscriptionView(sub({ is_subscribed: true, subscription_status: 'active', current_period_end: '2026-05-01T00:00:00Z', cancel_at_period_end: true }));
    expect(ending.periodEnd?.key).toBe('profile.cancelAtEnd');
  });

  it('shows an unknown provider status as it is', () => {
    expect(subscriptionView(sub({ subscription_status: 'incomplete' })).status).toEqual({ raw: 'incomplete' });
    expect(subscriptionView(sub({ subscription_status: 'past_due', is_subscribed: true })).status).toEqual({ key: 'profile.status.past_due' });
  });
});

describe('the referral card', () => {
  it('builds the link on this site with the code escaped', () => {
    expect(referralView(referrals({ code: 'A B' }), 'https://example.test').link).toBe('https://example.test/?ref=A%20B');
  });

  it('counts progress towards the next reward and the pending referees', () => {
    const view = referralView(
      referrals({ completed: 4, referrals: [{ status: 'pending', created_at: '' }, { status: 'completed', created_at: '' }, { status: 'pending', created_at: '' }] }),
      'https://example.test',
    );
    expect(view.progress).toBe(1);
    expect(view.goal).toBe(3);
    expect(view.percent).toBeCloseTo(100 / 3);
    expect(view.pending).toBe(2);
  });

  it('names the rewards earned in months, and none before the first', () => {
    expect(referralView(referrals({ rewards_earned: 2, reward_months: 1 }), '').rewards).toEqual({ count: 2, months: 2 });
    expect(referralView(referrals({}), '').rewards).toBeNull();
    expect(referralView(referrals({ rewards_earned: 0 }), '').rewards).toBeNull();
  });
});

describe('the study reminders switch', () => {
  it('waits until Premium is known, then is locked and off for a free student', () => {
    expect(remindersView(null, true, false)).toEqual({ locked: false, loading: true, checked: true, disabled: true });
    expect(remindersView(false, true, false)).toEqual({ locked: true, loading: false, checked: false, disabled: true });
  });

  it('can be switched by a Premium student except while saving', () => {
    expect(remindersView(true, false, false)).toEqual({ locked: false, loading: false, checked: false, disabled: false });
    expect(remindersView(true, true, true).disabled).toBe(true);
    expect(remindersFlash(true)).toBe('profile.remindersOn');
    expect(remindersFlash(false)).toBe('profile.remindersOff');
  });
});

describe('the details form', () => {
  it('requires a specialization that is not only spaces', () => {
    expect(detailsProblem({ specialization: '   ' })).toBe('specializationRequired');
    expect(detailsProblem({ specialization: 'Droit' })).toBeNull();
  });

  it('sends trimmed texts, no level when none is chosen and an empty school as none', () => {
    expect(detailsPayload({ language: 'fr', level: '', specialization: ' Droit ', school: '  ' })).toEqual({ language: 'fr', specialization: 'Droit', school: null });
    expect(detailsPayload({ language: 'en', level: 'licence', specialization: 'Law', school: ' Sorbonne ' })).toEqual({
      language: 'en',
      education_level: 'licence',
      specialization: 'Law',
      school: 'Sorbonne',
    });
  });

  it('reads the language select as French unless English is chosen', () => {
    expect(chosenLanguage('en')).toBe('en');
    expect(chosenLanguage('fr')).toBe('fr');
    expect(chosenLanguage('de')).toBe('fr');
  });
});

describe('the password form', () => {
  it('can be sent once both fields are filled and nothing is being saved', () => {
    expect(canSubmitPassword('', 'nouveau-mot', false)).toBe(false);
    expect(canSubmitPassword('ancien', '', false)).toBe(false);
    expect(canSubmitPassword('ancien', 'nouveau-mot', true)).toBe(false);
    expect(canSubmitPassword('ancien', 'nouveau-mot', false)).toBe(true);
  });

  it('refuses a new password under 8 characters', () => {
    expect(passwordProblem('1234567')).toBe('reset.tooShort');
    expect(passwordProblem('12345678')).toBeNull();
  });

  it('names a wrong current password, and any other failure in general', () => {
    expect(passwordErrorKey({ name: 'NotAuthorizedException' })).toBe('profile.passwordWrong');
    expect(passwordErrorKey(new Error('network'))).toBe('profile.passwordFailed');
    expect(passwordErrorKey(null)).toBe('profile.passwordFailed');
  });
});

describe('account deletion', () => {
  it('is confirmed only by the word, whatever its case and the spaces around it', () => {
    expect(deletionConfirmed(' supprimer ', 'SUPPRIMER')).toBe(true);
    expect(deletionConfirmed('SUPPRIME', 'SUPPRIMER')).toBe(false);
    expect(deletionConfirmed('', 'SUPPRIMER')).toBe(false);
  });
});
