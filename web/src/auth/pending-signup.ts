// A sign-up waiting for its e-mail code, kept per e-mail address for 24 h: the
// referral code to record once the account exists. The password stays in this tab's memory only
// (never in storage); when the code is confirmed from another tab, the student logs in once.
const STORAGE_KEY = 'pending_signups';
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

export interface PendingSignup {
  email: string;
  referralCode: string | null;
  timestamp: number;
}

const passwords = new Map<string, string>();
const norm = (email: string) => email.trim().toLowerCase();

function readAll(): Record<string, PendingSignup> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, PendingSignup>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, PendingSignup>): void {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    /* storage unavailable */
  }
}

export function savePending(email: string, password: string, referralCode: string | null, now = Date.now()): void {
  const key = norm(email);
  passwords.set(key, password);
  const all = readAll();
  all[key] = { email: key, referralCode, timestamp: now };
  writeAll(all);
}

export function getPending(email: string, now = Date.now()): PendingSignup | null {
  const key = norm(email);
  const all = readAll();
  const entry = all[key];
  if (!entry) return null;
  if (now - entry.timestamp > PENDING_TTL_MS) {
    removePending(key);
    return null;
  }
  return entry;
}

export function pendingPassword(email: string): string | null {
  return passwords.get(norm(email)) ?? null;
}

export function removePending(email: string): void {
  const key = norm(email);
  passwords.delete(key);
  const all = readAll();
  delete all[key];
  writeAll(all);
}
