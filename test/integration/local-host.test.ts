// The laptop host as the browser and the handlers see it: one origin serving the web app, its
// config.json, the API behind a JWT check like API Gateway's, the user-pool endpoint Amplify talks
// to (sign-up codes by e-mail, resend, refresh, password reset), the dev mailbox, and data that
// survives a restart.
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SignJWT, decodeJwt, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import type { S3Event } from 'aws-lambda';
import { parseWebConfig } from '../../functions/core/web-config.js';
import { config } from '../../functions/platform/config.js';
import { storage } from '../../functions/platform/clients.js';
import { api, codeFrom, cognitoClient, login, newUser, restart, signUp, startTestHost, uniqueEmail, type TestHost } from '../support/host.js';

const require = createRequire(import.meta.url);
const poolKey = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };

type SigningKey = Parameters<SignJWT['sign']>[0];

let host: TestHost;
let idp: CognitoIdentityProviderClient;
let webDist: string;
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'revise-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Révise</title></head><body><div id="root">app shell</div></body></html>');
  await writeFile(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("app");');
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  host = await startTestHost({ webDist, clock });
  idp = cognitoClient(host);
});

afterAll(async () => {
  idp?.destroy();
  await host?.dispose();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

/** The Cognito error name a call fails with (or 'ok'). */
async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as Error).name;
  }
}

