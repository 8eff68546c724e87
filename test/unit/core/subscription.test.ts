import { describe, expect, it } from 'vitest';
import { deriveSubscription, type ProfilePlanFields } from '../../../functions/core/subscription.js';

const now = new Date('2026-11-21T12:00:00Z');
const free: ProfilePlanFields = { is_subscribed: false, subscription_status: 'not_subscribed', trial_end: null, subscription_period_end: null };

describe('subscription status', () => {
  it('is not subscribed without a profile or provider', () => {
    expect(deriveSubscription(null, null, now)).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed' });
    expect(deriveSubscription(free, null, now).is_subscribed).toBe(false);
  });

  it('reads a running trial as trialing with a free-trial payment method', () => {
    const s = deriveSubscription({ ...free, is_subscribed: true, subscription_status: 'trialing', trial_end: '2026-12-21T12:00:00.000Z' }, null, now);
    expect(s).toEqual({
      is_subscribed: true,
      subscription_status: 'trialing',
      current_period_end: '2026-12-21T12:00:00.000Z',
      cancel_at_period_end: true,
      payment_method: 'Free trial',
      trial_end: '2026-12-21T12:00:00.000Z',
    });
  });

  it('ends Premium when the trial is over', () => {
    const s = deriveSubscription({ ...free, is_subscribed: true, subscription_status: 'trialing', trial_end: '2026-11-01T00:00:00.000Z' }, null, now);
    expect(s.is_subscribed).toBe(false);
    expect(s.subscription_status).toBe('not_subscribed');
  });

  it('follows the payment provider when it says active, with the card', () => {
    const s = deriveSubscription(free, {
      subscription_status: 'active',
      current_period_end: Date.parse('2026-12-05T00:00:00Z') / 1000,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    }, now);
    expect(s).toMatchObject({ is_subscribed: true, subscription_status: 'active', payment_method: 'visa •••• 4242', current_period_end: '2026-12-05T00:00:00.000Z' });
  });

  it('is not subscribed when the provider reports a cancelled subscription', () => {
    const s = deriveSubscription(free, { subscription_status: 'canceled', current_period_end: null, cancel_at_period_end: false, payment_method_brand: null, payment_method_last4: null }, now);
    expect(s).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
  });

  it('trusts the profile flag set by an administrator grant', () => {
    expect(deriveSubscription({ ...free, is_subscribed: true, subscription_status: 'active' }, null, now).is_subscribed).toBe(true);
  });

  it('reads a malformed profile as not subscribed', () => {
    const broken = { get is_subscribed(): boolean { throw new Error('corrupt'); }, subscription_status: 'x', trial_end: null, subscription_period_end: null };
    expect(deriveSubscription(broken, null, now)).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed' });
  });
});
