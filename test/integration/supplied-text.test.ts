// Text supplied with an upload (photo mode reads its photos in the browser) through the laptop
// host: it overrides extraction page by page, the pages without it are read by the
// server's OCR as before, text beyond the limits is refused before anything is created, and the
// record does not keep the supplied text once the file is read.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SUPPLIED_TEXT_LIMITS } from '../../functions/core/files.js';
import { findFile } from '../../functions/platform/store/files.js';
import { scannedPdf } from '../support/fixtures.js';
import { api, newUser, type TestHost, type TestUser } from '../support/host.js';
import { makePremium, useTestHost } from '../support/study.js';
import { createSubject, postToStorage, waitForFinal } from '../support/uploads.js';

let host: TestHost;
let user: TestUser;
let subjectId: string;

useTestHost(async (started) => {
  host = started;
  user = await newUser(host);
  await makePremium(user);
  subjectId = (await createSubject(host, user.accessToken, 'Photos')).id;
});

/** A PDF of scanned pages, each photo showing one line, as photo mode builds it. */
async function photoPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const line of lines) {
    const source = await PDFDocument.load(await scannedPdf([line]));
    const [page] = await doc.copyPages(source, [0]);
    doc.addPage(page);
  }
  return doc.save();
}

const startUpload = (body: Record<string, unknown>) =>
  api(host, `/api/subjects/${subjectId}/uploads`, { token: user.accessToken, method: 'POST', body });

const listFiles = async () => (await api(host, `/api/subjects/${subjectId}/files`, { token: user.accessToken })).body.files as { id: string }[];

describe('text supplied with an upload', () => {
  it('replaces what extraction would read on its pages; a page without it is read by OCR', async () => {
    const pdf = await photoPdf(['Photo one', 'The nucleus holds the DNA of the cell']);
    const start = await startUpload({
      file_name: 'Photos.pdf',
      size: pdf.byteLength,
      content_type: 'application/pdf',
      // The browser read page 1 only.
      text_pages: ['La mitochondrie produit l’énergie de la cellule.', ''],
    });
    expect(start.status).toBe(201);
    expect(await postToStorage(start.body.upload, pdf, 'Photos.pdf')).toBeLessThan(300);
    const complete = await api(host, `/api/subjects/${subjectId}/files/${start.body.file.id}/complete`, { token: user.accessToken, method: 'POST' });
    expect(complete.status).toBe(200);

    const view = await waitForFinal(host, user.accessToken, subjectId, start.body.file.id, 90_000);
    expect(view).toMatchObject({ status: 'ready', page_count: 2 });
    const pages = await api(host, `/api/subjects/${subjectId}/files/${start.body.file.id}/pages`, { token: user.accessToken });
    expect(pages.body.pages[0]).toMatchObject({ page: 1, text: 'La mitochondrie produit l’énergie de la cellule.', ocr: true });
    // Page 2 had no supplied text: the server's OCR read the photo itself.
    expect(pages.body.pages[1].ocr).toBe(true);
    expect(pages.body.pages[1].text.toLowerCase()).toContain('nucleus');
    // Once read, the record no longer carries the supplied text.
    const record = await findFile(user.sub, subjectId, start.body.file.id);
    expect(record?.supplied_text).toBeUndefined();
  });

  it('is refused beyond its limits with the invalid-input message, and nothing is created', async () => {
    const before = await listFiles();
    const tooLong = 'é'.repeat(SUPPLIED_TEXT_LIMITS.charsPerPage + 1);
    // 11 pages of 19,999 'é': within the request size, over the 200,000 bytes of text.
    const tooMuch = Array.from({ length: 11 }, () => 'é'.repeat(SUPPLIED_TEXT_LIMITS.charsPerPage - 1));
    const tooManyPages = Array.from({ length: SUPPLIED_TEXT_LIMITS.pages + 1 }, () => 'x');
    for (const text_pages of [[tooLong], tooMuch, tooManyPages, 'not a list', [42]]) {
      const r = await startUpload({ file_name: 'Photos.pdf', size: 1000, content_type: 'application/pdf', text_pages });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid_input');
      expect(r.body.error.message).toMatch(/^Données invalides : /);
    }
    expect(await listFiles()).toEqual(before);
  });
});
