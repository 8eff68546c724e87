// What a student's actions leave in their record: a quiz answer or a card review becomes a
// durable history entry (statistics read it long after the quiz session has expired) and counts as
// study time (once per moment, like the page heartbeats); a question asked or a sheet generated
// counts as study time only. Recording never fails the action it follows: a failure is logged.
import { localDate } from '../core/streak.js';
import { EVENT_CREDIT_MS } from '../core/study-time.js';
import { logger } from './logger.js';
import { creditStudyTime, recordHistory, type HistoryRecord } from './store/progress.js';

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
    await Promise.all([recordHistory(userId, id, record), creditStudyTime(userId, record.subject_id, localDate(at, timezone), EVENT_CREDIT_MS, at)]);
  } catch (err) {
    logger.error({ userId, kind: record.kind, err: err instanceof Error ? err.message : String(err) }, 'activity not recorded');
  }
}
