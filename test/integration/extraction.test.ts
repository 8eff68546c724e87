// Extraction through the laptop host: a stored PDF raises the storage event, the same handler the
// cloud runs reads it, and the file becomes ready with its per-page text and language, or failed
// with the message the student sees. Files arrive either as the browser sends them (presigned
// POST, then completion) or, for bytes the API would refuse, put straight into the bucket beside
// a record, as a misbehaving client or a race could leave them.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { newFileId, PROCESSING_LEASE_MS, storagePath } from '../../functions/core/files.js';
import { handler } from '../../functions/pipelines/extract-upload.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { claimProcessing, deleteFileRecord, findFile, insertFileRecord, newUploadRecord, type FileRecord } from '../../functions/platform/store/files.js';
import { listPages } from '../../functions/platform/store/pages.js';
import {
  corruptPdf,
  emptyFile,
  ENGLISH_COURSE,
  englishCoursePdf,
  FRENCH_COURSE,
  frenchCoursePdf,
  notAPdf,
  protectedPdf,
  scannedPdf,
} from '../support/fixtures.js';
import { api } from '../support/host.js';
import { objectCreatedEvent, storeDirectly } from '../support/stored-files.js';
import { useStudentWithSubject } from '../support/student-host.js';
import { createSubject, uploadAndWait as upload, uploadFile, waitForFinal } from '../support/uploads.js';

const setup = useStudentWithSubject('Extraction', { checkOrphans: true });

const fileView = (fileId: string) => api(setup.host, `/api/subjects/${setup.subjectId}/files/${fileId}`, { token: setup.user.accessToken });
const pagesOf = (fileId: string, query = '') => api(setup.host, `/api/subjects/${setup.subjectId}/files/${fileId}/pages${query}`, { token: setup.user.accessToken });

/** Uploads as the browser does and waits for the file to be ready or failed. */
async function uploadAndWait(name: string, bytes: Uint8Array, timeoutMs = 30_000) {
  return (await upload(setup.host, setup.user.accessToken, setup.subjectId, name, bytes, timeoutMs)).view;
}