async function forgeToken(claims: JWTPayload, opts: { issuer?: string; expiresAt?: number; key?: SigningKey } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(opts.issuer ?? `${host.url}/cognito/${host.userPoolId}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.expiresAt ?? now + 600)
    .sign(opts.key ?? (await importJWK(poolKey.jwk, 'RS256')));
}

/** GET with a path sent byte for byte (fetch would normalise dot segments). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('config.json and the web app', () => {
  it('serves the runtime configuration the app needs to reach the local user pool and API', async () => {
    const r = await api(host, '/config.json');
    expect(r.status).toBe(200);
    const cfg = parseWebConfig(r.body);
    expect(cfg).toMatchObject({
      stage: 'local',
      userPoolId: host.userPoolId,
      userPoolClientId: host.userPoolClientId,
      userPoolEndpoint: `${host.url}/cognito`,
      apiUrl: '/api',
      mailboxUrl: '/dev/mailbox',
    });
    expect(cfg.oauth).toBeUndefined();
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers client-side routes with index.html, revalidated on every visit', async () => {
    for (const p of ['/', '/subjects/abc123', '/reset-password?code=123456&email=a%40b.c', '/onboarding/']) {
      const res = await fetch(`${host.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toContain('app shell');
    }
  });

  it('serves built assets with a long cache and real 404s for missing files', async () => {
    const js = await fetch(`${host.url}/assets/index-3f9a1c.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toContain('max-age=31536000');
    expect(await js.text()).toBe('console.log("app");');
    const icon = await fetch(`${host.url}/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${host.url}/assets/gone-123.js`)).status).toBe(404);
    expect((await fetch(`${host.url}/logo.png`)).status).toBe(404);
  });

  it('never serves files outside the web build', async () => {
    for (const p of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd']) {
      const r = await rawGet(p);
      expect(r.body, p).not.toContain('root:');
    }
  });
});

describe('API gateway', () => {
  it('answers an unknown route with a JSON 404 and a wrong method with 405 and Allow', async () => {
    const missing = await api(host, '/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('route_not_found');
    expect(missing.body.error.message).toBe('Route inconnue');

    const wrong = await api(host, '/api/health', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(wrong.body.error.code).toBe('route_not_found');

    const health = await api(host, '/api/health');
    expect(health.status).toBe(200);
  });

  it('refuses a user route without a valid access token, as the JWT authorizer does', async () => {
    const u = await newUser(host);
    const claims = { sub: u.sub, token_use: 'access', client_id: host.userPoolClientId, username: u.sub };
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const refused: Record<string, string | undefined> = {
      'no token': undefined,
      garbage: 'not-a-jwt',
      expired: await forgeToken(claims, { expiresAt: now - 10 }),
      'wrong issuer': await forgeToken(claims, { issuer: 'http://localhost:1/cognito/local_other' }),
      'another signing key': await forgeToken(claims, { key: otherKey }),
      'id token': u.idToken,
      'another app client': await forgeToken({ ...claims, client_id: 'someone-else' }),
    };
    for (const [label, token] of Object.entries(refused)) {
      const r = await api(host, '/api/profile', { token });
      expect(r.status, label).toBe(401);
      expect(r.body, label).toEqual({ error: { code: 'unauthorized', message: 'Non authentifié' } });
    }
    const english = await api(host, '/api/profile', { headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(english.body.error.message).toBe('Not authenticated');

    // The same claims, properly signed, are accepted: the refusals above are for the stated reasons.
    const good = await api(host, '/api/profile', { token: await forgeToken(claims) });
    expect(good.status).toBe(200);
    expect(good.body.user_id).toBe(u.sub);
    expect((await api(host, '/api/profile', { token: u.accessToken })).body.user_id).toBe(u.sub);
  });

  it('refuses a body over 1 MiB with a JSON 413, whether its length is announced or streamed', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const announced = await api(host, '/api/referrals', { method: 'POST', rawBody: big });
    expect(announced.status).toBe(413);
    expect(announced.body.error.code).toBe('body_too_large');
    expect(announced.body.error.message).toContain('1048576');

    const chunk = new TextEncoder().encode('y'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${host.url}/api/referrals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('body_too_large');

    // The host still answers afterwards.
    expect((await api(host, '/api/health')).status).toBe(200);
  });
});

describe('sign-up with an e-mailed code', () => {
  it('e-mails a 6-digit code with a verification link, then confirms and logs in', async () => {
    const email = uniqueEmail();
    const since = Date.now();
    const out = await idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: email, Password: 'secret1' }));
    expect(out.UserConfirmed).toBe(false);
    expect(out.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');

    const mail = await host.mailbox.waitFor(email, { since });
    expect(mail.subject).toBe('Révise : ton code de vérification');
    const code = codeFrom(mail);
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(mail.html).toContain(`>${code}<`);
    expect(mail.html).toContain(`${host.url}/?verification_code=${code}&amp;email=${encodeURIComponent(email)}`);
    expect(mail.html).not.toContain('{####}');

    expect(await errorOf(login(host, email, 'secret1'))).toBe('UserNotConfirmedException');
    await idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code }));
    const tokens = await login(host, email, 'secret1');
    expect(decodeJwt(tokens.accessToken)).toMatchObject({
      iss: `${host.url}/cognito/${host.userPoolId}`,
      token_use: 'access',
      client_id: host.userPoolClientId,
      sub: out.UserSub,
    });
    expect(decodeJwt(tokens.idToken)).toMatchObject({ email, email_verified: true });
    const me = await api(host, '/api/profile', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(out.UserSub);

    // A confirmed account cannot be confirmed again.
    expect(await errorOf(idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code })))).toBe(
      'NotAuthorizedException',
    );
  });

  it('rejects a wrong code, then accepts the right one', async () => {
    const email = uniqueEmail();
    const since = Date.now();
    await idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: email, Password: 'secret1' }));
    const code = codeFrom(await host.mailbox.waitFor(email, { since }));
    const wrong = code === '123456' ? '654321' : '123456';
    expect(await errorOf(idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: wrong })))).toBe(
      'CodeMismatchException',
    );
    await idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code }));
    expect((await login(host, email, 'secret1')).accessToken).toBeTruthy();
  });

  it('answers UserNotFoundException when confirming an e-mail nobody signed up with', async () => {
    const r = idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: uniqueEmail('nobody'), ConfirmationCode: '123456' }));
    expect(await errorOf(r)).toBe('UserNotFoundException');
  });

  it('resends a new code that works, and refuses to resend once confirmed', async () => {
    const email = uniqueEmail();
    let since = Date.now();
    await idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: email, Password: 'secret1' }));
    const first = await host.mailbox.waitFor(email, { since });

    since = Date.now();
    const resent = await idp.send(new ResendConfirmationCodeCommand({ ClientId: host.userPoolClientId, Username: email }));
    expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const second = await host.mailbox.waitFor(email, { since, match: (m) => m.id !== first.id });
    expect(second.subject).toBe('Révise : ton code de vérification');
    const code = codeFrom(second);
    expect(code).toMatch(/^\d{6}$/);
    if (code !== codeFrom(first)) {
      expect(await errorOf(idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: codeFrom(first) })))).toBe(
        'CodeMismatchException',
      );
    }
    await idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code }));
    expect((await login(host, email, 'secret1')).accessToken).toBeTruthy();

    const again = idp.send(new ResendConfirmationCodeCommand({ ClientId: host.userPoolClientId, Username: email }));
    await expect(again).rejects.toMatchObject({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
    expect(await errorOf(idp.send(new ResendConfirmationCodeCommand({ ClientId: host.userPoolClientId, Username: uniqueEmail('ghost') })))).toBe(
      'UserNotFoundException',
    );
  });

  it('expires a sign-up code after 24 hours; a resent code works', async () => {
    const email = uniqueEmail();
    let since = Date.now();
    await idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: email, Password: 'secret1' }));
    const code = codeFrom(await host.mailbox.waitFor(email, { since }));
    try {
      clockOffsetMs = 23 * 3600_000;
      // Still valid after 23 hours: check with a wrong code so the account stays unconfirmed.
      const stillValid = idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code === '111111' ? '222222' : '111111' }));
      expect(await errorOf(stillValid)).toBe('CodeMismatchException');
      clockOffsetMs = 25 * 3600_000;
      const late = idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: code }));
      expect(await errorOf(late)).toBe('ExpiredCodeException');
      since = Date.now();
      await idp.send(new ResendConfirmationCodeCommand({ ClientId: host.userPoolClientId, Username: email }));
      const fresh = codeFrom(await host.mailbox.waitFor(email, { since }));
      await idp.send(new ConfirmSignUpCommand({ ClientId: host.userPoolClientId, Username: email, ConfirmationCode: fresh }));
    } finally {
      clockOffsetMs = 0;
    }
    expect((await login(host, email, 'secret1')).accessToken).toBeTruthy();
  });

  it('applies the password policy, refuses a second account per e-mail and ignores e-mail case', async () => {
    const short = idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: uniqueEmail(), Password: 'abcde' }));
    expect(await errorOf(short)).toBe('InvalidPasswordException');

    const email = uniqueEmail('Mixed.Case');
    await signUp(host, email.replace('@example.com', '@Example.COM'), 'abcdef');
    expect((await login(host, email.toLowerCase(), 'abcdef')).accessToken).toBeTruthy();
    expect(await errorOf(idp.send(new SignUpCommand({ ClientId: host.userPoolClientId, Username: email.toLowerCase(), Password: 'abcdef' })))).toBe(
      'UsernameExistsException',
    );

    expect(await errorOf(login(host, email, 'wrong-password'))).toBe('NotAuthorizedException');
    expect(await errorOf(login(host, uniqueEmail('nobody'), 'abcdef'))).toBe('NotAuthorizedException');
  });
});

describe('sessions', () => {
  it('refreshes tokens with GetTokensFromRefreshToken, as Amplify does', async () => {
    const u = await newUser(host);
    const out = await idp.send(new GetTokensFromRefreshTokenCommand({ ClientId: host.userPoolClientId, RefreshToken: u.refreshToken }));
    const access = out.AuthenticationResult?.AccessToken as string;
    expect(access).toBeTruthy();
    expect(out.AuthenticationResult?.IdToken).toBeTruthy();
    expect(out.AuthenticationResult?.ExpiresIn).toBe(3600);
    expect(decodeJwt(access)).toMatchObject({ sub: u.sub, token_use: 'access' });
    expect((await api(host, '/api/profile', { token: access })).status).toBe(200);

    const viaInitiate = await idp.send(
      new InitiateAuthCommand({ ClientId: host.userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: u.refreshToken } }),
    );
    expect(viaInitiate.AuthenticationResult?.AccessToken).toBeTruthy();

    const bogus = idp.send(new GetTokensFromRefreshTokenCommand({ ClientId: host.userPoolClientId, RefreshToken: 'not-a-refresh-token' }));
    expect(await errorOf(bogus)).toBe('NotAuthorizedException');
  });

  it('checks the access token on calls made with it', async () => {
    const u = await newUser(host);
    const me = await idp.send(new GetUserCommand({ AccessToken: u.accessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(u.email);

    const expired = await forgeToken(
      { sub: u.sub, token_use: 'access', client_id: host.userPoolClientId, username: u.sub },
      { expiresAt: Math.floor(Date.now() / 1000) - 5 },
    );
    await expect(idp.send(new GetUserCommand({ AccessToken: expired }))).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has expired' });
    expect(await errorOf(idp.send(new GetUserCommand({ AccessToken: 'garbage' })))).toBe('NotAuthorizedException');
    expect(await errorOf(idp.send(new ChangePasswordCommand({ AccessToken: expired, PreviousPassword: u.password, ProposedPassword: 'another1' })))).toBe(
      'NotAuthorizedException',
    );
  });
});

describe('password reset', () => {
  it('e-mails a /reset-password link whose code sets the new password', async () => {
    const u = await newUser(host);
    const since = Date.now();
    await idp.send(new ForgotPasswordCommand({ ClientId: host.userPoolClientId, Username: u.email }));
    const mail = await host.mailbox.waitFor(u.email, { since });
    expect(mail.subject).toBe('Révise : réinitialisation de ton mot de passe');
    const link = /href="([^"]+)"/.exec(mail.html)?.[1].replace(/&amp;/g, '&') as string;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${host.url}/reset-password`);
    expect(url.searchParams.get('email')).toBe(u.email);
    const code = url.searchParams.get('code') as string;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '123456' ? '654321' : '123456';
    expect(
      await errorOf(idp.send(new ConfirmForgotPasswordCommand({ ClientId: host.userPoolClientId, Username: u.email, ConfirmationCode: wrong, Password: 'brand-new' }))),
    ).toBe('CodeMismatchException');
    await idp.send(new ConfirmForgotPasswordCommand({ ClientId: host.userPoolClientId, Username: u.email, ConfirmationCode: code, Password: 'brand-new' }));

    expect((await login(host, u.email, 'brand-new')).sub).toBe(u.sub);
    expect(await errorOf(login(host, u.email, u.password))).toBe('NotAuthorizedException');
  });
});

