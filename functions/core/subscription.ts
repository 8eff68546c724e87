// Subscription status, derived: subscribed if a trial ends in the future, or the profile
// flag is set, or the payment provider says active or trialing. A trial reads as 'trialing' with
// the payment method 'Free trial' and cancel-at-period-end true. Anything that fails reads as
// not subscribed. Later features (plan caps, usage limits, premium gates) all ask this function.

export interface ProviderSubscriptionView {
  subscription_status: string;
  /** Epoch seconds. */
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
}

export interface ProfilePlanFields {
  is_subscribed: boolean;
  subscription_status: string;
  trial_end: string | null;
  subscription_period_end: string | null;
}

export interface SubscriptionStatus {
  is_subscribed: boolean;
  subscription_status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  payment_method: string | null;
  trial_end: string | null;
}

export const NOT_SUBSCRIBED: SubscriptionStatus = {
  is_subscribed: false,
  subscription_status: 'not_subscribed',
  current_period_end: null,
  cancel_at_period_end: false,
  payment_method: null,
  trial_end: null,
};

const isoFromEpoch = (s: number | null): string | null => (s ? new Date(s * 1000).toISOString() : null);

export function deriveSubscription(
  profile: ProfilePlanFields | null,
  provider: ProviderSubscriptionView | null,
  now: Date,
): SubscriptionStatus {
  try {
    const trialEnd = profile?.trial_end ? new Date(profile.trial_end) : null;
    if (trialEnd && !Number.isNaN(trialEnd.getTime()) && trialEnd > now) {
      return {
        is_subscribed: true,
        subscription_status: 'trialing',
        current_period_end: trialEnd.toISOString(),
        cancel_at_period_end: true,
        payment_method: 'Free trial',
        trial_end: trialEnd.toISOString(),
      };
    }
    const providerActive = provider ? ['active', 'trialing'].includes(provider.subscription_status) : false;
    // A profile flag left over from a trial that has ended does not keep Premium alive.
    const trialExpired = profile?.subscription_status === 'trialing' && trialEnd !== null;
    const profileFlag = Boolean(profile?.is_subscribed) && !trialExpired;
    const card = provider?.payment_method_brand
      ? `${provider.payment_method_brand}${provider.payment_method_last4 ? ` •••• ${provider.payment_method_last4}` : ''}`
      : null;
    const status = provider?.subscription_status ?? (trialExpired ? null : profile?.subscription_status) ?? 'not_subscribed';
    return {
      is_subscribed: providerActive || profileFlag,
      subscription_status: status,
      current_period_end: isoFromEpoch(provider?.current_period_end ?? null) ?? profile?.subscription_period_end ?? null,
      cancel_at_period_end: provider?.cancel_at_period_end ?? false,
      payment_method: card,
      trial_end: profile?.trial_end ?? null,
    };
  } catch {
    return NOT_SUBSCRIBED;
  }
}
