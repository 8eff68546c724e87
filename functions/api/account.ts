// Account deletion: every row and object of the student, then the Cognito user. Data goes first so
// that a failure leaves a user who can sign in and try again, never data without an owner; a paid
// subscription is cancelled before anything is erased.
import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { AppError } from '../core/errors.js';
import { identity } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { userRoute } from '../platform/http.js';
import { logger } from '../platform/logger.js';
import { cancelSubscriptionOf } from '../platform/payments.js';
import { eraseUserData } from '../platform/store/account-data.js';

export const deleteAccount = userRoute({}, async ({ user }) => {
  try {
    // A paid subscription ends first: no charge for a deleted account.
    await cancelSubscriptionOf(user.id);
    await eraseUserData(user.id);
    await identity()
      .send(new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: user.username }))
      .catch((err) => {
        if (err instanceof UserNotFoundException || err?.name === 'UserNotFoundException') return;
        throw err;
      });
  } catch (err) {
    logger.error({ userId: user.id, err: err instanceof Error ? err.message : String(err) }, 'account deletion failed');
    throw new AppError('account_delete_failed');
  }
  logger.info({ userId: user.id }, 'account deleted');
  return undefined;
});
