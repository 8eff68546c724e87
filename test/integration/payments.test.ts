// Premium for real on the laptop host: the real handlers and the real `stripe` client, talking to
// the local Stripe stand-in in Stripe's own wire format (a field the app relies on that the
// stand-in lacked would fail here). Checkout with the test cards, signed webhooks applied once and
// in order, the customer portal, promo codes under races, the referral reward under concurrency,
// and the monthly job ending expired trials.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_CAPS } from '../../functions/core/plans.js';
import { addMonths, formatDate } from '../../functions/core/premium.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { stripe } from '../../functions/platform/stripe.js';
import { LOCAL_SECRET_DEFAULTS } from '../../lib/local/host.js';
import { TEST_CARDS } from '../../lib/local/stripe-standin.js';
import { api, newUser, restart, startTestHost, type TestHost, type TestUser } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(async () => {
  await host?.stop();
});

const profileItem = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: config().tableNames.profiles, Key: { user_id: userId }, ConsistentRead: true }))).Item as Record<string, unknown>;

const subscription = async (u: TestUser) => (await api(host, '/api/subscription', { token: u.accessToken })).body;

const checkout = (u: TestUser) =>
  api(host, '/api/checkout', {
    token: u.accessToken,
    method: 'POST',
    body: { mode: 'subscription', success_url: `/profile?success=true&timestamp=${Date.now()}`, cancel_url: `/profile?canceled=true&timestamp=${Date.now()}` },
  });

/** The test checkout page's form, as a student submits it. */
const payPage = (url: string, card: string) =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card_number: card, exp: '12/34', cvc: '123' }) });

