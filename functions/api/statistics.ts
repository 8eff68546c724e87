// Statistics (spec §2 Goals, Stats; §6, §9: detailed statistics are Premium, `statistics_access`).
// A subject's or the whole account's, over the last 7 days, 30 days or all history, read from
// the day records and the durable history (no scan: one query each). Free accounts get the short
// summary; the detailed data answers them `premium_only`.
import { z } from 'zod';
import { localDate } from '../core/streak.js';
import { computeStatistics, statRanges, type StatQuizRecord, type StatRange, type StatReviewRecord } from '../core/statistics.js';
import { dayNumber, dayString } from '../core/calendar.js';
import { subjectParams } from '../core/schemas.js';
import { userRoute } from '../platform/http.js';
import { listFileRecords } from '../platform/store/files.js';
import { readHistory, studiedPages, studyDays, type HistoryRecord } from '../platform/store/progress.js';
import { getSubjectOrThrow, listSubjectItems } from '../platform/store/subjects.js';
import { requirePremium } from '../platform/usage.js';

const statsQuery = z.object({ range: z.enum(statRanges).default('7d'), timezone: z.string().min(1).max(64).optional() }).strict();

/** The statistics of the range and the history records they were computed from (the coach reads both). */
export async function statisticsAndHistory(userId: string, subjectId: string | null, range: StatRange, timezone: string | undefined) {
  const now = new Date();
  const today = localDate(now, timezone);
  const since = range === 'all' ? null : dayString(dayNumber(today) - (range === '7d' ? 7 : 30));
  const subjects = subjectId ? [subjectId] : (await listSubjectItems(userId)).map((s) => s.id);
  const [days, history, files] = await Promise.all([
    studyDays(userId, since ?? '0000-00-00', today),
    // One bounded query per subject (its history since the range's start), never the whole
    // account's history filtered afterwards.
    Promise.all(subjects.map((id) => readHistory(userId, id, since ? `${since}T00:00:00.000Z` : null))).then((lists) => lists.flat()),
    Promise.all(
      subjects.map(async (id) => {
        const [records, studied] = await Promise.all([listFileRecords(userId, id), studiedPages(userId, id)]);
        return records.filter((f) => f.status === 'ready').map((f) => ({ file_id: f.id, name: f.display_name, page_count: f.page_count ?? 0, studied_pages: studied.get(f.id)?.length ?? 0 }));
      }),
    ).then((lists) => lists.flat()),
  ]);
  const dated = history.map((h: HistoryRecord) => ({ ...h, date: localDate(new Date(h.at), timezone) })) as (StatQuizRecord | StatReviewRecord)[];
  const stats = computeStatistics({
    range,
    today,
    days: days.filter((d) => !subjectId || d.subject_id === subjectId),
    history: dated,
    files,
  });
  return { stats, history: dated };
}

const statisticsOf = async (userId: string, subjectId: string | null, range: StatRange, timezone: string | undefined) =>
  (await statisticsAndHistory(userId, subjectId, range, timezone)).stats;

/** What a free account sees: the last 7 days in three figures. */
function summaryOf(stats: Awaited<ReturnType<typeof statisticsOf>>) {
  return { range: stats.range, from: stats.from, to: stats.to, total_minutes: stats.total_minutes, quiz: { answered: stats.quiz.answered, correct: stats.quiz.correct }, reviews: stats.reviews.total };
}

export const subjectStatistics = userRoute({ params: subjectParams, query: statsQuery }, async ({ user, params, query }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  await requirePremium(user.id, 'statistics_access');
  return statisticsOf(user.id, params.subjectId, query.range, query.timezone);
});

export const subjectSummary = userRoute({ params: subjectParams, query: statsQuery.omit({ range: true }) }, async ({ user, params, query }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  return summaryOf(await statisticsOf(user.id, params.subjectId, '7d', query.timezone));
});

export const accountStatistics = userRoute({ query: statsQuery }, async ({ user, query }) => {
  await requirePremium(user.id, 'statistics_access');
  return statisticsOf(user.id, null, query.range, query.timezone);
});

export const accountSummary = userRoute({ query: statsQuery.omit({ range: true }) }, async ({ user, query }) => summaryOf(await statisticsOf(user.id, null, '7d', query.timezone)));
