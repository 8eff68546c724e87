// The podcast recovery sweep, every 5 minutes: EventBridge Scheduler in the cloud, croner on the
// laptop (which also runs it when it starts). A podcast's pipeline run can end without finishing
// it: the run passed its time-out, was stopped, or was lost with the laptop host that ran it (a
// crash, SIGKILL, a laptop that slept). Its podcast would stay `scripting` or `synthesising`, its
// partial audio in storage and its unit spent. The sweep finds the unfinished podcasts whose run
// is old enough to judge (the sparse index `by-open-run`, no scan), asks Step Functions about each
// (functions/platform/podcast-pipeline.ts) and, for a run that is over:
//   - resumes it once: the next run is claimed with an update conditional on the dead run being
//     the current one (two sweeps racing start one run), then started; its tasks hand on the
//     script already written and skip the segments already recorded;
//   - else ends it as failed: the spec's message, the `podcast_generation` unit given back once,
//     every audio object removed (failPodcast, as the pipeline's MarkFailed does).
// Runs still going are left alone. The job's scheduled time is its "now", so a retried run judges
// by the same instant, and a test runs it minutes ahead instead of waiting.
import { afterDeadRun, PODCAST_RUN_START_GRACE_SECONDS } from '../core/podcasts.js';
import { forEachLimit } from '../core/concurrency.js';
import { logger } from '../platform/logger.js';
import { podcastRunOver, startPodcastPipeline } from '../platform/podcast-pipeline.js';
import { claimNextRun, failPodcast, openRuns } from '../platform/store/podcasts.js';

/** Podcasts judged at once. */
const PARALLEL_PODCASTS = 4;

export interface RecoveryResult {
  /** The instant the runs were judged at (the scheduled time). */
  at: string;
  /** Unfinished podcasts whose run was old enough to judge. */
  candidates: number;
  /** Runs still going: left alone. */
  running: number;
  /** Podcasts whose run died and which got another run. */
  resumed: number;
  /** Podcasts whose last run died: ended as failed, unit given back, audio removed. */
  failed: number;
  /** Podcasts that changed meanwhile (finished, deleted, claimed by another sweep): nothing done. */
  skipped: number;
  /** Judgements that failed (Step Functions, table or storage errors): the next run tries again. */
  errors: number;
}

/** The scheduled handler: `scheduledTime` from EventBridge Scheduler (or croner), so a retried invocation judges by the same instant. */
export async function handler(event: { scheduledTime?: string } = {}): Promise<RecoveryResult> {
  const at = event.scheduledTime ? new Date(event.scheduledTime) : new Date();
  return recoverPodcasts(Number.isNaN(at.getTime()) ? new Date() : at);
}

export async function recoverPodcasts(now: Date): Promise<RecoveryResult> {
  const runs = await openRuns(Math.floor(now.getTime() / 1000) - PODCAST_RUN_START_GRACE_SECONDS);
  const result: RecoveryResult = { at: now.toISOString(), candidates: runs.length, running: 0, resumed: 0, failed: 0, skipped: 0, errors: 0 };
  await forEachLimit(runs, PARALLEL_PODCASTS, async (podcast) => {
    try {
      if (!(await podcastRunOver(podcast, now))) {
        result.running++;
        return;
      }
      const started = podcast.run ?? 1;
      if (afterDeadRun(started) === 'resume') {
        const next = await claimNextRun(podcast.user_id, podcast.id, podcast.run, now);
        if (next === null) {
          result.skipped++;
          return;
        }
        // A start that fails leaves the claimed run to be found missing, and the podcast failed, by a later sweep.
        await startPodcastPipeline({ user_id: podcast.user_id, podcast_id: podcast.id }, next);
        logger.warn({ userId: podcast.user_id, podcastId: podcast.id, run: next }, 'podcast run died: resumed');
        result.resumed++;
        return;
      }
      if (await failPodcast(podcast.user_id, podcast.id, now)) {
        logger.warn({ userId: podcast.user_id, podcastId: podcast.id, runs: started }, 'podcast run died again: failed, unit given back');
        result.failed++;
      } else result.skipped++;
    } catch (err) {
      result.errors++;
      logger.error({ userId: podcast.user_id, podcastId: podcast.id, err: err instanceof Error ? err.message : String(err) }, 'podcast recovery failed');
    }
  });
  logger.info(result, 'podcast recovery sweep');
  return result;
}
