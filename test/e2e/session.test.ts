// Session handling a student notices: signed-in pages ask visitors to log in and come back to the
// wanted page afterwards; a session whose tokens can no longer be refreshed ends with the
// 'Votre session a expiré. Veuillez vous reconnecter.' message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newUser, startTestHost, type TestUser } from '../support/host.js';
import { acceptCookies, codeFrom, completeOnboarding, dialog, launchBrowser, newPage, screenshot, submitSignUp, uniqueEmail, type TestHost } from './helpers.js';

describe('session', () => {
  let host: TestHost;
  let browser: Browser;
  let user: TestUser;

  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    user = await newUser(host, { password: 'motdepasse-7' });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
  });

  it('a visitor opening a signed-in page is asked to log in; a new account goes through onboarding first', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await page.goto(`${host.url}/profile`);
      await page.waitForURL(`${host.url}/`);
      const modal = dialog(page);
      await modal.getByLabel('E-mail').fill(user.email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(user.password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
      // Onboarding comes first for a new account; afterwards the wanted page is reachable.
      await completeOnboarding(page);
      await page.getByRole('button', { name: 'Continuer avec la formule gratuite' }).click();
      await page.waitForURL('**/subjects');
      await page.goto(`${host.url}/profile`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mon profil');

      // Signed in, `/` goes to the subjects, and `/?newSubject=true` shows the new-subject screen.
      await page.goto(host.url);
      await page.waitForURL('**/subjects');
      await page.goto(`${host.url}/?newSubject=true`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Nouvelle matière');
      expect(await page.getByTestId('streak-card').count()).toBe(1);

      // Once onboarded, logging in from a signed-in page's prompt returns to that page.
      await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(await modal.count()).toBe(0);
      await page.goto(`${host.url}/goals`);
      await page.waitForURL(`${host.url}/`);
      await modal.getByLabel('E-mail').fill(user.email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(user.password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page.waitForURL('**/goals');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes objectifs');
    } finally {
      await context.close();
    }
  });

  it('signing up again with a confirmed address says the account exists; with an unconfirmed one it resumes at the code', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await submitSignUp(page, user.email, 'un-autre-mdp');
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Il existe déjà un compte avec cet email.');
      await page.keyboard.press('Escape');

      // An address that signed up but never entered its code gets a fresh code instead.
      const email = uniqueEmail('tom');
      await submitSignUp(page, email, 'motdepasse-8');
      await dialog(page).getByLabel('Code de vérification').waitFor();
      await page.keyboard.press('Escape');
      const since = Date.now() - 500;
      await submitSignUp(page, email, 'motdepasse-8');
      await dialog(page).getByLabel('Code de vérification').waitFor();
      const resent = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
      await dialog(page).getByLabel('Code de vérification').fill(codeFrom(resent.html));
      await dialog(page).getByRole('button', { name: 'Vérifier' }).click();
      await page.waitForURL('**/onboarding');
    } finally {
      await context.close();
    }
  });

  it('a session that cannot be refreshed is cleared with the session-expired message', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      const modal = dialog(page);
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
      await modal.getByLabel('E-mail').fill(user.email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(user.password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page.waitForURL('**/subjects');

      // Break the stored tokens the way a revoked session looks: the access token's signature no
      // longer verifies and the refresh token is refused.
      await page.evaluate(`(() => {
        for (const key of Object.keys(localStorage)) {
          if (!key.startsWith('CognitoIdentityServiceProvider.')) continue;
          if (key.endsWith('.accessToken')) {
            const [h, p, s] = localStorage.getItem(key).split('.');
            localStorage.setItem(key, [h, p, s.split('').reverse().join('')].join('.'));
          }
          if (key.endsWith('.refreshToken')) localStorage.setItem(key, 'revoked');
        }
      })()`);
      await page.goto(`${host.url}/profile`);

      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Votre session a expiré' }).count(), { timeout: 20_000 })
        .toBe(1);
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
      // The login modal opens on its own and says why.
      await expect.poll(() => dialog(page).getByRole('status').first().textContent()).toBe('Votre session a expiré. Veuillez vous reconnecter.');
      await screenshot(page, 'session-expired');

      // Logging in again brings the student back to the page they wanted.
      await dialog(page).getByLabel('E-mail').fill(user.email);
      await dialog(page).getByLabel('Mot de passe', { exact: true }).fill(user.password);
      await dialog(page).getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page.waitForURL('**/profile');
    } finally {
      await context.close();
    }
  });
});
