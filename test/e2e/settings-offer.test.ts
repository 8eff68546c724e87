// Journeys of one language setting, the finished offer and a free student's quiet pages. Guarantees:
// - the header's FR/EN switch and the profile's language field are one setting for a signed-in
//   student: switching in the header shows in the profile field and is saved in the profile, a
//   reload (even with the local key cleared) and another browser keep it, the server's messages
//   follow it, and the profile field changes the interface at once;
// - the back-to-school offer, over since 5 October 2025: no footer links it, its page says it has
//   ended and leads to the plans (each saying which AI model writes for it, as the FAQ does), and
//   a signed-in student is sent on (to /onboarding, which sends an onboarded student on to the subjects);
// - a free student sees "Premium" on the exam mode and practical-case tiles (a Premium student
//   does not), and /goals and a subject's statistics make no request answered 403;
// - axe finds no label-content-name-mismatch nor target-size issue on the subjects page, and the
//   checkout's "payment received" notice is in a phone's first screen.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, newPremiumUser, newUser, type TestUser } from '../support/host.js';
import { acceptCookies, actOnLanding, logIn, logInOnPhone, newPage, newPhoneContext, screenshot, signedInPage, useJourneyHost, type TestHost } from './helpers.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function onboarded(host: TestHost, user: TestUser, language: 'fr' | 'en' = 'fr'): Promise<TestUser> {
  await api(host, '/api/onboarding', { token: user.accessToken, method: 'POST', body: { language, education_level: 'licence', specialization: 'Biologie' } });
  return user;
}

