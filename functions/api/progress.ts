// Goals and study time. A study page reports the student's active time (a heartbeat); the server
// credits it once per moment whatever the number of open tabs, by subject and calendar day in the
// student's time zone. Goals come with this week's progress (Monday to Sunday).
import { weeklyProgress } from '../core/goals.js';
import { dayNumber, dayString, mondayOf } from '../core/calendar.js';
import { localDate } from '../core/streak.js';
import { activityBody, goalsBody, subjectParams, timezoneQuery } from '../core/schemas.js';
import { userRoute } from '../platform/http.js';
import { creditStudyTime, readGoals, saveGoals, studyDays } from '../platform/store/progress.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';

/** This week, Monday to Sunday, in the student's calendar. */
function thisWeek(now: Date, zone: string | undefined): { from: string; to: string } {
  const monday = mondayOf(dayNumber(localDate(now, zone)));
  return { from: dayString(monday), to: dayString(monday + 6) };
}

export const getGoals = userRoute({ query: timezoneQuery }, async ({ user, query }) => {
  const now = new Date();
  const week = thisWeek(now, query.timezone);
  const [goals, days] = await Promise.all([readGoals(user.id), studyDays(user.id, week.from, week.to)]);
  const minutes = days.reduce((n, d) => n + d.study_seconds, 0) / 60;
  return { goals, week: { ...week, ...weeklyProgress(goals ?? { weekly_hours: 0 }, minutes) } };
});

export const putGoals = userRoute({ body: goalsBody }, async ({ user, body }) => saveGoals(user.id, body, new Date()));

export const recordActivity = userRoute(
  { params: subjectParams, body: activityBody },
  async ({ user, params, body }) => {
    await getSubjectOrThrow(user.id, params.subjectId);
    const now = new Date();
    const credited = await creditStudyTime(user.id, params.subjectId, localDate(now, body.timezone), body.active_ms, now);
    return { credited_ms: credited };
  },
);
