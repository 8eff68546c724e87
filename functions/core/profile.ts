// The student's profile: its fields, the default created on first read, and the schemas of the
// updates a student may make. Shared by the API handlers and the web app's typed client.
import { z } from 'zod';

export const educationLevels = ['college', 'lycee', 'prepa', 'licence', 'master', 'doctorat', 'autre'] as const;
export type EducationLevel = (typeof educationLevels)[number];

export const languages = ['fr', 'en'] as const;

/** Longest specialization and school a profile keeps. */
export const SPECIALIZATION_MAX = 100;
export const SCHOOL_MAX = 120;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** Fields a student edits on /profile; `school` may be cleared with null or an empty string. */
export const profileUpdateSchema = z
  .object({
    language: z.enum(languages).optional(),
    education_level: z.enum(educationLevels).optional(),
    specialization: trimmed(SPECIALIZATION_MAX).optional(),
    school: z
      .union([z.string().trim().max(SCHOOL_MAX), z.null()])
      .optional()
      .transform((v) => (v === '' ? null : v)),
    /** Study reminders by e-mail (Premium): turning them on needs Premium, turning them off never does. */
    study_reminders: z.boolean().optional(),
  })
  .strict();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** What onboarding collects: language, level, specialization, optional school. */
export const onboardingSchema = z
  .object({
    language: z.enum(languages),
    education_level: z.enum(educationLevels),
    specialization: trimmed(SPECIALIZATION_MAX),
    school: z
      .union([z.string().trim().max(SCHOOL_MAX), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type OnboardingInput = z.output<typeof onboardingSchema>;

export interface Profile {
  user_id: string;
  onboarding_completed: boolean;
  language: 'fr' | 'en';
  education_level: EducationLevel | null;
  specialization: string | null;
  school: string | null;
  referral_code: string;
  referred_by: string | null;
  is_subscribed: boolean;
  subscription_status: string;
  subscription_id: string | null;
  trial_end: string | null;
  trial_code: string | null;
  trial_applied_at: string | null;
  subscription_period_end: string | null;
  streak_count: number;
  highest_streak: number;
  last_login_date: string | null;
  /** Study reminders by e-mail; absent (a profile older than the setting) reads as on. */
  study_reminders?: boolean;
  created_at: string;
  updated_at: string;
}

/** The profile a student gets when none exists yet (onboarding_completed false). */
export function defaultProfile(userId: string, referralCode: string, now: Date, language: 'fr' | 'en' = 'fr'): Profile {
  const at = now.toISOString();
  return {
    user_id: userId,
    onboarding_completed: false,
    language,
    education_level: null,
    specialization: null,
    school: null,
    referral_code: referralCode,
    referred_by: null,
    is_subscribed: false,
    subscription_status: 'not_subscribed',
    subscription_id: null,
    trial_end: null,
    trial_code: null,
    trial_applied_at: null,
    subscription_period_end: null,
    streak_count: 0,
    highest_streak: 0,
    last_login_date: null,
    created_at: at,
    updated_at: at,
  };
}

/** The subset of a profile the web app shows (internal references stay on the server). */
export type PublicProfile = Omit<Profile, 'referred_by' | 'subscription_id' | 'study_reminders'> & { study_reminders: boolean };

/** Whether the student wants study reminders (Premium decides whether they get them). */
export const remindersWanted = (p: Pick<Profile, 'study_reminders'>): boolean => p.study_reminders !== false;

/** Fields of the payments module the web app does not see (provider ids, codes already used, index keys). */
const INTERNAL_FIELDS = ['stripe_customer_id', 'stripe_subscription_id', 'stripe_event_at', 'promo_codes_used', 'trial_open', 'trial_open_until'];

export function publicProfile(p: Profile): PublicProfile {
  const { referred_by: _r, subscription_id: _s, ...rest } = p;
  for (const f of INTERNAL_FIELDS) delete (rest as Record<string, unknown>)[f];
  return { ...rest, study_reminders: remindersWanted(p) };
}
