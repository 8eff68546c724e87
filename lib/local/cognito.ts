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
  const { services, router } = await assembleUserPool(opts);
  const { userPoolId, userPoolClientId } = await ensurePool(services, router);
  const issuer = `${opts.issuerDomain}/${userPoolId}`;
  const server = (await createServer(
    router,
    cognitoPino({ level: 'silent' }) as never,
    services.config.ServerConfig,
    services,
  ).start()) as Server;
  const directUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const shim = new UserPoolShim(services, router, issuer, opts.warn);
  return {
    userPoolId,
    userPoolClientId,
    issuer,
    directUrl,
    jwksUrl: `${directUrl}/${userPoolId}/.well-known/jwks.json`,
    jwks: { keys: [publicKey.jwk] },
    call: (target, body) => shim.call(target, body),
    close: () => closeServer(server),
  };
}

/** cognito-local's services with the host's clock, code generator, e-mail sender and triggers, and its router. */
async function assembleUserPool(opts: CognitoOptions): Promise<{ services: Services; router: ReturnType<typeof Router> }> {
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
  const triggers = new TriggersService(
    clock,
    cognitoService,
    new LambdaService(config.TriggerFunctions, inProcessLambda(opts) as never),
    { encrypt: () => Promise.reject(new Error('CustomEmailSender is not used')) } as never,
  );
  const services: Services = {
    clock,
    cognito: cognitoService,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(mailSender(opts))),
    otp: () => String(randomInt(100_000, 1_000_000)),
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  return { services, router: Router(services) };
}

/**
 * Triggers run in this process: an `AWS.Lambda`-shaped client that calls the handlers directly
 * with the exact event a Lambda would receive; a failing trigger answers as a Lambda's unhandled error.
 */
