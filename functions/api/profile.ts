// The student's profile: read (created with defaults on first read), edit, onboarding, and the
// derived subscription status.
import { onboardingSchema, profileUpdateSchema, publicProfile } from '../core/profile.js';
import { deriveSubscription } from '../core/subscription.js';
import { userRoute } from '../platform/http.js';
import { getOrCreateProfile, updateProfileFields } from '../platform/store/profiles.js';
import { completeReferral, insertPendingReferral } from '../platform/store/referrals.js';

export const getProfile = userRoute({}, async ({ user, lang }) => publicProfile(await getOrCreateProfile(user.id, new Date(), lang)));

export const updateProfile = userRoute({ body: profileUpdateSchema }, async ({ body, user, lang }) => {
  const now = new Date();
  await getOrCreateProfile(user.id, now, lang);
  return publicProfile(await updateProfileFields(user.id, body, now));
});

export const completeOnboarding = userRoute({ body: onboardingSchema }, async ({ body, user, lang }) => {
  const now = new Date();
  await getOrCreateProfile(user.id, now, lang);
  const profile = await updateProfileFields(user.id, { ...body, onboarding_completed: true }, now);
  if (profile.referred_by) {
    // The row may be missing if the request that recorded the referrer died half-way.
    await insertPendingReferral(profile.referred_by, user.id, now);
    await completeReferral(profile.referred_by, user.id, now);
  }
  return publicProfile(profile);
});

export const getSubscription = userRoute({}, async ({ user }) => {
  const now = new Date();
  const profile = await getOrCreateProfile(user.id, now);
  return deriveSubscription(profile, null, now);
});
