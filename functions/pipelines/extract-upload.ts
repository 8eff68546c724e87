// Extraction of an uploaded PDF, triggered by the storage event (the S3 ObjectCreated
// notification in the cloud, s3rver's event on the laptop). Per record:
//   object without a record → the object is deleted (no object without a record);
//   record already ready/failed, or being read by another invocation → nothing (a duplicate event);
//   else: download, check the bytes are a PDF, read each page's text with PDFium, send pages with
//   fewer than 3 words to OCR (within the student's monthly bound on scanned pages), detect the
//   language, store the pages, mark the file ready.
// A file that cannot be read is marked failed with the catalogue message to show, and the
// handler goes on: one bad file must not make storage redeliver the batch. Only a failure to
// reach the tables themselves is rethrown, so that the invocation is retried.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Context, S3Event, S3EventRecord } from 'aws-lambda';
import { DOCUMENT_MODEL_VERSION } from '../core/document.js';
import { isPdfName, looksLikePdf, MAX_FILE_BYTES, parseStoragePath, PROCESSING_TIMEOUT_MS } from '../core/files.js';
import { storage } from '../platform/clients.js';
import { invalidateCourse } from '../platform/course.js';
import { config } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import {
  claimProcessing,
  deleteStoredObject,
  failProcessing,
  finishProcessing,
  getFileByStoragePath,
  TEXT_CONTENT_MAX,
  type FileRecord,
} from '../platform/store/files.js';
import { deletePages, putPages } from '../platform/store/pages.js';
import { currentPlan } from '../platform/plan.js';
import { findProfile } from '../platform/store/profiles.js';
import { releaseOcrPages, takeOcrPages } from '../platform/usage.js';
import { asFailure, describeError, ExtractionFailure, extractPdf, type Extraction, type ExtractOptions } from './extraction.js';

export { closeExtraction, extractPdf, ExtractionFailure, warmUpExtraction, type Extraction, type ExtractOptions } from './extraction.js';

/** Time kept aside at the end of an invocation to store the result. */
const FINISH_MARGIN_MS = 60_000;

/** S3 event keys are form-URL-encoded: '+' for spaces, %XX for the rest. */
export function decodeEventKey(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}

export async function handler(event: S3Event, context?: Pick<Context, 'getRemainingTimeInMillis'> & Partial<Pick<Context, 'awsRequestId'>>): Promise<void> {
  // A retried invocation keeps its request id (Lambda's asynchronous retries), so it may take
  // back the files it held; another delivery of the same event is another reader.
  const owner = context?.awsRequestId ?? randomUUID();
  const retry: unknown[] = [];
  for (const record of event.Records ?? []) {
    try {
      await processRecord(record, owner, context);
    } catch (err) {
      // Only failures to reach the tables or the bucket get here; the file itself was not judged.
      logger.error({ err: describeError(err), key: record.s3?.object?.key }, 'upload event not processed');
      retry.push(err);
    }
  }
  if (retry.length > 0) throw new AggregateError(retry, `${retry.length} upload event(s) could not be processed`);
}