async function subscribe(u: TestUser): Promise<string> {
  const r = await checkout(u);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const paid = await payPage(r.body.url, '4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  await host.stripe!.idle();
  return r.body.sessionId as string;
}

const onboard = (u: TestUser) =>
  api(host, '/api/onboarding', { token: u.accessToken, method: 'POST', body: { language: 'fr', education_level: 'licence', specialization: 'Biologie' } });

describe('checkout', () => {
  it('a declined card leaves the student free with a clear message; 4242 makes them Premium with the card shown', async () => {
    const u = await newUser(host);
    const first = await checkout(u);
    expect(first.status).toBe(200);
    expect(first.body.sessionId).toMatch(/^cs_test_/);
    expect(first.body.url).toBe(`${host.url}/dev/stripe/checkout/${first.body.sessionId}`);

    const page = await fetch(first.body.url);
    const html = await page.text();
    expect(html).toContain('paiement de test');
    expect(html).toContain('6,99 €');

    const declined = await payPage(first.body.url, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Votre carte a été refusée');
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed' });

    const paid = await payPage(first.body.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`^${host.url}/profile\\?success=true&timestamp=\\d+$`));
    await host.stripe!.idle();

    const sub = await subscription(u);
    expect(sub).toMatchObject({ is_subscribed: true, subscription_status: 'active', cancel_at_period_end: false, payment_method: 'visa •••• 4242', can_manage: true });
    const periodEnd = new Date(sub.current_period_end).getTime();
    expect(Math.abs(periodEnd - addMonths(new Date(), 1).getTime())).toBeLessThan(120_000);
    const profile = await profileItem(u.sub);
    expect(profile).toMatchObject({ is_subscribed: true, subscription_status: 'active', subscription_id: expect.stringMatching(/^sub_/) });
    expect(profile.subscription_period_end).toBe(sub.current_period_end);

    // Premium lifts the free cap on subjects.
    for (let i = 0; i <= FREE_CAPS.max_subjects; i++) {
      const s = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: `Matière ${i}` } });
      expect(s.status, JSON.stringify(s.body)).toBe(201);
    }
    // Nobody is charged twice.
    const again = await checkout(u);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_subscribed');
  });

  it('keeps one Stripe customer per student, whatever the number of checkouts', async () => {
    const u = await newUser(host);
    const [a, b] = await Promise.all([checkout(u), checkout(u)]);
    const c = await checkout(u);
    const customers = [a, b, c].map((r) => host.stripe!.get('sessions', r.body.sessionId)!.customer);
    expect(new Set(customers).size).toBe(1);
    expect((await profileItem(u.sub)).stripe_customer_id).toBe(customers[0]);
    const customer = await (await stripe()).customers.retrieve(String(customers[0]));
    expect((customer as Stripe.Customer).metadata.user_id).toBe(u.sub);
  });

  it('refuses return addresses outside the app and an unknown price', async () => {
    const u = await newUser(host);
    const outside = await api(host, '/api/checkout', { token: u.accessToken, method: 'POST', body: { mode: 'subscription', success_url: 'https://evil.example/x', cancel_url: '/profile' } });
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe('checkout_url_invalid');
    const price = await api(host, '/api/checkout', { token: u.accessToken, method: 'POST', body: { price_id: 'price_other', mode: 'subscription', success_url: '/profile', cancel_url: '/profile' } });
    expect(price.body.error.code).toBe('checkout_price_unknown');
    const anonymous = await api(host, '/api/checkout', { method: 'POST', body: { mode: 'subscription', success_url: '/profile', cancel_url: '/profile' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('the customer portal', () => {
  it('cancels at the end of the period and resumes, the profile following within the webhook', async () => {
    const u = await newUser(host);
    const none = await api(host, '/api/billing-portal', { token: u.accessToken, method: 'POST' });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('billing_no_customer');
    await subscribe(u);
    const portal = await api(host, '/api/billing-portal', { token: u.accessToken, method: 'POST' });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${host.url}/dev/stripe/portal/bps_`));
    const subId = String((await profileItem(u.sub)).subscription_id);
    const act = (action: string) =>
      fetch(portal.body.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ subscription: subId, action }) });

    expect((await act('cancel')).status).toBe(303);
    const canceled = await subscription(u);
    expect(canceled).toMatchObject({ is_subscribed: true, subscription_status: 'active', cancel_at_period_end: true });
    expect(await (await fetch(portal.body.url)).text()).toContain(`actif jusqu'au ${formatDate(new Date(canceled.current_period_end), 'fr')}`);

    expect((await act('resume')).status).toBe(303);
    expect(await subscription(u)).toMatchObject({ is_subscribed: true, cancel_at_period_end: false });
  });
});

describe('Stripe webhooks', () => {
  const secret = LOCAL_SECRET_DEFAULTS.stripeWebhook!;
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) } });
  };

  it('apply each event once and in order: an older state never overwrites a newer one', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    const current = await (await stripe()).subscriptions.retrieve(subId);
    const base = Math.floor(Date.now() / 1000) + 60;
    const event = (id: string, type: string, created: number, object: object) => ({ id, object: 'event', type, created, api_version: Stripe.API_VERSION, livemode: false, data: { object } });

    const pastDue = event(`evt_${Date.now()}_late`, 'customer.subscription.updated', base + 10, { ...current, status: 'past_due' });
    const older = event(`evt_${Date.now()}_early`, 'customer.subscription.updated', base + 5, { ...current, status: 'active' });
    const first = await deliver(pastDue);
    expect(first.body).toMatchObject({ received: true, replay: false, applied: true });
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'past_due' });
    // Delivered after the newer one: acknowledged, nothing changes.
    const late = await deliver(older);
    expect(late.status).toBe(200);
    expect(late.body.applied).toBe(false);
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'past_due' });
    // A replay of the newer one is recognised.
    expect((await deliver(pastDue)).body).toMatchObject({ replay: true });

    const deleted = event(`evt_${Date.now()}_del`, 'customer.subscription.deleted', base + 20, { ...current, status: 'canceled' });
    expect((await deliver(deleted)).body.applied).toBe(true);
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
    expect(await profileItem(u.sub)).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
  });

  it('read the subscription an invoice names: a failed payment ends Premium', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    const client = await stripe();
    // Stripe's state moves on (here: the stand-in's subscription canceled), then the invoice event arrives.
    await client.subscriptions.cancel(subId);
    await host.stripe!.idle();
    const r = await deliver({
      id: `evt_${Date.now()}_inv`,
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000) + 120,
      api_version: Stripe.API_VERSION,
      data: { object: { id: 'in_x', object: 'invoice', customer: 'cus_x', parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: {} } } } },
    });
    expect(r.body.applied).toBe(true);
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
  });
});