describe('Amplify v6, as the web app uses it', () => {
  it('signs up, resends, confirms, signs in, refreshes, changes and resets the password, deletes the account', async () => {
    const { Amplify } = await import('aws-amplify');
    const auth = await import('aws-amplify/auth');
    Amplify.configure({
      Auth: { Cognito: { userPoolId: host.userPoolId, userPoolClientId: host.userPoolClientId, userPoolEndpoint: `${host.url}/cognito`, loginWith: { email: true } } },
    });
    const signIn = (password: string) => auth.signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    const email = uniqueEmail('amplify');

    let since = Date.now();
    const up = await auth.signUp({ username: email, password: 'secret1', options: { userAttributes: { email } } });
    expect(up.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    await host.mailbox.waitFor(email, { since });
    since = Date.now();
    await auth.resendSignUpCode({ username: email });
    const code = codeFrom(await host.mailbox.waitFor(email, { since }));
    expect((await auth.confirmSignUp({ username: email, confirmationCode: code })).isSignUpComplete).toBe(true);

    expect((await signIn('secret1')).isSignedIn).toBe(true);
    const current = await auth.getCurrentUser();
    expect(current.signInDetails?.loginId).toBe(email);
    expect(await auth.fetchUserAttributes()).toMatchObject({ email, email_verified: 'true', sub: current.userId });

    const before = await auth.fetchAuthSession();
    const after = await auth.fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
    expect((await api(host, '/api/profile', { token: after.tokens?.accessToken.toString() })).status).toBe(200);

    await auth.updatePassword({ oldPassword: 'secret1', newPassword: 'secret2' });
    await auth.signOut();
    expect((await signIn('secret2')).isSignedIn).toBe(true);
    await auth.signOut();

    since = Date.now();
    const reset = await auth.resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    const resetCode = codeFrom(await host.mailbox.waitFor(email, { since }));
    await auth.confirmResetPassword({ username: email, confirmationCode: resetCode, newPassword: 'secret3' });
    expect((await signIn('secret3')).isSignedIn).toBe(true);

    await auth.deleteUser();
    expect(await errorOf(signIn('secret3'))).toBe('NotAuthorizedException');
  });
});

describe('dev mailbox', () => {
  it('lists every e-mail newest first, as a page with clickable links and as JSON', async () => {
    const u = await newUser(host);
    const since = Date.now();
    await idp.send(new ForgotPasswordCommand({ ClientId: host.userPoolClientId, Username: u.email }));
    await host.mailbox.waitFor(u.email, { since });

    const json = await api(host, '/dev/mailbox.json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(host.mailbox.list());
    const mine = (json.body as { to: string; subject: string; created_at: string }[]).filter((m) => m.to === u.email);
    expect(mine.map((m) => m.subject)).toEqual(['Révise : réinitialisation de ton mot de passe', 'Révise : ton code de vérification']);
    const times = (json.body as { created_at: string }[]).map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const page = await fetch(`${host.url}/dev/mailbox?to=${encodeURIComponent(u.email)}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(u.email);
    expect(html.indexOf('réinitialisation de ton mot de passe')).toBeLessThan(html.indexOf('ton code de vérification'));
    expect(html).toContain(`<a href="${host.url}/reset-password?code=`);
    expect(html).toContain(`<a href="${host.url}/?verification_code=`);
  });
});

describe('uploads bucket', () => {
  it('announces new objects the way S3 notifies Lambda, and lets the app origin upload', async () => {
    const events: S3Event[] = [];
    const unsubscribe = host.onObjectCreated((e) => {
      events.push(e);
    });
    try {
      await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: 'user-1/subject-1/mon cours.pdf', Body: '%PDF-1.4', ContentType: 'application/pdf' }));
      await expect.poll(() => events.length).toBe(1);
      const record = events[0].Records[0];
      expect(record.eventName).toBe('ObjectCreated:Put');
      expect(record.s3.bucket.name).toBe(config().UPLOADS_BUCKET);
      expect(record.s3.object.key).toBe('user-1/subject-1/mon+cours.pdf');
      expect(record.s3.object.size).toBe(8);
    } finally {
      unsubscribe();
    }

    const preflight = await fetch(`${config().S3_ENDPOINT}/${config().UPLOADS_BUCKET}/user-1/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin: host.url, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    // s3rver answers a matched preflight with '*'; the rule itself only admits the app's origin.
    expect(['*', host.url]).toContain(preflight.headers.get('access-control-allow-origin'));
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const stranger = await fetch(`${config().S3_ENDPOINT}/${config().UPLOADS_BUCKET}/user-1/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('restart', () => {
  it('keeps the pool, the accounts, their rows and the mailbox', async () => {
    const u = await newUser(host);
    const profile = (await api(host, '/api/profile', { token: u.accessToken })).body;
    const before = { pool: host.userPoolId, client: host.userPoolClientId, mails: host.mailbox.list().length };

    host = await restart(host, { webDist, clock });
    expect(host.userPoolId).toBe(before.pool);
    expect(host.userPoolClientId).toBe(before.client);
    expect(host.mailbox.list()).toHaveLength(before.mails);
    expect((await api(host, '/config.json')).body.userPoolId).toBe(before.pool);

    // Tokens handed out before the restart stay valid; the account still logs in.
    expect((await api(host, '/api/profile', { token: u.accessToken })).body).toMatchObject({ user_id: u.sub, referral_code: profile.referral_code });
    const again = await login(host, u.email, u.password);
    expect(again.sub).toBe(u.sub);
    expect((await api(host, '/api/profile', { token: again.accessToken })).body.referral_code).toBe(profile.referral_code);

    // New sign-ups still reach the mailbox.
    const v = await newUser(host);
    expect(host.mailbox.list()[0].to).toBe(v.email);
  });

  it('explains how to build the web app when there is no build', async () => {
    host = await restart(host, { webDist: path.join(webDist, 'missing'), clock });
    const res = await fetch(host.url);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('npm run build');
    expect(html).toContain('/dev/mailbox');
    expect((await api(host, '/api/health')).status).toBe(200);
  });
});
