// The billing model of the local Stripe stand-in (lib/local/stripe-standin.ts): Stripe's objects
// and what happens to them, with no HTTP and no file. Customers (with balance transactions),
// checkout sessions (subscription mode), card payment methods of Stripe's test cards,
// subscriptions (pay, change card, cancel at the period end or at once, renew), invoices, billing
// portal sessions and one price (Premium, 6.99 EUR a month). Each change that Stripe would announce
// queues its event (`takeEvents`), in order, for the stand-in to sign (`signWebhook`) and deliver
// after it has saved the state; the state is one plain object the stand-in keeps in a JSON file.
//
// Renewals (`renewDue`, and `advanceClock`, which moves the model's clock ahead of the host's):
// at a period's end a subscription set to cancel, or still unpaid from the last period, ends
// (`customer.subscription.deleted`); any other is charged for the next period: a paid invoice
// (`customer.subscription.updated`, `invoice.paid`), or, on a card whose charges fail (Stripe's
// 4000 0000 0000 0341), an open invoice, `invoice.payment_failed` and `past_due`. Several periods
// passed at once are billed in turn.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { addMonths } from '../../functions/core/premium.js';

/** The stand-in's Premium price (6.99 euros a month): what STRIPE_PRICE_ID is on the laptop. */
export const STANDIN_PRICE_ID = 'price_revise_premium_monthly';

/** Stripe's test cards (https://docs.stripe.com/testing): the one that pays and the generic decline. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002', chargeFails: '4000000000000341' } as const;

export type Obj = Record<string, unknown> & { id: string };
export type Kind = Exclude<keyof BillingState, 'idempotency' | 'clockOffsetMs'>;

export interface BillingState {
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  paymentMethods: Record<string, Obj>;
  invoices: Record<string, Obj>;
  portalSessions: Record<string, Obj>;
  balanceTransactions: Record<string, Obj>;
  /** The API's answers by `Idempotency-Key` (the routes' concern, kept with the objects). */
  idempotency: Record<string, { path: string; status: number; body: unknown }>;
  /** How far the stand-in's clock is ahead of the host's (tests move it). */
  clockOffsetMs: number;
}

