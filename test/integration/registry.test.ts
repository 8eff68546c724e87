// The laptop host runs every function of functions/registry.ts on its trigger, as the cloud does:
// each trigger kind fired once here (HTTP, storage event, Cognito triggers, the monthly schedule,
// a job queued by Lambda's asynchronous Invoke),
// plus what the foundations give the next features: a webhook verified over its raw body, an
// event applied once however often it is delivered, and secrets read from Secrets Manager.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, storage } from '../../functions/platform/clients.js';
import { config, resetConfig } from '../../functions/platform/config.js';
import { once } from '../../functions/platform/idempotency.js';
import { findProfile } from '../../functions/platform/store/profiles.js';
import { functions } from '../../functions/registry.js';
import { LOCAL_SECRET_DEFAULTS } from '../../lib/local/host.js';
import { api, restart, signUp, startTestHost, uniqueEmail, type TestHost } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(async () => {
  await host?.stop();
});

const waitUntil = async (check: () => Promise<boolean>, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('the registry on the laptop host', () => {
  it('mounts every entry on its trigger and gives each the configuration it names', () => {
    expect(host.functions.mounted).toEqual(functions.map((f) => ({ id: f.id, kind: f.trigger.kind })));
    for (const f of functions) for (const name of f.env) expect(host.environment[name], `${f.id} needs ${name}`).toBeTruthy();
  });

  it('HTTP: serves the route table', async () => {
    const r = await api(host, '/api/health');
    expect(r.status).toBe(200);
  });

  it('storage: an object created without its file record is removed by the extraction handler', async () => {
    const Key = `someone/subject/${Date.now()}-abcdef12-stray.pdf`;
    await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key, Body: '%PDF-1.4 stray', ContentType: 'application/pdf' }));
    await waitUntil(
      () =>
        storage()
          .send(new HeadObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key }))
          .then(() => false, () => true),
      'the stray object to be deleted',
    );
  });

  it('job: the API queues the data export with Lambda\'s asynchronous Invoke, answered by the stand-in, which runs the handler', async () => {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({ region: config().AWS_REGION, endpoint: host.environment.LAMBDA_ENDPOINT });
    try {
      // An event naming no export: queued (202) and run, which finds nothing to do.
      const queued = await lambda.send(new InvokeCommand({ FunctionName: host.environment.EXPORT_FUNCTION_NAME, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify({ user_id: 'nobody', export_id: 'none' })) }));
      expect(queued.StatusCode).toBe(202);
      await host.jobs.idle();
      // Only jobs, only asynchronously.
      await expect(lambda.send(new InvokeCommand({ FunctionName: 'Handler', InvocationType: 'Event' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(lambda.send(new InvokeCommand({ FunctionName: host.environment.EXPORT_FUNCTION_NAME, InvocationType: 'RequestResponse' }))).rejects.toMatchObject({ name: 'InvalidParameterValueException' });
      // Only signed with the host's key pair: another program on the laptop cannot start a job.
      const forged = new LambdaClient({ region: config().AWS_REGION, endpoint: host.environment.LAMBDA_ENDPOINT, credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: 'not-the-key' }, maxAttempts: 1 });
      await expect(forged.send(new InvokeCommand({ FunctionName: host.environment.EXPORT_FUNCTION_NAME, InvocationType: 'Event', Payload: new TextEncoder().encode('{}') }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      forged.destroy();
      const unsigned = await fetch(`${host.environment.LAMBDA_ENDPOINT}/2015-03-31/functions/${host.environment.EXPORT_FUNCTION_NAME}/invocations`, { method: 'POST', headers: { 'x-amz-invocation-type': 'Event' }, body: '{}' });
      expect(unsigned.status).toBe(403);
    } finally {
      lambda.destroy();
    }
  });

  it('Cognito: the sign-up e-mail is Révise\'s own and confirming creates the profile', async () => {
    const email = uniqueEmail('registry');
    const { sub } = await signUp(host, email, 'secret-123');
    const [mail] = host.mailbox.list().filter((m) => m.to === email);
    expect(mail.html).toMatch(/verification_code=\d{6}/);
    // Read straight from the table: no API call has created it on first read.
    expect(await findProfile(sub)).toMatchObject({ user_id: sub, onboarding_completed: false });
  });
});

describe('the monthly usage job', () => {
  const usage = () => config().tableNames.usage;
  const counter = (userId: string, feature: string, month: string, count: number) =>
    db().send(
      new UpdateCommand({
        TableName: usage(),
        Key: { user_id: userId, sk: `${feature}#${month}` },
        UpdateExpression: 'SET feature_name = :f, month_year = :m ADD usage_count :c',
        ExpressionAttributeValues: { ':f': feature, ':m': month, ':c': count },
      }),
    );
  const item = async (userId: string, sk: string) => (await db().send(new GetCommand({ TableName: usage(), Key: { user_id: userId, sk }, ConsistentRead: true }))).Item;

  it('closes past months into summaries, keeps the current month, and does nothing more when run again', async () => {
    const a = `user-${Date.now()}-a`;
    const b = `user-${Date.now()}-b`;
    // Months after the host's own start (which closed every month before it): the run happens, as
    // the schedule would, on 1 April 2030 at midnight in Paris.
    await counter(a, 'question_generation', '2030-02', 7);
    await counter(a, 'quiz_generation', '2030-02', 2);
    await counter(b, 'question_generation', '2030-03', 10);
    await counter(a, 'question_generation', '2030-04', 4);

    const at = new Date('2030-03-31T22:00:00Z');
    const first = (await host.functions.runSchedule('MonthlyUsage', at)) as { closed: { month: string; counters: number; students: number }[] };
    expect(first.closed.filter((c) => c.counters > 0)).toEqual([
      { month: '2030-02', counters: 2, students: 1 },
      { month: '2030-03', counters: 1, students: 1 },
    ]);
    expect(await item(a, 'summary#2030-02')).toMatchObject({ summary_month: '2030-02', question_generation: 7, quiz_generation: 2 });
    expect(await item(b, 'summary#2030-03')).toMatchObject({ question_generation: 10 });
    expect(await item(a, 'question_generation#2030-02')).toBeUndefined();
    expect(await item(a, 'question_generation#2030-04')).toMatchObject({ usage_count: 4 });

    const again = (await host.functions.runSchedule('MonthlyUsage', at)) as { closed: unknown[] };
    expect(again.closed).toEqual([]);
    expect(await item(a, 'summary#2030-02')).toMatchObject({ question_generation: 7, quiz_generation: 2 });
  });

  it('runs at midnight in France on the 1st, and catches up a missed month when the host starts', async () => {
    const next = host.functions.nextRuns().MonthlyUsage!;
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(next);
    expect(paris).toBe('1, 00:00');

    // A counter of a month that ended while the host was off: the start closes it.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
    const month = `${lastMonth.getUTCFullYear()}-${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}`;
    const user = `user-${Date.now()}-late`;
    // Its month was closed already by this host's first catch-up: a new closing record is needed, as
    // after a month the laptop spent switched off.
    await db().send(new UpdateCommand({ TableName: config().tableNames.idempotency, Key: { key: `monthly-usage#${month}` }, UpdateExpression: 'SET #s = :w, lease_until = :past', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':w': 'in_progress', ':past': 0 } }));
    await counter(user, 'flashcard_generation', month, 3);
    host = await restart(host);
    await waitUntil(async () => (await item(user, `summary#${month}`)) !== undefined, 'the missed month to be closed at start');
    expect(await item(user, `summary#${month}`)).toMatchObject({ flashcard_generation: 3 });
    expect(await item(user, `flashcard_generation#${month}`)).toBeUndefined();
  });
});

describe('webhooks', () => {
  const secret = LOCAL_SECRET_DEFAULTS.stripeWebhook!;
  const event = (id: string, type = 'invoice.paid') => JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object: { id: 'in_1', object: 'invoice' } } });
  const deliver = (payload: string, signature?: string) =>
    api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: signature === undefined ? {} : { 'stripe-signature': signature } });

  it('verify the signature over the raw body: a missing or wrong one is a 400 and changes nothing', async () => {
    const payload = event(`evt_${Date.now()}_sig`);
    const missing = await deliver(payload);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('webhook_signature_invalid');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    // One byte changed after signing.
    const tampered = await deliver(payload.replace('invoice.paid', 'invoice.paie'), header);
    expect(tampered.status).toBe(400);
    const wrongSecret = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(wrongSecret.status).toBe(400);
    // Nothing was recorded: the genuine delivery is the first.
    const ok = await deliver(payload, header);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ received: true, replay: false });
  });

  it('apply an event once however often it is delivered, even at the same time', async () => {
    const payload = event(`evt_${Date.now()}_race`);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, header)));
    const firsts = answers.filter((a) => a.status === 200 && a.body.replay === false);
    expect(firsts).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const later = await deliver(payload, header);
    expect(later.body).toMatchObject({ received: true, replay: true });
  });
});

