// A student's account in the user pool (Cognito in the cloud, cognito-local on the laptop): the
// e-mail address the functions write to, which only the pool keeps.
import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { identity } from './clients.js';
import { config } from './config.js';

/** The student's verified e-mail address; null when the user is gone or the address is not verified. */
export async function verifiedAddress(userId: string): Promise<string | null> {
  const poolId = config().USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not configured');
  try {
    // The pool signs in by e-mail, so a user's username is their `sub`: the profile's user id.
    const out = await identity().send(new AdminGetUserCommand({ UserPoolId: poolId, Username: userId }));
    const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const email = attr('email');
    return email && attr('email_verified') === 'true' ? email : null;
  } catch (err) {
    if (err instanceof UserNotFoundException || (err as { name?: string }).name === 'UserNotFoundException') return null;
    throw err;
  }
}
