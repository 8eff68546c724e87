// The local Stripe stand-in's billing model without HTTP: what a student's checkout, portal and
// renewals do to the objects, the events Stripe would send for them (in order), and webhook
// signatures the `stripe` library accepts.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../functions/core/premium.js';
import { BillingModel, emptyBillingState, signWebhook, STANDIN_PRICE_ID, StripeError, TEST_CARDS, type Obj } from '../../../lib/local/stripe-billing.js';

const START = new Date('2026-01-31T10:00:00Z');
const DAY = 24 * 3600;
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

function model(now = START) {
  const m = new BillingModel(emptyBillingState(), () => now, 'http://localhost:3000');
  const customer = m.createCustomer({ email: 'lea@example.fr', metadata: { user_id: 'u-1' } });
  const session = m.createCheckoutSession({
    mode: 'subscription',
    customer: customer.id,
    priceId: STANDIN_PRICE_ID,
    successUrl: 'http://localhost:3000/profile?success=true&session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/profile?canceled=true',
    metadata: { user_id: 'u-1' },
    subscriptionMetadata: { user_id: 'u-1' },
  });
  return { m, customer, session };
}

/** A subscribed student: paid with 4242, events taken. */
function subscribed() {
  const { m, customer, session } = model();
  const paid = m.pay(session.id, { number: '4242 4242 4242 4242' });
  expect(paid.ok).toBe(true);
  m.takeEvents();
  return { m, customer, sub: m.subscriptionsOf(customer.id)[0] };
}

const types = (events: Obj[]) => events.map((e) => e.type);
const periodEnd = (sub: Obj) => (sub.items as { data: { current_period_end: number }[] }).data[0].current_period_end;

describe('checkout', () => {
  it('opens a session for the Premium price at 6.99 EUR on the host page, with no event', () => {
    const { m, session } = model();
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 699, currency: 'eur', url: `http://localhost:3000/dev/stripe/checkout/${session.id}` });
    expect(session.id).toMatch(/^cs_test_[0-9a-f]{32}$/);
    expect(m.takeEvents()).toEqual([]);
  });

  it('refuses what Stripe refuses: another mode, an unknown price or customer, a missing return URL', () => {
    const { m, customer } = model();
    const base = { mode: 'subscription', customer: customer.id, priceId: STANDIN_PRICE_ID, successUrl: 'http://x/s', cancelUrl: 'http://x/c', metadata: {}, subscriptionMetadata: {} };
    const refusal = (input: Partial<typeof base>) => {
      try {
        m.createCheckoutSession({ ...base, ...input });
      } catch (err) {
        return err instanceof StripeError ? { status: err.status, code: err.code, param: err.param } : err;
      }
      return null;
    };
    expect(refusal({ mode: 'payment' })).toEqual({ status: 400, code: 'parameter_invalid_empty', param: 'mode' });
    expect(refusal({ priceId: 'price_other' })).toEqual({ status: 400, code: 'resource_missing', param: 'line_items[0][price]' });
    expect(refusal({ customer: 'cus_nobody' })).toEqual({ status: 404, code: 'resource_missing', param: 'id' });
    expect(refusal({ cancelUrl: undefined })).toEqual({ status: 400, code: 'parameter_missing', param: 'cancel_url' });
  });

  it('declines 0002 and 0341 and names the test cards for an unknown one, leaving the session open', () => {
    const { m, session } = model();
    expect(m.pay(session.id, { number: TEST_CARDS.declined })).toEqual({ ok: false, message: expect.stringContaining('Votre carte a été refusée') });
    expect(m.pay(session.id, { number: TEST_CARDS.chargeFails })).toEqual({ ok: false, message: expect.stringContaining('card_declined') });
    expect(m.pay(session.id, { number: '1234' })).toEqual({ ok: false, message: expect.stringContaining('4242 4242 4242 4242') });
    expect(m.get('sessions', session.id)?.status).toBe('open');
    expect(m.takeEvents()).toEqual([]);
  });

  it('4242 starts a month of Premium: subscription, paid invoice, card on file, then the three events in order', () => {
    const { m, customer, session } = model();
    const paid = m.pay(session.id, { number: '4242-4242-4242-4242', expMonth: 9, expYear: 2031 });
    expect(paid).toEqual({ ok: true, redirect: `http://localhost:3000/profile?success=true&session=${session.id}` });
    const [sub] = m.subscriptionsOf(customer.id);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false, metadata: { user_id: 'u-1' } });
    expect(periodEnd(sub)).toBe(epoch(addMonths(START, 1)));
    const pm = m.get('paymentMethods', String(sub.default_payment_method));
    expect(pm?.card).toMatchObject({ last4: '4242', exp_month: 9, exp_year: 2031 });
    expect(m.get('invoices', String(sub.latest_invoice))).toMatchObject({ status: 'paid', amount_paid: 699, billing_reason: 'subscription_create' });
    expect(m.get('sessions', session.id)).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: sub.id });
    const events = m.takeEvents();
    expect(types(events)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(events[2].data).toMatchObject({ object: { id: session.id, subscription: sub.id } });
    expect(m.pay(session.id, { number: TEST_CARDS.success })).toEqual({ ok: false, message: expect.stringContaining('terminée') });
  });
});

