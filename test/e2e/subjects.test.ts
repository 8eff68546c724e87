// Browser journeys of the study space: a new subject from two PDFs (progress bars, the subject
// page, the files becoming ready, the viewer at page 2, deleting one), a subject from photos
// merged into one PDF with their text read in the browser, deleting a subject, the free plan's
// caps opening the upgrade modal, and the upload form's own checks in the spec's words.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { api } from '../support/host.js';
import { dialog, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { coursePdf, createSubjects, heicPagePhoto, listFiles, pagePhoto, parisDate, signedInStudent, throttleUploads } from './files-helpers.js';

const REVOLUTION = [
  "La Révolution française commence en 1789 avec la réunion des états généraux à Versailles. Le tiers état se proclame Assemblée nationale et jure de ne pas se séparer avant d'avoir donné une constitution à la France.",
  "La prise de la Bastille, le 14 juillet 1789, devient le symbole de la fin de l'absolutisme. Dans la nuit du 4 août, l'Assemblée abolit les privilèges et adopte la Déclaration des droits de l'homme et du citoyen.",
  "La monarchie constitutionnelle échoue : le roi tente de fuir en juin 1791 et est arrêté à Varennes. La République est proclamée en septembre 1792 et Louis XVI est exécuté en janvier 1793.",
];
const EMPIRE = [
  "Napoléon Bonaparte prend le pouvoir par le coup d'État du 18 brumaire an VIII. Il devient Premier consul puis se fait sacrer empereur des Français en décembre 1804 à Notre-Dame de Paris.",
  "Le Code civil de 1804 unifie le droit français. Les victoires d'Austerlitz et d'Iéna étendent l'Empire, mais la campagne de Russie de 1812 marque le début de son effondrement.",
];

/** The number in a progress bar (`aria-valuenow`). */
const progressOf = async (page: Page, name: string) => Number(await page.getByRole('progressbar', { name }).getAttribute('aria-valuenow'));

describe('subjects and files', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('creates a subject from two PDFs with progress bars, sees them become ready, opens one at page 2 and deletes the other', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      // No subject yet: the empty state, and the streak card stays.
      await page.getByRole('heading', { name: 'Aucune matière pour l’instant' }).waitFor();
      expect(await page.getByTestId('streak-card').count()).toBe(1);
      await screenshot(page, 'subjects-empty');

      await page.getByRole('main').getByRole('link', { name: 'Nouvelle matière' }).first().click();
      await page.waitForURL('**/?newSubject=true');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Nouvelle matière');
      await expect.poll(() => page.getByTestId('subject-usage').textContent()).toContain('0 / 5 matières');
      expect(await page.getByRole('heading', { name: 'Comment ça marche' }).count()).toBe(1);
      await screenshot(page, 'new-subject', true);

      const padding = 1_200_000;
      const revolution = await coursePdf('cours-revolution.pdf', 'La Révolution française', REVOLUTION, padding);
      const empire = await coursePdf('chapitre 2 - empire.pdf', "Le Premier Empire", EMPIRE, padding);
      await page.getByLabel('Nom de la matière').fill('Histoire moderne');
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles([revolution, empire]);

      // Display names default to the file name without its extension, and can be changed.
      const firstName = page.getByLabel('Nom affiché pour cours-revolution.pdf');
      const secondName = page.getByLabel('Nom affiché pour chapitre 2 - empire.pdf');
      expect(await firstName.inputValue()).toBe('cours-revolution');
      expect(await secondName.inputValue()).toBe('chapitre 2 - empire');
      await secondName.fill("Chapitre 2 : l'Empire");

      // Uploads slowed down so the progress of each file can be watched.
      const unthrottle = await throttleUploads(context, page, 600_000);
      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();
      await expect
        .poll(() => progressOf(page, 'Envoi de cours-revolution'), { timeout: 20_000, interval: 50 })
        .toBeGreaterThan(0);
      await expect.poll(() => progressOf(page, 'Envoi de cours-revolution'), { interval: 50 }).toBeLessThan(100);
      expect(await page.getByRole('progressbar').count()).toBe(2);
      await screenshot(page, 'upload-progress', true);

      await page.getByText('Envoi réussi !').waitFor({ timeout: 30_000 });
      expect(await progressOf(page, 'Envoi de cours-revolution')).toBe(100);
      expect(await progressOf(page, "Envoi de Chapitre 2 : l'Empire")).toBe(100);
      await screenshot(page, 'upload-success', true);
      await unthrottle();

      // Two seconds later the subject opens: its coloured header, tabs and tiles.
      await page.waitForURL(/\/subject\/[^/]+$/, { timeout: 10_000 });
      const subjectId = new URL(page.url()).pathname.split('/').pop() as string;
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('HISTOIRE MODERNE');
      const tabs = page.getByRole('navigation', { name: 'Mes matières' });
      expect(await tabs.getByRole('link', { name: 'HISTOIRE MODERNE' }).getAttribute('aria-current')).toBe('page');
      expect(await tabs.getByRole('link', { name: 'Nouvelle matière' }).getAttribute('href')).toBe('/?newSubject=true');
      for (const tile of ['Poser une question', 'Quiz', 'Fiches de révision', 'Flashcards', 'Planning', 'Tâches de révision', 'Statistiques', 'Conversations', 'Podcast', 'Coach IA']) {
        expect(await page.getByRole('link', { name: new RegExp(`^${tile}`) }).count(), tile).toBe(1);
      }
      await screenshot(page, 'subject-page', true);

      await page.getByRole('link', { name: 'Voir mes fichiers' }).click();
      await page.waitForURL(`**/subject/${subjectId}/files`);
      const rows = page.getByTestId('file-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.title()).toBe('Mes fichiers · HISTOIRE MODERNE — Révise');
      await screenshot(page, 'files-processing', true);
      await expect
        .poll(async () => (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).join(','), { timeout: 90_000 })
        .toBe('ready,ready');
      const empireRow = rows.filter({ hasText: "Chapitre 2 : l'Empire" });
      const revolutionRow = rows.filter({ hasText: 'cours-revolution' });
      expect(await revolutionRow.getByTestId('file-pages').textContent()).toBe('3 pages');
      expect(await empireRow.getByTestId('file-pages').textContent()).toBe('2 pages');
      expect(await revolutionRow.textContent()).toContain('français');
      await screenshot(page, 'files-ready', true);

      // The viewer: page 1, then the next page; the URL carries the page, so a link opens there.
      await page.getByRole('button', { name: 'Voir cours-revolution' }).click();
      const viewer = dialog(page);
      await expect.poll(() => viewer.getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe('Page 1 / 3');
      await viewer.getByRole('button', { name: 'Page suivante' }).click();
      await expect.poll(() => viewer.getByTestId('viewer-page').textContent()).toBe('Page 2 / 3');
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      const viewUrl = page.url();
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('view')).toBeNull();

      await page.goto(viewUrl);
      await expect.poll(() => dialog(page).getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe('Page 2 / 3');
      const canvas = dialog(page).locator('canvas');
      await expect.poll(() => canvas.getAttribute('data-rendered-page'), { timeout: 20_000 }).toBe('2');
      // The page was drawn: some pixels of the canvas are dark (the text).
      const darkPixels = await page.evaluate(`(() => {
        const el = document.querySelector('[role="dialog"] canvas');
        const data = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) dark += 1;
        return dark;
      })()`);
      expect(darkPixels).toBeGreaterThan(500);
      await screenshot(page, 'viewer-page-2');
      await dialog(page).getByRole('button', { name: 'Fermer le lecteur' }).click();

      // Deleting asks first, then the file is gone.
      await page.getByRole('button', { name: "Supprimer Chapitre 2 : l'Empire" }).click();
      const confirm = dialog(page);
      await expect.poll(() => confirm.getByRole('heading').textContent()).toBe("Supprimer le fichier «\u00a0Chapitre 2 : l'Empire\u00a0» ?");
      await confirm.getByRole('button', { name: 'Supprimer le fichier' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('cours-revolution');
      expect((await listFiles(host, user, subjectId)).map((f) => f.display_name)).toEqual(['cours-revolution']);
    } finally {
      await context.close();
    }
  });

  it('turns three photos (PNG, sideways JPEG, HEIC) into one PDF of three pages, read by OCR, and deletes the subject', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      await page.goto(`${host.url}/?newSubject=true`);
      await page.getByLabel('Nom de la matière').fill('Biologie');
      await page.getByRole('button', { name: 'Mode photo' }).click();
      const photos = [
        pagePhoto('page-1.png', ['La cellule', 'La mitochondrie produit', "l'énergie de la cellule."], 'png'),
        // Taken with the phone sideways: the EXIF orientation must be applied for the page to read.
        pagePhoto('page-2.jpg', ['Le noyau', "Le noyau contient l'ADN", 'et controle la cellule.'], 'jpeg', { sideways: true }),
        // An iPhone photo: converted to JPEG in the browser.
        heicPagePhoto('IMG_0042.HEIC', ['La membrane', 'La membrane plasmique', 'entoure la cellule.']),
        { name: 'notes.heic', mimeType: 'image/heic', buffer: Buffer.from('not really a photo') },
      ];
      await page.getByLabel('Ajouter des photos').setInputFiles(photos);
      await expect.poll(() => page.getByRole('list', { name: 'Photos à assembler' }).getByRole('listitem').count()).toBe(4);
      await screenshot(page, 'photo-mode', true);

      // What the upload announces to the API: the presign request carries the page texts.
      const presigns: { text_pages?: string[] }[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/subjects\/[^/]+\/uploads$/.test(new URL(request.url()).pathname)) presigns.push(request.postDataJSON());
      });

      await page.getByRole('button', { name: 'Créer le PDF (4 photos)' }).click();
      // The text of each photo is read in the browser, with its progress shown.
      const reading = page.getByRole('status').getByText(/^Lecture du texte : photo [1-3] sur 4…$/);
      await reading.waitFor({ timeout: 120_000 });
      await screenshot(page, 'photo-reading-text', true);
      await page.getByText('PDF créé (3 pages) et ajouté aux fichiers à envoyer.').waitFor({ timeout: 300_000 });
      expect(await page.getByText("Certaines images n'ont pas pu être lues (format non pris en charge).").count()).toBe(1);
      const name = `Photos ${parisDate()}`;
      expect(await page.getByLabel(`Nom affiché pour ${name}.pdf`).inputValue()).toBe(name);
      expect(await page.getByTestId('upload-item').textContent()).toContain('Mode photo · 3 pages');
      await screenshot(page, 'photo-pdf-added', true);

      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();
      await page.getByText('Envoi réussi !').waitFor({ timeout: 30_000 });
      await page.waitForURL(/\/subject\/[^/]+$/, { timeout: 10_000 });
      const subjectId = new URL(page.url()).pathname.split('/').pop() as string;
      // One text per page of the PDF, each with its photo's words.
      expect(presigns).toHaveLength(1);
      const textPages = presigns[0].text_pages?.map((text) => text.toLowerCase());
      expect(textPages).toHaveLength(3);
      expect(textPages?.[0]).toContain('mitochondrie');
      expect(textPages?.[1]).toContain('noyau');
      expect(textPages?.[2]).toContain('membrane');

      await page.goto(`${host.url}/subject/${subjectId}/files`);
      const row = page.getByTestId('file-row');
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      expect(await row.getByTestId('file-pages').textContent()).toBe('3 pages');
      const [file] = await listFiles(host, user, subjectId);
      const pages = await api(host, `/api/subjects/${subjectId}/files/${file.id}/pages?from=1&to=3`, { token: user.accessToken });
      expect(pages.body.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
      expect(pages.body.pages[0].text.toLowerCase()).toContain('mitochondrie');
      expect(pages.body.pages[1].text.toLowerCase()).toContain('noyau');
      expect(pages.body.pages[2].text.toLowerCase()).toContain('membrane');
      // One photo per A4 page, all upright (portrait), each inside the 24 pt margins.
      const { url } = (await api(host, `/api/subjects/${subjectId}/files/${file.id}/download`, { token: user.accessToken })).body;
      const pdf = await PDFDocument.load(await (await fetch(url)).arrayBuffer());
      expect(pdf.getPages().map((p) => p.getSize())).toEqual([
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
      ]);

      // Deleting the subject: confirmation, the spec's message for 3 s, the card gone.
      await page.getByRole('banner').getByRole('link', { name: 'Mes matières' }).click();
      await page.waitForURL('**/subjects');
      const cards = page.getByTestId('subject-card');
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.getByTestId('subject-file-count').textContent()).toBe('1 fichier');
      await screenshot(page, 'subjects-grid', true);
      await page.getByRole('button', { name: 'Supprimer la matière BIOLOGIE' }).click();
      await dialog(page).getByRole('button', { name: 'Supprimer la matière' }).click();
      const message = page.getByText('Matière supprimée avec succès !');
      await message.waitFor();
      await screenshot(page, 'subject-deleted');
      await expect.poll(() => cards.count()).toBe(0);
      await page.getByRole('heading', { name: 'Aucune matière pour l’instant' }).waitFor();
      await expect.poll(() => message.count(), { timeout: 6_000 }).toBe(0);
      expect((await api(host, '/api/subjects', { token: user.accessToken })).body.subjects).toEqual([]);
    } finally {
      await context.close();
    }
  }, 480_000);

  it('a free account at its caps (5 subjects, 3 files a subject) sees the upgrade modal with the message inline', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const [maths] = await createSubjects(host, user, ['Maths', 'Physique', 'Chimie', 'Anglais', 'Histoire']);
      const refused = await api(host, '/api/subjects', { method: 'POST', token: user.accessToken, body: { name: 'Philosophie' }, headers: { 'accept-language': 'fr', 'x-revise-language': 'fr' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('subject_limit_reached');

      // A subject without files: the files page's empty state.
      await page.reload();
      const cards = page.getByTestId('subject-card');
      await expect.poll(() => cards.count()).toBe(5);
      await cards.filter({ hasText: 'MATHS' }).getByRole('link', { name: 'Mes fichiers : MATHS' }).click();
      await page.getByText('Aucun fichier dans cette matière').waitFor();
      // A subject that does not exist (or no longer does) says so.
      await page.goto(`${host.url}/subject/no-such-subject`);
      await page.getByText("Cette matière n'existe pas ou a été supprimée.").waitFor();

      await page.goto(`${host.url}/?newSubject=true`);
      await expect.poll(() => page.getByTestId('subject-usage').textContent()).toContain('5 / 5 matières');
      expect(await page.getByTestId('subject-usage').textContent()).toContain('Tu as atteint la limite de la formule gratuite.');
      await page.getByLabel('Nom de la matière').fill('Philosophie');
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles([await coursePdf('kant.pdf', 'Kant', ['La raison pure et ses limites selon Kant.'])]);
      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();

      const modal = dialog(page);
      await expect.poll(() => modal.getByRole('heading', { level: 2 }).first().textContent()).toBe('Passe à Premium');
      await expect.poll(() => modal.getByRole('alert').textContent()).toBe(refused.body.error.message);
      expect(await modal.getByText('Recommandé').count()).toBe(1);
      await screenshot(page, 'upgrade-modal');
      // The way to Premium is the checkout (test/e2e/payments.test.ts pays there).
      await modal.getByRole('button', { name: 'Passer à Premium' }).click();
      await page.waitForURL('**/dev/stripe/checkout/cs_test_*');
      expect((await api(host, '/api/subjects', { token: user.accessToken })).body.subjects).toHaveLength(5);

      // Three files per subject: the fourth file of one upload is refused, the three others stay.
      await page.goto(`${host.url}/subject/${maths.id}/upload`);
      await page.getByText('Formule gratuite : 0 / 3 fichiers dans cette matière.').waitFor();
      const chapters = await Promise.all([1, 2, 3, 4].map((n) => coursePdf(`chapitre-${n}.pdf`, `Chapitre ${n}`, [`Les nombres complexes, chapitre ${n} du cours de mathématiques.`])));
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles(chapters);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      const fileCap = 'Tu as atteint la limite de 3 fichiers par matière du plan gratuit. Passe à Premium pour en ajouter davantage.';
      await expect.poll(() => modal.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(fileCap);
      await modal.getByRole('button', { name: 'Plus tard' }).click();
      expect(await page.getByTestId('upload-item').filter({ hasText: 'chapitre-4.pdf' }).getByRole('alert').textContent()).toBe(fileCap);
      expect(await page.getByText("Certains fichiers n'ont pas pu être envoyés. Retire-les ou réessaie.").count()).toBe(1);
      expect((await listFiles(host, user, maths.id)).map((f) => f.display_name).sort()).toEqual(['chapitre-1', 'chapitre-2', 'chapitre-3']);
      await screenshot(page, 'upload-file-cap', true);
    } finally {
      await context.close();
    }
  });

  it("the upload form's own checks use the spec's words (English interface)", async () => {
    const { context, page } = await signedInStudent(host, browser, { language: 'en' });
    try {
      await page.goto(`${host.url}/?newSubject=true`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('New subject');
      const alert = page.getByRole('alert');
      await page.getByRole('button', { name: 'Create the subject and upload' }).click();
      await expect.poll(() => alert.textContent()).toBe('Please select at least one file and enter a subject name');

      const input = page.getByLabel(/Choose PDF files/);
      await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
      await expect.poll(() => alert.textContent()).toBe('Please select PDF files');

      const pdf = await coursePdf('lecture-1.pdf', 'Lecture 1', ['Photosynthesis turns light into chemical energy.']);
      await input.setInputFiles([pdf, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') }]);
      await page.getByText('1 file ignored: only PDF files are accepted').waitFor();
      expect(await page.getByLabel('Display name for lecture-1.pdf').inputValue()).toBe('lecture-1');
      await page.getByRole('button', { name: 'Create the subject and upload' }).click();
      await expect.poll(() => alert.textContent()).toBe('Please enter a subject name');
      await screenshot(page, 'new-subject-en', true);
    } finally {
      await context.close();
    }
  });
});
