// A local stand-in for the part of Stripe's API Révise uses, so that the laptop host takes
// payments with no internet, as cognito-local stands in for Cognito. The app's own code is the
// same as in the cloud: the `stripe` client is pointed at this server by its host, port and
// protocol options (functions/platform/stripe.ts). This module runs the stand-in: it keeps the
// billing model's state (lib/local/stripe-billing.ts: the objects and what happens to them) in one
// JSON file under the data directory, serves the API (lib/local/stripe-api.ts: the `/v1/…` routes
// in Stripe's wire format) on its own loopback port, and delivers the events the model queues.
//
// The pages a student sees (the test checkout, the test portal) are served by the laptop host on
// its own origin under /dev/stripe (lib/local/stripe-pages.ts). Paying or changing the
// subscription there sends the events Stripe would send, signed with the host's webhook secret,
// to the real webhook route, one after the other (each retried a few times, as Stripe does).
//
// Renewals: periods that have ended are billed every minute and whenever the stand-in's clock
// moves (the model says how). Tests move the stand-in's clock (`advanceClock`, or
// `POST /v1/test_helpers/advance_clock` with `seconds`, a stand-in-only helper standing for
// Stripe's test clocks); the offset is kept.
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeApi, sendStripeJson } from './stripe-api.js';
import { BillingModel, emptyBillingState, signWebhook, STANDIN_PRICE_ID, type BillingState, type CardOutcome, type Kind, type Obj, type TestCard } from './stripe-billing.js';
import { keepConnectionsAlive } from './transport.js';

export { STANDIN_PRICE_ID, StripeError, TEST_CARDS } from './stripe-billing.js';
export { parseForm } from './stripe-api.js';

/** The API key the laptop host gives the handlers when the developer has none of their own. */
export const STANDIN_API_KEY = 'sk_test_revise_local_standin';

/** How often the stand-in looks for periods that have ended. */
const RENEWAL_CHECK_MS = 60_000;
/** Attempts to deliver one event before giving up on it (waiting 0.1 s, 0.2 s, … in between). */
const DELIVERY_ATTEMPTS = 6;

export interface StripeStandInOptions {
  /** The JSON file holding the stand-in's objects. */
  file: string;
  /** The host's public origin: checkout and portal pages are served there under /dev/stripe. */
  publicUrl: string;
  /** The webhook route events are delivered to, and the secret they are signed with. */
  webhookUrl: string;
  webhookSecret: string;
  /** The API key the handlers use; other keys are refused, as Stripe refuses an unknown key. */
  apiKey: string;
  warn: (message: string, err?: unknown) => void;
  clock?: () => Date;
}

export interface StripeStandIn {
  host: string;
  port: number;
  protocol: 'http';
  priceId: string;
  /** The API (`/v1/…`) as a request handler (also served on the stand-in's own port). */
  handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Reads a stored object (pages and tests). */
  get(kind: Kind, id: string): Obj | undefined;
  /** Pays an open checkout session with a test card: the outcome the checkout page shows. */
  pay(sessionId: string, card: TestCard): Promise<{ ok: true; redirect: string } | { ok: false; message: string }>;
  /** Cancels a subscription at the end of its period, or resumes it (the portal's buttons). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Obj>;
  /** A new card for the subscription (the portal's form): refused like a checkout if declined. */
  changeCard(subscriptionId: string, card: { number: string }): Promise<CardOutcome>;
  /** Moves the stand-in's clock forward, then renews or ends the periods that have ended. */
  advanceClock(seconds: number): Promise<void>;
  /** Renews or ends every subscription whose period has ended (also run every minute). */
  renewDue(): Promise<void>;
  /** Subscriptions of a customer, newest first. */
  subscriptionsOf(customerId: string): Obj[];
  /** Resolves when every event sent so far has been delivered (or given up on). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

async function loadState(file: string): Promise<BillingState> {
  return existsSync(file) ? { ...emptyBillingState(), ...(JSON.parse(await readFile(file, 'utf8')) as Partial<BillingState>) } : emptyBillingState();
}

/** Writes queued one after the other, so that the file always holds a whole state. */
function stateWriter(file: string, state: BillingState, warn: StripeStandInOptions['warn']) {
  let saving: Promise<void> = Promise.resolve();
  return {
    save(): Promise<void> {
      const text = JSON.stringify(state);
      saving = saving
        .then(async () => {
          const tmp = `${file}.tmp`;
          await writeFile(tmp, text);
          await rename(tmp, file);
        })
        .catch((err: unknown) => warn('Saving the Stripe stand-in state failed', err));
      return saving;
    },
    saved: () => saving,
  };
}

/** Events delivered to the webhook route in the order they were queued, each retried a few times. */
function webhookSender(opts: Pick<StripeStandInOptions, 'webhookUrl' | 'webhookSecret' | 'warn'>) {
  let delivering: Promise<void> = Promise.resolve();
  const deliver = async (event: Obj) => {
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt++) {
      try {
        const res = await fetch(opts.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, opts.webhookSecret) },
          body: payload,
        });
        if (res.ok) return;
      } catch {
        // The host may be stopping; retried below.
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
    opts.warn(`The Stripe stand-in could not deliver ${String(event.type)} (${event.id})`);
  };
  return {
    /** Resolves once these events (and every one before them) are delivered or given up on. */
    send(events: Obj[]): Promise<void> {
      for (const event of events) delivering = delivering.then(() => deliver(event));
      return delivering;
    },
    idle: () => delivering,
  };
}

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const state = await loadState(opts.file);
  const model = new BillingModel(state, opts.clock ?? (() => new Date()), opts.publicUrl);
  const writer = stateWriter(opts.file, state, opts.warn);
  const webhooks = webhookSender(opts);
  /** Saves the state, then starts sending the events the model queued; `delivered` settles when they are delivered. */
  const commit = async (): Promise<{ delivered: Promise<void> }> => {
    const events = model.takeEvents();
    await writer.save();
    return { delivered: webhooks.send(events) };
  };
  const handleApi = createStripeApi({ model, apiKey: opts.apiKey, commit: async () => void (await commit()) });
  const renewDue = async (): Promise<void> => {
    if (model.renewDue()) await commit();
  };

  const server: Server = keepConnectionsAlive(
    createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      handleApi(req, res, url).catch((err: unknown) => {
        opts.warn('The Stripe stand-in failed a request', err);
        if (!res.headersSent) sendStripeJson(res, 500, { error: { type: 'api_error', message: 'Stand-in failure' } });
        else res.end();
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const renewals = setInterval(() => void renewDue().catch((err: unknown) => opts.warn('Renewing Stripe stand-in subscriptions failed', err)), RENEWAL_CHECK_MS);
  renewals.unref();

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
    priceId: STANDIN_PRICE_ID,
    handleApi,
    get: (kind, id) => model.get(kind, id),
    async pay(sessionId, card) {
      const outcome = model.pay(sessionId, card);
      // The student comes back to the app once the checkout's events have been applied.
      if (outcome.ok) await (await commit()).delivered;
      return outcome;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = model.setCancelAtPeriodEnd(subscriptionId, cancel);
      await commit();
      return sub;
    },
    async changeCard(subscriptionId, card) {
      const outcome = model.changeCard(subscriptionId, card);
      if (outcome.ok) await commit();
      return outcome;
    },
    async advanceClock(seconds) {
      model.advanceClock(seconds);
      await commit();
    },
    renewDue,
    subscriptionsOf: (customerId) => model.subscriptionsOf(customerId),
    idle: () => webhooks.idle(),
    async close() {
      clearInterval(renewals);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await webhooks.idle();
      await writer.saved();
    },
  };
}