describe('idempotency helper', () => {
  it('runs the work once for racing callers and keeps its result for replays', async () => {
    const key = `test#${Date.now()}`;
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
      return { value: 42 };
    };
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => once(key, work)));
    expect(runs).toBe(1);
    const fulfilled = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(fulfilled.filter((r) => !r.replay)).toEqual([{ result: { value: 42 }, replay: false }]);
    for (const s of settled) if (s.status === 'rejected') expect((s.reason as { code?: string }).code).toBe('request_in_progress');
    expect(await once(key, work)).toEqual({ result: { value: 42 }, replay: true });
    expect(runs).toBe(1);
  });

  it('forgets a failed attempt, so a retry does the work', async () => {
    const key = `test#${Date.now()}-fail`;
    await expect(once(key, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await once(key, async () => 'done')).toEqual({ result: 'done', replay: false });
  });
});

describe('secrets', () => {
  let fake: Server;
  let calls = 0;
  let parameterCalls = 0;

  beforeAll(async () => {
    // Secrets Manager's wire format: AWS JSON 1.1, X-Amz-Target secretsmanager.GetSecretValue.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const target = req.headers['x-amz-target'];
        // SSM's wire format is AWS JSON 1.1 too, X-Amz-Target AmazonSSM.GetParameter.
        if (target === 'AmazonSSM.GetParameter' && String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256')) {
          const { Name, WithDecryption } = JSON.parse(body) as { Name: string; WithDecryption?: boolean };
          parameterCalls++;
          const Value = WithDecryption ? 'whsec_from_parameter_store' : 'AQICAHencrypted';
          res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ Parameter: { Name, Type: 'SecureString', Value, Version: 1 } }));
          return;
        }
        const { SecretId } = JSON.parse(body) as { SecretId: string };
        if (target !== 'secretsmanager.GetSecretValue' || !String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256')) {
          res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ __type: 'InvalidRequestException' }));
          return;
        }
        calls++;
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ ARN: `arn:aws:secretsmanager:eu-west-3:1:secret:${SecretId}-AbCdEf`, Name: SecretId, SecretString: 'whsec_from_secrets_manager' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  });

  afterAll(async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET_ID;
    delete process.env.STRIPE_WEBHOOK_SECRET_PARAMETER;
    delete process.env.SECRETS_MANAGER_ENDPOINT;
    delete process.env.SSM_ENDPOINT;
    resetConfig();
    await new Promise((r) => fake.close(r));
  });

  it('are read from Secrets Manager when the function is given a secret name, once per process', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_ID = 'revise/stripe-webhook-secret';
    process.env.SECRETS_MANAGER_ENDPOINT = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    resetConfig();
    for (const n of [1, 2]) {
      const payload = JSON.stringify({ id: `evt_${Date.now()}_sm${n}`, object: 'event', type: 'invoice.paid', data: { object: {} } });
      const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_from_secrets_manager' });
      const r = await api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'stripe-signature': signed } });
      expect(r.status).toBe(200);
    }
    expect(calls).toBe(1);
  });

  it("are read decrypted from the operator's SSM SecureString parameter when the function is given its name, once per process", async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/revise/stripe-webhook-secret';
    process.env.SSM_ENDPOINT = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    resetConfig();
    const before = calls;
    for (const n of [1, 2]) {
      const payload = JSON.stringify({ id: `evt_${Date.now()}_ssm${n}`, object: 'event', type: 'invoice.paid', data: { object: {} } });
      const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_from_secrets_manager' });
      expect((await api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'stripe-signature': wrong } })).status).toBe(400);
      const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_from_parameter_store' });
      expect((await api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'stripe-signature': signed } })).status).toBe(200);
    }
    expect(parameterCalls).toBe(1);
    expect(calls).toBe(before);
  });
});
