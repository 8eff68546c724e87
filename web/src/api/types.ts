// Response shapes of the API calls the shell makes (see the server handlers under functions/api).
import type { Streak } from '../../../functions/core/streak';
import type { SubscriptionStatus } from '../../../functions/core/subscription';

export type { PublicProfile } from '../../../functions/core/profile';
export type StreakInfo = Streak;
export type SubscriptionInfo = SubscriptionStatus;

export interface ReferralSummary {
  code: string;
  referrals: { status: 'pending' | 'completed'; created_at: string }[];
  completed: number;
  goal: number;
  reward_months: number;
}
