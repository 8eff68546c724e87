// A local stand-in for the part of Stripe's API Révise uses, so that the laptop host takes
// payments with no internet, as cognito-local stands in for Cognito. The app's own code is the
// same as in the cloud: the `stripe` client is pointed at this server by its host, port and
// protocol options (functions/platform/stripe.ts). It speaks Stripe's wire format: form-encoded
// bodies with bracketed keys, `Authorization: Bearer sk_test_…`, `Idempotency-Key` honoured (the
// same key returns the first response), errors as `{ error: { type, code, message } }`, `expand[]`.
//
// Objects: customers (with balance transactions), checkout sessions (subscription mode), card
// payment methods, subscriptions (retrieve, update, cancel), invoices, billing portal sessions, one
// price (Premium, 6.99 EUR a month). State is kept in one JSON file under the data directory.
//
// The pages a student sees (the test checkout, the test portal) are served by the laptop host on
// its own origin under /dev/stripe (lib/local/stripe-pages.ts). Paying or changing the
// subscription there sends the events Stripe would send, signed with the host's webhook secret,
// to the real webhook route, one after the other.
//
// Renewals: when a subscription's period ends (checked every minute and whenever the stand-in's
// clock moves), it is renewed as Stripe's billing would: its card is charged, a paid invoice and
// the new period (`customer.subscription.updated`, `invoice.paid`); a card that fails charges
// (Stripe's 4000 0000 0000 0341, which the portal accepts as a new card) gives an open invoice,
// `invoice.payment_failed` and `past_due`, and a period that ends still unpaid cancels it
// (`customer.subscription.deleted`); a subscription set to cancel at the period end ends there.
// Tests move the stand-in's clock (`advanceClock`, or `POST /v1/test_helpers/advance_clock`
// with `seconds`, a stand-in-only helper standing for Stripe's test clocks); the offset is kept.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addMonths } from '../../functions/core/premium.js';
import { keepConnectionsAlive } from './transport.js';

/** The stand-in's Premium price (spec §9): what STRIPE_PRICE_ID is on the laptop. */
export const STANDIN_PRICE_ID = 'price_revise_premium_monthly';
/** The API key the laptop host gives the handlers when the developer has none of their own. */
export const STANDIN_API_KEY = 'sk_test_revise_local_standin';

/** Stripe's test cards (https://docs.stripe.com/testing): the one that pays and the generic decline. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002', chargeFails: '4000000000000341' } as const;

/** How often the stand-in looks for periods that have ended. */
const RENEWAL_CHECK_MS = 60_000;

type Obj = Record<string, unknown> & { id: string };
type Kind = Exclude<keyof State, 'idempotency' | 'clockOffsetMs'>;

interface State {
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  paymentMethods: Record<string, Obj>;
  invoices: Record<string, Obj>;
  portalSessions: Record<string, Obj>;
  balanceTransactions: Record<string, Obj>;
  idempotency: Record<string, { path: string; status: number; body: unknown }>;
  /** How far the stand-in's clock is ahead of the host's (tests move it). */
  clockOffsetMs: number;
}

const emptyState = (): State => ({
  customers: {},
  sessions: {},
  subscriptions: {},
  paymentMethods: {},
  invoices: {},
  portalSessions: {},
  balanceTransactions: {},
  idempotency: {},
  clockOffsetMs: 0,
});