describe('Stripe webhooks that change nothing', () => {
  const secret = LOCAL_SECRET_DEFAULTS.stripeWebhook!;
  const now = () => Math.floor(Date.now() / 1000);
  const deliverRaw = (payload: string, timestamp?: number) =>
    api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) } });
  const event = (type: string, object: unknown, over: Record<string, unknown> = {}) =>
    JSON.stringify({ id: `evt_${Date.now()}_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: now(), api_version: Stripe.API_VERSION, livemode: false, data: { object }, ...over });

  it('acknowledge a signed event that does not parse, and change nothing (Stripe would retry a 500 for days)', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const before = await subscription(u);
    const sub = (await profileItem(u.sub)).subscription_id as string;
    for (const payload of [
      'not json at all',
      '[]',
      '{}',
      event('checkout.session.completed', null),
      event('checkout.session.completed', {}, { data: {} }),
      event('customer.subscription.updated', { object: 'subscription', status: 'canceled', metadata: { user_id: u.sub } }),
      event('customer.subscription.updated', { id: sub, status: 'canceled', metadata: { user_id: u.sub }, items: { data: [{ current_period_end: 1e308 }] } }),
      event('customer.subscription.deleted', { id: sub, status: 'canceled', metadata: { user_id: u.sub } }, { created: 1e308 }),
      event('customer.subscription.deleted', { id: sub, status: 'canceled', metadata: { user_id: u.sub } }, { id: 42 }),
      event('invoice.paid', { parent: { subscription_details: { subscription: 7 } } }),
    ]) {
      const r = await deliverRaw(payload);
      expect(r.status, payload).toBe(200);
      expect(r.body, payload).toEqual({ received: true, replay: false, applied: false, reason: 'malformed' });
    }
    expect(await subscription(u)).toEqual(before);
  });

  it('acknowledge a signed event naming a subscription, customer or student nobody knows', async () => {
    const cases: [string, string][] = [
      [event('invoice.paid', { id: 'in_x', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_nobody' } } }), 'unknown_subscription'],
      [event('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', subscription: 'sub_nobody', client_reference_id: 'someone' }), 'unknown_subscription'],
      [event('customer.subscription.updated', { id: 'sub_x', object: 'subscription', status: 'active', customer: 'cus_nobody', metadata: {} }), 'unknown_user'],
      [event('charge.refunded', { id: 'ch_x', object: 'charge' }), 'ignored_type'],
    ];
    for (const [payload, reason] of cases) {
      const r = await deliverRaw(payload);
      expect(r.status, payload).toBe(200);
      expect(r.body, payload).toMatchObject({ received: true, applied: false, reason });
    }
  });

  it('refuse a signature whose time is more than five minutes away, in the past or in the future', async () => {
    const u = await newUser(host);
    const payload = () => event('charge.refunded', { id: 'ch_y', object: 'charge', metadata: { user_id: u.sub } });
    for (const offset of [-301, 301, 3_600, 10 * 365 * 86_400]) {
      const r = await deliverRaw(payload(), now() + offset);
      expect(r.status, String(offset)).toBe(400);
      expect(r.body.error.code).toBe('webhook_signature_invalid');
    }
    for (const offset of [-200, 0, 200]) expect((await deliverRaw(payload(), now() + offset)).status, String(offset)).toBe(200);
    // A header without a time, or with one that is not a number.
    const body = payload();
    const v1 = Stripe.webhooks.generateTestHeaderString({ payload: body, secret }).split(',')[1];
    for (const header of [v1, `t=soon,${v1}`]) {
      const r = await api(host, '/api/webhooks/stripe', { method: 'POST', rawBody: body, headers: { 'stripe-signature': header } });
      expect(r.status, header).toBe(400);
    }
  });
});

describe('account deletion', () => {
  it('cancels the paid subscription, so a deleted account is never charged again', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    const deleted = await api(host, '/api/account', { token: u.accessToken, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await (await stripe()).subscriptions.retrieve(subId)).status).toBe('canceled');
    await host.stripe!.idle();
    expect(await profileItem(u.sub)).toBeUndefined();
  });
});

describe('the stand-in speaks Stripe', () => {
  it('honours Idempotency-Key and answers unknown objects as Stripe does', async () => {
    const client = await stripe();
    const key = `test-${Date.now()}`;
    const a = await client.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
    const b = await client.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    await expect(client.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 });
    const bad = new Stripe('sk_test_wrong', { host: host.stripe!.host, port: host.stripe!.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(bad.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('promo codes', () => {
  it('grant a month, extend an active trial by a month, and refuse a code used before (the promo messages)', async () => {
    const u = await newUser(host);
    const redeem = (code: string, lang = 'fr') => api(host, '/api/promo', { token: u.accessToken, method: 'POST', body: { code }, headers: { 'x-revise-language': lang } });
    const invalid = await redeem('NOPE');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('Code promotionnel invalide');

    const first = await redeem('  bienvenue ');
    expect(first.status).toBe(200);
    const end = addMonths(new Date(), 1);
    expect(first.body.message).toBe(`Code appliqué ! Vous avez maintenant un accès Premium jusqu'au ${formatDate(end, 'fr')}`);
    expect(first.body).toMatchObject({ success: true, extended: false });
    expect(await subscription(u)).toMatchObject({ is_subscribed: true, subscription_status: 'trialing', payment_method: 'Free trial' });
    expect(await profileItem(u.sub)).toMatchObject({ trial_code: 'BIENVENUE', subscription_id: 'promo', is_subscribed: true });

    const same = await redeem('BIENVENUE');
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe('Vous avez déjà utilisé ce code promotionnel');

    const second = await redeem('etudiant', 'en');
    expect(second.body).toMatchObject({ success: true, extended: true });
    const extended = addMonths(new Date(first.body.trial_end), 1);
    expect(second.body.trial_end).toBe(extended.toISOString());
    expect(second.body.message).toBe(`Code applied! Your Premium access has been extended until ${formatDate(extended, 'en')}`);
    // An earlier code stays used even when it is no longer the last one.
    expect((await redeem('bienvenue')).status).toBe(409);
  });

  it('ten racing redemptions of one code by one student give one success', async () => {
    const u = await newUser(host);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(host, '/api/promo', { token: u.accessToken, method: 'POST', body: { code: 'RENTREE2025' } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error.code === 'promo_already_used')).toHaveLength(9);
    const profile = await profileItem(u.sub);
    expect(new Date(String(profile.trial_end)).getTime() - addMonths(new Date(), 1).getTime()).toBeLessThan(60_000);
  });
});

