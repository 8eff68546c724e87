// Referral codes: checking one before sign-up, recording who referred a new student, and the
// referrer's progress towards the reward (two free months per five referees).
import { AppError } from '../core/errors.js';
import { REFERRAL_GOAL, REFERRAL_REWARD_MONTHS, REFERRALS_LISTED } from '../core/referral.js';
import { referralBody, referralCodeQuery } from '../core/schemas.js';
import { publicRoute, Reply, userRoute } from '../platform/http.js';
import { getOrCreateProfile, setReferredBy } from '../platform/store/profiles.js';
import { findCodeOwner, insertPendingReferral, listReferrals } from '../platform/store/referrals.js';

export const checkReferralCode = publicRoute({ query: referralCodeQuery }, async ({ query }) => {
  const owner = await findCodeOwner(query.code);
  if (!owner) throw new AppError('referral_code_unknown', { code: query.code });
  return { valid: true };
});

export const recordReferral = userRoute({ body: referralBody }, async ({ body, user }) => {
  const now = new Date();
  const referrer = await findCodeOwner(body.code);
  if (!referrer) throw new AppError('referral_code_unknown', { code: body.code });
  if (referrer === user.id) throw new AppError('referral_self');
  const profile = await getOrCreateProfile(user.id, now);
  if (profile.referred_by) {
    if (profile.referred_by !== referrer) throw new AppError('referral_already_recorded');
  } else {
    if (profile.onboarding_completed) throw new AppError('referral_too_late');
    if (!(await setReferredBy(user.id, referrer, now))) {
      const again = await getOrCreateProfile(user.id, now);
      if (again.referred_by !== referrer) throw new AppError('referral_already_recorded');
    }
  }
  await insertPendingReferral(referrer, user.id, now);
  return new Reply(201, { status: 'pending' });
});

export const getReferrals = userRoute({}, async ({ user }) => {
  const profile = await getOrCreateProfile(user.id, new Date());
  const rows = await listReferrals(user.id);
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    code: profile.referral_code,
    referrals: rows.slice(0, REFERRALS_LISTED).map((r) => ({ status: r.status, created_at: r.created_at })),
    completed: rows.filter((r) => r.status === 'completed').length,
    pending: rows.filter((r) => r.status === 'pending').length,
    goal: REFERRAL_GOAL,
    reward_months: REFERRAL_REWARD_MONTHS,
    rewards_earned: (profile as { referral_reward_blocks?: number }).referral_reward_blocks ?? 0,
  };
});
