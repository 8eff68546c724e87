// The phone study loop, at 375 × 812 with touch (and 375 × 667 for the review): the subject's bar
// takes one line and one row of tabs; a tool opened from the subject's page or a tab opens at its
// top with its first control in the first screen; Back and a reload return where the student
// stood; a change of the query string alone (the outline unfolded) never moves the page; a
// flashcard and its four ratings are in view together once it is turned over; the deck shows
// fronts only, each answer on demand, and a search narrows it; the PDF viewer draws the page
// across the screen's width, zooms with its buttons and its scrolling area takes the keyboard's
// focus.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api } from '../support/host.js';
import { dialog, logInOnPhone, newPhoneContext, useJourneyHost, type TestHost } from './helpers.js';
import { onboardedPremium, readyCourse } from './files-helpers.js';

const COURSE = {
  subject: 'Sciences de la vie',
  file: 'Biologie cellulaire',
  title: 'La cellule',
  pages: [
    "La cellule est l'unité de base du vivant. Tout être vivant est constitué d'une ou de plusieurs cellules. Le noyau contient l'information génétique sous forme d'ADN.",
    "La membrane plasmique délimite la cellule et contrôle les échanges avec le milieu extérieur. Les mitochondries produisent l'énergie de la cellule par la respiration cellulaire.",
    "La mitose est la division d'une cellule mère en deux cellules filles identiques. Elle comprend quatre phases : prophase, métaphase, anaphase et télophase.",
  ],
};

const CARDS = [
  { front: 'Quelle est l’unité de base du vivant ?', back: 'La cellule : tout être vivant est constitué d’une ou de plusieurs cellules.' },
  { front: 'Que contient le noyau ?', back: 'L’information génétique, sous forme d’ADN.' },
  { front: 'Quel est le rôle de la membrane plasmique ?', back: 'Elle délimite la cellule et contrôle les échanges avec le milieu extérieur.' },
  { front: 'Que produisent les mitochondries ?', back: 'L’énergie de la cellule, par la respiration cellulaire.' },
  { front: 'Qu’est-ce que la mitose ?', back: 'La division d’une cellule mère en deux cellules filles identiques.' },
  { front: 'Quelles sont les quatre phases de la mitose ?', back: 'Prophase, métaphase, anaphase et télophase.' },
];

/** A shot of the screen as the student sees it, kept out of the repository. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/phone-loop-${name}.png` });

async function box(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await target.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

/** The whole of `target` lies within the screen. */
async function inFirstScreen(page: Page, target: Locator): Promise<boolean> {
  const b = await box(target);
  const { height, width } = page.viewportSize() ?? { width: 0, height: 0 };
  return b.y >= 0 && b.x >= 0 && b.y + b.height <= height && b.x + b.width <= width + 0.5;
}

