// Referral codes: short, unambiguous, upper-case; the programme's constants (two free months per five referees).

export const REFERRAL_GOAL = 5;
/**
 * Referrals a student's summary lists, newest first (about 60 bytes each: the answer stays small
 * however many students they bring); the counts cover them all.
 */
export const REFERRALS_LISTED = 1_000;
export const REFERRAL_REWARD_MONTHS = 2;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** A fresh code from a source of random bytes (crypto in production, a seeded source in tests). */
export function generateReferralCode(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(REFERRAL_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length];
  return code;
}

/** Codes are compared trimmed and upper-cased, as students type them. */
export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}
