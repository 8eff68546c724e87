// The student's profile: read (created with defaults on first read), edit, onboarding, and the
// referrer's reward when onboarding completes a referral (the subscription is in billing.ts).
import { onboardingSchema, profileUpdateSchema, publicProfile } from '../core/profile.js';
import { AppError } from '../core/errors.js';
import { unsubscribeBody } from '../core/schemas.js';
import { publicRoute, userRoute } from '../platform/http.js';
import { verifyUnsubscribeToken } from '../platform/unsubscribe-token.js';
import { logger } from '../platform/logger.js';
import { rewardReferrer } from '../platform/payments.js';
import { requirePremium } from '../platform/usage.js';
import { findProfile, getOrCreateProfile, updateProfileFields } from '../platform/store/profiles.js';
import { completeReferral, insertPendingReferral } from '../platform/store/referrals.js';

export const getProfile = userRoute({}, async ({ user, lang }) => publicProfile(await getOrCreateProfile(user.id, new Date(), lang)));

export const updateProfile = userRoute({ body: profileUpdateSchema }, async ({ body, user, lang }) => {
  const now = new Date();
  await getOrCreateProfile(user.id, now, lang);
  // Reminders are Premium ("advanced study plan with reminders"): a free account may turn them off, not on.
  if (body.study_reminders === true) await requirePremium(user.id, 'study_reminders', { now });
  return publicProfile(await updateProfileFields(user.id, body, now));
});

export const completeOnboarding = userRoute({ body: onboardingSchema }, async ({ body, user, lang }) => {
  const now = new Date();
  await getOrCreateProfile(user.id, now, lang);
  const profile = await updateProfileFields(user.id, { ...body, onboarding_completed: true }, now);
  if (profile.referred_by) {
    // The row may be missing if the request that recorded the referrer died half-way.
    await insertPendingReferral(profile.referred_by, user.id, now);
    // The referrer's reward (two free months per five referees) when this completion ends a block of five.
    // A failure here is caught up by the referrer's next reward check: onboarding still completes.
    if (await completeReferral(profile.referred_by, user.id, now)) await rewardReferrer(profile.referred_by, now).catch((err: unknown) => logger.error({ err: err instanceof Error ? err.message : String(err) }, 'referral reward failed'));
  }
  return publicProfile(profile);
});

/** The reminder e-mail's unsubscribe link (no sign-in): a signed token turns the student's reminders off. */
export const unsubscribeReminders = publicRoute({ body: unsubscribeBody }, async ({ body }) => {
  const userId = await verifyUnsubscribeToken(body.token);
  if (!userId || !(await findProfile(userId))) throw new AppError('unsubscribe_link_invalid');
  await updateProfileFields(userId, { study_reminders: false }, new Date());
  return { study_reminders: false };
});
