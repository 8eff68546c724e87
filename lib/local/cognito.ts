// The laptop's user pool: cognito-local, assembled in-process from its services so that the host
// chooses the clock, the code generator, the e-mail sender and the Lambda triggers, plus the shim
// that the browser (Amplify, via `userPoolEndpoint`) and the tests talk to. The shim forwards every
// call to cognito-local and adds what the app relies on and cognito-local lacks or gets wrong:
// GetTokensFromRefreshToken, ResendConfirmationCode, the 6-digit code's 24-hour validity,
// password policy, signature and expiry checks on tokens, Cognito's real error codes.
import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { Router } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DefaultConfig, type Config as CognitoLocalConfig } from 'cognito-local/lib/server/config.js';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { UserPoolServiceFactoryImpl, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { LambdaService } from 'cognito-local/lib/services/lambda.js';
import { MessagesService } from 'cognito-local/lib/services/messages.js';
import { TriggersService } from 'cognito-local/lib/services/triggers/triggers.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Message } from 'cognito-local/lib/services/messages.js';
import { userPoolSettings } from '../shared-definitions.js';
import { JsonFileStoreFactory } from './cognito-store.js';

const require = createRequire(import.meta.url);
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };
// cognito-local's HTTP server logs through pino-http, which wants cognito-local's own pino.
const cognitoPino = createRequire(require.resolve('cognito-local/package.json'))('pino') as (opts: object) => unknown;

/** A Cognito trigger handler as exported by functions/pipelines/auth-triggers.ts. */
export type TriggerHandler = (event: any) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface AuthTriggers {
  customMessage: TriggerHandler;
  postConfirmation: TriggerHandler;
}

export interface CognitoOptions {
  /** Where the pools, app clients and users are kept. */
  directory: string;
  /** `${hostUrl}/cognito`: the tokens' issuer is `${issuerDomain}/${userPoolId}`. */
  issuerDomain: string;
  region: string;
  clock: () => Date;
  loadTriggers: () => Promise<AuthTriggers>;
  sendEmail: (message: { to: string; subject: string; html: string }) => Promise<void>;
  /** Trigger failures and unexpected errors. */
  warn: (message: string, err?: unknown) => void;
}

export interface ShimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface LocalCognito {
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  /** cognito-local's own HTTP endpoint, for server-side (admin) calls. */
  directUrl: string;
  jwksUrl: string;
  /** The public key set the tokens are signed with. */
  jwks: { keys: JWK[] };
  /** Handles one call `AWSCognitoIdentityProviderService.{target}` with its JSON body. */
  call(target: string, body: unknown): Promise<ShimResponse>;
  close(): Promise<void>;
}

const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';
const FORGOT_PASSWORD_CODE_HOURS = 1;
const TRIGGER_FUNCTIONS = { CustomMessage: 'revise-custom-message', PostConfirmation: 'revise-post-confirmation' } as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The user record as stored, with the instant its pending code was issued. */
type StoredUser = User & { ConfirmationCodeDate?: Date };

const fail = (code: string, message: string): never => {
  throw new CognitoError(code, message);
};
const userNotFound = (): never => fail('UserNotFoundException', 'Username/client id combination not found.');
const badCredentials = (): never => fail('NotAuthorizedException', 'Incorrect username or password.');

const silentLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
} as unknown as Context['logger'];
const ctx: Context = { logger: silentLogger };

