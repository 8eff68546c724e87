// Browser journey of the course outline ("Plan du cours"): a student signs up, creates a subject
// with a three-page course whose pages open on a bold heading, waits for it to be read, unfolds
// its outline on the files page (the headings with their pages), opens the second heading (the
// viewer at page 2, the outline beside it) and goes back through the viewer's own outline; then,
// on a phone (375 × 812, touch), the subject page's "Plan du cours" lists the same headings and a
// file without headings says so, the second heading opens the viewer at page 2, and the viewer's
// folded "Plan" goes to another page. Screenshots at 1280 and 375 px go to the system's temporary
// folder (OUTLINE_SHOTS to choose another).
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { coursePdf } from '../support/fixtures.js';
import { textPdf, uploadFile, waitForFinal } from '../support/uploads.js';
import { login } from '../support/host.js';
import { acceptCookies, dialog, expectNoSideScroll, logInOnPhone, newPage, newPhoneContext, signUpThroughUi, uniqueEmail, useJourneyHost, type TestHost } from './helpers.js';

const COURSE = [
  "1. Les cellules\nLa cellule est l'unité de base du vivant. Tout être vivant est constitué d'une ou de plusieurs cellules. Une cellule possède une membrane plasmique qui la sépare du milieu extérieur, un cytoplasme et, chez les eucaryotes, un noyau qui contient l'ADN. Les organites, comme les mitochondries ou les chloroplastes, y assurent chacun une fonction.",
  "2. La photosynthèse\nLa photosynthèse permet aux plantes vertes de fabriquer de la matière organique à partir de dioxyde de carbone et d'eau, grâce à l'énergie de la lumière. Elle a lieu dans les chloroplastes, où la chlorophylle absorbe surtout la lumière rouge et bleue. Elle rejette du dioxygène dans l'atmosphère.",
  "3. La respiration cellulaire\nLa respiration cellulaire libère l'énergie contenue dans le glucose. Elle se déroule dans les mitochondries, consomme du dioxygène et produit du dioxyde de carbone, de l'eau et de l'ATP. L'ATP fournit ensuite l'énergie nécessaire au fonctionnement de la cellule.",
];
const HEADINGS = ['1. Les cellules', '2. La photosynthèse', '3. La respiration cellulaire'];
const FILE_NAME = 'cours-biologie';
const NOTES_NAME = 'Notes sans titres';
const NOTES = [
  "Ces notes ont été prises pendant le cours, sans aucun titre. On y lit que la membrane plasmique sépare la cellule du milieu extérieur et qu'elle contrôle les échanges de matière.\nLe noyau contient l'information génétique sous forme d'ADN, et les ribosomes fabriquent les protéines à partir de cette information.",
];

const shotsDir = process.env.OUTLINE_SHOTS || path.join(tmpdir(), 'revise-outline-shots');

/** A full-page shot from the top, into the shots folder. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

/** The outline's entries as their accessible names ("1. Les cellules, p. 1": what they show). */
const entryNames = (where: Locator) => where.getByTestId('outline-entry').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
const expectedNames = HEADINGS.map((h, i) => `${h}, p. ${i + 1}`);

/** Every outline entry is at least 44 px high (a finger's tap). */
async function expectTappable(where: Locator): Promise<void> {
  const heights = await where.getByTestId('outline-entry').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
}

/** Nothing wider than the phone's 375 px: a mobile browser would widen its layout to fit it. */
async function expectPhoneWidth(page: Page): Promise<void> {
  expect(await page.evaluate<number>('window.innerWidth')).toBe(375);
  await expectNoSideScroll(page);
}

