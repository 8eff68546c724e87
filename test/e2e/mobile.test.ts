// Browser journeys on a phone (375 × 812, touch screen, cookie banner never dismissed): a question
// whose citation opens the PDF viewer fitting the width, zooming with the buttons and a pinch,
// the cited passage highlighted; the subject tab bar showing the current subject beside "Nouvelle
// matière"; a quiz answered by touch, with touch hints and the cookie banner covering nothing.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { api, newUser, type TestUser } from '../support/host.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';
import { dialog, logInOnPhone, newPhoneContext, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { coursePdf } from './files-helpers.js';

const COURSE = [
  "Un objet est en mouvement lorsque sa position change au cours du temps par rapport à un référentiel. Le référentiel est l'objet par rapport auquel on étudie le mouvement. La trajectoire est l'ensemble des positions occupées par l'objet.",
  "La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours. Elle se calcule avec la formule v = d / t, où d est la distance en mètres et t la durée en secondes. Par exemple, un cycliste qui parcourt 120 m en 20 s roule à une vitesse moyenne de 6 m/s.",
  "L'énergie cinétique est l'énergie que possède un objet du fait de son mouvement. Pour un objet de masse m qui se déplace à la vitesse v, elle vaut Ec = 1/2 × m × v². Elle s'exprime en joules. Isaac Newton publie ses lois du mouvement en 1687.",
];
const FILE_NAME = 'Mécanique - chapitre 1';

/** A student with a subject holding the three-page course, signed in on a phone. */
async function phoneStudent(host: TestHost, browser: Browser): Promise<{ user: TestUser; context: BrowserContext; page: Page; subjectId: string }> {
  const user = await newUser(host);
  const onboarding = await api(host, '/api/onboarding', {
    method: 'POST',
    token: user.accessToken,
    body: { language: 'fr', education_level: 'licence', specialization: 'Physique', school: null },
  });
  if (onboarding.status !== 200) throw new Error(`Onboarding failed: ${onboarding.status}`);
  const subject = await createSubject(host, user.accessToken, 'Physique-chimie et sciences');
  const pdf = await coursePdf('mecanique.pdf', 'Le mouvement', COURSE);
  const { start, complete } = await uploadFile(host, user.accessToken, subject.id, pdf.name, pdf.buffer, FILE_NAME);
  if (!complete || complete.status !== 200) throw new Error(`Upload failed: ${start.status}`);
  const file = await waitForFinal(host, user.accessToken, subject.id, start.body.file.id, 90_000);
  if (file.status !== 'ready') throw new Error(`The course did not become ready: ${JSON.stringify(file)}`);

  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(host.url);
  // Below 820 px the header's links and login button fold into its menu.
  await logInOnPhone(page, user.email, user.password);
  return { user, context, page, subjectId: subject.id };
}

/** True when a tap at the middle of the element reaches it (nothing covers it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return false;
  return target.evaluate(
    (el, [x, y]) => {
      const hit = el.ownerDocument.elementFromPoint(x, y);
      return Boolean(hit && (hit === el || el.contains(hit)));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

async function canvasWidth(page: Page): Promise<number> {
  return dialog(page).locator('canvas').evaluate((c) => c.getBoundingClientRect().width);
}

/** Two fingers on the page, moving apart by `spread` pixels each. */
async function pinchOut(page: Page, target: Locator, spread: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to pinch');
  const cx = box.x + box.width / 2;
  const cy = box.y + Math.min(box.height, 300) / 2;
  const cdp = await page.context().newCDPSession(page);
  const points = (d: number) => [
    { x: cx - 20 - d, y: cy, id: 1 },
    { x: cx + 20 + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points((spread * step) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('on a phone', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('question → citation → a viewer that fits the width, zooms and highlights the cited passage', async () => {
    const { context, page, subjectId } = await phoneStudent(host, browser);
    try {
      // The cookie banner is still there, below the footer: it covers nothing.
      const banner = page.getByRole('region', { name: /cookies/i });
      expect(await banner.isVisible()).toBe(true);

      // The language switch's names say what its buttons show.
      await page.getByRole('contentinfo').getByRole('button', { name: 'EN (English)' }).waitFor();

      await page.goto(`${host.url}/subject/${subjectId}/question`);
      await page.getByRole('heading', { name: 'Poser une question' }).waitFor();
      await page.getByText('Touche « Envoyer » pour poser ta question.').waitFor();
      await page.getByRole('group', { name: 'Mode de réponse' }).getByText('Réponse concise', { exact: true }).tap();
      await page.getByRole('textbox', { name: /question/i }).fill('Comment calcule-t-on la vitesse moyenne ?');
      const send = page.getByRole('button', { name: 'Envoyer' });
      expect(await reachable(page, send)).toBe(true);
      await send.tap();
      const chip = page.getByTestId('turn').first().getByRole('link', { name: `${FILE_NAME} · p. 2` }).first();
      await chip.waitFor({ timeout: 60_000 });
      await screenshot(page, 'mobile-question', true);
      await chip.tap();

      const viewer = dialog(page);
      await expect.poll(() => viewer.getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe('Page 2 / 3');
      await viewer.locator('canvas[data-rendered-page="2"]').waitFor({ timeout: 20_000 });
      // Fit to width by default: the page is as wide as the stage allows, and readable.
      const stage = viewer.locator('.viewer-stage');
      const stageWidth = await stage.evaluate((el) => el.clientWidth);
      const fitted = await canvasWidth(page);
      expect(fitted).toBeGreaterThan(stageWidth - 40);
      expect(fitted).toBeLessThanOrEqual(stageWidth);
      expect(await viewer.getByTestId('viewer-zoom').textContent()).toBe('100 %');
      // The cited sentence is highlighted on the page.
      await expect.poll(() => viewer.getByTestId('viewer-highlight').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await screenshot(page, 'mobile-viewer');

      // The buttons zoom in and out; the page's width follows, and the stage scrolls sideways.
      await viewer.getByRole('button', { name: 'Zoomer', exact: true }).tap();
      await expect.poll(() => viewer.getByTestId('viewer-zoom').textContent()).toBe('125 %');
      await expect.poll(() => canvasWidth(page)).toBeGreaterThan(fitted * 1.2);
      expect(await stage.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await screenshot(page, 'mobile-viewer-zoomed');
      await viewer.getByRole('button', { name: 'Dézoomer', exact: true }).tap();
      await expect.poll(() => viewer.getByTestId('viewer-zoom').textContent()).toBe('100 %');
      await expect.poll(() => canvasWidth(page)).toBeLessThan(fitted + 2);

      // A pinch zooms in; the percentage button goes back to the width.
      await pinchOut(page, viewer.locator('canvas'), 60);
      await expect.poll(async () => Number.parseInt((await viewer.getByTestId('viewer-zoom').textContent()) ?? '0', 10)).toBeGreaterThan(120);
      await expect.poll(() => canvasWidth(page)).toBeGreaterThan(fitted * 1.15);
      await viewer.getByTestId('viewer-zoom').tap();
      await expect.poll(() => canvasWidth(page)).toBeLessThan(fitted + 2);
    } finally {
      await context.close();
    }
  });

  it('shows the current subject tab, and a quiz answered by touch with the cookie banner covering nothing', async () => {
    const { user, context, page, subjectId } = await phoneStudent(host, browser);
    try {
      // More subjects than the bar can show at 375 px: the current one, last, is still in view on
      // the subject's page (a tool's page shows the subject's tools in that row instead).
      for (const name of ['Histoire contemporaine', 'Mathématiques appliquées']) await createSubject(host, user.accessToken, name);
      await page.goto(`${host.url}/subject/${subjectId}`);
      await page.getByRole('heading', { name: 'Que veux-tu faire ?' }).waitFor();
      const bar = page.getByRole('navigation', { name: /matières/i });
      const current = bar.locator('[aria-current="page"]');
      const list = bar.locator('ul');
      const add = bar.getByRole('link', { name: 'Nouvelle matière' });
      await expect.poll(async () => {
        const [tab, shown, plus] = await Promise.all([current.boundingBox(), list.boundingBox(), add.boundingBox()]);
        if (!tab || !shown || !plus) return false;
        return tab.x >= shown.x - 1 && tab.x + tab.width <= shown.x + shown.width + 1 && tab.x + tab.width <= plus.x;
      }).toBe(true);
      expect(await reachable(page, current)).toBe(true);

      await page.goto(`${host.url}/subject/${subjectId}/quiz`);
      await page.getByRole('heading', { name: 'Quiz', exact: true }).waitFor();
      await page.getByLabel('Fichier').selectOption({ label: FILE_NAME });
      await page.getByRole('button', { name: 'Commencer le quiz' }).tap();
      const question = page.getByTestId('quiz-question');
      await expect.poll(() => question.locator('.quiz-eyebrow').textContent(), { timeout: 60_000 }).toMatch(/^Question 1/);
      // Touch hints, no key badges.
      await question.getByText('Touche une réponse pour la choisir, puis « Valider ».').waitFor();
      expect(await question.locator('.quiz-key').first().isVisible()).toBe(false);

      // The cookie banner is present and covers neither the options nor "Valider".
      expect(await page.getByRole('region', { name: /cookies/i }).isVisible()).toBe(true);
      await question.getByTestId('quiz-option').first().locator('label').tap();
      const validate = question.getByRole('button', { name: 'Valider' });
      expect(await reachable(page, validate)).toBe(true);
      await screenshot(page, 'mobile-quiz');
      await validate.tap();
      await question.getByTestId('quiz-verdict').waitFor({ timeout: 30_000 });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(page, 'mobile-quiz-answered', true);
    } finally {
      await context.close();
    }
  });
});
