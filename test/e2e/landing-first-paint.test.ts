// The landing paints from its HTML (issue 16: a phone sees the page before any script has
// loaded): the built index.html holds the whole landing (hero, sections, plans, closing call to
// action, footer), a browser without JavaScript shows it, the app hydrates it without a mismatch
// and without moving the header or the hero's text (or renders its own page when its first screen
// differs), presses made before are replayed on their button (a call to action opens the login and
// sign-up dialog at once instead: landing-first-tap.test.ts), and the one inline script (the gate,
// allowed by its hash in the cloud's Content-Security-Policy) removes it on other pages, for a
// returning student and for an English visitor.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { contentFr } from '../../web/src/i18n/content.fr.js';
import { contentSecurityPolicy } from '../../lib/web.js';
import { actOnLanding, newPage, screenshot, useJourneyHost, type TestHost } from './helpers.js';

const TAGLINE = contentFr['landing.hero.tagline'];
const DESCRIPTION = contentFr['landing.hero.description'];

/** A page whose app scripts never arrive: what a phone shows while they download. */
async function withoutAppScripts(browser: Browser, init?: string) {
  const opened = await newPage(browser, { width: 375, height: 812 });
  await opened.context.route('**/assets/*.js', (route) => route.abort());
  if (init) await opened.context.addInitScript(init);
  return opened;
}

const heroHeading = (page: Page) => page.getByRole('heading', { level: 1, name: TAGLINE });

/** What the landing holds (hero, features, plans, closing call to action), there before any script of the app has run. */
async function expectWholeLanding(page: Page): Promise<void> {
  expect(await page.locator('.ct-typed-message .ct-typed-live').textContent()).toBe(contentFr['landing.hero.message1']);
  for (const title of ['landing.features.title', 'landing.plans.title', 'landing.closing.title'] as const) {
    expect(await page.getByRole('heading', { level: 2, name: contentFr[title] }).count(), title).toBe(1);
  }
  expect(await page.getByText(contentFr['plans.recommended'], { exact: true }).count()).toBe(1);
  expect(await page.getByRole('button', { name: contentFr['landing.closing.cta'] }).count()).toBe(2);
  expect(await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).count()).toBe(1);
}

