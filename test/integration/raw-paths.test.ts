// The laptop host matches routes on the raw path, as API Gateway does: a `.` or `..` segment,
// plain or percent-encoded (`%2e%2e`, `%2E`, `.%2e`), or a backslash that a URL parser would turn
// into a slash, never reaches another resource; the host answers 404 and nothing changes. One test
// per route kind (user, public, webhook). Requests go out through node:http with the path as
// written: fetch and URL would resolve the dot segments before sending.
import { request } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRET_DEFAULTS } from '../../lib/local/host.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';

let host: TestHost;
let student: TestUser;

beforeAll(async () => {
  host = await startTestHost();
  student = await newUser(host);
});

afterAll(async () => {
  await host?.stop();
});

/** Sends `path` exactly as written. */
function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(opts.body));
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('dot segments in the path', () => {
  it('on a user route: DELETE …/todos/%2e%2e is a 404 and the subject stays, whatever the spelling', async () => {
    const auth = { authorization: `Bearer ${student.accessToken}` };
    const subject = (await api(host, '/api/subjects', { token: student.accessToken, method: 'POST', body: { name: 'Histoire' } })).body.id as string;
    const todo = (await api(host, `/api/subjects/${subject}/todos`, { token: student.accessToken, method: 'POST', body: { title: 'Relire' } })).body.id as string;
    for (const path of [
      `/api/subjects/${subject}/todos/%2e%2e`,
      `/api/subjects/${subject}/todos/..`,
      `/api/subjects/${subject}/todos/%2E%2E`,
      `/api/subjects/${subject}/todos/.%2e`,
      `/api/subjects/${subject}/todos/%2e%2e/`,
      `/api/subjects/${subject}/%2e`,
      `/api/subjects/${subject}/./`,
      `/api/x/%2e%2e/subjects/${subject}`,
      `/api/subjects/${subject}/todos\\..`,
      `/dev/../api/subjects/${subject}`,
      `/cognito/%2e%2e/api/subjects/${subject}`,
      `http://127.0.0.1:${host.port}/api/subjects/${subject}/todos/%2e%2e`,
    ]) {
      const r = await raw(path, { method: 'DELETE', headers: { ...auth, 'x-revise-language': 'en' } });
      expect(r.status, path).toBe(404);
      expect(r.body?.error, path).toEqual({ code: 'route_not_found', message: 'Unknown route' });
    }
    expect((await api(host, `/api/subjects/${subject}`, { token: student.accessToken })).status).toBe(200);
    const todos = (await api(host, `/api/subjects/${subject}/todos`, { token: student.accessToken })).body.todos as { id: string }[];
    expect(todos.map((t) => t.id)).toEqual([todo]);
    // The same request without the dot segment still reaches its route.
    expect((await raw(`/api/subjects/${subject}/todos/${todo}`, { method: 'DELETE', headers: auth })).status).toBe(204);
  });

  it('on a public route: a path that would resolve to /api/health is not it', async () => {
    expect((await raw('/api/health')).body).toEqual({ ok: true });
    for (const path of ['/api/nothing/../health', '/api/nothing/%2e%2e/health', '/api/health/.', '/api/./health']) {
      const r = await raw(path);
      expect(r.status, path).toBe(404);
      expect(r.body?.error?.code, path).toBe('route_not_found');
    }
  });

  it('on the webhook: a signed event sent to a dot-segment path is refused and not applied', async () => {
    const secret = LOCAL_SECRET_DEFAULTS.stripeWebhook!;
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'charge.refunded', created: Math.floor(Date.now() / 1000), api_version: Stripe.API_VERSION, livemode: false, data: { object: { id: 'ch_1' } } });
    const send = (path: string, payload: string) =>
      raw(path, { method: 'POST', body: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) } });
    const id = `evt_${Date.now()}_dots`;
    for (const path of ['/api/webhooks/x/../stripe', '/api/webhooks/stripe/%2e', '/api/x/%2E%2E/webhooks/stripe']) {
      const r = await send(path, event(id));
      expect(r.status, path).toBe(404);
      expect(r.body?.error?.code, path).toBe('route_not_found');
    }
    // Not recorded by the refused deliveries: the first real delivery of that event is not a replay.
    const first = await send('/api/webhooks/stripe', event(id));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, replay: false });
  });
});
