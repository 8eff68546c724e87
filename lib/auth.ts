// Sign-in: the Cognito user pool and the web app's client, with the rules the laptop host shares
// (lib/shared-definitions.ts), Révise's own e-mails (CustomMessage trigger), the profile created
// on confirmation (PostConfirmation trigger) and, when configured, "Continue with Google"
// through the hosted UI.
//
// The triggers deliberately get neither USER_POOL_ID nor any pool ARN in their policy: the pool
// references the functions, so a reference back would be a circular dependency. They do not
// need it (the event carries the pool id).
import { Aws, Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  VerificationEmailStyle,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import { buildServerFunction, type FunctionContext } from './server-functions.js';
import type { DeploymentInputs } from './inputs.js';
import { userPoolSettings } from './shared-definitions.js';

export interface AuthProps {
  inputs: DeploymentInputs;
  functions: FunctionContext;
  /** `https://host` of the site: e-mail links and OAuth redirects point there. */
  siteOrigin: string;
}

export interface HostedUi {
  /** `<prefix>.auth.<region>.amazoncognito.com`, as Amplify's `oauth.domain` wants it. */
  domain: string;
  redirectSignIn: string;
  redirectSignOut: string;
  scopes: string[];
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly customMessage: HouseFunction;
  readonly postConfirmation: HouseFunction;
  /** Present when Google sign-in is configured. */
  readonly hostedUi?: HostedUi;
  readonly domain?: UserPoolDomain;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { inputs, siteOrigin } = props;
    // The registry's Cognito triggers (Cognito waits 5 s for each; they stay well under it).
    const triggers = new Map<string, HouseFunction>();
    for (const def of functionsOf('cognito')) triggers.set(def.trigger.trigger, buildServerFunction(this, def, props.functions));
    const trigger = (name: 'customMessage' | 'postConfirmation') => {
      const fn = triggers.get(name);
      if (!fn) throw new Error(`functions/registry.ts has no Cognito ${name} trigger`);
      return fn;
    };
    this.customMessage = trigger('customMessage');
    this.postConfirmation = trigger('postConfirmation');

    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      // Students type their address in any case; the laptop host's shim is case-insensitive too.
      signInCaseSensitive: false,
      signInAliases: { email: userPoolSettings.usernameAttributes.includes('email') },
      autoVerify: { email: userPoolSettings.autoVerifiedAttributes.includes('email') },
      // A changed e-mail address takes effect only once its code is entered.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: userPoolSettings.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        // Replaced by the CustomMessage trigger; kept as a fallback that still carries the code.
        emailSubject: 'Révise : ton code de vérification',
        emailBody: 'Ton code de vérification Révise : {####}',
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      // Lite covers e-mail sign-in, triggers, federation and the classic hosted UI at the lowest
      // per-user price.
      featurePlan: FeaturePlan.LITE,
      email: inputs.sesFromEmail
        ? UserPoolEmail.withSES({ fromEmail: inputs.sesFromEmail, fromName: 'Révise', sesRegion: Stack.of(this).region })
        : UserPoolEmail.withCognito(),
      lambdaTriggers: Object.fromEntries(triggers),
      // Deleting the prod pool would delete every account: refused there, allowed elsewhere.
      deletionProtection: inputs.retainData,
      removalPolicy: inputs.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product specification sets the sign-up password rule to at least 6 characters with no character-class requirement; the laptop host enforces the same rule.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'Students sign in with e-mail and password or Google; the specification has no second factor, and e-mail ownership is proven by the verification code.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Plus feature plan (threat protection) is billed per monthly active user; the Lite plan covers every feature the product uses.',
      },
    );

    const scopes = [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE];
    const redirectSignIn = `${siteOrigin}/auth/callback`;
    const redirectSignOut = `${siteOrigin}/`;
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (inputs.googleClientId && inputs.googleClientSecretName) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: inputs.googleClientId,
        clientSecretValue: SecretValue.secretsManager(inputs.googleClientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
        },
      });
      const prefix = inputs.authDomainPrefix ?? `revise-${inputs.stage}-${Aws.ACCOUNT_ID}`;
      this.domain = this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: prefix } });
      this.hostedUi = {
        // Spelled out from the prefix rather than read from the domain resource: the site's
        // security headers name it, and the pool (via its trigger's APP_URL) already depends on
        // the distribution that carries those headers.
        domain: `${prefix}.auth.${Stack.of(this).region}.amazoncognito.com`,
        redirectSignIn,
        redirectSignOut,
        scopes: scopes.map((s) => s.scopeName),
      };
    }

    this.client = this.userPool.addClient('Web', {
      generateSecret: false,
      // USER_PASSWORD_AUTH is the flow cognito-local supports, so both hosts run the same code.
      authFlows: { userPassword: true, userSrp: true },
      accessTokenValidity: Duration.minutes(userPoolSettings.accessTokenMinutes),
      idTokenValidity: Duration.minutes(userPoolSettings.accessTokenMinutes),
      refreshTokenValidity: Duration.days(userPoolSettings.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      supportedIdentityProviders: google
        ? [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE]
        : [UserPoolClientIdentityProvider.COGNITO],
      ...(google
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes,
              callbackUrls: [redirectSignIn],
              logoutUrls: [redirectSignOut],
            },
          }
        : { disableOAuth: true }),
    });
    if (google) this.client.node.addDependency(google);
  }
}
