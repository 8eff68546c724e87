// What a visitor asks for before signing in happens right after: a promo code typed
// on /offre-de-rentree is redeemed once the account exists, with the spec's message; a signed-in
// student is sent on from that page (to /onboarding, then the subjects) and redeems on the
// profile; the landing's Premium choice goes straight to the checkout after
// login, and the flag is used once, also when the checkout cannot open.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, login, newUser } from '../support/host.js';
import { acceptCookies, actOnLanding, codeFrom, dialog, logIn, logOut, newPage, screenshot, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

const GRANTED = /^Code appliqué ! Vous avez maintenant un accès Premium jusqu'au \d{1,2} \S+ \d{4}$/;
const pending = (page: Page) =>
  page.evaluate<{ promo: string | null; checkout: string | null }>(
    "({ promo: sessionStorage.getItem('revise.pending_promo_code'), checkout: sessionStorage.getItem('revise.checkout_requested') })",
  );

describe('Before and after sign-in', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('a visitor types a promo code on the offer page, signs up, and has Premium with the spec message', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${host.url}/offre-de-rentree`);
      await acceptCookies(page);
      const box = page.getByTestId('promo-code');
      await box.getByLabel('Code promotionnel').fill(' rentree2025 ');
      await box.getByRole('button', { name: 'Activer mon code' }).click();
      const modal = dialog(page);
      await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).waitFor();
      expect((await pending(page)).promo).toBe('rentree2025');

      const email = uniqueEmail('promo-visitor');
      const since = Date.now();
      await modal.getByLabel('E-mail').fill(email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill('Secret-123');
      await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).click();
      const mail = await host.mailbox.waitFor(email, { since: since - 1000, timeoutMs: 15_000 });
      await modal.getByLabel('Code de vérification').fill(codeFrom(mail.html));
      await modal.getByRole('button', { name: 'Vérifier' }).click();

      await page.waitForURL('**/onboarding');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Code appliqué' }).locator('span').textContent()).toMatch(GRANTED);
      expect((await api(host, '/api/subscription', { token: (await login(host, email, 'Secret-123')).accessToken })).body).toMatchObject({ is_subscribed: true, subscription_status: 'trialing' });
      expect((await pending(page)).promo).toBeNull();
      await screenshot(page, 'promo-after-signup');
    } finally {
      await context.close();
    }
  });

  it('a signed-in student is sent on from the offer page and redeems on the profile; the same code again is refused', async () => {
    const user = await newUser(host);
    await api(host, '/api/onboarding', { token: user.accessToken, method: 'POST', body: { language: 'fr', education_level: 'lycee', specialization: 'Terminale' } });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await logIn(page, user.email, user.password);
      await page.waitForURL('**/subjects');
      await page.goto(`${host.url}/offre-de-rentree`);
      await page.waitForURL('**/subjects');
      await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
      const box = page.getByTestId('subscription-card');
      await box.getByLabel('Code promotionnel').fill('etudiant');
      await box.getByRole('button', { name: 'Appliquer' }).click();
      await expect.poll(() => box.getByRole('status').last().textContent()).toMatch(GRANTED);
      expect((await api(host, '/api/subscription', { token: user.accessToken })).body).toMatchObject({ is_subscribed: true, subscription_status: 'trialing' });
      await box.getByLabel('Code promotionnel').fill('ETUDIANT');
      await box.getByRole('button', { name: 'Appliquer' }).click();
      await expect.poll(() => box.getByRole('alert').last().textContent()).toBe('Vous avez déjà utilisé ce code promotionnel');
      await screenshot(page, 'promo-code-signed-in');
    } finally {
      await context.close();
    }
  });

  it("the landing's Premium choice opens the checkout right after login; once subscribed, it says so and the flag is gone", async () => {
    const user = await newUser(host);
    await api(host, '/api/onboarding', { token: user.accessToken, method: 'POST', body: { language: 'fr', education_level: 'licence', specialization: 'Droit' } });
    const { context, page } = await newPage(browser);
    const choosePremiumAndLogIn = async () => {
      // The plans are below the hero, added once the visitor acts on the page.
      await actOnLanding(page);
      await page.getByRole('button', { name: 'Choisir Premium' }).click();
      const modal = dialog(page);
      await modal.getByRole('button', { name: 'Déjà un compte ? Connecte-toi' }).click();
      expect((await pending(page)).checkout).toBe('1');
      await modal.getByLabel('E-mail').fill(user.email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(user.password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
    };
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await choosePremiumAndLogIn();
      await page.waitForURL('**/dev/stripe/checkout/cs_test_*');
      expect((await pending(page)).checkout).toBeNull();
      await page.getByLabel(/Numéro de carte/).fill('4242 4242 4242 4242');
      await page.getByLabel(/Expiration/).fill('12/34');
      await page.getByRole('button', { name: /Payer/ }).click();
      await page.waitForURL('**/profile');
      await expect.poll(async () => (await api(host, '/api/subscription', { token: user.accessToken })).body.is_subscribed).toBe(true);

      // Already paying: the checkout cannot open; the student lands on their subjects, told why.
      await logOut(page);
      await page.goto(host.url);
      await choosePremiumAndLogIn();
      await page.waitForURL('**/subjects');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'abonnement' }).textContent()).toContain('Tu as déjà un abonnement Premium en cours');
      expect((await pending(page)).checkout).toBeNull();
      await screenshot(page, 'checkout-flag-already-subscribed');

      // A plain login afterwards goes to the subjects, not to the checkout.
      await logOut(page);
      await page.goto(host.url);
      await logIn(page, user.email, user.password);
      await page.waitForURL('**/subjects');
    } finally {
      await context.close();
    }
  });
});
