// The caller's plan as the server enforces it: the subscription status derived from the profile
// (core/subscription.ts) and the caps that follow from it.
import { FREE_CAPS } from '../core/plans.js';
import { deriveSubscription, NOT_SUBSCRIBED, type SubscriptionStatus } from '../core/subscription.js';
import { logger } from './logger.js';
import { findProfile } from './store/profiles.js';

export interface PlanLimits {
  /** null: unlimited. */
  max_subjects: number | null;
  max_files_per_subject: number | null;
}

export interface Plan {
  subscription: SubscriptionStatus;
  limits: PlanLimits;
}

export async function currentPlan(userId: string, now: Date): Promise<Plan> {
  let subscription = NOT_SUBSCRIBED;
  try {
    subscription = deriveSubscription(await findProfile(userId), null, now);
  } catch (err) {
    // Spec §4: any error reads as not subscribed.
    logger.warn({ userId, err: err instanceof Error ? err.message : String(err) }, 'plan lookup failed');
  }
  const limits: PlanLimits = subscription.is_subscribed
    ? { max_subjects: null, max_files_per_subject: null }
    : { max_subjects: FREE_CAPS.max_subjects, max_files_per_subject: FREE_CAPS.max_files_per_subject };
  return { subscription, limits };
}
