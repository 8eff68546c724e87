// Response shapes of the API calls the shell makes (see the server handlers under functions/api).
export type { PublicProfile } from '../../../functions/core/profile';

export interface StreakInfo {
  streak_count: number;
  highest_streak: number;
  last_login_date: string | null;
}

export interface SubscriptionInfo {
  is_subscribed: boolean;
  subscription_status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  payment_method: string | null;
  trial_end: string | null;
}

export interface ReferralSummary {
  code: string;
  referrals: { status: 'pending' | 'completed'; created_at: string }[];
  completed: number;
  goal: number;
  reward_months: number;
}
