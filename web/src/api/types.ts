// Response shapes of the API calls the shell makes, named for its components: each is its route's
// answer in functions/core/contract.ts, the declaration the server's handlers are checked against.
import type { ResponseOf } from '@core/contract.js';

export type { PublicProfile } from '@core/profile.js';
export type { ReferralSummary, SubscriptionInfo } from '@core/contract.js';
export type StreakInfo = ResponseOf<'POST /api/streak'>;