async function expectViewerAt(page: Page, n: number, total: number): Promise<void> {
  const viewer = dialog(page);
  await expect.poll(() => viewer.getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe(`Page ${n} / ${total}`);
  await expect.poll(() => viewer.locator('canvas').getAttribute('data-rendered-page'), { timeout: 20_000 }).toBe(String(n));
}

describe('course outline', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('lists the headings with their pages on the files page, the viewer and the subject page (desktop and phone), each opening its page', async () => {
    const email = uniqueEmail('plan');
    const password = 'revise-2024';
    const { context, page } = await newPage(browser);
    try {
      await signUpThroughUi(host, page, email, password);

      // A new subject with the course, sent from the new-subject form.
      await page.getByRole('main').getByRole('link', { name: 'Nouvelle matière' }).first().click();
      await page.waitForURL('**/?newSubject=true');
      await page.getByLabel('Nom de la matière').fill('Biologie');
      const pdf = Buffer.from(await coursePdf(COURSE, { title: 'Biologie' }));
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles([{ name: `${FILE_NAME}.pdf`, mimeType: 'application/pdf', buffer: pdf }]);
      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();
      await page.waitForURL(/\/subject\/[^/?]+$/, { timeout: 30_000 });
      const subjectId = new URL(page.url()).pathname.split('/').pop() as string;

      // The files page: the course becomes ready, then its outline unfolds under it.
      await page.getByRole('link', { name: 'Voir mes fichiers' }).click();
      await page.waitForURL(`**/subject/${subjectId}/files`);
      const row = page.getByTestId('file-row').filter({ hasText: FILE_NAME });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 90_000 }).toBe('ready');
      const toggle = row.getByRole('button', { name: `Plan de ${FILE_NAME}` });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const list = row.getByRole('list', { name: `Plan de ${FILE_NAME}` });
      await expect.poll(() => entryNames(list), { timeout: 15_000 }).toEqual(expectedNames);
      const second = list.getByRole('button', { name: expectedNames[1] });
      expect(await second.textContent()).toBe(`${HEADINGS[1]} p. 2`);
      await expectNoSideScroll(page);
      await acceptCookies(page);
      await shoot(page, 'files-outline-1280');

      // The second heading opens the viewer at page 2; the viewer's outline marks that section.
      await second.click();
      await page.waitForURL(/[?&]page=2/);
      const fileId = new URL(page.url()).searchParams.get('view') as string;
      await expectViewerAt(page, 2, 3);
      const side = dialog(page).getByTestId('viewer-outline');
      expect(await side.isVisible()).toBe(true);
      expect(await entryNames(side)).toEqual(expectedNames);
      expect(await side.getByRole('button', { name: expectedNames[1] }).getAttribute('aria-current')).toBe('location');
      // On a wide screen the outline stands beside the page, and the "Plan" toggle is not needed.
      expect(await dialog(page).getByRole('button', { name: 'Plan', exact: true }).isVisible()).toBe(false);
      const [sideBox, stageBox] = [await side.boundingBox(), await dialog(page).locator('.viewer-stage').boundingBox()];
      expect(sideBox && stageBox && sideBox.x + sideBox.width <= stageBox.x).toBe(true);
      await shoot(page, 'viewer-outline-1280', false);
      await side.getByRole('button', { name: expectedNames[0] }).click();
      await expectViewerAt(page, 1, 3);
      expect(await side.getByRole('button', { name: expectedNames[0] }).getAttribute('aria-current')).toBe('location');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);

      // A second file without headings, sent through the API as an earlier upload would be.
      const { accessToken } = await login(host, email, password);
      const notes = await uploadFile(host, accessToken, subjectId, 'notes.pdf', await textPdf(NOTES), NOTES_NAME);
      if (!notes.complete || notes.complete.status !== 200) throw new Error(`Upload failed: ${notes.start.status} ${JSON.stringify(notes.start.body)}`);
      const notesFile = await waitForFinal(host, accessToken, subjectId, notes.start.body.file.id, 90_000);
      expect(notesFile.status).toBe('ready');

      // The subject page's "Plan du cours" at 1280 px: both files, each under its name.
      await page.goto(`${host.url}/subject/${subjectId}`);
      const planButton = page.getByRole('button', { name: 'Plan du cours' });
      expect(await planButton.getAttribute('aria-expanded')).toBe('false');
      await planButton.click();
      const courseBlock = page.getByTestId('course-outline-file').filter({ hasText: FILE_NAME });
      await expect.poll(() => entryNames(courseBlock), { timeout: 15_000 }).toEqual(expectedNames);
      expect(await courseBlock.getByRole('heading', { level: 3 }).textContent()).toBe(FILE_NAME);
      const notesBlock = page.getByTestId('course-outline-file').filter({ hasText: NOTES_NAME });
      await notesBlock.getByText('Ce fichier n’a pas de titres : pas de plan à afficher.').waitFor();
      await expectNoSideScroll(page);
      await shoot(page, 'subject-outline-1280');

      // On a phone, signed in on its own.
      const phone = await newPhoneContext(browser);
      try {
        const mobile = await phone.newPage();
        mobile.setDefaultTimeout(15_000);
        await mobile.goto(host.url);
        await acceptCookies(mobile);
        await logInOnPhone(mobile, email, password);

        await mobile.goto(`${host.url}/subject/${subjectId}`);
        const mobilePlan = mobile.getByRole('button', { name: 'Plan du cours' });
        expect((await mobilePlan.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await mobilePlan.tap();
        const mobileCourse = mobile.getByTestId('course-outline-file').filter({ hasText: FILE_NAME });
        await expect.poll(() => entryNames(mobileCourse), { timeout: 15_000 }).toEqual(expectedNames);
        await mobile.getByTestId('course-outline-file').filter({ hasText: NOTES_NAME }).getByText('Ce fichier n’a pas de titres : pas de plan à afficher.').waitFor();
        await expectTappable(mobileCourse);
        await expectPhoneWidth(mobile);
        await shoot(mobile, 'subject-outline-375');

        // The second heading: the files page's viewer at page 2, as a citation opens it.
        const link = mobileCourse.getByRole('link', { name: expectedNames[1] });
        expect(await link.getAttribute('href')).toBe(`/subject/${subjectId}/files?view=${fileId}&page=2`);
        await link.tap();
        await mobile.waitForURL(`**/subject/${subjectId}/files?view=${fileId}&page=2`);
        await expectViewerAt(mobile, 2, 3);
        await expectPhoneWidth(mobile);

        // The viewer's outline is folded under "Plan" on a phone; unfolded, it goes to page 3.
        const viewerToggle = dialog(mobile).getByRole('button', { name: 'Plan', exact: true });
        expect(await viewerToggle.getAttribute('aria-expanded')).toBe('false');
        expect(await dialog(mobile).getByTestId('viewer-outline').isVisible()).toBe(false);
        expect((await viewerToggle.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await shoot(mobile, 'viewer-375', false);
        await viewerToggle.tap();
        const mobileSide = dialog(mobile).getByTestId('viewer-outline');
        expect(await mobileSide.isVisible()).toBe(true);
        expect(await entryNames(mobileSide)).toEqual(expectedNames);
        await expectTappable(mobileSide);
        await shoot(mobile, 'viewer-outline-375', false);
        await mobileSide.getByRole('button', { name: expectedNames[2] }).tap();
        await expectViewerAt(mobile, 3, 3);
        expect(await viewerToggle.getAttribute('aria-expanded')).toBe('false');

        // Back on the subject page, the plan is still unfolded.
        await mobile.goBack();
        await mobile.waitForURL(`**/subject/${subjectId}?outline=1`);
        await expect.poll(() => entryNames(mobileCourse), { timeout: 15_000 }).toEqual(expectedNames);

        // The files page's outline on a phone too.
        await mobile.goto(`${host.url}/subject/${subjectId}/files`);
        const mobileRow = mobile.getByTestId('file-row').filter({ hasText: FILE_NAME });
        const mobileToggle = mobileRow.getByRole('button', { name: `Plan de ${FILE_NAME}` });
        expect((await mobileToggle.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await mobileToggle.tap();
        await expect.poll(() => entryNames(mobileRow), { timeout: 15_000 }).toEqual(expectedNames);
        await expectTappable(mobileRow);
        await expectPhoneWidth(mobile);
        await shoot(mobile, 'files-outline-375');
      } finally {
        await phone.close();
      }
    } finally {
      await context.close();
    }
  });
});
