// Podcast rules shared by the server and the web app: the length each duration choice stands for
// (short under 5 minutes, medium 5 to 10, long 10 to 15), what the script aims at inside
// it, the two speakers' names in each language (the voices' names in the cloud), and how long the
// pipeline's run may take before a podcast left unfinished by it (a crash, a time-out) is resumed
// once or ended as failed.
import type { PodcastDuration } from './views.js';

/** Seconds of audio a duration choice allows, and what the script is planned for. */
export const PODCAST_RANGES: Record<PodcastDuration, { min: number; max: number; target: number }> = {
  short: { min: 0, max: 300, target: 210 },
  medium: { min: 300, max: 600, target: 450 },
  long: { min: 600, max: 900, target: 750 },
};

/** Speaker 0 and speaker 1 (Polly's neural voices of the same names speak them in the cloud). */
export const PODCAST_SPEAKERS: Record<'fr' | 'en', readonly [string, string]> = {
  fr: ['Léa', 'Rémi'],
  en: ['Joanna', 'Matthew'],
};

/** The script's word budget: the target length at the two voices' average pace. */
export function plannedWords(duration: PodcastDuration, wordsPerMinute: readonly [number, number]): number {
  const pace = (wordsPerMinute[0] + wordsPerMinute[1]) / 2;
  return Math.round((PODCAST_RANGES[duration].target / 60) * pace);
}

/** Segments synthesised at once by the pipeline's Map state. */
export const PODCAST_SYNTHESIS_CONCURRENCY = 4;

/** The longest one run of the podcast state machine may take (its `TimeoutSeconds`, in both hosts). */
export const PODCAST_RUN_TIMEOUT_SECONDS = 30 * 60;
/**
 * How long a run is given to appear: the API writes the record, then starts the execution; a run
 * younger than this whose execution cannot be found may still be starting.
 */
export const PODCAST_RUN_START_GRACE_SECONDS = 2 * 60;
/** Runs a podcast gets: the first, and one more, resumed where the first stopped, if it died. */
export const PODCAST_MAX_RUNS = 2;

/**
 * What the age of an unfinished podcast's run says, at `now` (epoch seconds): `young` (it may
 * still be starting: leave it), `over` (past its time-out and a margin: Step Functions has ended
 * it, whatever it became) or `ask` (only the state machine knows whether it still runs).
 */
export function runAge(startedAt: number, now: number): 'young' | 'ask' | 'over' {
  const age = now - startedAt;
  if (age < PODCAST_RUN_START_GRACE_SECONDS) return 'young';
  return age > PODCAST_RUN_TIMEOUT_SECONDS + PODCAST_RUN_START_GRACE_SECONDS ? 'over' : 'ask';
}

/** A podcast whose run died unfinished is resumed while it has runs left, else ended as failed (its unit given back). */
export const afterDeadRun = (runs: number): 'resume' | 'fail' => (runs < PODCAST_MAX_RUNS ? 'resume' : 'fail');
