// Response shapes of the API calls the shell makes (see the server handlers under functions/api).
import type { Streak } from '../../../functions/core/streak';
import type { SubscriptionStatus } from '../../../functions/core/subscription';

export type { PublicProfile } from '../../../functions/core/profile';
export type StreakInfo = Streak;
/** GET /api/subscription: the status object (spec §3), and whether a Stripe customer exists to manage. */
export type SubscriptionInfo = SubscriptionStatus & { can_manage?: boolean };

export interface ReferralSummary {
  code: string;
  /** The newest REFERRALS_LISTED (functions/core/referral.ts); the counts cover them all. */
  referrals: { status: 'pending' | 'completed'; created_at: string }[];
  completed: number;
  pending: number;
  goal: number;
  reward_months: number;
  /** Blocks of referees already rewarded. */
  rewards_earned?: number;
}
