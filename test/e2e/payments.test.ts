// Premium in the browser, on the laptop host with its Stripe stand-in: a free student at the
// subject cap opens the upgrade modal, is declined with 4000 0000 0000 0002, pays with 4242 on the
// test checkout, comes back to /profile?success=true as Premium with the card's last 4 digits,
// creates a sixth subject, cancels in the portal and sees until when Premium stays; a promo code
// is applied once and refused the second time with the spec's messages.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FREE_CAPS } from '../../functions/core/plans.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { coursePdf } from './files-helpers.js';
import { dialog, screenshot, signedInPage, useJourneyHost, type TestHost } from './helpers.js';

describe('Premium', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  const signedIn = (user: TestUser) => signedInPage(browser, host, user.email, user.password);

  it('is bought with a test card, shown on the profile, cancelled in the portal; a promo code applies once', async () => {
    const user = await newUser(host);
    await api(host, '/api/onboarding', { token: user.accessToken, method: 'POST', body: { language: 'fr', education_level: 'licence', specialization: 'Biologie' } });
    for (let i = 1; i <= FREE_CAPS.max_subjects; i++) {
      expect((await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: `Matière ${i}` } })).status).toBe(201);
    }

    const { context, page } = await signedIn(user);
    try {
      // The cap: the upgrade modal leads to the checkout.
      await page.goto(`${host.url}/?newSubject=true`);
      await page.getByLabel('Nom de la matière').fill('Philosophie');
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles([await coursePdf('kant.pdf', 'Kant', ['La raison pure et ses limites selon Kant.'])]);
      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();
      const modal = dialog(page);
      await modal.getByRole('button', { name: 'Passer à Premium' }).click();
      await page.waitForURL('**/dev/stripe/checkout/cs_test_*');
      expect(await page.getByRole('note').textContent()).toContain('paiement de test');

      // Declined: a clear message, still free.
      await page.getByLabel(/Numéro de carte/).fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /Payer/ }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Votre carte a été refusée');
      await screenshot(page, 'checkout-declined');
      expect((await api(host, '/api/subscription', { token: user.accessToken })).body.is_subscribed).toBe(false);

      // Paid: back on the profile as Premium, with the card.
      await page.getByLabel(/Numéro de carte/).fill('4242 4242 4242 4242');
      await page.getByLabel(/Expiration/).fill('12/34');
      await page.getByRole('button', { name: /Payer/ }).click();
      await page.waitForURL('**/profile');
      const card = page.getByTestId('subscription-card');
      await expect.poll(() => page.getByTestId('checkout-notice').textContent()).toBe('Paiement reçu : bienvenue dans Premium !');
      await expect.poll(() => card.getByTestId('payment-method').textContent()).toBe('Carte : visa •••• 4242');
      expect(await card.textContent()).toContain('Premium');
      await screenshot(page, 'profile-premium', true);
      const sixth = await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Philosophie' } });
      expect(sixth.status).toBe(201);

      // The portal: cancel at the end of the period, back to the profile.
      await card.getByRole('button', { name: 'Gérer mon abonnement' }).click();
      await page.waitForURL('**/dev/stripe/portal/bps_*');
      await page.getByRole('button', { name: "Annuler l'abonnement" }).click();
      await expect.poll(() => page.getByTestId('portal-status').textContent()).toMatch(/^Annulé — actif jusqu'au /);
      await page.getByRole('link', { name: /Retour à Révise/ }).click();
      await page.waitForURL('**/profile');
      const { body: sub } = await api(host, '/api/subscription', { token: user.accessToken });
      expect(sub).toMatchObject({ is_subscribed: true, cancel_at_period_end: true });
      const until = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(sub.current_period_end));
      await expect.poll(() => page.getByTestId('period-end').textContent()).toBe(`Actif jusqu'au ${until}, puis l'abonnement s'arrête.`);
      await screenshot(page, 'profile-cancel-at-period-end', true);
    } finally {
      await context.close();
    }
  });

  it('a promo code gives Premium with its end date, and is refused the second time', async () => {
    const user = await newUser(host);
    await api(host, '/api/onboarding', { token: user.accessToken, method: 'POST', body: { language: 'fr', education_level: 'lycee', specialization: 'Terminale' } });
    const { context, page } = await signedIn(user);
    try {
      await page.goto(`${host.url}/profile`);
      const card = page.getByTestId('subscription-card');
      await card.getByLabel('Code promotionnel').fill(' bienvenue ');
      await card.getByRole('button', { name: 'Appliquer' }).click();
      await expect.poll(() => card.getByRole('status').last().textContent()).toMatch(/^Code appliqué ! Vous avez maintenant un accès Premium jusqu'au \d{1,2} \S+ \d{4}$/);
      await expect.poll(() => card.textContent()).toContain('Essai');
      await card.getByLabel('Code promotionnel').fill('BIENVENUE');
      await card.getByRole('button', { name: 'Appliquer' }).click();
      await expect.poll(() => card.getByRole('alert').last().textContent()).toBe('Vous avez déjà utilisé ce code promotionnel');
      await screenshot(page, 'profile-promo');
    } finally {
      await context.close();
    }
  });
});
