// Login streaks (the spec's update_user_login_streak): the web app calls POST on each login.
import { streakBody } from '../core/schemas.js';
import { localDate } from '../core/streak.js';
import { userRoute } from '../platform/http.js';
import { getOrCreateProfile, recordLogin } from '../platform/store/profiles.js';

export const getStreak = userRoute({}, async ({ user }) => {
  const p = await getOrCreateProfile(user.id, new Date());
  return { streak_count: p.streak_count ?? 0, highest_streak: p.highest_streak ?? 0, last_login_date: p.last_login_date ?? null };
});

export const updateStreak = userRoute(
  { body: streakBody },
  async ({ body, user }) => {
    const now = new Date();
    return recordLogin(user.id, localDate(now, body.timezone), now);
  },
);