const PRICES: Record<string, Obj> = {
  [STANDIN_PRICE_ID]: {
    id: STANDIN_PRICE_ID,
    object: 'price',
    active: true,
    currency: 'eur',
    unit_amount: 699,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    product: 'prod_revise_premium',
    nickname: 'Révise Premium',
    livemode: false,
  },
};

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

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
  pay(sessionId: string, card: { number: string; expMonth?: number; expYear?: number }): Promise<{ ok: true; redirect: string } | { ok: false; message: string }>;
  /** Cancels a subscription at the end of its period, or resumes it (the portal's buttons). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Obj>;
  /** A new card for the subscription (the portal's form): refused like a checkout if declined. */
  changeCard(subscriptionId: string, card: { number: string }): Promise<{ ok: true } | { ok: false; message: string }>;
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

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const state: State = existsSync(opts.file) ? { ...emptyState(), ...(JSON.parse(await readFile(opts.file, 'utf8')) as Partial<State>) } : emptyState();
  const hostClock = opts.clock ?? (() => new Date());
  const clock = () => new Date(hostClock().getTime() + state.clockOffsetMs);

  // Writes are queued so that the file always holds a whole state.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const text = JSON.stringify(state);
    saving = saving.then(async () => {
      const tmp = `${opts.file}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, opts.file);
    }).catch((err: unknown) => opts.warn('Saving the Stripe stand-in state failed', err));
    return saving;
  };

  // Events are delivered in the order they were emitted, each retried a few times as Stripe does.
  let delivering: Promise<void> = Promise.resolve();
  const deliver = async (event: Obj) => {
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        const res = await fetch(opts.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret }) },
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
  const emit = (type: string, object: Obj, previous?: Record<string, unknown>): Promise<void> => {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: epoch(clock()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    delivering = delivering.then(() => deliver(event));
    return delivering;
  };

  const need = <K extends Kind>(kind: K, id: string, what: string): Obj => {
    const o = state[kind][id];
    if (!o) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, 'id');
    return o;
  };

  const expand = (o: Obj, paths: string[]): Obj => {
    const out: Obj = structuredClone(o);
    for (const p of paths) {
      const v = out[p];
      if (typeof v !== 'string') continue;
      const kind = v.startsWith('pm_') ? 'paymentMethods' : v.startsWith('sub_') ? 'subscriptions' : v.startsWith('cus_') ? 'customers' : v.startsWith('in_') ? 'invoices' : null;
      if (kind && state[kind][v]) out[p] = structuredClone(state[kind][v]);
    }
    return out;
  };

  const subscriptionItem = (subId: string, priceId: string, start: Date, end: Date) => ({
    id: newId('si'),
    object: 'subscription_item',
    subscription: subId,
    price: PRICES[priceId],
    quantity: 1,
    current_period_start: epoch(start),
    current_period_end: epoch(end),
  });

  const periodEnd = (sub: Obj): number => {
    const items = sub.items as { data: { current_period_end: number }[] };
    return items.data[0]?.current_period_end ?? 0;
  };

  async function setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<Obj> {
    const sub = need('subscriptions', id, 'subscription');
    if (sub.status === 'canceled') throw new StripeError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its cancellation_details and metadata.');
    const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? periodEnd(sub) : null;
    sub.canceled_at = cancel ? epoch(clock()) : null;
    await save();
    void emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** A card payment method of Stripe's test cards, made the customer's default. */
  const cardMethod = (customer: Obj, number: string, card: { expMonth?: number; expYear?: number } = {}): Obj => {
    const now = clock();
    const pm: Obj = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      created: epoch(now),
      livemode: false,
      card: { brand: 'visa', last4: number.slice(-4), exp_month: card.expMonth ?? 12, exp_year: card.expYear ?? now.getUTCFullYear() + 3, funding: 'credit', country: 'US' },
    };
    state.paymentMethods[pm.id] = pm;
    customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
    return pm;
  };

  /** The subscription's invoice for a period (paid, or open after a failed charge), now its latest. */
  const newInvoice = (sub: Obj, reason: string, paid: boolean, start: number, end: number): Obj => {
    const price = (sub.items as { data: { price: Obj }[] }).data[0].price;
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      currency: 'eur',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      amount_remaining: paid ? 0 : price.unit_amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      created: epoch(clock()),
      period_start: start,
      period_end: end,
      livemode: false,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
    state.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    return invoice;
  };

  /** Whether a charge on the subscription's card goes through (Stripe's 4000 0000 0000 0341 never does). */
  const chargeSucceeds = (sub: Obj): boolean => {
    const pm = state.paymentMethods[String(sub.default_payment_method)];
    const last4 = (pm?.card as { last4?: string } | undefined)?.last4;
    return Boolean(last4) && last4 !== TEST_CARDS.chargeFails.slice(-4);
  };

  /**
   * Stripe's billing at a period's end: a subscription set to cancel, or still unpaid from the
   * last period, ends; any other is charged for the next period (paid: `invoice.paid`; refused:
   * `invoice.payment_failed` and `past_due`). Several periods passed at once are billed in turn.
   */
  async function renewDue(): Promise<void> {
    const now = epoch(clock());
    let changed = false;
    for (const sub of Object.values(state.subscriptions)) {
      while (sub.status !== 'canceled' && periodEnd(sub) <= now) {
        changed = true;
        const end = periodEnd(sub);
        if (sub.cancel_at_period_end || sub.status === 'past_due') {
          const previous = { status: sub.status };
          Object.assign(sub, { status: 'canceled', ended_at: end, canceled_at: sub.canceled_at ?? end });
          void emit('customer.subscription.deleted', sub, previous);
          break;
        }
        const item = (sub.items as { data: Record<string, unknown>[] }).data[0];
        const previous = { items: structuredClone(sub.items), latest_invoice: sub.latest_invoice, status: sub.status };
        const next = epoch(addMonths(new Date(end * 1000), 1));
        Object.assign(item, { current_period_start: end, current_period_end: next });
        const paid = chargeSucceeds(sub);
        const invoice = newInvoice(sub, 'subscription_cycle', paid, end, next);
        if (!paid) sub.status = 'past_due';
        void emit('customer.subscription.updated', sub, previous);
        void emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      }
    }
    if (changed) await save();
  }

  async function changeCard(subscriptionId: string, card: { number: string }) {
    const sub = need('subscriptions', subscriptionId, 'subscription');
    const number = card.number.replace(/[\s-]/g, '');
    if (number === TEST_CARDS.declined) return { ok: false as const, message: 'Votre carte a été refusée. / Your card was declined. (card_declined)' };
    if (number !== TEST_CARDS.success && number !== TEST_CARDS.chargeFails) {
      return { ok: false as const, message: 'Carte de test inconnue : 4242 4242 4242 4242, ou 4000 0000 0000 0341 (acceptée, mais les paiements suivants échouent). / Unknown test card.' };
    }
    const previous = { default_payment_method: sub.default_payment_method };
    sub.default_payment_method = cardMethod(need('customers', String(sub.customer), 'customer'), number).id;
    await save();
    void emit('customer.subscription.updated', sub, previous);
    return { ok: true as const };
  }

  async function advanceClock(seconds: number): Promise<void> {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'seconds must be a positive number.', 'seconds');
    state.clockOffsetMs += seconds * 1000;
    await save();
    await renewDue();
  }

  async function pay(sessionId: string, card: { number: string; expMonth?: number; expYear?: number }) {
    const session = need('sessions', sessionId, 'checkout.session');
    if (session.status !== 'open') return { ok: false as const, message: 'Cette session de paiement est terminée. / This checkout session has ended.' };
    const number = card.number.replace(/[\s-]/g, '');
    // 0341 attaches to a customer but its charges fail, so a first payment with it is declined too.
    if (number === TEST_CARDS.declined || number === TEST_CARDS.chargeFails) return { ok: false as const, message: 'Votre carte a été refusée. / Your card was declined. (card_declined)' };
    if (number !== TEST_CARDS.success) {
      return { ok: false as const, message: 'Carte de test inconnue : utilisez 4242 4242 4242 4242 (paiement accepté) ou 4000 0000 0000 0002 (refusé). / Unknown test card.' };
    }
    const now = clock();
    const customer = need('customers', String(session.customer), 'customer');
    const pm = cardMethod(customer, number, card);
    const subId = newId('sub');
    const end = addMonths(now, 1);
    const priceId = String(session.price);
    const sub: Obj = {
      id: subId,
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      currency: 'eur',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: epoch(now),
      start_date: epoch(now),
      default_payment_method: pm.id,
      latest_invoice: null,
      livemode: false,
      metadata: session.subscription_metadata ?? {},
      items: { object: 'list', data: [subscriptionItem(subId, priceId, now, end)], has_more: false, url: `/v1/subscription_items?subscription=${subId}` },
    };
    state.subscriptions[subId] = sub;
    const invoice = newInvoice(sub, 'subscription_create', true, epoch(now), epoch(now));
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subId });
    await save();
    void emit('customer.subscription.created', sub);
    void emit('invoice.paid', invoice);
    await emit('checkout.session.completed', session);
    return { ok: true as const, redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  type Route = { method: string; pattern: RegExp; run: (m: RegExpExecArray, p: Record<string, unknown>) => Promise<unknown> | unknown };
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      run: (_m, p) => {
        const c: Obj = {
          id: newId('cus'),
          object: 'customer',
          email: str(p.email) ?? null,
          name: str(p.name) ?? null,
          metadata: meta(p.metadata),
          balance: 0,
          currency: 'eur',
          created: epoch(clock()),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        };
        state.customers[c.id] = c;
        return c;
      },
    },
    { method: 'GET', pattern: /^\/v1\/customers\/(cus_\w+)$/, run: (m) => need('customers', m[1], 'customer') },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/(cus_\w+)$/,
      run: (m, p) => {
        const c = need('customers', m[1], 'customer');
        if (p.email !== undefined) c.email = str(p.email) ?? null;
        if (p.name !== undefined) c.name = str(p.name) ?? null;
        if (p.metadata !== undefined) c.metadata = { ...(c.metadata as object), ...meta(p.metadata) };
        return c;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/(cus_\w+)\/balance_transactions$/,
      run: (m, p) => {
        const c = need('customers', m[1], 'customer');
        const amount = Number(p.amount);
        if (!Number.isInteger(amount) || amount === 0) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount', 'amount');
        if (str(p.currency) !== 'eur') throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_empty', 'The currency must be eur.', 'currency');
        c.balance = Number(c.balance) + amount;
        const t: Obj = {
          id: newId('cbtxn'),
          object: 'customer_balance_transaction',
          customer: c.id,
          amount,
          currency: 'eur',
          description: str(p.description) ?? null,
          ending_balance: c.balance,
          type: 'adjustment',
          metadata: meta(p.metadata),
          created: epoch(clock()),
          livemode: false,
        };
        state.balanceTransactions[t.id] = t;
        return t;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/(cus_\w+)\/balance_transactions$/,
      run: (m) => {
        need('customers', m[1], 'customer');
        const data = Object.values(state.balanceTransactions).filter((t) => t.customer === m[1]).reverse();
        return { object: 'list', data, has_more: false, url: `/v1/customers/${m[1]}/balance_transactions` };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      run: (_m, p) => {
        if (p.mode !== 'subscription') throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_empty', 'The stand-in supports subscription mode only.', 'mode');
        const customer = need('customers', String(p.customer), 'customer');
        const item = (p.line_items as Record<string, Record<string, unknown>> | undefined)?.['0'];
        const price = PRICES[String(item?.price)];
        if (!price) throw new StripeError(400, 'invalid_request_error', 'resource_missing', `No such price: '${String(item?.price)}'`, 'line_items[0][price]');
        for (const k of ['success_url', 'cancel_url']) {
          if (!str(p[k])) throw new StripeError(400, 'invalid_request_error', 'parameter_missing', `Missing required param: ${k}.`, k);
        }
        const now = clock();
        const id = `cs_test_${randomBytes(16).toString('hex')}`;
        const s: Obj = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer: customer.id,
          client_reference_id: str(p.client_reference_id) ?? null,
          metadata: meta(p.metadata),
          subscription: null,
          success_url: p.success_url,
          cancel_url: p.cancel_url,
          url: `${opts.publicUrl}/dev/stripe/checkout/${id}`,
          amount_total: price.unit_amount,
          currency: 'eur',
          created: epoch(now),
          expires_at: epoch(now) + 24 * 3600,
          livemode: false,
          price: price.id,
          subscription_metadata: meta((p.subscription_data as Record<string, unknown> | undefined)?.metadata),
        };
        state.sessions[id] = s;
        return s;
      },
    },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/(cs_\w+)$/, run: (m) => need('sessions', m[1], 'checkout.session') },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/(sub_\w+)$/, run: (m) => need('subscriptions', m[1], 'subscription') },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/(sub_\w+)$/,
      run: async (m, p) => {
        const sub = need('subscriptions', m[1], 'subscription');
        if (p.metadata !== undefined) sub.metadata = { ...(sub.metadata as object), ...meta(p.metadata) };
        const cancel = bool(p.cancel_at_period_end);
        return cancel === undefined ? sub : setCancelAtPeriodEnd(sub.id, cancel);
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/(sub_\w+)$/,
      run: (m) => {
        const sub = need('subscriptions', m[1], 'subscription');
        if (sub.status === 'canceled') return sub;
        const previous = { status: sub.status };
        Object.assign(sub, { status: 'canceled', canceled_at: epoch(clock()), ended_at: epoch(clock()) });
        void emit('customer.subscription.deleted', sub, previous);
        return sub;
      },
    },
    {
      // Stand-in only (Stripe's test clocks in spirit): moves its clock, renewing what has ended.
      method: 'POST',
      pattern: /^\/v1\/test_helpers\/advance_clock$/,
      run: async (_m, p) => {
        await advanceClock(Number(p.seconds));
        return { id: 'clock', object: 'test_helpers.clock', frozen_time: epoch(clock()) };
      },
    },
    { method: 'GET', pattern: /^\/v1\/payment_methods\/(pm_\w+)$/, run: (m) => need('paymentMethods', m[1], 'payment_method') },
    { method: 'GET', pattern: /^\/v1\/prices\/(price_\w+)$/, run: (m) => PRICES[m[1]] ?? need('customers', m[1], 'price') },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      run: (_m, p) => {
        const customer = need('customers', String(p.customer), 'customer');
        const id = newId('bps');
        const s: Obj = {
          id,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: str(p.return_url) ?? null,
          url: `${opts.publicUrl}/dev/stripe/portal/${id}`,
          created: epoch(clock()),
          livemode: false,
        };
        state.portalSessions[id] = s;
        return s;
      },
    },
  ];

  const send = (res: ServerResponse, status: number, body: unknown, replayed = false) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${opts.apiKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString('utf8'));
    const idemKey = typeof req.headers['idempotency-key'] === 'string' && method === 'POST' ? req.headers['idempotency-key'] : null;
    const requestPath = `${method} ${url.pathname}`;
    if (idemKey) {
      const seen = state.idempotency[idemKey];
      if (seen) {
        if (seen.path !== requestPath) {
          return send(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used for the same endpoint they were first used for.' } });
        }
        return send(res, seen.status, seen.body, true);
      }
    }
    let status = 200;
    let body: unknown;
    const route = routes.map((r) => ({ r, m: r.method === method ? r.pattern.exec(url.pathname) : null })).find((x) => x.m);
    try {
      if (!route?.m) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${url.pathname}).`);
      const out = (await route.r.run(route.m, params)) as Obj;
      body = expand(out, list(params.expand));
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      status = err.status;
      body = { error: { type: err.type, code: err.code, message: err.message, ...(err.param ? { param: err.param } : {}) } };
    }
    if (idemKey && status < 500) state.idempotency[idemKey] = { path: requestPath, status, body };
    if (method !== 'GET') await save();
    send(res, status, body);
  }

  const server: Server = keepConnectionsAlive(createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    handleApi(req, res, url).catch((err: unknown) => {
      opts.warn('The Stripe stand-in failed a request', err);
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: 'Stand-in failure' } });
      else res.end();
    });
  }));
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
    get: (kind, id) => state[kind][id],
    pay,
    setCancelAtPeriodEnd,
    changeCard,
    advanceClock,
    renewDue,
    subscriptionsOf: (customerId) =>
      Object.values(state.subscriptions)
        .filter((s) => s.customer === customerId)
        .sort((a, b) => Number(b.created) - Number(a.created)),
    idle: async () => {
      await delivering;
    },
    async close() {
      clearInterval(renewals);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await delivering;
      await saving;
    },
  };
}
