// The caller's plan as the server enforces it: the subscription status derived from the profile
// (core/subscription.ts) and the caps that follow from it.
import { FREE_CAPS } from '../core/plans.js';
import { providerView, type ProviderProfileFields } from '../core/premium.js';
import type { Profile } from '../core/profile.js';
import { deriveSubscription, NOT_SUBSCRIBED, type SubscriptionStatus } from '../core/subscription.js';
import type { PlanLimits } from '../core/views.js';
import { logger } from './logger.js';
import { findProfile } from './store/profiles.js';

export type { PlanLimits };

export interface Plan {
  subscription: SubscriptionStatus;
  /** The same as subscription.is_subscribed: Premium or trial. */
  subscribed: boolean;
  /**
   * false when the profile could not be read: the plan then reads as not subscribed (any error
   * gives not_subscribed), and the premium-only gates let the request through (on any error while
   * checking feature availability, the feature is treated as available).
   */
  verified: boolean;
  limits: PlanLimits;
  /** The profile the plan was read from (null when missing or unreadable). */
  profile: Profile | null;
}

export async function currentPlan(userId: string, now: Date): Promise<Plan> {
  try {
    return planOf(await findProfile(userId), now);
  } catch (err) {
    // Any error reads as not subscribed.
    logger.warn({ userId, err: err instanceof Error ? err.message : String(err) }, 'plan lookup failed');
    return { ...planOf(null, now), subscription: NOT_SUBSCRIBED, subscribed: NOT_SUBSCRIBED.is_subscribed, verified: false };
  }
}

/** The plan of a profile already read (null: no profile yet). */
export function planOf(profile: Profile | null, now: Date): Plan {
  const subscription = deriveSubscription(profile, providerView(profile as ProviderProfileFields | null), now);
  const limits: PlanLimits = subscription.is_subscribed
    ? { max_subjects: null, max_files_per_subject: null }
    : { max_subjects: FREE_CAPS.max_subjects, max_files_per_subject: FREE_CAPS.max_files_per_subject };
  return { subscription, subscribed: subscription.is_subscribed, verified: true, limits, profile };
}
