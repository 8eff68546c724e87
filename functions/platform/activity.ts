// What a student's actions leave in their record: a quiz answer or a card review becomes a
// durable history entry (kept for good: quiz sessions expire), adds to its month's roll-up (what
// statistics read: functions/core/statistics.ts) and counts as study time (once per moment, like
// the page heartbeats); a question asked or a sheet generated counts as study time only. Recording never fails the action it follows: a failure is logged.
import { localDate } from '../core/streak.js';
import { EVENT_CREDIT_MS } from '../core/study-time.js';
import { logger } from './logger.js';
import { rollupDelta, type StatQuizRecord, type StatReviewRecord } from '../core/statistics.js';
import { addToRollup, creditStudyTime, recordHistory, type HistoryRecord } from './store/progress.js';

/** A question answered or a sheet written: study time of its subject, credited once per moment. */
export async function creditStudyEvent(userId: string, subjectId: string, kind: 'question' | 'sheet', at: Date = new Date(), timezone?: string): Promise<void> {
  try {
    await creditStudyTime(userId, subjectId, localDate(at, timezone), EVENT_CREDIT_MS, at);
  } catch (err) {
    logger.error({ userId, kind, err: err instanceof Error ? err.message : String(err) }, 'activity not recorded');
  }
}

export async function recordActivity(userId: string, id: string, record: HistoryRecord, timezone?: string): Promise<void> {
  try {
    const at = new Date(record.at);
    const date = localDate(at, timezone);
    await Promise.all([
      // The history entry first, once; then its counters in the month's roll-up (what statistics
      // read), only when the entry is new so that a retried write never counts twice.
      recordHistory(userId, id, record).then((fresh) => (fresh ? addToRollup(userId, record.subject_id, rollupDelta({ ...record, date } as StatQuizRecord | StatReviewRecord)) : undefined)),
      creditStudyTime(userId, record.subject_id, date, EVENT_CREDIT_MS, at),
    ]);
  } catch (err) {
    logger.error({ userId, kind: record.kind, err: err instanceof Error ? err.message : String(err) }, 'activity not recorded');
  }
}
