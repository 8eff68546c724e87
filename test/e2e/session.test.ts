// Session handling a student notices: signed-in pages ask visitors to log in and come back to the
// wanted page afterwards; logging in is finished by the login modal alone, even when the streak
// update is slow or refused; a session whose tokens can no longer be refreshed ends with the
// 'Votre session a expiré. Veuillez vous reconnecter.' message. Each test has its own student.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, newUser, type TestUser } from '../support/host.js';
import { acceptCookies, codeFrom, completeOnboarding, dialog, newPage, screenshot, submitSignUp, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

/** A student who has finished onboarding (through the API, as if done on an earlier day). */
async function onboardedUser(host: TestHost): Promise<TestUser> {
  const user = await newUser(host);
  const res = await api(host, '/api/onboarding', {
    method: 'POST',
    token: user.accessToken,
    body: { language: 'fr', education_level: 'licence', specialization: 'Histoire', school: null },
  });
  if (res.status !== 200) throw new Error(`Onboarding failed: ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

/** Opens a signed-in page as a visitor: the app goes home and opens the login modal. */
async function promptedToLogIn(page: Page, host: TestHost, path: string): Promise<void> {
  await page.goto(`${host.url}${path}`);
  await page.waitForURL(`${host.url}/`);
  await dialog(page).getByLabel('E-mail').waitFor();
}

async function submitLogin(page: Page, user: TestUser): Promise<void> {
  const modal = dialog(page);
  await modal.getByLabel('E-mail').fill(user.email);
  await modal.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

describe('session', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('a visitor opening a signed-in page is asked to log in; a new account goes through onboarding first', async () => {
    const user = await newUser(host, { password: 'motdepasse-7' });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await promptedToLogIn(page, host, '/profile');
      await submitLogin(page, user);
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
      expect(await dialog(page).count()).toBe(0);
      await promptedToLogIn(page, host, '/goals');
      await submitLogin(page, user);
      await page.waitForURL('**/goals');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes objectifs');
    } finally {
      await context.close();
    }
  });

  it('a slow, refused streak update at login neither moves the page behind the modal nor ends the session', async () => {
    const user = await newUser(host);
    const { context, page } = await newPage(browser);
    try {
      // The streak update answers late and refuses the token, as an API whose token check is
      // briefly unavailable would: the session itself is sound (the token refresh succeeds).
      let refusals = 0;
      await page.route('**/api/streak', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        refusals += 1;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unauthorized', message: 'Non authentifié' } }),
        });
      });
      await page.goto(host.url);
      await acceptCookies(page);
      await promptedToLogIn(page, host, '/goals');

      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await submitLogin(page, user);
      await page.waitForURL('**/onboarding');
      // The modal closed as it took the student there, and nothing else moved the page meanwhile.
      expect(await dialog(page).count()).toBe(0);
      expect([...new Set(visited)]).toEqual(['/onboarding']);
      expect(refusals).toBeGreaterThanOrEqual(1);

      await page.getByLabel("Niveau d'études").waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Votre session a expiré' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Profil' }).count()).toBe(1);
      expect(await dialog(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('signing up again with a confirmed address says the account exists; with an unconfirmed one it resumes at the code', async () => {
    const user = await newUser(host);
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
    const user = await onboardedUser(host);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
      await submitLogin(page, user);
      await page.waitForURL('**/subjects');

      // Break the stored tokens the way a revoked session looks: the access token's signature no
      // longer verifies and the refresh token is refused. It is done as the next page loads, before
      // the app starts, so that the page being left cannot notice it first.
      await page.addInitScript(`(() => {
        if (window !== window.top || sessionStorage.getItem('tokens-broken')) return;
        sessionStorage.setItem('tokens-broken', '1');
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
      await submitLogin(page, user);
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mon profil');
    } finally {
      await context.close();
    }
  });
});