export async function startCognito(opts: CognitoOptions): Promise<LocalCognito> {
  const clock = { get: () => opts.clock() };
  const config: CognitoLocalConfig = {
    ...DefaultConfig,
    TriggerFunctions: { ...TRIGGER_FUNCTIONS },
    UserPoolDefaults: { UsernameAttributes: [...userPoolSettings.usernameAttributes] },
    TokenConfig: { IssuerDomain: opts.issuerDomain },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };

  const storeFactory = new JsonFileStoreFactory(opts.directory);
  const cognitoService = await new CognitoServiceFactoryImpl(
    opts.directory,
    storeFactory,
    new UserPoolServiceFactoryImpl(clock, storeFactory),
  ).create(ctx, config.UserPoolDefaults);

  // Triggers run in this process: an `AWS.Lambda`-shaped client that calls the handlers directly
  // with the exact event a Lambda would receive.
  const lambdaClient = {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        promise: async () => {
          const event = JSON.parse(params.Payload) as Json;
          event.region = opts.region;
          try {
            const triggers = await opts.loadTriggers();
            const handler =
              params.FunctionName === TRIGGER_FUNCTIONS.CustomMessage ? triggers.customMessage : triggers.postConfirmation;
            const result = await handler(event);
            return { StatusCode: 200, Payload: JSON.stringify(result ?? event) };
          } catch (err) {
            opts.warn(`Cognito trigger ${event.triggerSource} failed`, err);
            const e = err instanceof Error ? err : new Error(String(err));
            return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorType: e.name, errorMessage: e.message }) };
          }
        },
      };
    },
  };
  const triggers = new TriggersService(
    clock,
    cognitoService,
    new LambdaService(config.TriggerFunctions, lambdaClient as never),
    { encrypt: () => Promise.reject(new Error('CustomEmailSender is not used')) } as never,
  );

  const sender = {
    async sendEmail(_ctx: Context, user: User, destination: string, message: Message) {
      const code = message.__code ?? '';
      // cognito-local fills only the first placeholder; the e-mails carry the code twice.
      const fill = (s: string) => s.split(CODE_PLACEHOLDER).join(code).split(USERNAME_PLACEHOLDER).join(user.Username);
      if (!message.emailMessage) opts.warn('The CustomMessage trigger returned no e-mail; sending a plain code instead');
      await opts.sendEmail({
        to: destination,
        subject: message.emailSubject || 'Your verification code',
        html: message.emailMessage ? fill(message.emailMessage) : `<p>Your verification code is <b>${code}</b></p>`,
      });
    },
    async sendSms() {
      // The pool has no phone numbers.
    },
  };
  const messages = new MessagesService(triggers, new MessageDeliveryService(sender));

  const services: Services = {
    clock,
    cognito: cognitoService,
    config,
    messages,
    otp: () => String(randomInt(100_000, 1_000_000)),
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);

  const { userPoolId, userPoolClientId } = await ensurePool(services, router);
  const issuer = `${opts.issuerDomain}/${userPoolId}`;
  const keySet = createLocalJWKSet({ keys: [publicKey.jwk] });

  const server = (await createServer(
    router,
    cognitoPino({ level: 'silent' }) as never,
    config.ServerConfig,
    services,
  ).start()) as Server;
  const port = (server.address() as AddressInfo).port;
  const directUrl = `http://127.0.0.1:${port}`;

  // ---- helpers used by the shim ----

  const poolFor = async (clientId: unknown): Promise<UserPoolService> => {
    if (typeof clientId !== 'string' || !clientId) fail('InvalidParameterException', 'Missing required parameter ClientId');
    return cognitoService.getUserPoolForClientId(ctx, clientId as string);
  };

  const findUser = async (p: UserPoolService, username: unknown): Promise<StoredUser | null> => {
    if (typeof username !== 'string' || !username) fail('InvalidParameterException', 'Missing required parameter Username');
    return (await p.getUserByUsername(ctx, username as string)) as StoredUser | null;
  };

  const codeIssuedAt = (user: StoredUser): number =>
    (user.ConfirmationCodeDate ?? user.UserLastModifiedDate ?? user.UserCreateDate).getTime();

  const stampCode = async (p: UserPoolService, username: string): Promise<void> => {
    const user = (await p.getUserByUsername(ctx, username)) as StoredUser | null;
    if (user?.ConfirmationCode) await p.saveUser(ctx, { ...user, ConfirmationCodeDate: clock.get() } as User);
  };

  const checkPassword = (password: unknown): void => {
    if (typeof password !== 'string' || password.length === 0) fail('InvalidParameterException', 'Missing required parameter Password');
    const pw = password as string;
    if (/^\s|\s$/.test(pw)) {
      fail(
        'InvalidParameterException',
        "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
      );
    }
    if (pw.length < userPoolSettings.passwordMinLength) fail('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
    if (pw.length > 256) fail('InvalidPasswordException', 'Password did not conform with policy: Password too long');
  };

  const verify = async (token: unknown, use: 'access' | 'refresh'): Promise<JWTPayload> => {
    const label = use === 'access' ? 'Access Token' : 'Refresh Token';
    if (typeof token !== 'string' || !token) return fail('NotAuthorizedException', `Invalid ${label}`);
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer, algorithms: ['RS256'], currentDate: clock.get() });
      if (use === 'access' && payload.token_use !== 'access') fail('NotAuthorizedException', `Invalid ${label}`);
      if (use === 'refresh' && payload.token_use !== undefined) fail('NotAuthorizedException', `Invalid ${label}`);
      return payload;
    } catch (err) {
      if (err instanceof CognitoError) throw err;
      if (err instanceof joseErrors.JWTExpired) return fail('NotAuthorizedException', `${label} has expired`);
      return fail('NotAuthorizedException', `Invalid ${label}`);
    }
  };

  const withExpiry = (result: Json | undefined): Json | undefined => {
    if (!result?.AccessToken) return result;
    const claims = decodeJwt(result.AccessToken as string);
    const expiresIn = claims.exp && claims.iat ? claims.exp - claims.iat : userPoolSettings.accessTokenMinutes * 60;
    return { ...result, ExpiresIn: expiresIn, TokenType: 'Bearer' };
  };

  const forward = (target: string, body: Json): Promise<Json> => router(target)(ctx, body) as Promise<Json>;

  const lower = (s: unknown): unknown => (typeof s === 'string' ? s.toLowerCase() : s);

  // ---- the shim's own handling, by target ----

  const overrides: Record<string, (body: Json) => Promise<Json>> = {
    async SignUp(body) {
      checkPassword(body.Password);
      const username = lower(body.Username) as string;
      const attributes = Array.isArray(body.UserAttributes)
        ? (body.UserAttributes as { Name: string; Value: string }[]).map((a) => (a.Name === 'email' ? { ...a, Value: a.Value.toLowerCase() } : a))
        : undefined;
      const out = await forward('SignUp', { ...body, Username: username, UserAttributes: attributes });
      await stampCode(await poolFor(body.ClientId), username);
      return out;
    },

    async ConfirmSignUp(body) {
      const p = await poolFor(body.ClientId);
      const username = lower(body.Username);
      const user = await findUser(p, username);
      if (!user) return userNotFound();
      if (user.UserStatus === 'CONFIRMED') fail('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      if (!user.ConfirmationCode || clock.get().getTime() - codeIssuedAt(user) > userPoolSettings.codeValidityHours * 3_600_000) {
        fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
      }
      if (user.ConfirmationCode !== body.ConfirmationCode) {
        fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
      }
      // Confirming with the e-mailed code verifies the address (cognito-local forgets to), and the
      // PostConfirmation trigger must see it so.
      const attributes = [...user.Attributes.filter((a) => a.Name !== 'email_verified'), { Name: 'email_verified', Value: 'true' }];
      await p.saveUser(ctx, { ...user, Attributes: attributes });
      return forward('ConfirmSignUp', { ...body, Username: user.Username });
    },

    async ResendConfirmationCode(body) {
      const p = await poolFor(body.ClientId);
      const user = await findUser(p, lower(body.Username));
      if (!user) return userNotFound();
      if (user.UserStatus !== 'UNCONFIRMED') fail('InvalidParameterException', 'User is already confirmed.');
      const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
      if (!email) return fail('InvalidParameterException', 'User has no attribute matching desired auto verified attributes');
      const deliveryDetails = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
      const code = services.otp();
      await messages.deliver(ctx, 'ResendCode', body.ClientId as string, p.options.Id, user, code, body.ClientMetadata, deliveryDetails);
      const now = clock.get();
      await p.saveUser(ctx, { ...user, ConfirmationCode: code, ConfirmationCodeDate: now, UserLastModifiedDate: now } as User);
      return { CodeDeliveryDetails: deliveryDetails };
    },

    async ForgotPassword(body) {
      const p = await poolFor(body.ClientId);
      const user = await findUser(p, lower(body.Username));
      if (!user) return userNotFound();
      if (user.UserStatus === 'UNCONFIRMED') {
        fail('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      const out = await forward('ForgotPassword', { ...body, Username: user.Username });
      await stampCode(p, user.Username);
      return out;
    },

    async ConfirmForgotPassword(body) {
      const p = await poolFor(body.ClientId);
      const user = await findUser(p, lower(body.Username));
      if (!user) return userNotFound();
      checkPassword(body.Password);
      if (!user.ConfirmationCode || user.ConfirmationCode !== body.ConfirmationCode) {
        fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
      }
      if (clock.get().getTime() - codeIssuedAt(user) > FORGOT_PASSWORD_CODE_HOURS * 3_600_000) {
        fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
      }
      return forward('ConfirmForgotPassword', { ...body, Username: user.Username });
    },

    async InitiateAuth(body) {
      const params = (body.AuthParameters ?? {}) as Json;
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
        try {
          const out = await forward('InitiateAuth', { ...body, AuthParameters: { ...params, USERNAME: lower(params.USERNAME) } });
          return { ...out, AuthenticationResult: withExpiry(out.AuthenticationResult) };
        } catch (err) {
          // Cognito never says whether the e-mail or the password was wrong.
          if (err instanceof CognitoError && ['InvalidPasswordException', 'NotAuthorizedException'].includes(err.code)) badCredentials();
          throw err;
        }
      }
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
        await verify(params.REFRESH_TOKEN, 'refresh');
        const out = await forward('InitiateAuth', body);
        return { ...out, AuthenticationResult: withExpiry(out.AuthenticationResult) };
      }
      return fail('InvalidParameterException', `Unsupported AuthFlow ${String(body.AuthFlow)}: this pool accepts USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH`);
    },

    async GetTokensFromRefreshToken(body) {
      await verify(body.RefreshToken, 'refresh');
      const out = await forward('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: body.ClientId,
        ClientMetadata: body.ClientMetadata,
        AuthParameters: { REFRESH_TOKEN: body.RefreshToken },
      });
      const result = withExpiry(out.AuthenticationResult) ?? {};
      return { AuthenticationResult: { AccessToken: result.AccessToken, IdToken: result.IdToken, ExpiresIn: result.ExpiresIn, TokenType: result.TokenType } };
    },

    async ChangePassword(body) {
      await verify(body.AccessToken, 'access');
      checkPassword(body.ProposedPassword);
      try {
        return await forward('ChangePassword', body);
      } catch (err) {
        if (err instanceof CognitoError && err.code === 'InvalidPasswordException') badCredentials();
        throw err;
      }
    },

    async GlobalSignOut(body) {
      const claims = await verify(body.AccessToken, 'access');
      const p = await poolFor(claims.client_id);
      const user = await findUser(p, claims.sub);
      if (!user) return fail('NotAuthorizedException', 'Access Token has been revoked');
      await p.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
  };

  // Calls authorised by the caller's access token: cognito-local only decodes it.
  for (const target of [
    'GetUser',
    'DeleteUser',
    'UpdateUserAttributes',
    'DeleteUserAttributes',
    'VerifyUserAttribute',
    'GetUserAttributeVerificationCode',
    'SetUserMFAPreference',
    'AssociateSoftwareToken',
    'VerifySoftwareToken',
  ]) {
    overrides[target] = async (body) => {
      await verify(body.AccessToken, 'access');
      return forward(target, body);
    };
  }

  const call = async (target: string, body: unknown): Promise<ShimResponse> => {
    try {
      const payload = (body && typeof body === 'object' ? body : {}) as Json;
      const run = overrides[target] ?? ((b: Json) => forward(target, b));
      const output = await run(payload);
      return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(output ?? {}, dateReplacer) };
    } catch (err) {
      if (err instanceof CognitoError) return errorReply(400, err.code, err.message);
      if (err instanceof UnsupportedError) return errorReply(400, 'InvalidParameterException', `Not supported by the local user pool: ${err.message}`);
      opts.warn(`Cognito ${target} failed`, err);
      return errorReply(500, 'InternalErrorException', 'Internal error in the local user pool');
    }
  };

  return {
    userPoolId,
    userPoolClientId,
    issuer,
    directUrl,
    jwksUrl: `${directUrl}/${userPoolId}/.well-known/jwks.json`,
    jwks: { keys: [publicKey.jwk] },
    call,
    close: () => closeServer(server),
  };
}

