// The sign-up e-mail's link (`/?verification_code=…&email=…`) opens the modal at the code step and
// submits the code by itself; a wrong or unknown code shows the spec's message.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { acceptCookies, codeFrom, completeOnboarding, dialog, linkFrom, newPage, screenshot, submitSignUp, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

describe('verification link', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('opened in the same tab, the link confirms the account and continues to onboarding', async () => {
    const { context, page } = await newPage(browser);
    try {
      const email = uniqueEmail('hugo');
      await page.goto(host.url);
      await acceptCookies(page);
      const since = Date.now() - 1000;
      await submitSignUp(page, email, 'motdepasse-1');
      await dialog(page).getByLabel('Code de vérification').waitFor();

      const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
      const link = new URL(linkFrom(mail.html));
      expect(link.searchParams.get('verification_code')).toBe(codeFrom(mail.html));
      expect(link.searchParams.get('email')).toBe(email);

      // Following the link in the page that signed up: the password is still known, so the
      // student is signed in and continues to onboarding.
      await page.evaluate(`history.pushState({}, '', ${JSON.stringify(link.pathname + link.search)}); dispatchEvent(new PopStateEvent('popstate'))`);
      await completeOnboarding(page);
    } finally {
      await context.close();
    }
  });

  it('opened in a new tab, the link confirms the account, then one login finishes the sign-up', async () => {
    const { context, page } = await newPage(browser);
    try {
      const email = uniqueEmail('ines');
      const password = 'motdepasse-2';
      await page.goto(host.url);
      await acceptCookies(page);
      const since = Date.now() - 1000;
      await submitSignUp(page, email, password);
      await dialog(page).getByLabel('Code de vérification').waitFor();
      const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });

      const tab = await context.newPage();
      await tab.goto(linkFrom(mail.html));
      const modal = dialog(tab);
      await expect.poll(() => modal.getByRole('status').first().textContent()).toBe('Adresse e-mail vérifiée ! Connecte-toi pour continuer.');
      expect(new URL(tab.url()).search).toBe('');
      await screenshot(tab, 'verification-link-verified');

      expect(await modal.getByLabel('E-mail').inputValue()).toBe(email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await completeOnboarding(tab);

      // Premium leads to the (test) checkout; leaving it without paying comes back to the profile.
      await tab.getByRole('button', { name: 'Choisir Premium' }).click();
      await tab.waitForURL('**/dev/stripe/checkout/cs_test_*');
      await screenshot(tab, 'pricing-checkout');
      await tab.getByRole('link', { name: /Retour à Révise sans payer/ }).click();
      await tab.waitForURL('**/profile');
      await expect.poll(() => tab.getByTestId('checkout-notice').textContent()).toBe("Paiement annulé : aucun montant n'a été débité.");
    } finally {
      await context.close();
    }
  });

  it('a link with a wrong code says "Code de vérification incorrect"', async () => {
    const { context, page } = await newPage(browser);
    try {
      const email = uniqueEmail('noe');
      await page.goto(host.url);
      await acceptCookies(page);
      const since = Date.now() - 1000;
      await submitSignUp(page, email, 'motdepasse-3');
      const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
      const right = codeFrom(mail.html);
      const wrong = right === '123456' ? '654321' : '123456';

      await page.goto(`${host.url}/?verification_code=${wrong}&email=${encodeURIComponent(email)}`);
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Code de vérification incorrect');
    } finally {
      await context.close();
    }
  });

  it('a link for an address that never signed up says so', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${host.url}/?verification_code=123456&email=${encodeURIComponent(uniqueEmail('inconnu'))}`);
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe("Aucune demande d'inscription trouvée pour cet email");
    } finally {
      await context.close();
    }
  });
});
