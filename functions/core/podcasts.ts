// Podcast rules shared by the server and the web app: the length each duration choice stands for
// (spec §2: short under 5 minutes, medium 5 to 10, long 10 to 15), what the script aims at inside
// it, and the two speakers' names in each language (the voices' names in the cloud).
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
