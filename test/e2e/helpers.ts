// Shared set-up of the browser journeys: one laptop host (in-process, temporary data, built web
// app) and one headless Chromium per test file, plus small steps the journeys repeat.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestHost, type TestHost } from '../support/host.js';

export type { TestHost };

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const resultsDir = path.join(repoRoot, 'test-results');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * One laptop host and one Chromium for the test file: started before its tests, handed to
 * `ready`, stopped after them.
 */
export function useJourneyHost(ready: (host: TestHost, browser: Browser) => void): void {
  let host: TestHost | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    ready(host, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
  });
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** A phone's browser context: 375 × 812, touch, French, Paris time (each journey's phone checks). */
export function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** The 6-digit code of a sign-up e-mail. */
export function codeFrom(html: string): string {
  const match = />\s*(\d{6})\s*</.exec(html);
  if (!match) throw new Error(`No 6-digit code in e-mail: ${html}`);
  return match[1];
}

/** The first link of an e-mail, HTML entities decoded. */
export function linkFrom(html: string): string {
  const match = /href="([^"]+)"/.exec(html);
  if (!match) throw new Error(`No link in e-mail: ${html}`);
  return match[1].replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
}

export const dialog = (page: Page) => page.getByRole('dialog');

/**
 * On the prerendered landing the app starts once the visitor acts (lib/prerender-gate.ts): once the
 * page has loaded (its gate listening), the pointer moves over it, as a visitor's would.
 */
export async function actOnLanding(page: Page): Promise<void> {
  await page.waitForFunction("document.readyState === 'complete'");
  await page.mouse.move(10, 400);
}

/** Accepts the cookie banner so it does not cover the page in screenshots. */
export async function acceptCookies(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /J'ai compris|Got it/ });
  if (await button.isVisible().catch(() => false)) await button.click();
}

/** Opens the sign-up modal from the header's login button, fills it and submits it. */
export async function submitSignUp(page: Page, email: string, password: string, referral?: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const modal = dialog(page);
  await modal.getByRole('button', { name: 'Pas encore de compte ? Inscris-toi' }).click();
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByLabel('Mot de passe', { exact: true }).fill(password);
  if (referral) await modal.getByLabel(/Code de parrainage/).fill(referral);
  await modal.getByRole('button', { name: 'Créer mon compte', exact: true }).click();
}

/** Fills the onboarding form and reaches the pricing step. */
export async function completeOnboarding(page: Page): Promise<void> {
  await page.waitForURL('**/onboarding');
  await page.getByLabel("Niveau d'études").selectOption('licence');
  await page.getByLabel('Spécialité ou filière').fill('Biologie');
  await page.getByLabel(/Établissement/).fill('Université de Lyon');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL('**/onboarding/pricing');
}

/** Sign-up through the UI with the code read from the dev mailbox, up to the subjects page. */
export async function signUpThroughUi(host: TestHost, page: Page, email: string, password: string): Promise<void> {
  await page.goto(host.url);
  await acceptCookies(page);
  const since = Date.now();
  await submitSignUp(page, email, password);
  const mail = await host.mailbox.waitFor(email, { since: since - 1000, timeoutMs: 15_000 });
  await dialog(page).getByLabel('Code de vérification').fill(codeFrom(mail.html));
  await dialog(page).getByRole('button', { name: 'Vérifier' }).click();
  await completeOnboarding(page);
  await page.getByRole('button', { name: 'Continuer avec la formule gratuite' }).click();
  await page.waitForURL('**/subjects');
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const modal = dialog(page);
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByLabel('Mot de passe', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Logs in on a phone: below 820 px the header's links and login button fold into its menu. */
export async function logInOnPhone(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' }).tap();
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).tap();
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog(page).getByRole('button', { name: 'Se connecter', exact: true }).tap();
  await page.waitForURL('**/subjects');
}

/** A new desktop page signed in as the student, on their subjects. */
export async function signedInPage(browser: Browser, host: TestHost, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  await opened.page.goto(host.url);
  await acceptCookies(opened.page);
  await logIn(opened.page, email, password);
  await opened.page.waitForURL('**/subjects');
  return opened;
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
}

/** A full-page shot from the top, once scrolling and transitions are done. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
  await screenshot(page, name, true);
}

/** The page does not scroll sideways. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(await page.evaluate<number>('window.innerWidth'));
}

/** The same page at a phone's width (375 px unless told), in a tab of its own: no sideways scrolling, shot whole. */
export async function phoneShot(page: Page, url: string, ready: (p: Page) => Promise<void>, name: string, width = 375): Promise<void> {
  const phone = await page.context().newPage();
  try {
    await phone.setViewportSize({ width, height: 812 });
    await phone.goto(url);
    await acceptCookies(phone);
    await ready(phone);
    await expectNoSideScroll(phone);
    await shoot(phone, name);
  } finally {
    await phone.close();
  }
}
