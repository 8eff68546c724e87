// What a student's actions leave in their record: a quiz answer or a card review becomes a
// durable history entry (statistics read it long after the quiz session has expired) and counts as
// study time (once per moment, like the page heartbeats). Recording never fails the action it
// follows: a failure is logged.
import { localDate } from '../core/streak.js';
import { EVENT_CREDIT_MS } from '../core/study-time.js';
import { logger } from './logger.js';
import { creditStudyTime, recordHistory, type HistoryRecord } from './store/progress.js';

export async function recordActivity(userId: string, id: string, record: HistoryRecord, timezone?: string): Promise<void> {
  try {
    const at = new Date(record.at);
    await Promise.all([recordHistory(userId, id, record), creditStudyTime(userId, record.subject_id, localDate(at, timezone), EVENT_CREDIT_MS, at)]);
  } catch (err) {
    logger.error({ userId, kind: record.kind, err: err instanceof Error ? err.message : String(err) }, 'activity not recorded');
  }
}