async function processRecord(record: S3EventRecord, owner: string, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<void> {
  if (!record.eventName?.startsWith('ObjectCreated:')) return;
  const bucket = record.s3.bucket.name;
  const key = decodeEventKey(record.s3.object.key);
  if (bucket !== config().UPLOADS_BUCKET || !parseStoragePath(key) || !isPdfName(key)) {
    // Not a course file: uploads are always stored as `{user}/{subject}/{file id}-{name}.pdf`;
    // other objects of the bucket are not this handler's business.
    logger.debug({ bucket, key }, 'ignored object');
    return;
  }
  const file = await getFileByStoragePath(key);
  if (!file) {
    // Stored without a record (a forged or abandoned upload whose record is gone): remove it.
    await deleteStoredObject(key);
    logger.warn({ key }, 'object without a file record deleted');
    return;
  }
  const started = await claimProcessing(file, new Date(), owner);
  if (!started) {
    logger.info({ fileId: file.id, status: file.status }, 'duplicate upload event ignored');
    return;
  }
  // OCR stops in time to store the result before the invocation ends, and before the file's
  // processing time-out would read as failed.
  const since = Date.parse(started.processing_started_at ?? '') || Date.now();
  const deadline = Math.min(
    since + PROCESSING_TIMEOUT_MS - FINISH_MARGIN_MS,
    context ? Date.now() + context.getRemainingTimeInMillis() - FINISH_MARGIN_MS : Infinity,
  );
  const t0 = Date.now();
  let result: Extraction;
  // Scanned pages count against the student's monthly bound (free plan) or fair-use ceiling
  // (Premium); a file that ends failed gives them back, once.
  let releaseOcr: (() => Promise<void>) | undefined;
  const ocrAllowance = async (pages: number) => {
    const now = new Date();
    const ticket = await takeOcrPages(started.user_id, pages, (await currentPlan(started.user_id, now)).subscribed, now);
    let released = false;
    releaseOcr = async () => {
      if (released) return;
      released = true;
      await releaseOcrPages(ticket);
    };
    return releaseOcr;
  };
  try {
    result = await extractObject(started, bucket, key, deadline, { ocrAllowance });
  } catch (err) {
    await releaseOcr?.();
    const failure = asFailure(err);
    logger.warn({ fileId: file.id, code: failure.code, err: describeError(err) }, 'extraction failed');
    await failProcessing(started, failure.code, new Date(), failure.params);
    return;
  }
  try {
    await putPages(started.user_id, started.subject_id, started.id, result.pages);
  } catch (err) {
    logger.error({ fileId: file.id, err: describeError(err) }, 'storing the pages failed');
    await releaseOcr?.();
    await deletePages(started.user_id, started.subject_id, started.id).catch(() => undefined);
    await failProcessing(started, 'extraction_failed', new Date());
    return;
  }
  await finishProcessing(
    started,
    {
      text_content: result.text.slice(0, TEXT_CONTENT_MAX),
      language: result.language,
      page_count: result.pageCount,
      successful_pages: result.successfulPages,
      ocr_pages: result.ocrPages,
      outline: result.outline,
      outline_truncated: result.outlineTruncated,
      doc_version: DOCUMENT_MODEL_VERSION,
    },
    new Date(),
  );
  // Deleted (or timed out) while it was being read: its pages must not outlive it.
  const after = await getFileByStoragePath(key);
  if (after?.status !== 'ready') {
    await deletePages(started.user_id, started.subject_id, started.id);
    logger.warn({ fileId: file.id, status: after?.status ?? 'deleted' }, 'file left processing while it was read; its pages were removed');
    return;
  }
  // Questions asked from now on read the new file (in the same process: the laptop host).
  invalidateCourse(started.user_id, started.subject_id);
  logger.info(
    { fileId: file.id, pages: result.pageCount, ocrPages: result.ocrPages, successfulPages: result.successfulPages, language: result.language, ms: Date.now() - t0 },
    'file ready',
  );
}

/**
 * Downloads the object to a temporary folder, reads it, and removes the folder. `over` replaces
 * extraction options (the document rebuild gives back the pages OCR read, and no OCR provider).
 */
export async function extractObject(file: FileRecord, bucket: string, key: string, deadline?: number, over: Partial<ExtractOptions> = {}): Promise<Extraction> {
  const dir = await mkdtemp(path.join(tmpdir(), 'revise-extract-'));
  try {
    const pdfPath = path.join(dir, 'upload.pdf');
    const size = await download(bucket, key, pdfPath);
    if (size === 0) throw new ExtractionFailure('pdf_invalid');
    if (size > MAX_FILE_BYTES) throw new ExtractionFailure('file_too_large');
    if (!looksLikePdf(await readHead(pdfPath))) throw new ExtractionFailure('pdf_only');
    return await extractPdf(pdfPath, {
      sizeBytes: size,
      object: { bucket, key },
      profileLanguage: async () => (await findProfile(file.user_id))?.language ?? null,
      deadline,
      supplied: file.supplied_text,
      ...over,
    });
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function download(bucket: string, key: string, target: string): Promise<number> {
  let body: Readable;
  try {
    const out = await storage().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!out.Body) return 0;
    body = out.Body as Readable;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) throw new ExtractionFailure('upload_missing', {}, { cause: err });
    throw err;
  }
  let size = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > MAX_FILE_BYTES) throw new ExtractionFailure('file_too_large');
        yield chunk;
      }
    },
    createWriteStream(target),
  );
  return size;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
