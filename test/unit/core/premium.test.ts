// Premium's pure rules: promo codes as students type them, calendar months, the spec's success
// messages with French dates, and the provider view mirrored on the profile.
import { describe, expect, it } from 'vitest';
import { addMonths, extendedTrialEnd, normalizePromoCode, parsePromoCodes, promoSuccessMessage, providerView } from '../../../functions/core/premium.js';
import { deriveSubscription } from '../../../functions/core/subscription.js';

describe('promo codes', () => {
  it('are trimmed and upper-cased, and the configured list reads commas, spaces and lines alike', () => {
    expect(normalizePromoCode('  bienvenue ')).toBe('BIENVENUE');
    expect([...parsePromoCodes('bienvenue, Rentree2025\nETUDIANT;;')]).toEqual(['BIENVENUE', 'RENTREE2025', 'ETUDIANT']);
  });

  it('grant a month from now, or a month more on a trial still running', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    expect(extendedTrialEnd(null, now, 1)).toEqual({ end: new Date('2026-02-28T10:00:00Z'), extended: false });
    expect(extendedTrialEnd('2026-01-01T00:00:00Z', now, 1)).toEqual({ end: new Date('2026-02-28T10:00:00Z'), extended: false });
    expect(extendedTrialEnd('2026-02-15T08:00:00Z', now, 1)).toEqual({ end: new Date('2026-03-15T08:00:00Z'), extended: true });
    expect(addMonths(new Date('2024-01-31T00:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T12:00:00Z'), 2).toISOString()).toBe('2027-01-30T12:00:00.000Z');
  });

  it("say the spec's messages with the date in French (Paris calendar)", () => {
    // 23:30 UTC on 4 December is already the 5th in Paris.
    const end = new Date('2026-12-04T23:30:00Z');
    expect(promoSuccessMessage(end, false, 'fr')).toBe("Code appliqué ! Vous avez maintenant un accès Premium jusqu'au 5 décembre 2026");
    expect(promoSuccessMessage(end, true, 'fr')).toBe("Code appliqué ! Votre accès Premium a été prolongé jusqu'au 5 décembre 2026");
    expect(promoSuccessMessage(end, true, 'en')).toBe('Code applied! Your Premium access has been extended until 5 December 2026');
  });
});

describe('the provider view kept on the profile', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const paying = {
    is_subscribed: true,
    subscription_status: 'active',
    trial_end: null,
    subscription_period_end: '2026-06-20T00:00:00.000Z',
    stripe_subscription_id: 'sub_1',
    provider_status: 'active',
    provider_period_end: Date.parse('2026-06-20T00:00:00Z') / 1000,
    cancel_at_period_end: true,
    payment_method_brand: 'visa',
    payment_method_last4: '4242',
  };

  it('gives the subscription status object with the card and the cancellation', () => {
    expect(deriveSubscription(paying, providerView(paying), now)).toEqual({
      is_subscribed: true,
      subscription_status: 'active',
      current_period_end: '2026-06-20T00:00:00.000Z',
      cancel_at_period_end: true,
      payment_method: 'visa •••• 4242',
      trial_end: null,
    });
  });

  it('keeps Premium from the subscription when a promo trial on top of it has ended', () => {
    const afterTrial = { ...paying, subscription_status: 'trialing', trial_end: '2026-05-01T00:00:00.000Z' };
    expect(deriveSubscription(afterTrial, providerView(afterTrial), now)).toMatchObject({ is_subscribed: true, subscription_status: 'active' });
    const noSubscription = { ...afterTrial, stripe_subscription_id: null };
    expect(providerView(noSubscription)).toBeNull();
    expect(deriveSubscription(noSubscription, null, now)).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed' });
  });
});