/** Console errors about the hydration (a mismatch between the HTML and the app's first render). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/hydrat/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

describe('The landing before its scripts', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it("the landing's HTML holds the hero's text, and a browser without JavaScript shows it", async () => {
    const html = await (await fetch(`${host.url}/`)).text();
    expect(html).toContain(`<h1 class="ct-typed-title" id="landing-title"><span class="visually-hidden">${TAGLINE}</span>`);
    expect(html).toContain(contentFr['landing.hero.cta']);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto(`${host.url}/`);
      await heroHeading(page).waitFor();
      // The headline is painted, not only announced: its visible letters are there.
      expect(await page.locator('.ct-typed-title .ct-typed-live').textContent()).toBe(TAGLINE);
      expect(await page.getByText(DESCRIPTION).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: contentFr['landing.hero.cta'] }).first().isVisible()).toBe(true);
      await expectWholeLanding(page);
      await screenshot(page, 'landing-no-javascript');
    } finally {
      await context.close();
    }
    // The whole prerendered page, before any app script, at a phone's and a laptop's width (the
    // sections below the first screen are laid out as they come near it, `content-visibility`:
    // all of them at once for the picture).
    const { context: held, page: before } = await withoutAppScripts(browser);
    try {
      await before.goto(`${host.url}/`);
      await expectWholeLanding(before);
      await before.addStyleTag({ content: '.ct-landing .ct-section { content-visibility: visible; }' });
      await screenshot(before, 'landing-prerendered-375-full', true);
      await before.setViewportSize({ width: 1280, height: 900 });
      await screenshot(before, 'landing-prerendered-1280-full', true);
    } finally {
      await held.close();
    }
  });

  it('the app takes over the prerendered hero without moving it', async () => {
    const boxes = (page: Page) => Promise.all([heroHeading(page).boundingBox(), page.getByText(DESCRIPTION).boundingBox(), page.getByRole('banner').boundingBox()]);
    const before = await withoutAppScripts(browser);
    let painted;
    try {
      await before.page.goto(`${host.url}/`);
      painted = await boxes(before.page);
    } finally {
      await before.context.close();
    }
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    try {
      await page.goto(`${host.url}/`);
      await actOnLanding(page);
      // The app has taken over: the headline stays as painted and the message types in.
      await expect.poll(async () => (await page.locator('.ct-typed-message .ct-typed-live').textContent())?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.locator('.ct-typed-title .ct-typed-live').textContent()).toBe(TAGLINE);
      expect(await boxes(page)).toEqual(painted);
    } finally {
      await context.close();
    }
  });

  it('is removed before painting on other pages, for a returning student and for an English visitor', async () => {
    const cases: { path: string; init?: string }[] = [
      { path: '/how-it-works' },
      { path: '/subjects' },
      { path: '/', init: "localStorage.setItem('CognitoIdentityServiceProvider.client.someone.accessToken', 'x')" },
      { path: '/', init: "localStorage.setItem('language', 'en')" },
    ];
    for (const { path, init } of cases) {
      const { context, page } = await withoutAppScripts(browser, init);
      try {
        await page.goto(`${host.url}${path}`);
        expect(await page.locator('#root').innerHTML(), `${path} ${init ?? ''}`).toBe('');
      } finally {
        await context.close();
      }
    }
    // …and kept for a first visit to the landing.
    const { context, page } = await withoutAppScripts(browser);
    try {
      await page.goto(`${host.url}/`);
      expect(await heroHeading(page).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('runs no app script until the visitor acts, has them downloaded by then, and starts on the first interaction', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    try {
      await page.goto(`${host.url}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction("document.readyState === 'complete'");
      await page.waitForTimeout(1500);
      // Still the prerendered page, whole: nothing has hydrated it, the cycling message holds its
      // first message, the sections below the hero and the footer are there…
      expect(await page.locator('[data-pre]').count()).toBeGreaterThan(0);
      await expectWholeLanding(page);
      // …but the start-up scripts, the login dialog's and the sections' are in the browser's cache.
      const html = await (await fetch(`${host.url}/`)).text();
      const listed = (name: string) => (new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '').split(' ').filter(Boolean);
      const wanted = [...listed('revise-scripts'), ...listed('revise-prefetch')];
      expect(wanted.some((href) => href.includes('/AuthDialog-'))).toBe(true);
      const downloaded = await page.evaluate<string[]>("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)");
      expect(wanted.filter((href) => !downloaded.includes(href))).toEqual([]);

      // The first interaction (here a key) starts the app: it takes over, and the message is
      // erased and the next one typed.
      const errors = hydrationErrors(page);
      await page.keyboard.press('Shift');
      await page.waitForFunction("!document.querySelector('[data-pre]')");
      await expect
        .poll(async () => page.locator('.ct-typed-message .ct-typed-live').textContent(), { timeout: 15_000 })
        .not.toBe(contentFr['landing.hero.message1']);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a tap as the visitor's first interaction opens the sign-up dialog, a click on 'Se connecter' the login one", async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
    try {
      const page = await phone.newPage();
      await page.goto(`${host.url}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction("document.readyState === 'complete'");
      expect(await page.locator('[data-pre]').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: contentFr['landing.hero.cta'] }).first().tap();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('E-mail').waitFor({ timeout: 15_000 });
      expect(await modal.getByRole('heading').first().textContent()).toBe(contentFr['landing.hero.cta']);
      await screenshot(page, 'landing-first-tap-signup');
    } finally {
      await phone.close();
    }
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${host.url}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction("document.readyState === 'complete'");
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('E-mail').waitFor({ timeout: 15_000 });
      expect(await modal.getByRole('button', { name: 'Se connecter', exact: true }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('a visitor whose network went after the page loaded still gets the app on the first tap, from the cache', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${host.url}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction("document.readyState === 'complete'");
      await context.setOffline(true);
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('E-mail').waitFor({ timeout: 15_000 });
      // The app starts behind the dialog, from the cache, and says the network is gone.
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Pas de connexion internet' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByText("L'application n'a pas pu démarrer").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('an English visitor gets the app at once, without acting on the page', async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.addInitScript("localStorage.setItem('language', 'en')");
      await page.goto(`${host.url}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await page.getByRole('contentinfo').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a button pressed before the app has taken over still does what it should', async () => {
    // The phone's menu button (a call to action would open the dialog at once, without the app).
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    try {
      await page.goto(`${host.url}/`, { waitUntil: 'commit' });
      await heroHeading(page).waitFor();
      await page.waitForFunction("document.querySelector('[data-pre]')");
      const menu = page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      release();
      await expect
        .poll(() => page.getByRole('banner').getByRole('button', { name: 'Fermer le menu' }).getAttribute('aria-expanded'), { timeout: 15_000 })
        .toBe('true');
      expect(await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).isVisible()).toBe(true);
    } finally {
      release();
      await context.close();
    }
  });

  it("a press on a lower section's call to action while its chunk is still on its way opens the app's dialog at once", async () => {
    // The start-up scripts come at once; the sections' chunk later (it hydrates on its own).
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    const errors = hydrationErrors(page);
    const html = await (await fetch(`${host.url}/`)).text();
    const below = (/<meta name="revise-prefetch" content="([^"]*)">/.exec(html)?.[1] ?? '').split(' ').find((href) => href.includes('/LandingBelow-'));
    expect(below).toBeTruthy();
    let releaseBelow = () => {};
    const heldBelow = new Promise<void>((resolve) => (releaseBelow = resolve));
    await context.route('**/assets/*.js', async (route) => {
      if (new URL(route.request().url()).pathname === below) await heldBelow;
      await route.continue();
    });
    try {
      await page.goto(`${host.url}/`, { waitUntil: 'commit' });
      await actOnLanding(page);
      // The first screen hydrates; the sections wait for their chunk, their buttons still the page's.
      await page.waitForFunction("!document.querySelector('#root > [data-pre]') && document.querySelector('[data-late][data-pre]')", null, { timeout: 15_000 });
      const closing = page.getByRole('region', { name: contentFr['landing.closing.title'] }).getByRole('button', { name: contentFr['landing.closing.cta'] });
      await closing.click();
      const modal = page.getByRole('dialog');
      // The app's own dialog (it adds the Google button), without waiting for the sections.
      await modal.getByRole('button', { name: 'Continuer avec Google' }).waitFor({ timeout: 15_000 });
      expect(await modal.getByRole('heading').first().textContent()).toBe(contentFr['landing.hero.cta']);
      expect(await page.locator('[data-late][data-pre]').count()).toBe(1);
      releaseBelow();
      await page.waitForFunction("!document.querySelector('[data-pre]')", null, { timeout: 15_000 });
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      releaseBelow();
      await context.close();
    }
  });

  it('the app hydrates the painted hero (the same elements stay), even with reduced motion, and renders afresh when its first screen differs', async () => {
    /** Opens the landing with its scripts held, notes the painted headline, then lets them run. */
    const takeOver = async (page: Page, context: BrowserContext) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${host.url}/`, { waitUntil: 'commit' });
      await heroHeading(page).waitFor();
      await page.evaluate("window.painted = document.getElementById('landing-title'); undefined");
      release();
      // Once the gate has run (it marks the prerendered HTML), the visitor acts.
      await page.waitForFunction("document.querySelector('[data-pre]')");
      await page.mouse.move(10, 400);
      await page.waitForFunction("!document.querySelector('[data-pre]')");
      // The sections below the hero were painted with it, and are hydrated too.
      await page.getByRole('heading', { level: 2, name: contentFr['landing.features.title'] }).waitFor();
      return page.evaluate<boolean>("window.painted === document.getElementById('landing-title')");
    };
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newPage(browser, { width: 375, height: 812 });
      const errors = hydrationErrors(page);
      try {
        await page.emulateMedia({ reducedMotion });
        expect(await takeOver(page, context), reducedMotion).toBe(true);
        expect(errors, reducedMotion).toEqual([]);
        const message = page.locator('.ct-typed-message .ct-typed-live');
        if (reducedMotion === 'reduce') {
          // Everything at once and no caret, as the app shows it without the prerender.
          expect(await message.textContent()).toBe(contentFr['landing.hero.message1']);
          expect(await page.locator('.ct-caret').count()).toBe(0);
        } else {
          await expect.poll(async () => (await message.textContent())?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
        }
        expect(await page.getByRole('contentinfo').count()).toBe(1);
      } finally {
        await context.close();
      }
    }
    // A message to show first (a session that expired): the app renders its own page over the HTML.
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    try {
      await context.addInitScript("localStorage.setItem('session_message', 'expired')");
      expect(await takeOver(page, context)).toBe(false);
      expect(await page.getByRole('alert').filter({ hasText: 'Votre session a expiré. Veuillez vous reconnecter.' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("the cloud's Content-Security-Policy allows the page's one inline script, by its hash", async () => {
    const html = await readFile(new URL('../../web/dist/index.html', import.meta.url), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const csp = contentSecurityPolicy({ region: 'eu-west-3', uploadsOrigin: 'https://uploads.example' });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