export const emptyBillingState = (): BillingState => ({
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

export const PRICES: Record<string, Obj> = {
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

/** A refusal in Stripe's terms, which the API answers as `{ error: { type, code, message, param } }`. */
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

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** What the checkout page and the portal show when a card is refused. */
export const CARD_MESSAGES = {
  declined: 'Votre carte a été refusée. / Your card was declined. (card_declined)',
  sessionEnded: 'Cette session de paiement est terminée. / This checkout session has ended.',
  unknownAtCheckout: 'Carte de test inconnue : utilisez 4242 4242 4242 4242 (paiement accepté) ou 4000 0000 0000 0002 (refusé). / Unknown test card.',
  unknownInPortal:
    'Carte de test inconnue : 4242 4242 4242 4242, ou 4000 0000 0000 0341 (acceptée, mais les paiements suivants échouent). / Unknown test card.',
} as const;

export type CardOutcome = { ok: true } | { ok: false; message: string };

export interface TestCard {
  number: string;
  expMonth?: number;
  expYear?: number;
}

export interface CheckoutSessionInput {
  mode: unknown;
  customer: string;
  priceId: string;
  successUrl?: string;
  cancelUrl?: string;
  clientReferenceId?: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
}

/** The `Stripe-Signature` header Stripe would send with this payload, signed with the webhook secret. */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

const periodEnd = (sub: Obj): number => (sub.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0;
const digits = (number: string) => number.replace(/[\s-]/g, '');

export class BillingModel {
  private events: Obj[] = [];

  /**
   * @param state the objects, changed in place (the stand-in saves it).
   * @param hostClock the host's now; the model's own clock runs `state.clockOffsetMs` ahead.
   * @param publicUrl the origin serving the checkout and portal pages under /dev/stripe.
   */
  constructor(
    readonly state: BillingState,
    private readonly hostClock: () => Date,
    private readonly publicUrl: string,
  ) {}

  now(): Date {
    return new Date(this.hostClock().getTime() + this.state.clockOffsetMs);
  }

  /** The events queued since the last call, oldest first. */
  takeEvents(): Obj[] {
    return this.events.splice(0);
  }

  get(kind: Kind, id: string): Obj | undefined {
    return this.state[kind][id];
  }

  need(kind: Kind, id: string, what: string): Obj {
    const o = this.state[kind][id];
    if (!o) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, 'id');
    return o;
  }

  /** A copy of the object with the named fields' ids replaced by the objects (Stripe's `expand[]`). */
  expand(o: Obj, paths: string[]): Obj {
    const out: Obj = structuredClone(o);
    for (const p of paths) {
      const v = out[p];
      if (typeof v !== 'string') continue;
      const kind = v.startsWith('pm_') ? 'paymentMethods' : v.startsWith('sub_') ? 'subscriptions' : v.startsWith('cus_') ? 'customers' : v.startsWith('in_') ? 'invoices' : null;
      if (kind && this.state[kind][v]) out[p] = structuredClone(this.state[kind][v]);
    }
    return out;
  }

  /** Subscriptions of a customer, newest first. */
  subscriptionsOf(customerId: string): Obj[] {
    return Object.values(this.state.subscriptions)
      .filter((s) => s.customer === customerId)
      .sort((a, b) => Number(b.created) - Number(a.created));
  }

  private emit(type: string, object: Obj, previous?: Record<string, unknown>): void {
    this.events.push({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: epoch(this.now()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    });
  }

  createCustomer(input: { email?: string; name?: string; metadata: Record<string, string> }): Obj {
    const c: Obj = {
      id: newId('cus'),
      object: 'customer',
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata,
      balance: 0,
      currency: 'eur',
      created: epoch(this.now()),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.state.customers[c.id] = c;
    return c;
  }

  /** Fields left `undefined` are kept; `null` clears; metadata is merged. */
  updateCustomer(id: string, input: { email?: string | null; name?: string | null; metadata?: Record<string, string> }): Obj {
    const c = this.need('customers', id, 'customer');
    if (input.email !== undefined) c.email = input.email;
    if (input.name !== undefined) c.name = input.name;
    if (input.metadata !== undefined) c.metadata = { ...(c.metadata as object), ...input.metadata };
    return c;
  }

  /** A credit (negative) or debit on the customer's balance, in cents of euro. */
  addBalanceTransaction(customerId: string, input: { amount: number; currency?: string; description?: string; metadata: Record<string, string> }): Obj {
    const c = this.need('customers', customerId, 'customer');
    const { amount } = input;
    if (!Number.isInteger(amount) || amount === 0) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount', 'amount');
    if (input.currency !== 'eur') throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_empty', 'The currency must be eur.', 'currency');
    c.balance = Number(c.balance) + amount;
    const t: Obj = {
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      customer: c.id,
      amount,
      currency: 'eur',
      description: input.description ?? null,
      ending_balance: c.balance,
      type: 'adjustment',
      metadata: input.metadata,
      created: epoch(this.now()),
      livemode: false,
    };
    this.state.balanceTransactions[t.id] = t;
    return t;
  }

  /** The customer's balance transactions, newest first. */
  balanceTransactionsOf(customerId: string): Obj[] {
    this.need('customers', customerId, 'customer');
    return Object.values(this.state.balanceTransactions)
      .filter((t) => t.customer === customerId)
      .reverse();
  }

  createCheckoutSession(input: CheckoutSessionInput): Obj {
    if (input.mode !== 'subscription') throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_empty', 'The stand-in supports subscription mode only.', 'mode');
    const customer = this.need('customers', input.customer, 'customer');
    const price = PRICES[input.priceId];
    if (!price) throw new StripeError(400, 'invalid_request_error', 'resource_missing', `No such price: '${input.priceId}'`, 'line_items[0][price]');
    for (const [k, v] of [['success_url', input.successUrl], ['cancel_url', input.cancelUrl]] as const) {
      if (!v) throw new StripeError(400, 'invalid_request_error', 'parameter_missing', `Missing required param: ${k}.`, k);
    }
    const now = this.now();
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const s: Obj = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: input.clientReferenceId ?? null,
      metadata: input.metadata,
      subscription: null,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      url: `${this.publicUrl}/dev/stripe/checkout/${id}`,
      amount_total: price.unit_amount,
      currency: 'eur',
      created: epoch(now),
      expires_at: epoch(now) + 24 * 3600,
      livemode: false,
      price: price.id,
      subscription_metadata: input.subscriptionMetadata,
    };
    this.state.sessions[id] = s;
    return s;
  }

  createPortalSession(input: { customer: string; returnUrl?: string }): Obj {
    const customer = this.need('customers', input.customer, 'customer');
    const id = newId('bps');
    const s: Obj = {
      id,
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: input.returnUrl ?? null,
      url: `${this.publicUrl}/dev/stripe/portal/${id}`,
      created: epoch(this.now()),
      livemode: false,
    };
    this.state.portalSessions[id] = s;
    return s;
  }

  /**
   * Pays an open checkout session with a test card: 4242 starts a subscription (a paid invoice,
   * then `customer.subscription.created`, `invoice.paid`, `checkout.session.completed`); the
   * others are refused with the message the checkout page shows (0341 attaches to a customer but
   * its charges fail, so a first payment with it is declined too).
   */
  pay(sessionId: string, card: TestCard): { ok: true; redirect: string } | { ok: false; message: string } {
    const session = this.need('sessions', sessionId, 'checkout.session');
    if (session.status !== 'open') return { ok: false, message: CARD_MESSAGES.sessionEnded };
    const number = digits(card.number);
    if (number === TEST_CARDS.declined || number === TEST_CARDS.chargeFails) return { ok: false, message: CARD_MESSAGES.declined };
    if (number !== TEST_CARDS.success) return { ok: false, message: CARD_MESSAGES.unknownAtCheckout };
    const now = this.now();
    const customer = this.need('customers', String(session.customer), 'customer');
    const pm = this.cardMethod(customer, number, card);
    const subId = newId('sub');
    const end = addMonths(now, 1);
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
      items: { object: 'list', data: [subscriptionItem(subId, String(session.price), now, end)], has_more: false, url: `/v1/subscription_items?subscription=${subId}` },
    };
    this.state.subscriptions[subId] = sub;
    const invoice = this.newInvoice(sub, 'subscription_create', true, epoch(now), epoch(now));
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subId });
    this.emit('customer.subscription.created', sub);
    this.emit('invoice.paid', invoice);
    this.emit('checkout.session.completed', session);
    return { ok: true, redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  /** A new card for the subscription (the portal's form): 4242 or 0341; the decline is refused. */
  changeCard(subscriptionId: string, card: { number: string }): CardOutcome {
    const sub = this.need('subscriptions', subscriptionId, 'subscription');
    const number = digits(card.number);
    if (number === TEST_CARDS.declined) return { ok: false, message: CARD_MESSAGES.declined };
    if (number !== TEST_CARDS.success && number !== TEST_CARDS.chargeFails) return { ok: false, message: CARD_MESSAGES.unknownInPortal };
    const previous = { default_payment_method: sub.default_payment_method };
    sub.default_payment_method = this.cardMethod(this.need('customers', String(sub.customer), 'customer'), number).id;
    this.emit('customer.subscription.updated', sub, previous);
    return { ok: true };
  }

  /** Merges metadata into the subscription's. */
  updateSubscriptionMetadata(id: string, metadata: Record<string, string>): Obj {
    const sub = this.need('subscriptions', id, 'subscription');
    sub.metadata = { ...(sub.metadata as object), ...metadata };
    return sub;
  }

  /** Cancels a subscription at the end of its period, or resumes it (the portal's buttons). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Obj {
    const sub = this.need('subscriptions', id, 'subscription');
    if (sub.status === 'canceled') throw new StripeError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its cancellation_details and metadata.');
    const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? periodEnd(sub) : null;
    sub.canceled_at = cancel ? epoch(this.now()) : null;
    this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** Ends a subscription now (`DELETE /v1/subscriptions/{id}`); an ended one is left as it is. */
  cancelNow(id: string): Obj {
    const sub = this.need('subscriptions', id, 'subscription');
    if (sub.status === 'canceled') return sub;
    const previous = { status: sub.status };
    const now = epoch(this.now());
    Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now });
    this.emit('customer.subscription.deleted', sub, previous);
    return sub;
  }

  /** Moves the model's clock forward, then renews or ends the periods that have ended. */
  advanceClock(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'seconds must be a positive number.', 'seconds');
    this.state.clockOffsetMs += seconds * 1000;
    this.renewDue();
  }

  /** Stripe's billing at the end of every period that has ended; true when anything changed. */
  renewDue(): boolean {
    const now = epoch(this.now());
    let changed = false;
    for (const sub of Object.values(this.state.subscriptions)) {
      while (sub.status !== 'canceled' && periodEnd(sub) <= now) {
        changed = true;
        if (!this.renewOnce(sub)) break;
      }
    }
    return changed;
  }

  /** Ends the subscription's period: the next one (paid or past due), or its end; false when it ended. */
  private renewOnce(sub: Obj): boolean {
    const end = periodEnd(sub);
    if (sub.cancel_at_period_end || sub.status === 'past_due') {
      const previous = { status: sub.status };
      Object.assign(sub, { status: 'canceled', ended_at: end, canceled_at: sub.canceled_at ?? end });
      this.emit('customer.subscription.deleted', sub, previous);
      return false;
    }
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0];
    const previous = { items: structuredClone(sub.items), latest_invoice: sub.latest_invoice, status: sub.status };
    const next = epoch(addMonths(new Date(end * 1000), 1));
    Object.assign(item, { current_period_start: end, current_period_end: next });
    const paid = this.chargeSucceeds(sub);
    const invoice = this.newInvoice(sub, 'subscription_cycle', paid, end, next);
    if (!paid) sub.status = 'past_due';
    this.emit('customer.subscription.updated', sub, previous);
    this.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    return true;
  }

  /** A card payment method of Stripe's test cards, made the customer's default. */
  private cardMethod(customer: Obj, number: string, card: { expMonth?: number; expYear?: number } = {}): Obj {
    const now = this.now();
    const pm: Obj = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      created: epoch(now),
      livemode: false,
      card: { brand: 'visa', last4: number.slice(-4), exp_month: card.expMonth ?? 12, exp_year: card.expYear ?? now.getUTCFullYear() + 3, funding: 'credit', country: 'US' },
    };
    this.state.paymentMethods[pm.id] = pm;
    customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
    return pm;
  }

  /** The subscription's invoice for a period (paid, or open after a failed charge), now its latest. */
  private newInvoice(sub: Obj, reason: string, paid: boolean, start: number, end: number): Obj {
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
      created: epoch(this.now()),
      period_start: start,
      period_end: end,
      livemode: false,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
    this.state.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Whether a charge on the subscription's card goes through (Stripe's 4000 0000 0000 0341 never does). */
  private chargeSucceeds(sub: Obj): boolean {
    const pm = this.state.paymentMethods[String(sub.default_payment_method)];
    const last4 = (pm?.card as { last4?: string } | undefined)?.last4;
    return Boolean(last4) && last4 !== TEST_CARDS.chargeFails.slice(-4);
  }
}

function subscriptionItem(subId: string, priceId: string, start: Date, end: Date) {
  return {
    id: newId('si'),
    object: 'subscription_item',
    subscription: subId,
    price: PRICES[priceId],
    quantity: 1,
    current_period_start: epoch(start),
    current_period_end: epoch(end),
  };
}
