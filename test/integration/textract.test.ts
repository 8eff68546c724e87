// Scanned pages read by Amazon Textract, through the laptop host: the host runs with
// OCR_PROVIDER=textract and TEXTRACT_ENDPOINT pointed at a stand-in speaking Textract's wire format
// (test/support/textract-fake.ts), which reads the stored object from the host's bucket. The real
// Textract client serializes, signs and retries; the product decides which pages go to OCR, which
// operation reads them, and what the student sees when Textract fails.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newFileId, storagePath } from '../../functions/core/files.js';
import { handler } from '../../functions/pipelines/extract-upload.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { textractProvider } from '../../functions/platform/ocr/textract.js';
import { findFile } from '../../functions/platform/store/files.js';
import { listPages } from '../../functions/platform/store/pages.js';
import { coursePdf, FRENCH_COURSE, renderTextImage, SCANNED_LINES, scannedPdf } from '../support/fixtures.js';
import { api, newPremiumUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { findOrphans } from '../support/invariants.js';
import { objectCreatedEvent, storeDirectly } from '../support/stored-files.js';
import { errors, useTextractFake, type TextractCall, type TextractFake } from '../support/textract-fake.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';

let textractS3: S3Client | undefined;

/** The stored object, as Textract reads it from the bucket (with a client of its own); null when there is none. */
async function readObject(bucket: string, key: string): Promise<Uint8Array | null> {
  textractS3 ??= new S3Client({ region: config().AWS_REGION, endpoint: config().S3_ENDPOINT, forcePathStyle: true, responseChecksumValidation: 'WHEN_REQUIRED' });
  try {
    const out = await textractS3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : null;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}

let fake: TextractFake;
// Requests must be signed with the key pair the host gives the handlers.
useTextractFake(
  {
    readObject,
    credentials: () => ({ accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '' }),
  },
  (f) => (fake = f),
);

let host: TestHost;
let user: TestUser;
let subjectId: string;

beforeAll(async () => {
  host = await startTestHost({ env: { OCR_PROVIDER: 'textract', TEXTRACT_ENDPOINT: fake.url, TEXTRACT_POLL_MS: '20' } });
  user = await newPremiumUser(host);
  subjectId = (await createSubject(host, user.accessToken, 'Textract')).id;
});

afterEach(async () => {
  vi.restoreAllMocks();
  fake.release();
  const orphans = await findOrphans();
  expect(orphans.objectsWithoutRecord).toEqual([]);
  expect(orphans.recordsWithoutObject).toEqual([]);
});

afterAll(async () => {
  textractS3?.destroy();
  await host?.stop();
});

/** Two scanned pages of a French course, as photographed (the text Textract reads on them). */
const SCAN_A = ['Chapitre 4 : la génétique', "L'ADN est la molécule qui porte", "l'information génétique de la cellule"];
const SCAN_B = ["Chapitre 5 : l'évolution", 'La sélection naturelle trie les variations', 'héritables au fil des générations'];

/** A PDF of text pages (a string: heading, then body) and scanned pages (lines drawn as an image). */
async function mixedPdf(layout: (string | { scan: string[] })[]): Promise<Uint8Array> {
  const texts = layout.filter((entry): entry is string => typeof entry === 'string');
  const source = texts.length > 0 ? await PDFDocument.load(await coursePdf(texts)) : null;
  const doc = await PDFDocument.create();
  let next = 0;
  for (const entry of layout) {
    if (typeof entry === 'string') {
      const [page] = await doc.copyPages(source!, [next++]);
      doc.addPage(page);
      continue;
    }
    const png = await doc.embedPng(renderTextImage(entry.scan));
    const page = doc.addPage([595.28, 841.89]);
    const width = 595.28 - 48;
    const height = (png.height / png.width) * width;
    page.drawImage(png, { x: 24, y: 841.89 - 24 - height, width, height });
  }
  return doc.save();
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();
const pagesOf = async (fileId: string) =>
  (await api(host, `/api/subjects/${subjectId}/files/${fileId}/pages`, { token: user.accessToken })).body.pages as { page: number; text: string; ocr: boolean }[];

/** Uploads as the browser does and waits for the file to be ready or failed. */
async function uploadAndWait(name: string, bytes: Uint8Array) {
  const { start, complete } = await uploadFile(host, user.accessToken, subjectId, name, bytes);
  expect(start.status).toBe(201);
  expect(complete?.status).toBe(200);
  return waitForFinal(host, user.accessToken, subjectId, start.body.file.id);
}

/** Where the file's document is stored, as Textract must be told. */
async function storedAt(fileId: string) {
  const record = await findFile(user.sub, subjectId, fileId);
  return { Bucket: config().UPLOADS_BUCKET, Name: record!.storage_path };
}



async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const limit = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > limit) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One SDK call: its attempts share an invocation id and count up in amz-sdk-request. */
const attempts = (calls: TextractCall[]) => calls.map((c) => [c.headers['amz-sdk-invocation-id'], c.headers['amz-sdk-request'], c.status, c.errorType]);

describe('a one-page scan', () => {
  it('is read synchronously where it is stored, and the file becomes ready with the text Textract read', async () => {
    fake.script({ text: { 1: SCANNED_LINES.join('\n') } });
    const view = await uploadAndWait('scan.pdf', await scannedPdf());
    expect(view).toMatchObject({ status: 'ready', error: null, page_count: 1 });

    expect(fake.calls.map((c) => [c.operation, c.status])).toEqual([['DetectDocumentText', 200]]);
    expect(fake.calls[0].body).toEqual({ Document: { S3Object: await storedAt(view.id) } });
    const pages = await pagesOf(view.id);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page: 1, ocr: true });
    expect(normalized(pages[0].text)).toBe(SCANNED_LINES.join(' '));
    expect(await findFile(user.sub, subjectId, view.id)).toMatchObject({ successful_pages: 1, ocr_pages: 1 });
  });
});

