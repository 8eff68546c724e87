// Amplify Auth set-up from the runtime configuration. Sign-in always uses USER_PASSWORD_AUTH (the
// flow both Cognito and the laptop's user pool accept); Google federation is configured only when
// config.json carries `oauth` (cloud deployments with a hosted-UI domain).
import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';
import type { WebConfig } from '../config';

export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

export function configureAuth(config: WebConfig): void {
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
