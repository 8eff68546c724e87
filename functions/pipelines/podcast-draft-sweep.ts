// The daily podcast draft sweep, run at 03:30 in France by EventBridge Scheduler in the cloud and
// by croner on the laptop (which also runs it when it starts). A free student's draft expires 24 h
// after it was made; whether or not they ever list their podcasts again, the sweep removes its
// audio and then its record. The expired drafts come from the sparse index `by-draft-end` (drafts
// only, ordered by their end: no scan, and a day missed is caught up by the next run); each is
// claimed by an update conditional on being still unsaved and past its end, so a save that got
// there first keeps its podcast and its audio (functions/platform/store/podcasts.ts). DynamoDB's
// TTL, a week after the end, stays as the backstop.
import { logger } from '../platform/logger.js';
import { expiredDrafts, removeExpiredDraft } from '../platform/store/podcasts.js';
import { forEachLimit } from '../core/concurrency.js';

/** Drafts removed at once. */
const PARALLEL_DRAFTS = 4;

export interface DraftSweepResult {
  /** The instant the drafts were judged at (the scheduled time). */
  at: string;
  /** Expired drafts the index listed. */
  candidates: number;
  /** Drafts whose audio and record were removed. */
  removed: number;
  /** Listed but not removed: saved or deleted meanwhile. */
  kept: number;
  /** Removals that failed (storage or table errors): the next run tries again. */
  failed: number;
}

/** The scheduled handler: `scheduledTime` from EventBridge Scheduler (or croner), so a retried invocation judges by the same instant. */
export async function handler(event: { scheduledTime?: string } = {}): Promise<DraftSweepResult> {
  const at = event.scheduledTime ? new Date(event.scheduledTime) : new Date();
  return sweepPodcastDrafts(Number.isNaN(at.getTime()) ? new Date() : at);
}

export async function sweepPodcastDrafts(now: Date): Promise<DraftSweepResult> {
  const drafts = await expiredDrafts(now);
  const result: DraftSweepResult = { at: now.toISOString(), candidates: drafts.length, removed: 0, kept: 0, failed: 0 };
  await forEachLimit(drafts, PARALLEL_DRAFTS, async (draft) => {
    try {
      if (await removeExpiredDraft(draft, now)) result.removed++;
      else result.kept++;
    } catch (err) {
      result.failed++;
      logger.error({ userId: draft.user_id, podcastId: draft.id, err: err instanceof Error ? err.message : String(err) }, 'podcast draft sweep failed');
    }
  });
  logger.info(result, 'podcast draft sweep');
  return result;
}
