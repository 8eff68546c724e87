// Switching the interface between French and English: the whole UI changes at once, `<html lang>`
// follows, and the choice survives a reload (it is kept locally under `language`).
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { acceptCookies, actOnLanding, dialog, newPage, screenshot, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

describe('language switch', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('switches to English and back, and keeps the choice across a reload', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('fr');

      await header.getByRole('button', { name: 'English' }).click();
      await header.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await header.getByRole('link', { name: 'How it works' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).count()).toBe(1);
      await screenshot(page, 'landing-en');

      // The modal speaks English too, including its error messages.
      await header.getByRole('button', { name: 'Log in' }).click();
      const modal = dialog(page);
      await modal.getByLabel('E-mail').fill('nobody@example.test');
      await modal.getByLabel('Password', { exact: true }).fill('wrong-password');
      await modal.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect.poll(() => modal.getByRole('alert').textContent()).toBe('Incorrect password');
      await screenshot(page, 'login-modal-en');
      await page.keyboard.press('Escape');

      await page.reload();
      await header.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.evaluate("localStorage.getItem('language')")).toBe('en');

      await header.getByRole('button', { name: 'Français' }).click();
      await header.getByRole('button', { name: 'Se connecter' }).waitFor();
      await page.reload();
      await header.getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
    } finally {
      await context.close();
    }
  });

  it('sends the sign-up e-mail in the language of the interface', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'English' }).click();
      await header.getByRole('button', { name: 'Log in' }).click();
      const modal = dialog(page);
      await modal.getByRole('button', { name: 'No account yet? Sign up' }).click();
      const email = uniqueEmail('emma');
      const since = Date.now() - 1000;
      await modal.getByLabel('E-mail').fill(email);
      await modal.getByLabel('Password', { exact: true }).fill('password-en-1');
      expect(await modal.getByText('At least 6 characters.').count()).toBe(1);
      await modal.getByRole('button', { name: 'Create my account', exact: true }).click();
      await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Check your e-mail');
      const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
      expect(mail.subject).toBe('Révise: your verification code');
    } finally {
      await context.close();
    }
  });

  it('shows the offline banner while the network is gone', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
      // The app (not the landing's prerendered HTML, painted before its scripts) is running: it
      // starts once the visitor acts on the page.
      await actOnLanding(page);
      await page.waitForFunction("!document.querySelector('[data-pre]')");
      await context.setOffline(true);
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Pas de connexion internet. Vérifie ton réseau et réessaie.' }).count())
        .toBe(1);
      await context.setOffline(false);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Pas de connexion internet' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('falls back to French when the stored language is anything but fr or en', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await page.evaluate("localStorage.setItem('language', 'de')");
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
    } finally {
      await context.close();
    }
  });
});
