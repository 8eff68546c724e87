// The plans and their limits (free: monthly limits and caps; Premium: unlimited). The server
// enforces these numbers and the web app
// shows them: one source, so a page never promises what the server does not enforce. Where the
// specification gives two readings of the free limits, these are the enforcement values.
import { REFERRAL_GOAL, REFERRAL_REWARD_MONTHS } from './referral.js';

export const FREE_MONTHLY_LIMITS = {
  question_generation: 10,
  flashcard_generation: 5,
  summary_generation: 5,
  quiz_generation: 15,
  podcast_generation: 3,
} as const;

export type MeteredFeature = keyof typeof FREE_MONTHLY_LIMITS;

export const FREE_CAPS = { max_subjects: 5, max_files_per_subject: 3 } as const;

/** Features a free account cannot use at all (unavailable, reason premium_only). */
export const PREMIUM_ONLY_FEATURES = ['summary_save', 'podcast_save', 'statistics_access', 'exam_mode', 'practical_cases', 'study_reminders'] as const;

export const PREMIUM_MONTHLY_PRICE_CENTS = 699;
export const MAX_FILE_SIZE_MB = 100;
export const PROMO_TRIAL_MONTHS = 1;

/** The figures the plan comparison shows, in the shape the web app reads. */
export const PLAN_FACTS = {
  free: {
    questionsPerMonth: FREE_MONTHLY_LIMITS.question_generation,
    flashcardsPerMonth: FREE_MONTHLY_LIMITS.flashcard_generation,
    sheetsPerMonth: FREE_MONTHLY_LIMITS.summary_generation,
    quizzesPerMonth: FREE_MONTHLY_LIMITS.quiz_generation,
    podcastsPerMonth: FREE_MONTHLY_LIMITS.podcast_generation,
    maxSubjects: FREE_CAPS.max_subjects,
    maxFilesPerSubject: FREE_CAPS.max_files_per_subject,
  },
  premiumMonthlyPriceCents: PREMIUM_MONTHLY_PRICE_CENTS,
  maxFileSizeMb: MAX_FILE_SIZE_MB,
  referral: { goal: REFERRAL_GOAL, rewardMonths: REFERRAL_REWARD_MONTHS },
  promoCodeMonths: PROMO_TRIAL_MONTHS,
} as const;