/** axe's violations of the given rules on the page as it is. */
async function axeViolations(page: Page, rules: string[]): Promise<{ id: string; targets: string[] }[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate<{ id: string; targets: string[] }[]>(
    `axe.run(document, { runOnly: { type: 'rule', values: ${JSON.stringify(rules)} } })
      .then((r) => r.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
}

describe('Settings, the finished offer, quiet pages', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  const signedIn = (user: TestUser) => signedInPage(browser, host, user.email, user.password);

  it('the header switch and the profile field are one language setting, kept in the profile, and the server speaks it', async () => {
    const user = await onboarded(host, await newUser(host));
    const { context, page } = await signedIn(user);
    try {
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: /English/ }).click();
      await header.getByRole('link', { name: 'Profile' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await expect.poll(async () => (await api(host, '/api/profile', { token: user.accessToken })).body.language, { timeout: 10_000 }).toBe('en');

      await header.getByRole('link', { name: 'Profile' }).click();
      const field = page.getByLabel('Preferred language');
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('en');

      // The server's messages follow the setting.
      const promo = page.getByTestId('subscription-card');
      await promo.getByLabel('Promo code').fill('NOT-A-CODE');
      await promo.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => promo.getByRole('alert').last().textContent(), { timeout: 10_000 }).toBe('Invalid promo code');
      await screenshot(page, 'language-profile-en', true);

      // A reload keeps it; so does a reload without the local key: the profile holds the setting.
      await page.reload();
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('en');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await page.evaluate("localStorage.removeItem('language')");
      await page.reload();
      await header.getByRole('link', { name: 'Profile' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await expect.poll(() => page.evaluate("localStorage.getItem('language')"), { timeout: 10_000 }).toBe('en');

      // The profile field changes the interface at once, and the profile.
      await field.selectOption('fr');
      await header.getByRole('link', { name: 'Profil' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      await expect.poll(async () => (await api(host, '/api/profile', { token: user.accessToken })).body.language, { timeout: 10_000 }).toBe('fr');
      await expect.poll(() => page.getByLabel('Langue préférée').inputValue(), { timeout: 10_000 }).toBe('fr');
    } finally {
      await context.close();
    }

    // Another browser, French by default: signing in brings the profile's language.
    await api(host, '/api/profile', { token: user.accessToken, method: 'PATCH', body: { language: 'en' } });
    const other = await signedIn(user);
    try {
      await other.page.getByRole('banner').getByRole('link', { name: 'Profile' }).waitFor();
      expect(await other.page.getAttribute('html', 'lang')).toBe('en');
      await screenshot(other.page, 'language-new-browser-en');
    } finally {
      await other.context.close();
    }
  });

  it('the finished offer: no footer link, the page says it has ended and leads to the plans, a signed-in student is sent on', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await actOnLanding(page);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'FAQ' }).waitFor();
      expect(await footer.locator('a[href="/offre-de-rentree"]').count()).toBe(0);

      await page.goto(`${host.url}/offre-de-rentree`);
      await page.getByText('Cette offre a pris fin le 5 octobre 2025 à 23:59 (heure de Paris) et ne peut plus être activée.').waitFor();
      expect(await footer.locator('a[href="/offre-de-rentree"]').count()).toBe(0);
      await screenshot(page, 'offer-ended');
      await page.getByRole('link', { name: 'Voir les formules' }).click();
      const plans = page.getByRole('heading', { name: 'Commence gratuitement, passe à Premium quand tu veux' });
      await expect.poll(() => plans.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Choisir Premium' }).isVisible(), { timeout: 10_000 }).toBe(true);
      // Each plan says which model writes for it.
      expect(await page.getByText('Notre modèle d’IA le plus performant pour tes réponses, fiches, quiz et podcasts').isVisible()).toBe(true);
      expect(await page.getByText('Un modèle d’IA plus léger pour tes réponses, fiches, quiz et podcasts').isVisible()).toBe(true);
      await screenshot(page, 'offer-ended-plans');
      await page.goto(`${host.url}/faq`);
      await page.getByText('Le plan gratuit et Premium utilisent-ils le même modèle d’IA ?').waitFor();
    } finally {
      await context.close();
    }

    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await page.goto(`${host.url}/offre-de-rentree`);
      await acceptCookies(page);
      await page.getByRole('link', { name: 'Voir les formules' }).waitFor();
      await screenshot(page, 'offer-ended-phone');
    } finally {
      await phone.close();
    }

    // Signed in: sent to /onboarding, and on to the subjects once onboarded.
    const student = await onboarded(host, await newUser(host));
    const { context: c2, page: p2 } = await signedIn(student);
    try {
      await p2.goto(`${host.url}/offre-de-rentree`);
      await p2.waitForURL('**/subjects');
    } finally {
      await c2.close();
    }
    const newcomer = await newUser(host);
    const { context: c3, page: p3 } = await newPage(browser);
    try {
      await p3.goto(host.url);
      await acceptCookies(p3);
      await logIn(p3, newcomer.email, newcomer.password);
      await p3.waitForURL('**/onboarding');
      await p3.goto(`${host.url}/offre-de-rentree`);
      await p3.waitForURL('**/onboarding');
    } finally {
      await c3.close();
    }
  });

  it('a free student: Premium marks on the Premium tiles, no 403 on /goals and the statistics; labels match what they show', async () => {
    const user = await onboarded(host, await newUser(host));
    const { body: subject } = await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Génétique' } });
    const { context, page } = await signedIn(user);
    const refused: string[] = [];
    const consoleErrors: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    try {
      // The subjects page: names contain what the controls show, targets are 24 px at least.
      await page.getByTestId('subject-card').first().waitFor();
      expect(await axeViolations(page, ['label-content-name-mismatch', 'target-size'])).toEqual([]);
      expect(await page.getByRole('link', { name: 'Mes fichiers : GÉNÉTIQUE' }).count()).toBe(1);

      await page.goto(`${host.url}/subject/${subject.id}`);
      const tiles = page.locator('.subject-tile');
      await expect.poll(() => page.getByTestId('tile-premium').count(), { timeout: 10_000 }).toBe(2);
      expect(await tiles.filter({ hasText: 'Mode examen' }).getByTestId('tile-premium').textContent()).toBe('Premium');
      expect(await tiles.filter({ hasText: 'Cas pratiques' }).getByTestId('tile-premium').count()).toBe(1);
      await screenshot(page, 'tiles-premium-marks', true);

      const quiet = async (name: string) => {
        await page.waitForTimeout(500);
        expect({ page: name, violations: await axeViolations(page, ['label-content-name-mismatch', 'target-size']) }).toEqual({ page: name, violations: [] });
      };
      await quiet('subject');

      await page.goto(`${host.url}/subject/${subject.id}/stats`);
      await page.getByTestId('stats-summary').waitFor();
      await quiet('stats');
      await page.goto(`${host.url}/goals`);
      await page.getByTestId('stats-summary').waitFor();
      await quiet('goals');
      await screenshot(page, 'goals-free', true);
      await page.goto(`${host.url}/profile`);
      await page.getByTestId('subscription-card').waitFor();
      await quiet('profile');
      expect(refused).toEqual([]);
      expect(consoleErrors.filter((e) => e.includes('403'))).toEqual([]);
    } finally {
      await context.close();
    }

    // A Premium student's tiles carry no mark.
    const premium = await onboarded(host, await newPremiumUser(host));
    const { body: theirs } = await api(host, '/api/subjects', { token: premium.accessToken, method: 'POST', body: { name: 'Chimie' } });
    const opened = await signedIn(premium);
    try {
      await opened.page.goto(`${host.url}/subject/${theirs.id}`);
      await opened.page.locator('.subject-tile').first().waitFor();
      await opened.page.waitForTimeout(1000);
      expect(await opened.page.getByTestId('tile-premium').count()).toBe(0);
    } finally {
      await opened.context.close();
    }
  });

  it('back from checkout, the payment notice is in the first screen of a phone', async () => {
    const user = await onboarded(host, await newUser(host));
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(host.url);
      await acceptCookies(page);
      await logInOnPhone(page, user.email, user.password);
      await page.goto(`${host.url}/profile?success=true`);
      const notice = page.getByTestId('checkout-notice');
      await notice.waitFor();
      const box = await notice.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(812);
      await screenshot(page, 'checkout-notice-phone');
    } finally {
      await phone.close();
    }
  });
});
