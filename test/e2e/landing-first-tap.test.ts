// The landing's first tap answers at once (issue 25): on a phone (375 × 812, touch), a tap on a
// call to action opens the sign-up dialog before any script of the app has run; what the visitor
// types while the app starts is kept when the app's own dialog takes over (the field, the caret,
// a form already submitted); the sign-up and the login go through to the app; the dialog closes
// as the app's does; and once the app runs, a call to action still opens the app's dialog.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { contentFr } from '../../web/src/i18n/content.fr.js';
import { codeFrom, newUser, uniqueEmail } from '../support/host.js';
import { newPhoneContext, screenshot, useJourneyHost, type TestHost } from './helpers.js';

const CTA = contentFr['landing.hero.cta'];

/** A phone whose app scripts wait until `release()`: what the visitor meets on a slow network. */
async function phoneWithHeldScripts(browser: Browser): Promise<{ context: BrowserContext; page: Page; release(): void }> {
  const context = await newPhoneContext(browser);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, release };
}

/** Opens the landing and waits for its page to be in place (the gate has run), no app script yet. */
async function openLanding(host: TestHost, page: Page): Promise<void> {
  await page.goto(`${host.url}/`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction("document.readyState !== 'loading' && document.querySelector('[data-pre]')");
}

/** The app's dialog has taken over: it adds what depends on the runtime configuration (Google). */
const appDialogShown = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Continuer avec Google' }).waitFor();

describe("The landing's first tap", () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('opens the sign-up dialog before the app runs, keeps what is typed while it starts, and signs up', async () => {
    const { context, page, release } = await phoneWithHeldScripts(browser);
    try {
      await openLanding(host, page);
      await page.getByRole('button', { name: CTA }).first().tap();
      // The dialog is there without a single script of the app: its title, its fields, and the
      // focus in the e-mail field (typing goes there).
      const modal = page.getByRole('dialog');
      expect(await modal.getByRole('heading', { name: contentFr['landing.hero.cta'] }).isVisible()).toBe(true);
      expect(await modal.getByLabel('E-mail').isVisible()).toBe(true);
      expect(await page.locator('[data-pre]').count()).toBeGreaterThan(0);
      await screenshot(page, 'landing-first-tap-prerendered-dialog');

      const email = uniqueEmail('first-tap');
      const password = 'premier-tap-42';
      await page.keyboard.type(email);
      await modal.getByLabel('Mot de passe', { exact: true }).tap();
      await page.keyboard.type(password.slice(0, 7));
      // The app's scripts arrive while the visitor goes on typing.
      release();
      await page.keyboard.type(password.slice(7), { delay: 30 });
      await appDialogShown(page);
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await modal.getByLabel('E-mail').inputValue()).toBe(email);
      expect(await modal.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe(password);
      // Still in the password field, the caret at its end: the next key lands there.
      await page.keyboard.press('Backspace');
      await page.keyboard.type('!');
      expect(await modal.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe(`${password.slice(0, -1)}!`);
      await screenshot(page, 'landing-first-tap-app-dialog');

      const since = Date.now();
      await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).tap();
      const mail = await host.mailbox.waitFor(email, { since: since - 1000, timeoutMs: 15_000 });
      await modal.getByLabel('Code de vérification').fill(codeFrom(mail));
      await modal.getByRole('button', { name: 'Vérifier' }).tap();
      await page.waitForURL('**/onboarding');
    } finally {
      release();
      await context.close();
    }
  });

  it('switches to login before the app runs, keeps a submit made before it starts, and logs in', async () => {
    const student = await newUser(host);
    const { context, page, release } = await phoneWithHeldScripts(browser);
    try {
      await openLanding(host, page);
      // The closing call to action, far below the hero.
      await page
        .getByRole('region', { name: contentFr['landing.closing.title'] })
        .getByRole('button', { name: contentFr['landing.closing.cta'] })
        .tap();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: 'Déjà un compte ? Connecte-toi' }).tap();
      expect(await modal.getByRole('heading', { name: 'Connexion' }).isVisible()).toBe(true);
      expect(await modal.getByLabel(/Code de parrainage/).isVisible()).toBe(false);
      await modal.getByLabel('E-mail').fill(student.email);
      await modal.getByLabel('Mot de passe', { exact: true }).fill(student.password);
      await modal.getByRole('button', { name: 'Se connecter', exact: true }).tap();
      // Submitted before the app has started: the dialog says it is on its way…
      expect(await modal.getByRole('button', { name: 'Patiente…' }).isVisible()).toBe(true);
      // …and the app, once it runs, logs the student in.
      release();
      await page.waitForURL('**/onboarding', { timeout: 20_000 });
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      release();
      await context.close();
    }
  });

  it('closes before the app runs as the app\'s dialog does, and a later call to action opens the app\'s dialog', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${host.url}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction("document.readyState === 'complete' && document.querySelector('[data-pre]')");
      const cta = page.getByRole('button', { name: CTA }).first();
      await cta.tap();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('E-mail').waitFor();
      await page.keyboard.type('to-forget@example.com');
      await modal.getByRole('button', { name: 'Fermer la fenêtre' }).tap();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The app has started meanwhile (the tap was the visitor's first act): the next tap opens
      // its dialog, fresh.
      await page.waitForFunction("!document.querySelector('[data-pre]')", null, { timeout: 20_000 });
      await cta.tap();
      await appDialogShown(page);
      expect(await modal.getByLabel('E-mail').inputValue()).toBe('');
      expect(await page.getByRole('dialog').count()).toBe(1);
      await page.keyboard.press('Escape');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
