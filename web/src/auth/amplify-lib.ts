// Everything the app uses from Amplify, in one module loaded on demand (see ./amplify.ts): the
// landing page paints without it, and the first caller that needs Cognito loads it.
import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';
import type { WebConfig } from '../config';

export { Hub } from 'aws-amplify/utils';
export {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';

/** Sign-in always uses USER_PASSWORD_AUTH; Google federation only when config.json has `oauth`. */
export function configure(config: WebConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        signUpVerificationMethod: 'code',
        loginWith: {
          email: true,
          ...(config.oauth
            ? {
                oauth: {
                  domain: config.oauth.domain,
                  scopes: config.oauth.scopes,
                  redirectSignIn: [config.oauth.redirectSignIn],
                  redirectSignOut: [config.oauth.redirectSignOut],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
}
