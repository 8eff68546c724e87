// The HTTP face of the local Stripe stand-in: the `/v1/…` routes the `stripe` client calls, in
// Stripe's wire format, over the billing model (lib/local/stripe-billing.ts). Form-encoded bodies
// with bracketed keys, `Authorization: Bearer <the stand-in's key>` (another key gets Stripe's 401),
// `Idempotency-Key` honoured on POST (the same key returns the first answer, marked
// `idempotent-replayed`; on another endpoint it is refused), `expand[]`, errors as
// `{ error: { type, code, message, param } }`. After every call that may change something the
// state is saved and the events it queued are sent (`commit`), without waiting for their delivery:
// a webhook handler calling the API back must not wait for itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { BillingModel, epoch, newId, PRICES, StripeError, type Obj } from './stripe-billing.js';

/** Stripe's form encoding (`a[b][0]=x`) into nested objects; list indices stay object keys. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const list = (v: unknown): string[] => (v === undefined ? [] : typeof v === 'object' && v ? Object.values(v).map(String) : [String(v)]);
const bool = (v: unknown): boolean | undefined => (v === undefined ? undefined : v === 'true' || v === true);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const meta = (v: unknown): Record<string, string> => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {});

type Params = Record<string, unknown>;
interface Route {
  method: string;
  pattern: RegExp;
  run: (m: RegExpExecArray, p: Params) => unknown;
}

/** The endpoints of Stripe's API the app uses, plus the stand-in's own clock helper. */
function stripeRoutes(model: BillingModel): Route[] {
  const route = (method: string, pattern: RegExp, run: Route['run']): Route => ({ method, pattern, run });
  return [
    route('POST', /^\/v1\/customers$/, (_m, p) => model.createCustomer({ email: str(p.email), name: str(p.name), metadata: meta(p.metadata) })),
    route('GET', /^\/v1\/customers\/(cus_\w+)$/, (m) => model.need('customers', m[1], 'customer')),
    route('POST', /^\/v1\/customers\/(cus_\w+)$/, (m, p) =>
      model.updateCustomer(m[1], {
        email: p.email === undefined ? undefined : (str(p.email) ?? null),
        name: p.name === undefined ? undefined : (str(p.name) ?? null),
        metadata: p.metadata === undefined ? undefined : meta(p.metadata),
      }),
    ),
    route('POST', /^\/v1\/customers\/(cus_\w+)\/balance_transactions$/, (m, p) =>
      model.addBalanceTransaction(m[1], { amount: Number(p.amount), currency: str(p.currency), description: str(p.description), metadata: meta(p.metadata) }),
    ),
    route('GET', /^\/v1\/customers\/(cus_\w+)\/balance_transactions$/, (m) => ({
      object: 'list',
      data: model.balanceTransactionsOf(m[1]),
      has_more: false,
      url: `/v1/customers/${m[1]}/balance_transactions`,
    })),
    route('POST', /^\/v1\/checkout\/sessions$/, (_m, p) =>
      model.createCheckoutSession({
        mode: p.mode,
        customer: String(p.customer),
        priceId: String((p.line_items as Record<string, Params> | undefined)?.['0']?.price),
        successUrl: str(p.success_url),
        cancelUrl: str(p.cancel_url),
        clientReferenceId: str(p.client_reference_id),
        metadata: meta(p.metadata),
        subscriptionMetadata: meta((p.subscription_data as Params | undefined)?.metadata),
      }),
    ),
    route('GET', /^\/v1\/checkout\/sessions\/(cs_\w+)$/, (m) => model.need('sessions', m[1], 'checkout.session')),
    route('GET', /^\/v1\/subscriptions\/(sub_\w+)$/, (m) => model.need('subscriptions', m[1], 'subscription')),
    route('POST', /^\/v1\/subscriptions\/(sub_\w+)$/, (m, p) => {
      const sub = p.metadata !== undefined ? model.updateSubscriptionMetadata(m[1], meta(p.metadata)) : model.need('subscriptions', m[1], 'subscription');
      const cancel = bool(p.cancel_at_period_end);
      return cancel === undefined ? sub : model.setCancelAtPeriodEnd(sub.id, cancel);
    }),
    route('DELETE', /^\/v1\/subscriptions\/(sub_\w+)$/, (m) => model.cancelNow(m[1])),
    // Stand-in only (Stripe's test clocks in spirit): moves its clock, renewing what has ended.
    route('POST', /^\/v1\/test_helpers\/advance_clock$/, (_m, p) => {
      model.advanceClock(Number(p.seconds));
      return { id: 'clock', object: 'test_helpers.clock', frozen_time: epoch(model.now()) };
    }),
    route('GET', /^\/v1\/payment_methods\/(pm_\w+)$/, (m) => model.need('paymentMethods', m[1], 'payment_method')),
    route('GET', /^\/v1\/prices\/(price_\w+)$/, (m) => PRICES[m[1]] ?? model.need('customers', m[1], 'price')),
    route('POST', /^\/v1\/billing_portal\/sessions$/, (_m, p) => model.createPortalSession({ customer: String(p.customer), returnUrl: str(p.return_url) })),
  ];
}

export function sendStripeJson(res: ServerResponse, status: number, body: unknown, replayed = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    'stripe-version': Stripe.API_VERSION,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export interface StripeApiOptions {
  model: BillingModel;
  /** The one key accepted, as Stripe accepts only the account's keys. */
  apiKey: string;
  /** Saves the state and starts sending the queued events (not waiting for their delivery). */
  commit: () => Promise<void>;
}

export type StripeApiHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The `/v1/…` API as a request handler. */
export function createStripeApi({ model, apiKey, commit }: StripeApiOptions): StripeApiHandler {
  const routes = stripeRoutes(model);
  const { state } = model;

  const answer = async (method: string, url: URL, params: Params): Promise<{ status: number; body: unknown }> => {
    const found = routes.map((r) => ({ r, m: r.method === method ? r.pattern.exec(url.pathname) : null })).find((x) => x.m);
    try {
      if (!found?.m) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${url.pathname}).`);
      const out = (await found.r.run(found.m, params)) as Obj;
      return { status: 200, body: model.expand(out, list(params.expand)) };
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      return { status: err.status, body: { error: { type: err.type, code: err.code, message: err.message, ...(err.param ? { param: err.param } : {}) } } };
    }
  };

  return async (req, res, url) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if ((req.headers.authorization ?? '') !== `Bearer ${apiKey}`) {
      return sendStripeJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString('utf8'));
    const idemKey = typeof req.headers['idempotency-key'] === 'string' && method === 'POST' ? req.headers['idempotency-key'] : null;
    const requestPath = `${method} ${url.pathname}`;
    const seen = idemKey ? state.idempotency[idemKey] : undefined;
    if (seen && seen.path !== requestPath) {
      return sendStripeJson(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used for the same endpoint they were first used for.' } });
    }
    if (seen) return sendStripeJson(res, seen.status, seen.body, true);
    const { status, body } = await answer(method, url, params);
    if (idemKey && status < 500) state.idempotency[idemKey] = { path: requestPath, status, body };
    if (method !== 'GET') await commit();
    sendStripeJson(res, status, body);
  };
}