describe('the referral reward', () => {
  async function refer(referrer: TestUser, count: number): Promise<TestUser[]> {
    const { body } = await api(host, '/api/referrals', { token: referrer.accessToken });
    const referees = await Promise.all(Array.from({ length: count }, () => newUser(host)));
    for (const r of referees) expect((await api(host, '/api/referrals', { token: r.accessToken, method: 'POST', body: { code: body.code } })).status).toBe(201);
    return referees;
  }

  it('five referees completing onboarding at the same time give a free student two months, once', async () => {
    const referrer = await newUser(host);
    const referees = await refer(referrer, 6);
    await Promise.all(referees.slice(0, 5).map(onboard));
    const after5 = await profileItem(referrer.sub);
    expect(after5.referral_reward_blocks).toBe(1);
    expect(Math.abs(new Date(String(after5.trial_end)).getTime() - addMonths(new Date(), 2).getTime())).toBeLessThan(120_000);
    expect(await subscription(referrer)).toMatchObject({ is_subscribed: true, subscription_status: 'trialing' });
    // The sixth starts the next block: nothing more yet.
    await onboard(referees[5]);
    expect((await profileItem(referrer.sub)).trial_end).toBe(after5.trial_end);
    const progress = (await api(host, '/api/referrals', { token: referrer.accessToken })).body;
    expect(progress).toMatchObject({ completed: 6, goal: 5, rewards_earned: 1 });
  });

  it('a paying subscriber gets a credit worth two months on their Stripe balance', async () => {
    const referrer = await newUser(host);
    await subscribe(referrer);
    const referees = await refer(referrer, 5);
    await Promise.all(referees.map(onboard));
    const customerId = String((await profileItem(referrer.sub)).stripe_customer_id);
    const customer = (await (await stripe()).customers.retrieve(customerId)) as Stripe.Customer;
    expect(customer.balance).toBe(-2 * 699);
    expect((await profileItem(referrer.sub)).referral_reward_blocks).toBe(1);
  });
});

