// What extraction makes of a PDF: the pages with fewer than 3 words go to OCR, OCR text replaces
// a page's text only when it reads more, the language is the whole text's, and an OCR service
// failure fails the file only when nothing at all could be read. The OCR provider is a fake here;
// the real ones are tested in ocr-providers.test.ts and through the laptop host.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords, MIN_WORDS_PER_PAGE } from '../../../functions/core/files.js';
import { closeExtraction, decodeEventKey, extractPdf } from '../../../functions/pipelines/extract-upload.js';
import type { OcrJob, OcrProvider } from '../../../functions/platform/ocr/index.js';
import { coursePdf, ENGLISH_COURSE, FRENCH_COURSE, scannedPdf } from '../../support/fixtures.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'revise-extract-test-'));
});

afterAll(async () => {
  await closeExtraction();
  await rm(dir, { recursive: true, force: true });
});

async function saved(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** An OCR provider that answers from a table and records what it was asked. */
function fakeOcr(answers: Record<number, string>, opts: { fail?: boolean } = {}): OcrProvider & { jobs: OcrJob[]; rendered: number[] } {
  const jobs: OcrJob[] = [];
  const rendered: number[] = [];
  return {
    name: 'local',
    jobs,
    rendered,
    async recognize(job) {
      jobs.push(job);
      if (opts.fail) throw new Error('OCR service unavailable');
      const out = new Map<number, string>();
      for (const page of job.pages) {
        await job.renderPage(page);
        rendered.push(page);
        if (answers[page] !== undefined) out.set(page, answers[page]);
      }
      return out;
    },
  };
}

/** `n` scanned pages (images only), as photo mode makes them. */
async function scannedPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i++) {
    const source = await PDFDocument.load(await scannedPdf([`Photo ${i + 1}`]));
    const [page] = await doc.copyPages(source, [0]);
    doc.addPage(page);
  }
  return doc.save();
}

const options = (ocr: OcrProvider, profileLanguage: string | null = 'fr') => ({
  sizeBytes: 1,
  object: { bucket: 'uploads', key: 'u/s/1-a-x.pdf' },
  profileLanguage: async () => profileLanguage,
  ocr,
});

