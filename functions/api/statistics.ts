// Statistics (the goals and stats pages; detailed statistics are Premium, `statistics_access`).
// A subject's or the whole account's, over the last 7 days, 30 days or all history, read from
// the month roll-ups of study time and history (no scan: the subject's roll-ups, or the account's). Free accounts
// get the short summary; the detailed data answers them `premium_only`.
import { z } from 'zod';
import { localDate } from '../core/streak.js';
import { computeStatistics, statRanges, studyDaysOfRollups, type Statistics, type StatQuizRecord, type StatRange, type StatReviewRecord } from '../core/statistics.js';
import { dayNumber, dayString } from '../core/calendar.js';
import { subjectParams } from '../core/schemas.js';
import { userRoute } from '../platform/http.js';
import { listReadyFileSummaries } from '../platform/store/files.js';
import { readHistory, readRollupsAndStudied, type HistoryRecord } from '../platform/store/progress.js';
import { AppError } from '../core/errors.js';
import { planOf } from '../platform/plan.js';
import { findSubjectWithProfile, getSubjectOrThrow } from '../platform/store/subjects.js';
import { requirePremium } from '../platform/usage.js';

const statsQuery = z.object({ range: z.enum(statRanges).default('7d'), timezone: z.string().min(1).max(64).optional() }).strict();

/**
 * The statistics of a range: the month roll-ups of the range (a subject's, or the account's own
 * roll-ups for the whole account) with the pages studied, and the ready files: two queries at once
 * whatever the number of subjects, never the history record by record.
 */
async function statisticsOf(userId: string, subjectId: string | null, range: StatRange, timezone: string | undefined) {
  const today = localDate(new Date(), timezone);
  const since = range === 'all' ? null : dayString(dayNumber(today) - (range === '7d' ? 7 : 30));
  const [{ rollups, studied }, files] = await Promise.all([readRollupsAndStudied(userId, subjectId, since ? since.slice(0, 7) : null), listReadyFileSummaries(userId, subjectId)]);
  const statFiles = files.map((f) => ({ file_id: f.id, name: f.display_name, page_count: f.page_count, studied_pages: studied.get(f.id) ?? [] }));
  return computeStatistics({ range, today, days: studyDaysOfRollups(rollups), rollups, files: statFiles });
}

/** The statistics of the range and the history records of the range (the coach reads both). */
export async function statisticsAndHistory(userId: string, subjectId: string, range: StatRange, timezone: string | undefined) {
  const today = localDate(new Date(), timezone);
  const since = range === 'all' ? null : dayString(dayNumber(today) - (range === '7d' ? 7 : 30));
  const [stats, history] = await Promise.all([statisticsOf(userId, subjectId, range, timezone), readHistory(userId, subjectId, since ? `${since}T00:00:00.000Z` : null)]);
  const dated = history.map((h: HistoryRecord) => ({ ...h, date: localDate(new Date(h.at), timezone) })) as (StatQuizRecord | StatReviewRecord)[];
  return { stats, history: dated };
}

/** What a free account sees: the last 7 days in three figures. */
function summaryOf(stats: Statistics) {
  return { range: stats.range, from: stats.from, to: stats.to, total_minutes: stats.total_minutes, quiz: { answered: stats.quiz.answered, correct: stats.quiz.correct, skipped: stats.quiz.skipped }, reviews: stats.reviews.total };
}

/**
 * The checks and the reads at once (the reads touch only the student's own partition), the
 * checks' refusals first, in their order: one round trip instead of three.
 */
async function checkedThen<T>(checks: Promise<unknown>[], work: Promise<T>): Promise<T> {
  const settled = await Promise.allSettled([...checks, work]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return (settled[settled.length - 1] as PromiseFulfilledResult<T>).value;
}

/** The subject is the student's (404 first), and the plan gives statistics: one read of both. */
async function subjectWithStatistics(userId: string, subjectId: string): Promise<void> {
  const { subject, profile } = await findSubjectWithProfile(userId, subjectId);
  if (!subject) throw new AppError('subject_not_found');
  await requirePremium(userId, 'statistics_access', { plan: planOf(profile, new Date()) });
}

export const subjectStatistics = userRoute({ params: subjectParams, query: statsQuery }, async ({ user, params, query }) =>
  checkedThen([subjectWithStatistics(user.id, params.subjectId)], statisticsOf(user.id, params.subjectId, query.range, query.timezone)),
);

export const subjectSummary = userRoute({ params: subjectParams, query: statsQuery.omit({ range: true }) }, async ({ user, params, query }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  return summaryOf(await statisticsOf(user.id, params.subjectId, '7d', query.timezone));
});

export const accountStatistics = userRoute({ query: statsQuery }, async ({ user, query }) =>
  checkedThen([requirePremium(user.id, 'statistics_access')], statisticsOf(user.id, null, query.range, query.timezone)),
);

export const accountSummary = userRoute({ query: statsQuery.omit({ range: true }) }, async ({ user, query }) => summaryOf(await statisticsOf(user.id, null, '7d', query.timezone)));