describe('a longer document with text pages and scanned pages', () => {
  it('is read by one asynchronous job, polled and paged through, and only the scanned pages take its text', async () => {
    fake.script({
      text: { 1: 'Page 1 lue par Textract', 2: SCAN_A.join('\n'), 3: 'Page 3 lue par Textract', 4: SCAN_B.join('\n') },
      inProgressPolls: 3,
      blocksPerAnswer: 5,
    });
    const view = await uploadAndWait('génétique.pdf', await mixedPdf([FRENCH_COURSE[0], { scan: SCAN_A }, FRENCH_COURSE[1], { scan: SCAN_B }]));
    expect(view).toMatchObject({ status: 'ready', error: null, page_count: 4, language: 'fr' });

    const pages = await pagesOf(view.id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
    ]);
    for (const [i, source] of [
      [0, FRENCH_COURSE[0]],
      [2, FRENCH_COURSE[1]],
    ] as const) {
      expect(pages[i].text.startsWith(source.split('\n')[0])).toBe(true);
      expect(pages[i].text).not.toContain('lue par Textract');
    }
    expect(normalized(pages[1].text)).toBe(SCAN_A.join(' '));
    expect(normalized(pages[3].text)).toBe(SCAN_B.join(' '));
    expect(await findFile(user.sub, subjectId, view.id)).toMatchObject({ successful_pages: 4, ocr_pages: 2 });

    expect(fake.callsTo('DetectDocumentText')).toEqual([]);
    const [start, ...more] = fake.callsTo('StartDocumentTextDetection');
    expect(more).toEqual([]);
    expect(start.body).toEqual({ DocumentLocation: { S3Object: await storedAt(view.id) }, ClientRequestToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(fake.jobs).toHaveLength(1);
    const [job] = fake.jobs;
    expect(job).toMatchObject({ jobId: start.jobId, pages: 4, polls: 3 });

    const gets = fake.callsTo('GetDocumentTextDetection');
    expect(gets.every((c) => c.body.JobId === job.jobId && c.status === 200)).toBe(true);
    const polls = gets.filter((c) => c.body.NextToken === undefined);
    expect(polls.map((c) => c.jobStatus)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'SUCCEEDED']);
    // Every block was fetched: one answer per five blocks, each after the first asked for by its NextToken.
    expect(gets.length - polls.length).toBe(Math.ceil(job.blockCount / 5) - 1);
    expect(gets.length - polls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a document with one scanned page among text pages', () => {
  it('sends that page alone, as an image read synchronously, and is billed one page', async () => {
    fake.script({ images: [SCAN_A.join('\n')], text: { 1: 'Page 1 lue par Textract', 2: 'Page 2 lue par Textract' } });
    const view = await uploadAndWait('un scan.pdf', await mixedPdf([FRENCH_COURSE[0], { scan: SCAN_A }, FRENCH_COURSE[1], FRENCH_COURSE[2]]));
    expect(view).toMatchObject({ status: 'ready', error: null, page_count: 4 });
    const pages = await pagesOf(view.id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(normalized(pages[1].text)).toBe(SCAN_A.join(' '));
    expect(fake.callsTo('StartDocumentTextDetection')).toEqual([]);
    const detects = fake.callsTo('DetectDocumentText');
    expect(detects.map((c) => c.status)).toEqual([200]);
    const sent = Buffer.from(String((detects[0].body.Document as { Bytes: string }).Bytes), 'base64');
    expect(sent.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(fake.billedPages()).toBe(1);
    expect(await findFile(user.sub, subjectId, view.id)).toMatchObject({ successful_pages: 4, ocr_pages: 1 });
  });
});

describe('throttling', () => {
  it('a throttled synchronous read is retried by the client, and the file still becomes ready', async () => {
    fake.script({ text: { 1: SCANNED_LINES.join('\n') } });
    fake.fail('DetectDocumentText', errors.throughput());
    const view = await uploadAndWait('scan lent.pdf', await scannedPdf());
    expect(view).toMatchObject({ status: 'ready', page_count: 1 });
    expect(normalized((await pagesOf(view.id))[0].text)).toBe(SCANNED_LINES.join(' '));

    const detects = fake.callsTo('DetectDocumentText');
    const invocation = detects[0].headers['amz-sdk-invocation-id'];
    expect(attempts(detects)).toEqual([
      [invocation, 'attempt=1; max=6', 400, 'ProvisionedThroughputExceededException'],
      [invocation, 'attempt=2; max=6', 200, undefined],
    ]);
  });

  it('a throttled start and a throttled poll of a job are retried, and the job is started once', async () => {
    fake.script({ text: { 2: SCAN_A.join('\n') }, inProgressPolls: 1 });
    fake.fail('StartDocumentTextDetection', errors.throughput());
    fake.fail('GetDocumentTextDetection', errors.throttling());
    const view = await uploadAndWait('scan lent 2.pdf', await mixedPdf([FRENCH_COURSE[2], { scan: SCAN_A }]));
    expect(view).toMatchObject({ status: 'ready', page_count: 2 });
    expect(normalized((await pagesOf(view.id))[1].text)).toBe(SCAN_A.join(' '));

    const starts = fake.callsTo('StartDocumentTextDetection');
    expect(attempts(starts)).toEqual([
      [starts[0].headers['amz-sdk-invocation-id'], 'attempt=1; max=6', 400, 'ProvisionedThroughputExceededException'],
      [starts[0].headers['amz-sdk-invocation-id'], 'attempt=2; max=6', 200, undefined],
    ]);
    expect(fake.jobs).toHaveLength(1);
    const gets = fake.callsTo('GetDocumentTextDetection');
    expect(attempts(gets.slice(0, 2))).toEqual([
      [gets[0].headers['amz-sdk-invocation-id'], 'attempt=1; max=6', 500, 'ThrottlingException'],
      [gets[0].headers['amz-sdk-invocation-id'], 'attempt=2; max=6', 200, undefined],
    ]);
    expect(gets.map((c) => c.jobStatus)).toEqual([undefined, 'IN_PROGRESS', 'SUCCEEDED']);
  });
});

describe('a job that fails', () => {
  it('leaves a document of scanned pages only failed, with the OCR message', async () => {
    fake.script({ text: { 1: SCAN_A.join('\n'), 2: SCAN_B.join('\n') }, outcome: 'FAILED', statusMessage: 'Unable to process the document' });
    const view = await uploadAndWait('scans.pdf', await mixedPdf([{ scan: SCAN_A }, { scan: SCAN_B }]));
    expect(view.status).toBe('failed');
    expect(view.error).toEqual({
      code: 'ocr_failed',
      message: 'La reconnaissance du texte (OCR) des pages numérisées a échoué. Supprime le fichier et envoie-le à nouveau.',
    });
    expect(await pagesOf(view.id)).toEqual([]);
    expect(await findFile(user.sub, subjectId, view.id)).toMatchObject({ text_content: null, page_count: null });
    expect(fake.callsTo('GetDocumentTextDetection').map((c) => c.jobStatus)).toEqual(['FAILED']);
  });

  it('leaves a document with text pages ready, its scanned page blank', async () => {
    // One scanned page of three is sent alone, as an image: Textract refusing it leaves it blank.
    fake.script({ images: [SCAN_A.join('\n')] });
    fake.fail('DetectDocumentText', errors.badDocument());
    const view = await uploadAndWait('moitié.pdf', await mixedPdf([FRENCH_COURSE[0], { scan: SCAN_A }, FRENCH_COURSE[2]]));
    expect(view).toMatchObject({ status: 'ready', error: null, page_count: 3, language: 'fr' });
    const pages = await pagesOf(view.id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(pages[1].text).toBe('');
    expect(pages[2].text.startsWith(FRENCH_COURSE[2].split('\n')[0])).toBe(true);
    expect(await findFile(user.sub, subjectId, view.id)).toMatchObject({ successful_pages: 2, ocr_pages: 0 });
  });
});

describe('duplicate storage events', () => {
  it('are turned away while the file is read: one download, one Textract job', async () => {
    fake.script({ text: { 2: SCAN_A.join('\n'), 3: SCAN_B.join('\n') } });
    fake.hold();
    const bytes = await mixedPdf([FRENCH_COURSE[1], { scan: SCAN_A }, { scan: SCAN_B }]);
    // An extraction downloads the document once it has taken the file into processing.
    const sent = vi.spyOn(storage(), 'send');
    let key = '';
    const downloads = () => sent.mock.calls.filter(([command]) => command instanceof GetObjectCommand && command.input.Key === key).length;
    const file = await storeDirectly(user.sub, subjectId, 'doublon.pdf', bytes);
    key = file.storage_path;
    // The host's own notification starts the job; the same event delivered twice more meanwhile.
    await until(() => fake.callsTo('StartDocumentTextDetection').length === 1, 'the job started');
    await Promise.all([handler(objectCreatedEvent(key)), handler(objectCreatedEvent(key))]);
    expect(downloads()).toBe(1);
    fake.release();
    const final = await waitForFinal(host, user.accessToken, subjectId, file.id);
    expect(final).toMatchObject({ status: 'ready', page_count: 3, language: 'fr' });

    const starts = fake.callsTo('StartDocumentTextDetection');
    expect(starts).toHaveLength(1);
    expect(fake.jobs).toHaveLength(1);
    expect(fake.jobs[0]).toMatchObject({ clientRequestToken: starts[0].body.ClientRequestToken, key: file.storage_path });

    const pages = await listPages(user.sub, subjectId, file.id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(normalized(pages[1].text)).toBe(SCAN_A.join(' '));
    expect(normalized(pages[2].text)).toBe(SCAN_B.join(' '));
  });

  it('from a retried invocation reuse the running job through its request token', async () => {
    fake.script({ text: { 2: SCAN_A.join('\n') } });
    const bytes = await mixedPdf([FRENCH_COURSE[1], { scan: SCAN_A }]);
    const file = await storeDirectly(user.sub, subjectId, 'reprise.pdf', bytes);
    await waitForFinal(host, user.accessToken, subjectId, file.id);
    // The same document read again (as a Lambda retry would) asks Textract with the same token.
    const retried = await textractProvider({ polling: { firstDelayMs: 5, maxDelayMs: 5, factor: 1 } }).recognize({
      pages: [2],
      pageCount: 2,
      sizeBytes: bytes.byteLength,
      languages: 'fra+eng',
      object: { bucket: config().UPLOADS_BUCKET, key: file.storage_path },
      renderPage: async () => {
        throw new Error('Textract reads the stored object');
      },
    });
    expect(normalized(retried.get(2) ?? '')).toBe(SCAN_A.join(' '));
    const starts = fake.callsTo('StartDocumentTextDetection');
    expect(starts).toHaveLength(2);
    expect(new Set(starts.map((c) => c.body.ClientRequestToken)).size).toBe(1);
    expect(fake.jobs).toHaveLength(1);
  });
});

describe('the Textract client of the provider', () => {
  // Every page scanned: the stored document is read (by a job when it has several pages).
  const job = (key: string, pageCount: number) => ({
    pages: Array.from({ length: pageCount }, (_, i) => i + 1),
    pageCount,
    sizeBytes: 1000,
    languages: 'fra+eng' as const,
    object: { bucket: config().UPLOADS_BUCKET, key },
    renderPage: async (): Promise<Uint8Array> => {
      throw new Error('Textract reads the stored document');
    },
  });

  it('gets InvalidS3ObjectException for a document missing from storage, without retrying', async () => {
    const missing = storagePath(user.sub, subjectId, newFileId(new Date(), 'deadbeef'), 'absent.pdf');
    for (const pageCount of [1, 3]) {
      const err = (await textractProvider().recognize(job(missing, pageCount)).catch((e: unknown) => e)) as Error;
      expect(err.name).toBe('InvalidS3ObjectException');
    }
    expect(fake.calls.map((c) => [c.operation, c.status, c.errorType])).toEqual([
      ['DetectDocumentText', 400, 'InvalidS3ObjectException'],
      ['StartDocumentTextDetection', 400, 'InvalidS3ObjectException'],
    ]);
    expect(fake.jobs).toEqual([]);
  });
});