describe('portal and renewals', () => {
  it('a cancelled subscription stays active to its period end, then ends there with one deleted event', () => {
    const { m, sub } = subscribed();
    const end = periodEnd(sub);
    m.setCancelAtPeriodEnd(sub.id, true);
    expect(sub).toMatchObject({ cancel_at_period_end: true, cancel_at: end, canceled_at: epoch(START) });
    const [updated] = m.takeEvents();
    expect(updated).toMatchObject({ type: 'customer.subscription.updated', data: { previous_attributes: { cancel_at_period_end: false, cancel_at: null } } });

    m.advanceClock(end - epoch(START) - 60);
    expect(sub.status).toBe('active');
    expect(m.takeEvents()).toEqual([]);
    m.advanceClock(120);
    expect(sub).toMatchObject({ status: 'canceled', ended_at: end });
    expect(types(m.takeEvents())).toEqual(['customer.subscription.deleted']);
    expect(() => m.setCancelAtPeriodEnd(sub.id, false)).toThrow(StripeError);
  });

  it('renews a paid month at its end and bills each month passed at once', () => {
    const { m, sub } = subscribed();
    const first = sub.latest_invoice;
    m.advanceClock(65 * DAY);
    const secondEnd = epoch(addMonths(new Date(epoch(addMonths(START, 1)) * 1000), 1));
    expect(sub.status).toBe('active');
    expect(periodEnd(sub)).toBe(epoch(addMonths(new Date(secondEnd * 1000), 1)));
    expect(sub.latest_invoice).not.toBe(first);
    expect(types(m.takeEvents())).toEqual(['customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated', 'invoice.paid']);
  });

  it('with 0341 from the portal, the next charge fails (past due, open invoice), and a month still unpaid ends it', () => {
    const { m, sub } = subscribed();
    expect(m.changeCard(sub.id, { number: TEST_CARDS.declined })).toEqual({ ok: false, message: expect.stringContaining('refusée') });
    expect(m.changeCard(sub.id, { number: '4000 0000 0000 0341' })).toEqual({ ok: true });
    expect(types(m.takeEvents())).toEqual(['customer.subscription.updated']);
    m.advanceClock(32 * DAY);
    expect(sub.status).toBe('past_due');
    expect(m.get('invoices', String(sub.latest_invoice))).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 699 });
    expect(types(m.takeEvents())).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    m.advanceClock(31 * DAY);
    expect(sub.status).toBe('canceled');
    expect(types(m.takeEvents())).toEqual(['customer.subscription.deleted']);
  });

  it('refuses to move the clock backwards or by nothing', () => {
    const { m } = subscribed();
    expect(() => m.advanceClock(0)).toThrow(/positive/);
    expect(() => m.advanceClock(-5)).toThrow(/positive/);
    expect(m.state.clockOffsetMs).toBe(0);
  });

  it('cancelling now ends the subscription once', () => {
    const { m, sub } = subscribed();
    m.cancelNow(sub.id);
    m.cancelNow(sub.id);
    expect(sub).toMatchObject({ status: 'canceled', ended_at: epoch(START) });
    expect(types(m.takeEvents())).toEqual(['customer.subscription.deleted']);
  });
});

describe('customers', () => {
  it('keeps a balance from credits in euro cents, newest transaction first', () => {
    const { m, customer } = model();
    m.addBalanceTransaction(customer.id, { amount: -699, currency: 'eur', description: 'Parrainage', metadata: {} });
    m.addBalanceTransaction(customer.id, { amount: -699, currency: 'eur', metadata: {} });
    expect(customer.balance).toBe(-1398);
    expect(m.balanceTransactionsOf(customer.id).map((t) => t.ending_balance)).toEqual([-1398, -699]);
    expect(() => m.addBalanceTransaction(customer.id, { amount: 1.5, currency: 'eur', metadata: {} })).toThrow(/Invalid integer/);
    expect(() => m.addBalanceTransaction(customer.id, { amount: -699, currency: 'usd', metadata: {} })).toThrow(/eur/);
  });

  it('expands a subscription’s card and customer in place of their ids', () => {
    const { m, customer, sub } = subscribed();
    const expanded = m.expand(sub, ['default_payment_method', 'customer']);
    expect(expanded.default_payment_method).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
    expect(expanded.customer).toMatchObject({ id: customer.id, email: 'lea@example.fr' });
    expect(typeof sub.customer).toBe('string');
  });
});

describe('webhook signing', () => {
  it('signs an event so that stripe.webhooks.constructEvent accepts it, and one changed byte is refused', () => {
    const { m, session } = model();
    m.pay(session.id, { number: TEST_CARDS.success });
    const event = m.takeEvents()[2];
    const payload = JSON.stringify(event);
    const header = signWebhook(payload, 'whsec_test_secret');
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_test_secret').type).toBe('checkout.session.completed');
    expect(() => Stripe.webhooks.constructEvent(payload.replace('complete', 'completE'), header, 'whsec_test_secret')).toThrow();
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
  });
});