describe('the study loop on a phone, from the subject page', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('opens every tool at its top, reviews a card in one screen and draws the course across the screen', async () => {
    const user = await onboardedPremium(host);
    const { subjectId } = await readyCourse(host, user, COURSE);
    for (const card of CARDS) {
      const made = await api(host, `/api/subjects/${subjectId}/cards`, { method: 'POST', token: user.accessToken, body: card });
      expect(made.status).toBe(201);
    }

    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(host.url);
      await logInOnPhone(page, user.email, user.password);

      // The subject's page: its bar is one line (name, file count, an add-file button of 44 px
      // with its name) above one row of tabs, the subjects.
      await page.goto(`${host.url}/subject/${subjectId}`);
      const name = page.getByRole('heading', { level: 1, name: 'SCIENCES DE LA VIE' });
      await name.waitFor();
      const hero = await box(page.locator('.subject-hero'));
      expect(hero.height).toBeLessThanOrEqual(60);
      const addFile = page.locator('.subject-hero').getByRole('link', { name: 'Ajouter un fichier' });
      const addBox = await box(addFile);
      expect(addBox.width).toBeGreaterThanOrEqual(44);
      expect(addBox.height).toBeGreaterThanOrEqual(44);
      expect(addBox.y).toBeGreaterThanOrEqual(hero.y);
      expect(addBox.y + addBox.height).toBeLessThanOrEqual(hero.y + hero.height + 0.5);
      expect(await page.getByRole('navigation', { name: 'Mes matières' }).isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Outils de la matière' }).count()).toBe(0);
      await shot(page, 'hub');

      // Unfolding the outline changes the query string only: the page does not move.
      const outline = page.getByRole('button', { name: 'Plan du cours' });
      await outline.scrollIntoViewIfNeeded();
      await page.evaluate('window.scrollBy({ top: 120, behavior: "instant" })');
      await page.waitForTimeout(200);
      const beforeOutline = await scrollY(page);
      expect(beforeOutline).toBeGreaterThan(0);
      await outline.tap();
      await page.waitForURL(/outline=1/);
      await page.waitForTimeout(300);
      expect(Math.abs((await scrollY(page)) - beforeOutline)).toBeLessThanOrEqual(1);

      // Far down the subject's page, the quiz's tile: the quiz opens at its top, its button in view.
      const quizTile = page.locator('.subject-tile', { hasText: 'Quiz' }).first();
      await quizTile.scrollIntoViewIfNeeded();
      const hubY = await scrollY(page);
      expect(hubY).toBeGreaterThan(200);
      await quizTile.tap();
      await page.waitForURL(`**/subject/${subjectId}/quiz`);
      const startQuiz = page.getByRole('button', { name: 'Commencer le quiz' });
      await startQuiz.waitFor();
      expect(await scrollY(page)).toBe(0);
      expect(await inFirstScreen(page, startQuiz)).toBe(true);
      await shot(page, 'quiz');

      // A tool's page: the row of tabs holds the subject's tools, the current one marked.
      const tools = page.getByRole('navigation', { name: 'Outils de la matière' });
      expect(await tools.getByRole('link', { name: 'Quiz' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('navigation', { name: 'Mes matières' }).isVisible()).toBe(false);
      for (const tab of await tools.getByRole('link').all()) expect((await box(tab)).height).toBeGreaterThanOrEqual(44);

      // Back: the subject's page where the student left it.
      await page.goBack();
      await page.waitForURL(`**/subject/${subjectId}?outline=1`);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(hubY - 2);
      expect(Math.abs((await scrollY(page)) - hubY)).toBeLessThanOrEqual(2);
      // Forward: the quiz, at its top.
      await page.goForward();
      await startQuiz.waitFor();
      await expect.poll(() => scrollY(page)).toBe(0);

      // Each tool from the tabs, scrolled down first: at its top, its first control in view.
      const firstControls: [string, string, (p: Page) => Locator][] = [
        ['Poser une question', 'question', (p) => p.getByRole('textbox', { name: 'Ta question' })],
        ['Fiches de révision', 'summary', (p) => p.getByRole('button', { name: 'Générer la fiche' })],
        ['Podcast', 'podcast', (p) => p.getByLabel('Podcast de', { exact: true })],
        ['Flashcards', 'flashcards', (p) => p.getByRole('button', { name: 'Réviser maintenant' })],
      ];
      for (const [label, segment, control] of firstControls) {
        await page.evaluate('window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" })');
        const tab = tools.getByRole('link', { name: label, exact: true });
        await tab.scrollIntoViewIfNeeded();
        await tab.tap();
        await page.waitForURL(`**/subject/${subjectId}/${segment}`);
        await control(page).waitFor();
        expect(await scrollY(page), segment).toBe(0);
        await shot(page, `tool-${segment}`);
        expect(await inFirstScreen(page, control(page)), segment).toBe(true);
      }

      // The deck: fronts only, each answer on demand; the search narrows the list.
      const items = page.getByTestId('card-item');
      await expect.poll(() => items.count()).toBe(CARDS.length);
      expect(await page.getByTestId('card-back').first().isVisible()).toBe(false);
      const show = page.getByRole('button', { name: `Voir la réponse : ${CARDS[1].front}` });
      expect((await box(show)).height).toBeGreaterThanOrEqual(44);
      await show.tap();
      const back = items.filter({ hasText: CARDS[1].front }).getByTestId('card-back');
      await back.waitFor();
      expect(await back.textContent()).toContain('sous forme d’ADN');
      await shot(page, 'deck-answer');
      expect(await page.getByRole('button', { name: `Masquer la réponse : ${CARDS[1].front}` }).getAttribute('aria-expanded')).toBe('true');
      const search = page.getByRole('searchbox', { name: 'Chercher dans mes cartes' });
      await search.fill('mitose');
      await expect.poll(() => items.count()).toBe(2);
      await search.fill('energie');
      await expect.poll(() => items.count()).toBe(1);
      expect(await items.first().textContent()).toContain('mitochondries');
      await search.fill('photosynthèse');
      await expect.poll(() => items.count()).toBe(0);
      await page.getByText('Aucune carte ne contient « photosynthèse ».').waitFor();
      await search.fill('');
      await expect.poll(() => items.count()).toBe(CARDS.length);
      await search.scrollIntoViewIfNeeded();
      await shot(page, 'deck');

      // A reload keeps the student where they were on the page.
      const deckY = await scrollY(page);
      expect(deckY).toBeGreaterThan(200);
      await page.reload();
      await expect.poll(() => items.count()).toBe(CARDS.length);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(deckY - 2);
      expect(Math.abs((await scrollY(page)) - deckY)).toBeLessThanOrEqual(2);

      // The review on a smaller phone (375 × 667): turned over, the card and its four ratings are
      // in view together, with no scrolling by the student.
      await page.setViewportSize({ width: 375, height: 667 });
      await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
      await page.getByRole('button', { name: 'Réviser maintenant' }).tap();
      const card = page.getByTestId('review-card');
      await card.waitFor();
      await page.getByRole('button', { name: 'Retourner la carte' }).tap();
      await page.getByTestId('review-back').waitFor();
      await page.waitForTimeout(400);
      const ratings = page.getByRole('group', { name: 'Comment ça s’est passé ?' }).getByRole('button');
      expect(await ratings.count()).toBe(4);
      expect(await inFirstScreen(page, card)).toBe(true);
      for (const rating of await ratings.all()) {
        expect(await inFirstScreen(page, rating)).toBe(true);
        expect((await box(rating)).height).toBeGreaterThanOrEqual(44);
      }
      // Nothing covers the ratings: a tap on each lands on it.
      const good = ratings.filter({ hasText: 'Bien' });
      const goodBox = await box(good);
      const hit = await good.evaluate((el, [x, y]) => el.contains(el.ownerDocument.elementFromPoint(x, y)), [goodBox.x + goodBox.width / 2, goodBox.y + goodBox.height / 2]);
      expect(hit).toBe(true);
      await shot(page, 'review-667');
      await good.tap();
      await expect.poll(() => page.getByTestId('review-progress').textContent()).toBe(`Carte 2 sur ${CARDS.length}`);
      await page.getByRole('button', { name: 'Quitter la révision' }).tap();
      await page.setViewportSize({ width: 375, height: 812 });

      // The files page and the viewer: the page drawn across the screen's width (at least 90 %),
      // zoomed with the buttons; the stage takes the keyboard's focus with a name.
      await tools.getByRole('link', { name: "Vue d'ensemble" }).tap();
      await page.waitForURL(`**/subject/${subjectId}`);
      expect(await scrollY(page)).toBe(0);
      await page.goto(`${host.url}/subject/${subjectId}/files`);
      await page.getByRole('button', { name: `Voir ${COURSE.file}` }).tap();
      const viewer = dialog(page);
      const canvas = viewer.locator('canvas[data-rendered-page="1"]');
      await canvas.waitFor({ timeout: 20_000 });
      const drawn = await canvas.evaluate((c) => c.getBoundingClientRect().width);
      expect(drawn).toBeGreaterThanOrEqual(375 * 0.9);
      expect(drawn).toBeLessThanOrEqual(375);
      expect(await viewer.getByTestId('viewer-zoom').textContent()).toBe('100 %');
      const stage = viewer.getByRole('region', { name: `Page du document ${COURSE.file}` });
      expect(await stage.getAttribute('tabindex')).toBe('0');
      await shot(page, 'viewer');
      const zoomIn = viewer.getByRole('button', { name: 'Zoomer', exact: true });
      expect((await box(zoomIn)).height).toBeGreaterThanOrEqual(44);
      await zoomIn.tap();
      await expect.poll(() => viewer.getByTestId('viewer-zoom').textContent()).toBe('125 %');
      await expect.poll(() => viewer.locator('canvas[data-rendered-page="1"]').evaluate((c) => c.getBoundingClientRect().width)).toBeGreaterThan(drawn * 1.2);
      expect(await stage.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await shot(page, 'viewer-zoomed');
    } finally {
      await context.close();
    }
  });
});
