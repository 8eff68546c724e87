// Browser journey of "Take your work with you" (issue 24): a student exports a subject's deck from
// the flashcards page (the CSV the browser saves is read back, the Anki package opened as a zip
// holding its SQLite collection), then every subject's cards from the profile (the package opened:
// the subject's deck and its card), then
// prepares the archive of the whole account from the profile, sees it ready, downloads it through
// its signed link and finds in the zip the README, the course PDF and the card; a second archive
// cannot be asked for while one is being prepared.
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPackage } from '../support/anki-package.js';
import { api } from '../support/host.js';
import { readyCourse, signedInStudent } from './files-helpers.js';
import { shoot, useJourneyHost, type TestHost } from './helpers.js';

const COURSE = {
  subject: 'Histoire',
  file: 'La Révolution',
  title: 'La Révolution française',
  pages: [
    'La Révolution française commence en 1789 avec la réunion des États généraux. La prise de la Bastille a lieu le 14 juillet 1789.',
    'La Déclaration des droits de l’homme et du citoyen est adoptée le 26 août 1789. Elle affirme que les hommes naissent libres et égaux en droits.',
  ],
};

describe('taking your work with you', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('exports a deck as CSV and as an Anki package from the flashcards page, every subject’s cards and the whole account as a zip from the profile', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId } = await readyCourse(host, user, COURSE);
      const card = await api(host, `/api/subjects/${subjectId}/cards`, { method: 'POST', token: user.accessToken, body: { front: 'Date de la prise de la Bastille ?', back: 'Le 14 juillet 1789.' } });
      expect(card.status).toBe(201);

      // The deck, as a CSV the browser saves under the subject's name.
      await page.goto(`${host.url}/subject/${subjectId}/flashcards`);
      await page.getByTestId('cards-export').click();
      const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
      expect(csvDownload.suggestedFilename()).toBe('HISTOIRE.csv');
      const csv = await readFile((await csvDownload.path())!, 'utf8');
      const rows = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((line) => line.split('\t'));
      expect(rows.some((r) => r[0] === 'Date de la prise de la Bastille ?' && r[1] === 'Le 14 juillet 1789.')).toBe(true);
      // And as an Anki package: a zip holding the SQLite collection.
      if (!(await page.getByRole('button', { name: 'Anki (.apkg)' }).isVisible())) await page.getByTestId('cards-export').click();
      const [apkgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Anki (.apkg)' }).click()]);
      expect(apkgDownload.suggestedFilename()).toBe('HISTOIRE.apkg');
      const apkg = unzipSync(new Uint8Array(await readFile((await apkgDownload.path())!)));
      expect(Object.keys(apkg).sort()).toEqual(['collection.anki2', 'media']);
      expect(Buffer.from(apkg['collection.anki2'].subarray(0, 15)).toString('latin1')).toBe('SQLite format 3');

      // Every subject's cards, from the profile: an Anki package of one deck per subject.
      await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
      await page.waitForURL('**/profile');
      const cardsCard = page.getByTestId('cards-export-card');
      await cardsCard.getByRole('heading', { name: 'Mes cartes' }).waitFor();
      await cardsCard.getByRole('button', { name: 'Exporter mes cartes' }).click();
      const [allDownload] = await Promise.all([page.waitForEvent('download'), cardsCard.getByRole('button', { name: 'Anki (.apkg)' }).click()]);
      expect(allDownload.suggestedFilename()).toMatch(/^revise-cartes-\d{4}-\d{2}-\d{2}\.apkg$/);
      const all = await openPackage(new Uint8Array(await readFile((await allDownload.path())!)));
      expect(all.notes.map((n) => [all.deckNames[String(n.deck)], n.fields[0], n.fields[1]])).toEqual([['HISTOIRE', 'Date de la prise de la Bastille ?', 'Le 14 juillet 1789.']]);

      // The whole account, from the profile.
      const card2 = page.getByTestId('data-export-card');
      await card2.getByRole('heading', { name: 'Télécharger mes données' }).waitFor();
      await card2.getByTestId('data-export-start').click();
      // While it is prepared (its progress shown), no second archive can be asked for; then it is ready for a day.
      const ready = card2.getByTestId('data-export-download');
      await card2.locator('progress, [data-testid="data-export-download"]').first().waitFor();
      if (await card2.locator('progress').isVisible()) expect(await card2.getByTestId('data-export-start').isDisabled()).toBe(true);
      await ready.waitFor({ timeout: 60_000 });
      expect(await card2.getByTestId('data-export-start').textContent()).toBe('Préparer une nouvelle archive');
      expect(await card2.getByRole('status').textContent()).toMatch(/^Ton archive est prête, téléchargeable jusqu'au .+ \(\d+(,\d)? Ko\)$/);
      await shoot(page, 'profile-data-export-ready');
      const [zipDownload] = await Promise.all([page.waitForEvent('download'), ready.click()]);
      expect(zipDownload.suggestedFilename()).toMatch(/^revise-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = unzipSync(new Uint8Array(await readFile((await zipDownload.path())!)));
      expect(Buffer.from(zip['README.txt']).toString('utf8')).toMatch(/^Révise — tes données/);
      const files = JSON.parse(Buffer.from(zip['files.json']).toString('utf8')) as { display_name: string; size: number; path_in_archive: string }[];
      expect(files.map((f) => [f.display_name, f.path_in_archive])).toEqual([['La Révolution', 'files/HISTOIRE/La Révolution.pdf']]);
      const pdf = zip['files/HISTOIRE/La Révolution.pdf'];
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBe(files[0].size);
      const cards = JSON.parse(Buffer.from(zip['cards.json']).toString('utf8')) as { front: string }[];
      expect(cards.map((c) => c.front)).toEqual(['Date de la prise de la Bastille ?']);
    } finally {
      await context.close();
    }
  });
});
