// The study reminders' unsubscribe link: a token naming the student, signed with HMAC-SHA256 under
// the `reminderSigning` secret, so the link turns the reminders off without signing in and nobody
// can forge one for another student. It does not expire (a link in an old e-mail still works) and
// can only ever turn reminders off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from './secrets.js';

const mac = (key: string, userId: string) => createHmac('sha256', key).update(`unsubscribe-reminders:${userId}`).digest();

export async function unsubscribeToken(userId: string): Promise<string> {
  return `${Buffer.from(userId).toString('base64url')}.${mac(await secretValue('reminderSigning'), userId).toString('base64url')}`;
}

/** The student a token names, or null when it is malformed or its signature is wrong. */
export async function verifyUnsubscribeToken(token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1], 'base64url').toString('utf8');
  const given = Buffer.from(match[2], 'base64url');
  const expected = mac(await secretValue('reminderSigning'), userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
