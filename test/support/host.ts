// The laptop host for tests: started on a free port with a fresh data directory, plus the steps a
// student takes (sign up with the e-mailed code, log in) and a small API client.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { resetConfig } from '../../functions/platform/config.js';
import { startLocalHost, type LocalHost, type LocalHostOptions } from '../../lib/local/host.js';
import type { MailMessage } from '../../lib/local/mailbox.js';

export interface TestHost extends LocalHost {
  /** Stops the host and, when the test host created its data directory, deletes it. */
  stop(): Promise<void>;
  /** The same as stop(). */
  dispose(): Promise<void>;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  sub: string;
}

export interface TestUser extends Tokens {
  email: string;
  password: string;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or null when the body is empty or not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

const isTemporary = (dir: string): boolean => path.dirname(dir) === path.resolve(tmpdir()) && path.basename(dir).startsWith('revise-test-');

/** The host's own stop, which keeps the data directory (restart() needs it). */
const keepDataStop = new WeakMap<LocalHost, () => Promise<void>>();

function asTestHost(host: LocalHost, ownsDir: boolean): TestHost {
  const stop = async () => {
    await host.stop();
    if (ownsDir) await rm(host.dataDir, { recursive: true, force: true });
  };
  const testHost: TestHost = { ...host, stop, dispose: stop };
  keepDataStop.set(testHost, host.stop);
  return testHost;
}

/**
 * A host on a free port, quiet, with a new temporary data directory (unless one is given). `env`
 * is set once the host has set its own variables, and so wins over them (OCR_PROVIDER, say).
 */
export async function startTestHost(opts: Omit<LocalHostOptions, 'quiet'> & { env?: Record<string, string> } = {}): Promise<TestHost> {
  const { env, ...hostOpts } = opts;
  const ownsDir = !hostOpts.dataDir;
  const dataDir = hostOpts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'revise-test-')));
  try {
    const host = asTestHost(await startLocalHost({ port: 0, ...hostOpts, dataDir, quiet: true }), ownsDir);
    if (env) {
      Object.assign(process.env, env);
      resetConfig();
    }
    return host;
  } catch (err) {
    if (ownsDir) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Persistence across restarts: stops the host, then starts a new one on the same data directory
 * and the same port (so the issuer, and the tokens already handed out, stay valid).
 */
export async function restart(host: LocalHost, opts: Omit<LocalHostOptions, 'quiet' | 'dataDir' | 'port'> = {}): Promise<TestHost> {
  await (keepDataStop.get(host) ?? host.stop)();
  const next = await startLocalHost({ ...opts, port: host.port, dataDir: host.dataDir, quiet: true });
  return asTestHost(next, isTemporary(host.dataDir));
}

/**
 * A crash and a new start: kills the host (its podcast executions abandoned mid-way, as SIGKILL
 * leaves them), then starts a new one on the same data directory and port, as restart() does.
 */
export async function killAndRestart(host: LocalHost, opts: Omit<LocalHostOptions, 'quiet' | 'dataDir' | 'port'> = {}): Promise<TestHost> {
  await host.kill();
  const next = await startLocalHost({ ...opts, port: host.port, dataDir: host.dataDir, quiet: true });
  return asTestHost(next, isTemporary(host.dataDir));
}

/** The AWS SDK pointed at the host's user-pool endpoint, as Amplify is in the browser. */
export function cognitoClient(host: LocalHost): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'eu-west-3',
    endpoint: `${host.url}/cognito`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export const uniqueEmail = (prefix = 'student'): string => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

/** The 6-digit code in a sign-up or reset e-mail. */
export function codeFrom(message: MailMessage): string {
  const link = /[?&](?:verification_code|code)=(\d{6})\b/.exec(message.html);
  const code = link?.[1] ?? />\s*(\d{6})\s*</.exec(message.html)?.[1];
  if (!code) throw new Error(`No 6-digit code in the e-mail "${message.subject}"`);
  return code;
}

/** Signs up, reads the code from the dev mailbox and confirms it. */
export async function signUp(host: LocalHost, email: string, password: string): Promise<{ sub: string }> {
  const client = cognitoClient(host);
  try {
    const since = Date.now();
    const out = await client.send(
      new SignUpCommand({
        ClientId: host.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const message = await host.mailbox.waitFor(email, { since });
    await client.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: codeFrom(message) }));
    return { sub: out.UserSub as string };
  } finally {
    client.destroy();
  }
}

/** USER_PASSWORD_AUTH, as the web app signs in; rejects on a wrong password. */
export async function login(host: LocalHost, email: string, password: string): Promise<Tokens> {
  const client = cognitoClient(host);
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        ClientId: host.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const r = out.AuthenticationResult;
    if (!r?.AccessToken || !r.IdToken || !r.RefreshToken) throw new Error(`Login did not complete (challenge ${out.ChallengeName ?? 'none'})`);
    return { accessToken: r.AccessToken, idToken: r.IdToken, refreshToken: r.RefreshToken, sub: String(decodeJwt(r.AccessToken).sub) };
  } finally {
    client.destroy();
  }
}

/** A new student with a unique e-mail, signed up, confirmed and logged in. */
export async function newUser(host: LocalHost, opts: { email?: string; password?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? `Pw-${randomUUID().slice(0, 8)}`;
  await signUp(host, email, password);
  return { email, password, ...(await login(host, email, password)) };
}

/**
 * A new student on Premium (as a paid subscription leaves the profile): the free plan's monthly
 * limits and three files per subject do not get in the way of tests that upload many files.
 */
export async function newPremiumUser(host: LocalHost): Promise<TestUser> {
  const user = await newUser(host);
  const { updateProfileFields } = await import('../../functions/platform/store/profiles.js');
  await updateProfileFields(user.sub, { is_subscribed: true, subscription_status: 'active' }, new Date());
  return user;
}

/**
 * Calls the host's API: `body` is sent as JSON, `rawBody` as is (content-type JSON unless
 * overridden). Uses node:http rather than fetch so that any method may carry a body, as with curl.
 */
export function api(
  host: Pick<LocalHost, 'url'>,
  pathAndQuery: string,
  opts: { method?: string; token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Uint8Array | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  Object.assign(headers, opts.headers);
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathAndQuery, host.url), { method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        if (text) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = null;
          }
        }
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: responseHeaders });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
