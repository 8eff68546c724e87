// A student's account in the user pool (Cognito in the cloud, cognito-local on the laptop): the
// e-mail address the functions write to, which only the pool keeps.
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { identity } from './clients.js';
import { config } from './config.js';

/**
 * ListUsers' filter for one `sub` (the profile's user id). The pool's username is the `sub` only
 * for students who signed up with an e-mail address; a student who came through Google is
 * `Google_{id}`, so the user is looked up by its `sub` attribute, never by username.
 */
export const subFilter = (userId: string): string => `sub = "${userId.replace(/["\\]/g, '\\$&')}"`;

/** The student's verified e-mail address; null when the user is gone or the address is not verified. */
export async function verifiedAddress(userId: string): Promise<string | null> {
  const poolId = config().USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not configured');
  const out = await identity().send(new ListUsersCommand({ UserPoolId: poolId, Filter: subFilter(userId), Limit: 1 }));
  const user = out.Users?.find((u) => u.Attributes?.some((a) => a.Name === 'sub' && a.Value === userId));
  const attr = (name: string) => user?.Attributes?.find((a) => a.Name === name)?.Value;
  const email = attr('email');
  return email && attr('email_verified') === 'true' ? email : null;
}