describe('the monthly job ends expired trials', () => {
  it('back to not subscribed, or to the paid subscription, once', async () => {
    const free = await newUser(host);
    const paying = await newUser(host);
    for (const u of [free, paying]) expect((await api(host, '/api/promo', { token: u.accessToken, method: 'POST', body: { code: 'LICENCE2025' } })).status).toBe(200);
    await subscribe(paying);
    // While the trial runs, the plan fields stay the trial's.
    expect(await profileItem(paying.sub)).toMatchObject({ subscription_status: 'trialing', provider_status: 'active' });
    const past = new Date(Date.now() - 3600_000).toISOString();
    for (const u of [free, paying]) {
      await db().send(
        new UpdateCommand({ TableName: config().tableNames.profiles, Key: { user_id: u.sub }, UpdateExpression: 'SET trial_end = :p, trial_open_until = :p', ExpressionAttributeValues: { ':p': past } }),
      );
    }
    const run = (await host.functions.runSchedule('MonthlyUsage', new Date())) as { trialsEnded: number };
    expect(run.trialsEnded).toBeGreaterThanOrEqual(2);
    expect(await profileItem(free.sub)).toMatchObject({ is_subscribed: false, subscription_status: 'not_subscribed' });
    expect(await profileItem(paying.sub)).toMatchObject({ is_subscribed: true, subscription_status: 'active' });
    expect((await profileItem(free.sub)).trial_open).toBeUndefined();
    const again = (await host.functions.runSchedule('MonthlyUsage', new Date())) as { trialsEnded: number };
    expect(again.trialsEnded).toBe(0);
  });
});

describe('the stand-in keeps its state', () => {
  it('across a restart of the host: the subscription and the customer are still there', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const { subscription_id: subId, stripe_customer_id: customerId } = await profileItem(u.sub);
    host = await restart(host);
    const client = await stripe();
    expect((await client.subscriptions.retrieve(String(subId))).status).toBe('active');
    expect((await client.customers.retrieve(String(customerId))).id).toBe(customerId);
    expect(await subscription(u)).toMatchObject({ is_subscribed: true, payment_method: 'visa •••• 4242' });
  });
});

describe('renewals in the stand-in', () => {
  const DAY = 24 * 3600;
  /** Moves the stand-in's clock through its API, with the real client, then waits for the webhooks. */
  const advance = async (days: number) => {
    const client = await stripe();
    await client.rawRequest('POST', '/v1/test_helpers/advance_clock', { seconds: days * DAY });
    await host.stripe!.idle();
  };
  const portalOf = async (u: TestUser) => (await api(host, '/api/billing-portal', { token: u.accessToken, method: 'POST' })).body.url as string;
  const portalForm = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  const latestInvoice = async (subId: string) => {
    const client = await stripe();
    const sub = await client.subscriptions.retrieve(subId, { expand: ['latest_invoice'] });
    return sub.latest_invoice as Stripe.Invoice;
  };

  it('a period that ends is charged again: a paid invoice, the next period, still Premium', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    const before = await subscription(u);
    await advance(32);
    const after = await subscription(u);
    expect(after).toMatchObject({ is_subscribed: true, subscription_status: 'active', payment_method: 'visa •••• 4242' });
    expect(after.current_period_end).toBe(addMonths(new Date(before.current_period_end), 1).toISOString());
    expect(await latestInvoice(subId)).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 699 });
  });

  it('a card that fails charges: payment failed, past due and no longer Premium; a second period unpaid cancels it', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    const portal = await portalOf(u);
    const declined = await portalForm(portal, { subscription: subId, action: 'card', card_number: TEST_CARDS.declined });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Votre carte a été refusée');
    expect((await portalForm(portal, { subscription: subId, action: 'card', card_number: '4000 0000 0000 0341' })).status).toBe(303);
    await host.stripe!.idle();
    expect(await subscription(u)).toMatchObject({ is_subscribed: true, payment_method: 'visa •••• 0341' });

    await advance(32);
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'past_due' });
    expect(await latestInvoice(subId)).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', amount_paid: 0 });
    expect(await (await fetch(portal)).text()).toContain('Paiement refusé');

    await advance(32);
    expect((await (await stripe()).subscriptions.retrieve(subId)).status).toBe('canceled');
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
  });

  it('a subscription set to cancel ends at its period end, and Premium with it', async () => {
    const u = await newUser(host);
    await subscribe(u);
    const subId = String((await profileItem(u.sub)).subscription_id);
    expect((await portalForm(await portalOf(u), { subscription: subId, action: 'cancel' })).status).toBe(303);
    await advance(10);
    expect(await subscription(u)).toMatchObject({ is_subscribed: true, cancel_at_period_end: true });
    await advance(22);
    expect(await subscription(u)).toMatchObject({ is_subscribed: false, subscription_status: 'canceled' });
  });
});