describe('extractPdf', () => {
  it('reads a text PDF without OCR and detects its language', async () => {
    const ocr = fakeOcr({});
    const result = await extractPdf(await saved('fr.pdf', await coursePdf(FRENCH_COURSE)), options(ocr));
    expect(ocr.jobs).toEqual([]);
    expect(result).toMatchObject({ pageCount: 3, language: 'fr', successfulPages: 3, ocrPages: 0 });
    expect(result.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(result.text.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(result.text).toContain('la division cellulaire');
  });

  it('sends the page without text to OCR in the profile’s language order', async () => {
    const ocr = fakeOcr({ 2: 'The mitochondria is the powerhouse of the cell' });
    const file = await saved('scan.pdf', await scannedPdf(undefined, { textPages: ENGLISH_COURSE.slice(0, 1) }));
    const result = await extractPdf(file, options(ocr, 'en'));
    expect(ocr.jobs).toHaveLength(1);
    expect(ocr.jobs[0]).toMatchObject({ pages: [2], pageCount: 2, languages: 'eng+fra', object: { bucket: 'uploads', key: 'u/s/1-a-x.pdf' } });
    expect(ocr.rendered).toEqual([2]);
    expect(result.pages[1]).toMatchObject({ page: 2, text: 'The mitochondria is the powerhouse of the cell', ocr: true });
    // The recognised text is a paragraph of the document model, like any other page's.
    expect(result.pages[1].spans).toEqual([{ start: 0, end: 46, kind: 'paragraph' }]);
    expect(result).toMatchObject({ successfulPages: 2, ocrPages: 1, language: 'en' });
  });

  it('uses French first for a French or unknown profile', async () => {
    const ocr = fakeOcr({ 1: 'La mitochondrie produit de l’énergie' });
    await extractPdf(await saved('scan-fr.pdf', await scannedPdf()), options(ocr, null));
    expect(ocr.jobs[0].languages).toBe('fra+eng');
  });

  it(`sends a page with fewer than ${MIN_WORDS_PER_PAGE} words to OCR, and keeps its text if OCR reads less`, async () => {
    const file = await saved('short.pdf', await coursePdf(['Figure 3\n', 'Chapitre\nUne page avec assez de mots pour compter.']));
    const ocr = fakeOcr({ 1: 'Fig' });
    const result = await extractPdf(file, options(ocr));
    expect(ocr.jobs[0].pages).toEqual([1]);
    expect(countWords(result.pages[0].text)).toBe(2);
    expect(result.pages[0]).toMatchObject({ text: 'Figure 3', ocr: false });
    expect(result).toMatchObject({ successfulPages: 1, ocrPages: 0 });
  });

  it('keeps the pages it could read when the OCR service fails', async () => {
    const file = await saved('mixed.pdf', await scannedPdf(undefined, { textPages: FRENCH_COURSE.slice(0, 2) }));
    const result = await extractPdf(file, options(fakeOcr({}, { fail: true })));
    expect(result).toMatchObject({ pageCount: 3, successfulPages: 2, ocrPages: 0 });
    expect(result.pages[2]).toMatchObject({ page: 3, text: '', ocr: false, spans: [] });
  });

  it('fails with the OCR message when OCR was needed for everything and failed', async () => {
    const file = await saved('only-scan.pdf', await scannedPdf());
    await expect(extractPdf(file, options(fakeOcr({}, { fail: true })))).rejects.toMatchObject({ code: 'ocr_failed' });
  });

  it('uses the text supplied with the upload in place of its own reading, and OCRs only the other pages', async () => {
    // Three scanned pages; the browser read pages 1 and 3 (page 2's entry is empty).
    const file = await saved('photos.pdf', await scannedPages(3));
    const ocr = fakeOcr({ 2: 'Le noyau contient le matériel génétique' });
    const result = await extractPdf(file, {
      ...options(ocr),
      supplied: ['La mitochondrie\u00ad produit  l’énergie de la cellule', '  ', 'La membrane entoure la cellule'],
    });
    expect(ocr.jobs.map((j) => j.pages)).toEqual([[2]]);
    expect(result.pages.map(({ page, text, ocr }) => ({ page, text, ocr }))).toEqual([
      { page: 1, text: 'La mitochondrie produit l’énergie de la cellule', ocr: true },
      { page: 2, text: 'Le noyau contient le matériel génétique', ocr: true },
      { page: 3, text: 'La membrane entoure la cellule', ocr: true },
    ]);
    expect(result).toMatchObject({ pageCount: 3, successfulPages: 3, ocrPages: 3, language: 'fr' });
  });

  it('lets supplied text override a text page too, and ignores entries beyond the last page', async () => {
    const ocr = fakeOcr({});
    const file = await saved('supplied-text.pdf', await coursePdf(FRENCH_COURSE.slice(0, 1)));
    const result = await extractPdf(file, { ...options(ocr), supplied: ['Texte relu par l’étudiant sur la cellule', 'Une page qui n’existe pas'] });
    expect(ocr.jobs).toEqual([]);
    expect(result.pages.map(({ page, text, ocr }) => ({ page, text, ocr }))).toEqual([{ page: 1, text: 'Texte relu par l’étudiant sur la cellule', ocr: true }]);
  });

  it('does not keep a PDF worker while waiting for OCR: other files are read meanwhile', async () => {
    // Two scans wait on a slow OCR service (Textract reading the stored object, no rendering)…
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowOcr: OcrProvider = {
      name: 'textract',
      async recognize(job) {
        await held;
        return new Map(job.pages.map((p) => [p, 'Texte lu par le service de reconnaissance']));
      },
    };
    const scans = [await saved('attente-1.pdf', await scannedPdf()), await saved('attente-2.pdf', await scannedPdf())];
    const waiting = scans.map((file) => extractPdf(file, options(slowOcr)));
    // …while a text PDF is read to the end.
    const other = await extractPdf(await saved('pendant.pdf', await coursePdf(FRENCH_COURSE)), options(fakeOcr({})));
    expect(other).toMatchObject({ pageCount: 3, successfulPages: 3 });
    release();
    for (const result of await Promise.all(waiting)) expect(result.pages[0]).toMatchObject({ text: 'Texte lu par le service de reconnaissance', ocr: true });
  });

  it('is ready with an undetermined language when a scan holds no words', async () => {
    const file = await saved('blank-scan.pdf', await scannedPdf(['']));
    const result = await extractPdf(file, options(fakeOcr({ 1: '' })));
    expect(result).toMatchObject({ pageCount: 1, successfulPages: 0, language: 'und', text: '' });
  });
});

describe('decodeEventKey', () => {
  it('decodes keys as S3 notifications encode them', () => {
    expect(decodeEventKey('user/subject/1795306361853-01a1a4bc-Cours+de+biologie.pdf')).toBe('user/subject/1795306361853-01a1a4bc-Cours de biologie.pdf');
    expect(decodeEventKey('u/s/1-a-r%C3%A9sum%C3%A9%2B1.pdf')).toBe('u/s/1-a-résumé+1.pdf');
  });
});

describe('page limit', () => {
  it('matches the 4-digit page numbers of the pages table', async () => {
    const { MAX_PAGES } = await import('../../../functions/pipelines/extraction.js');
    const { MAX_STORED_PAGE, pageSortKey } = await import('../../../functions/platform/store/pages.js');
    expect(MAX_PAGES).toBe(MAX_STORED_PAGE);
    expect(pageSortKey('f', MAX_STORED_PAGE)).toBe('f#9999');
    expect(pageSortKey('f', 2) < pageSortKey('f', 10)).toBe(true);
  });
});