function errorReply(status: number, code: string, message: string): ShimResponse {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': code },
    body: JSON.stringify({ __type: code, message }),
  };
}

/** The AWS JSON protocol sends timestamps as epoch seconds. */
function dateReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
}

/** Finds the pool and app client by name, creating them the first time; brings their settings up to date. */
async function ensurePool(services: Services, router: ReturnType<typeof Router>): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const passwordPolicy = {
    MinimumLength: userPoolSettings.passwordMinLength,
    RequireUppercase: false,
    RequireLowercase: false,
    RequireNumbers: false,
    RequireSymbols: false,
    TemporaryPasswordValidityDays: 7,
  };
  const pools = (await services.cognito.listUserPools(ctx))
    .filter((p) => p.Name === userPoolSettings.poolName)
    .sort((a, b) => (a.CreationDate?.getTime() ?? 0) - (b.CreationDate?.getTime() ?? 0));
  let userPoolId = pools[0]?.Id;
  if (!userPoolId) {
    const created = (await router('CreateUserPool')(ctx, {
      PoolName: userPoolSettings.poolName,
      UsernameAttributes: [...userPoolSettings.usernameAttributes],
      AutoVerifiedAttributes: [...userPoolSettings.autoVerifiedAttributes],
      Policies: { PasswordPolicy: passwordPolicy },
      MfaConfiguration: 'OFF',
    })) as { UserPool: { Id: string } };
    userPoolId = created.UserPool.Id;
  } else {
    const pool = await services.cognito.getUserPool(ctx, userPoolId);
    await pool.updateOptions(ctx, {
      ...pool.options,
      UsernameAttributes: [...userPoolSettings.usernameAttributes],
      AutoVerifiedAttributes: [...userPoolSettings.autoVerifiedAttributes],
      Policies: { ...pool.options.Policies, PasswordPolicy: passwordPolicy },
    });
  }

  const clientSettings = {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AccessTokenValidity: userPoolSettings.accessTokenMinutes,
    IdTokenValidity: userPoolSettings.accessTokenMinutes,
    RefreshTokenValidity: userPoolSettings.refreshTokenDays,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    EnableTokenRevocation: true,
  };
  const clients = (await services.cognito.listAppClients(ctx, userPoolId))
    .filter((c) => c.ClientName === userPoolSettings.clientName)
    .sort((a, b) => a.CreationDate.getTime() - b.CreationDate.getTime());
  let userPoolClientId = clients[0]?.ClientId;
  if (!userPoolClientId) {
    const created = (await router('CreateUserPoolClient')(ctx, {
      UserPoolId: userPoolId,
      ClientName: userPoolSettings.clientName,
      ...clientSettings,
    })) as { UserPoolClient: { ClientId: string } };
    userPoolClientId = created.UserPoolClient.ClientId;
  } else {
    const pool = await services.cognito.getUserPool(ctx, userPoolId);
    await pool.saveAppClient(ctx, { ...clients[0], ...clientSettings });
  }
  return { userPoolId, userPoolClientId };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