function inProcessLambda(opts: Pick<CognitoOptions, 'region' | 'loadTriggers' | 'warn'>) {
  return {
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
}

/** The pool's e-mails (the CustomMessage trigger's text, code filled in) through the host's sender. */
function mailSender(opts: Pick<CognitoOptions, 'sendEmail' | 'warn'>) {
  return {
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
}

const lower = (s: unknown): unknown => (typeof s === 'string' ? s.toLowerCase() : s);

/**
 * The shim in front of cognito-local: each call goes to the target's own handling below when it
 * has one (SHIM_TARGETS), else straight to cognito-local; errors come back as Cognito's.
 */
class UserPoolShim {
  private readonly keySet = createLocalJWKSet({ keys: [publicKey.jwk] });

  constructor(
    readonly services: Services,
    private readonly router: ReturnType<typeof Router>,
    private readonly issuer: string,
    private readonly warn: CognitoOptions['warn'],
  ) {}

  async call(target: string, body: unknown): Promise<ShimResponse> {
    try {
      const payload = (body && typeof body === 'object' ? body : {}) as Json;
      const own = Object.hasOwn(SHIM_TARGETS, target) ? SHIM_TARGETS[target] : undefined;
      const output = own ? await own(this, payload) : await this.forward(target, payload);
      return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(output ?? {}, dateReplacer) };
    } catch (err) {
      if (err instanceof CognitoError) return errorReply(400, err.code, err.message);
      if (err instanceof UnsupportedError) return errorReply(400, 'InvalidParameterException', `Not supported by the local user pool: ${err.message}`);
      this.warn(`Cognito ${target} failed`, err);
      return errorReply(500, 'InternalErrorException', 'Internal error in the local user pool');
    }
  }

  now(): Date {
    return this.services.clock.get();
  }

  forward(target: string, body: Json): Promise<Json> {
    return this.router(target)(ctx, body) as Promise<Json>;
  }

  async poolFor(clientId: unknown): Promise<UserPoolService> {
    if (typeof clientId !== 'string' || !clientId) fail('InvalidParameterException', 'Missing required parameter ClientId');
    return this.services.cognito.getUserPoolForClientId(ctx, clientId as string);
  }

  async findUser(p: UserPoolService, username: unknown): Promise<StoredUser | null> {
    if (typeof username !== 'string' || !username) fail('InvalidParameterException', 'Missing required parameter Username');
    return (await p.getUserByUsername(ctx, username as string)) as StoredUser | null;
  }

  /** Records when the user's pending code was issued (cognito-local does not). */
  async stampCode(p: UserPoolService, username: string): Promise<void> {
    const user = (await p.getUserByUsername(ctx, username)) as StoredUser | null;
    if (user?.ConfirmationCode) await p.saveUser(ctx, { ...user, ConfirmationCodeDate: this.now() } as User);
  }

  /** Checks a token's signature, issuer, expiry and use, failing as Cognito does. */
  async verify(token: unknown, use: 'access' | 'refresh'): Promise<JWTPayload> {
    const label = use === 'access' ? 'Access Token' : 'Refresh Token';
    if (typeof token !== 'string' || !token) return fail('NotAuthorizedException', `Invalid ${label}`);
    try {
      const { payload } = await jwtVerify(token, this.keySet, { issuer: this.issuer, algorithms: ['RS256'], currentDate: this.now() });
      if (use === 'access' && payload.token_use !== 'access') fail('NotAuthorizedException', `Invalid ${label}`);
      if (use === 'refresh' && payload.token_use !== undefined) fail('NotAuthorizedException', `Invalid ${label}`);
      return payload;
    } catch (err) {
      if (err instanceof CognitoError) throw err;
      if (err instanceof joseErrors.JWTExpired) return fail('NotAuthorizedException', `${label} has expired`);
      return fail('NotAuthorizedException', `Invalid ${label}`);
    }
  }
}

const codeIssuedAt = (user: StoredUser): number => (user.ConfirmationCodeDate ?? user.UserLastModifiedDate ?? user.UserCreateDate).getTime();

function checkPassword(password: unknown): void {
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
}

/** Tokens answered with their lifetime and type, as Cognito answers them. */
function withExpiry(result: Json | undefined): Json | undefined {
  if (!result?.AccessToken) return result;
  const claims = decodeJwt(result.AccessToken as string);
  const expiresIn = claims.exp && claims.iat ? claims.exp - claims.iat : userPoolSettings.accessTokenMinutes * 60;
  return { ...result, ExpiresIn: expiresIn, TokenType: 'Bearer' };
}

type ShimTarget = (shim: UserPoolShim, body: Json) => Promise<Json>;

/** Calls authorised by the caller's access token: cognito-local only decodes it. */
const TOKEN_TARGETS = [
  'GetUser',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserMFAPreference',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
];

/** The shim's own handling, by target. */
const SHIM_TARGETS: Record<string, ShimTarget> = {
  ...Object.fromEntries(
    TOKEN_TARGETS.map((target): [string, ShimTarget] => [
      target,
      async (shim, body) => {
        await shim.verify(body.AccessToken, 'access');
        return shim.forward(target, body);
      },
    ]),
  ),

  async SignUp(shim, body) {
    checkPassword(body.Password);
    const username = lower(body.Username) as string;
    const attributes = Array.isArray(body.UserAttributes)
      ? (body.UserAttributes as { Name: string; Value: string }[]).map((a) => (a.Name === 'email' ? { ...a, Value: a.Value.toLowerCase() } : a))
      : undefined;
    const out = await shim.forward('SignUp', { ...body, Username: username, UserAttributes: attributes });
    await shim.stampCode(await shim.poolFor(body.ClientId), username);
    return out;
  },

  async ConfirmSignUp(shim, body) {
    const p = await shim.poolFor(body.ClientId);
    const user = await shim.findUser(p, lower(body.Username));
    if (!user) return userNotFound();
    if (user.UserStatus === 'CONFIRMED') fail('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
    if (!user.ConfirmationCode || shim.now().getTime() - codeIssuedAt(user) > userPoolSettings.codeValidityHours * 3_600_000) {
      fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    if (user.ConfirmationCode !== body.ConfirmationCode) {
      fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
    }
    // Confirming with the e-mailed code verifies the address (cognito-local forgets to), and the
    // PostConfirmation trigger must see it so.
    const attributes = [...user.Attributes.filter((a) => a.Name !== 'email_verified'), { Name: 'email_verified', Value: 'true' }];
    await p.saveUser(ctx, { ...user, Attributes: attributes });
    return shim.forward('ConfirmSignUp', { ...body, Username: user.Username });
  },

  async ResendConfirmationCode(shim, body) {
    const p = await shim.poolFor(body.ClientId);
    const user = await shim.findUser(p, lower(body.Username));
    if (!user) return userNotFound();
    if (user.UserStatus !== 'UNCONFIRMED') fail('InvalidParameterException', 'User is already confirmed.');
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
    if (!email) return fail('InvalidParameterException', 'User has no attribute matching desired auto verified attributes');
    const deliveryDetails = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
    const code = shim.services.otp();
    await shim.services.messages.deliver(ctx, 'ResendCode', body.ClientId as string, p.options.Id, user, code, body.ClientMetadata, deliveryDetails);
    const now = shim.now();
    await p.saveUser(ctx, { ...user, ConfirmationCode: code, ConfirmationCodeDate: now, UserLastModifiedDate: now } as User);
    return { CodeDeliveryDetails: deliveryDetails };
  },

  async ForgotPassword(shim, body) {
    const p = await shim.poolFor(body.ClientId);
    const user = await shim.findUser(p, lower(body.Username));
    if (!user) return userNotFound();
    if (user.UserStatus === 'UNCONFIRMED') {
      fail('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number');
    }
    const out = await shim.forward('ForgotPassword', { ...body, Username: user.Username });
    await shim.stampCode(p, user.Username);
    return out;
  },

  async ConfirmForgotPassword(shim, body) {
    const p = await shim.poolFor(body.ClientId);
    const user = await shim.findUser(p, lower(body.Username));
    if (!user) return userNotFound();
    checkPassword(body.Password);
    if (!user.ConfirmationCode || user.ConfirmationCode !== body.ConfirmationCode) {
      fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
    }
    if (shim.now().getTime() - codeIssuedAt(user) > FORGOT_PASSWORD_CODE_HOURS * 3_600_000) {
      fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    return shim.forward('ConfirmForgotPassword', { ...body, Username: user.Username });
  },

  async InitiateAuth(shim, body) {
    const params = (body.AuthParameters ?? {}) as Json;
    if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
      try {
        const out = await shim.forward('InitiateAuth', { ...body, AuthParameters: { ...params, USERNAME: lower(params.USERNAME) } });
        return { ...out, AuthenticationResult: withExpiry(out.AuthenticationResult) };
      } catch (err) {
        // Cognito never says whether the e-mail or the password was wrong.
        if (err instanceof CognitoError && ['InvalidPasswordException', 'NotAuthorizedException'].includes(err.code)) badCredentials();
        throw err;
      }
    }
    if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
      await shim.verify(params.REFRESH_TOKEN, 'refresh');
      const out = await shim.forward('InitiateAuth', body);
      return { ...out, AuthenticationResult: withExpiry(out.AuthenticationResult) };
    }
    return fail('InvalidParameterException', `Unsupported AuthFlow ${String(body.AuthFlow)}: this pool accepts USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH`);
  },

  async GetTokensFromRefreshToken(shim, body) {
    await shim.verify(body.RefreshToken, 'refresh');
    const out = await shim.forward('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: body.ClientId,
      ClientMetadata: body.ClientMetadata,
      AuthParameters: { REFRESH_TOKEN: body.RefreshToken },
    });
    const result = withExpiry(out.AuthenticationResult) ?? {};
    return { AuthenticationResult: { AccessToken: result.AccessToken, IdToken: result.IdToken, ExpiresIn: result.ExpiresIn, TokenType: result.TokenType } };
  },

  async ChangePassword(shim, body) {
    await shim.verify(body.AccessToken, 'access');
    checkPassword(body.ProposedPassword);
    try {
      return await shim.forward('ChangePassword', body);
    } catch (err) {
      if (err instanceof CognitoError && err.code === 'InvalidPasswordException') badCredentials();
      throw err;
    }
  },

  async GlobalSignOut(shim, body) {
    const claims = await shim.verify(body.AccessToken, 'access');
    const p = await shim.poolFor(claims.client_id);
    const user = await shim.findUser(p, claims.sub);
    if (!user) return fail('NotAuthorizedException', 'Access Token has been revoked');
    await p.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  },
};

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
