// A referral link (`/?ref=CODE`) opens the sign-up with the code filled in; an unknown code is
// refused with the spec's message; a known one is recorded and completes when the new student
// finishes onboarding.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, newUser } from '../support/host.js';
import { acceptCookies, codeFrom, completeOnboarding, dialog, newPage, screenshot, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

describe('referral link', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('refuses an unknown code with the spec message', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await page.goto(`${host.url}/?ref=nope123`);
      const modal = dialog(page);
      await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Créer mon compte gratuit');
      expect(await modal.getByLabel(/Code de parrainage/).inputValue()).toBe('NOPE123');
      expect(new URL(page.url()).search).toBe('');
      await modal.getByLabel('E-mail').fill(uniqueEmail('zoe'));
      await modal.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-4');
      await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).click();
      await expect.poll(() => modal.getByRole('alert').textContent()).toBe('Aucun utilisateur trouvé avec ce code de parrainage: NOPE123');
      await screenshot(page, 'signup-unknown-referral');
    } finally {
      await context.close();
    }
  });

  it("records a known code, and the referrer's count grows once the new student finishes onboarding", async () => {
    const referrer = await newUser(host);
    const before = await api(host, '/api/referrals', { token: referrer.accessToken });
    expect(before.status).toBe(200);
    const code: string = before.body.code;
    expect(before.body.completed).toBe(0);

    const { context, page } = await newPage(browser);
    try {
      const email = uniqueEmail('sami');
      await page.goto(host.url);
      await acceptCookies(page);
      await page.goto(`${host.url}/?ref=${code}`);
      const modal = dialog(page);
      expect(await modal.getByLabel(/Code de parrainage/).inputValue()).toBe(code);
      const since = Date.now() - 1000;
      await modal.getByLabel('E-mail').fill(email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-5');
      await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).click();
      const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
      await modal.getByLabel('Code de vérification').fill(codeFrom(mail.html));
      await modal.getByRole('button', { name: 'Vérifier' }).click();
      await completeOnboarding(page);

      await expect
        .poll(async () => (await api(host, '/api/referrals', { token: referrer.accessToken })).body.completed, { timeout: 10_000 })
        .toBe(1);
    } finally {
      await context.close();
    }
  });
});