async function waitForRecord(file: FileRecord, timeoutMs = 30_000): Promise<FileRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const current = await findFile(file.user_id, file.subject_id, file.id);
    if (current && (current.status === 'ready' || current.status === 'failed')) return current;
    if (Date.now() > until) throw new Error(`file ${file.id} still ${current?.status ?? 'missing'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}


async function objectExists(key: string): Promise<boolean> {
  try {
    await storage().send(new HeadObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

const firstWords = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');

describe('text PDFs uploaded from the browser', () => {
  it('a French course becomes ready with its pages, their text and the language', async () => {
    const view = await uploadAndWait('Biologie cellulaire.pdf', await frenchCoursePdf());
    expect(view).toMatchObject({ status: 'ready', error: null, language: 'fr', page_count: FRENCH_COURSE.length });
    const all = await pagesOf(view.id);
    expect(all.status).toBe(200);
    expect(all.body.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    FRENCH_COURSE.forEach((source, i) => {
      const text: string = all.body.pages[i].text;
      expect(text.startsWith(source.split('\n')[0])).toBe(true);
      // Words stay whole and in order, line breaks or not.
      expect(text.replace(/\s+/g, ' ')).toContain(firstWords(source.split('\n')[1], 12));
      expect(all.body.pages[i].ocr).toBe(false);
    });
    const second = await pagesOf(view.id, '?from=2&to=2');
    expect(second.body.pages).toHaveLength(1);
    expect(second.body.pages[0].text).toContain('respiration cellulaire');
  });

  it('an English course is detected as English, page by page', async () => {
    const view = await uploadAndWait('Economics 101.pdf', await englishCoursePdf());
    expect(view).toMatchObject({ status: 'ready', language: 'en', page_count: ENGLISH_COURSE.length });
    const pages = (await pagesOf(view.id)).body.pages as { page: number; text: string }[];
    expect(pages).toHaveLength(4);
    expect(pages[1].text).toContain('Price elasticity of demand measures');
    expect(pages[3].text).toContain('government intervention');
    const record = await findFile(setup.user.sub, setup.subjectId, view.id);
    expect(record).toMatchObject({ successful_pages: 4, ocr_pages: 0, page_count: 4 });
    expect(record?.text_content).toContain('supply and demand');
    expect(record?.text_content).toContain('market equilibrium');
  });
});

describe('scanned pages', () => {
  it('a page that is only an image is read by OCR, beside a text page', async () => {
    const view = await uploadAndWait('scan.pdf', await scannedPdf(undefined, { textPages: ENGLISH_COURSE.slice(0, 1) }), 90_000);
    expect(view).toMatchObject({ status: 'ready', page_count: 2, language: 'en' });
    const pages = (await pagesOf(view.id)).body.pages as { page: number; text: string; ocr: boolean }[];
    expect(pages[0].ocr).toBe(false);
    expect(pages[1].ocr).toBe(true);
    const words = pages[1].text.toLowerCase().replace(/\s+/g, ' ');
    expect(words).toContain('the mitochondria is the');
    expect(words).toContain('powerhouse of the cell');
    expect(words).toContain('and produces energy');
    const record = await findFile(setup.user.sub, setup.subjectId, view.id);
    expect(record).toMatchObject({ successful_pages: 2, ocr_pages: 1 });
  }, 120_000);
});

describe('files that cannot be read', () => {
  it.each([
    ['a corrupt PDF', 'abîmé.pdf', corruptPdf],
    ['a password-protected PDF', 'protégé.pdf', protectedPdf],
  ])('%s fails with the load error, and nothing is half-written', async (_what, name, make) => {
    const view = await uploadAndWait(name, await make());
    expect(view.status).toBe('failed');
    expect(view.error).toEqual({
      code: 'pdf_unreadable',
      message: 'Impossible de lire le contenu du fichier PDF (erreur de chargement). Veuillez vérifier que le fichier est valide et non corrompu.',
    });
    expect((await pagesOf(view.id)).body.pages).toEqual([]);
    const record = await findFile(setup.user.sub, setup.subjectId, view.id);
    expect(record).toMatchObject({ text_content: null, page_count: null, language: null });
  });

  it('bytes that are not a PDF, stored under a .pdf name, fail as not a PDF', async () => {
    const file = await storeDirectly(setup.user.sub, setup.subjectId, 'photo.pdf', notAPdf());
    const final = await waitForRecord(file);
    expect(final).toMatchObject({ status: 'failed', error_code: 'pdf_only', text_content: null, page_count: null });
    const view = await fileView(file.id);
    expect(view.body.error.message).toBe('Seuls les fichiers PDF sont acceptés');
    expect(await listPages(setup.user.sub, setup.subjectId, file.id)).toEqual([]);
  });

  it('an empty file fails as empty or invalid', async () => {
    const file = await storeDirectly(setup.user.sub, setup.subjectId, 'vide.pdf', emptyFile());
    const final = await waitForRecord(file);
    expect(final).toMatchObject({ status: 'failed', error_code: 'pdf_invalid', page_count: null });
    expect((await fileView(file.id)).body.error.message).toBe('Fichier PDF vide ou invalide.');
    expect(await listPages(setup.user.sub, setup.subjectId, file.id)).toEqual([]);
  });
});

describe('pages of deleted files', () => {
  it('go with their file, and with their subject', async () => {
    const subject = (await createSubject(setup.host, setup.user.accessToken, 'Éphémère')).id;
    const upload = async (name: string, bytes: Uint8Array) => {
      const { start } = await uploadFile(setup.host, setup.user.accessToken, subject, name, bytes);
      return waitForFinal(setup.host, setup.user.accessToken, subject, start.body.file.id);
    };
    const a = await upload('a.pdf', await frenchCoursePdf());
    const b = await upload('b.pdf', await englishCoursePdf());
    expect((await listPages(setup.user.sub, subject)).length).toBe(FRENCH_COURSE.length + ENGLISH_COURSE.length);

    const removed = await api(setup.host, `/api/subjects/${subject}/files/${a.id}`, { token: setup.user.accessToken, method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await listPages(setup.user.sub, subject, a.id)).toEqual([]);
    expect((await listPages(setup.user.sub, subject, b.id)).length).toBe(ENGLISH_COURSE.length);

    expect((await api(setup.host, `/api/subjects/${subject}`, { token: setup.user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect(await listPages(setup.user.sub, subject)).toEqual([]);
  });
});

describe('storage events', () => {
  it('a duplicate event for a file already read changes nothing', async () => {
    const file = await storeDirectly(setup.user.sub, setup.subjectId, 'doublon.pdf', await frenchCoursePdf());
    const ready = await waitForRecord(file);
    expect(ready.status).toBe('ready');
    const pagesBefore = await listPages(setup.user.sub, setup.subjectId, file.id);
    await handler(objectCreatedEvent(file.storage_path));
    const after = await findFile(setup.user.sub, setup.subjectId, file.id);
    expect(after).toEqual(ready);
    expect(await listPages(setup.user.sub, setup.subjectId, file.id)).toEqual(pagesBefore);
  });

  it('events delivered twice at once still give one ready file with its pages once', async () => {
    const file = await storeDirectly(setup.user.sub, setup.subjectId, 'deux-fois.pdf', await englishCoursePdf());
    // The host's own notification and two more deliveries of the same event.
    await Promise.all([handler(objectCreatedEvent(file.storage_path)), handler(objectCreatedEvent(file.storage_path))]);
    const final = await waitForRecord(file);
    expect(final).toMatchObject({ status: 'ready', page_count: 4, language: 'en' });
    const pages = await listPages(setup.user.sub, setup.subjectId, file.id);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
  });

  it('a file being read belongs to its reader: another delivery is ignored, a retry of that reader or a later one after the lease takes it', async () => {
    const now = new Date();
    const record = newUploadRecord({ userId: setup.user.sub, subjectId: setup.subjectId, id: newFileId(now, randomBytes(4).toString('hex')), fileName: 'bail.pdf', displayName: 'bail', size: 1, now });
    await insertFileRecord(record);
    try {
      const first = await claimProcessing(record, now, 'invocation-a');
      expect(first).toMatchObject({ status: 'processing', processing_owner: 'invocation-a' });
      // The same event delivered again meanwhile: another invocation, turned away.
      expect(await claimProcessing(first!, new Date(now.getTime() + 60_000), 'invocation-b')).toBeNull();
      // Lambda retrying the same invocation after a failure takes the file back.
      expect(await claimProcessing(first!, new Date(now.getTime() + 120_000), 'invocation-a')).toMatchObject({ processing_owner: 'invocation-a' });
      // Once the lease has run out, the reader is gone: another delivery takes over, and the
      // processing time-out still counts from the first start.
      const later = new Date(now.getTime() + 120_000 + PROCESSING_LEASE_MS + 1_000);
      expect(await claimProcessing(first!, later, 'invocation-c')).toMatchObject({ processing_owner: 'invocation-c', processing_started_at: now.toISOString() });
    } finally {
      await deleteFileRecord(record);
    }
  });

  it('an object stored without a file record is deleted', async () => {
    const key = storagePath(setup.user.sub, setup.subjectId, newFileId(new Date(), randomBytes(4).toString('hex')), 'sans dossier.pdf');
    await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Body: await frenchCoursePdf() }));
    const until = Date.now() + 10_000;
    while ((await objectExists(key)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await objectExists(key)).toBe(false);
  });

  it('objects that are not course files are left alone', async () => {
    const keys = [`${setup.user.sub}/exports/notes.txt`, storagePath(setup.user.sub, setup.subjectId, newFileId(new Date(), 'a1b2c3d4'), 'episode.mp3')];
    for (const key of keys) {
      await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Body: 'not a course' }));
      await handler(objectCreatedEvent(key));
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const key of keys) {
      expect(await objectExists(key)).toBe(true);
      await storage().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
    }
  });
});
