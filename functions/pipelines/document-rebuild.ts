// Files read before the current document model (functions/core/document.ts DOCUMENT_MODEL_VERSION)
// are read again from their stored PDF, on a schedule and when the laptop host starts: their pages'
// text and blocks, their outline and their model version replaced. Nothing is sent to OCR again:
// the pages OCR read are given back as they were stored (so a rebuild costs no Textract page), and
// a page that had no text keeps none. A file deleted, or changed, while it is read keeps what it has.
import type { Context } from 'aws-lambda';
import { DOCUMENT_MODEL_VERSION } from '../core/document.js';
import { invalidateCourse } from '../platform/course.js';
import { config } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { findFile, listStaleDocuments, replaceDocument, TEXT_CONTENT_MAX, type FileRecord } from '../platform/store/files.js';
import { deletePages, listPages, putPages } from '../platform/store/pages.js';
import { extractObject } from './extract-upload.js';
import { describeError } from './extraction.js';
import type { OcrProvider } from '../platform/ocr/types.js';

/** Files rebuilt at most per run: a run stays well within its time limit; the next run goes on. */
export const REBUILD_BATCH = 25;
/** Time kept aside at the end of an invocation. */
const MARGIN_MS = 60_000;

/** No OCR in a rebuild: the pages OCR read come back from the stored pages. */
const noOcr: OcrProvider = { name: 'local', recognize: async () => new Map() };

export interface RebuildReport {
  found: number;
  rebuilt: number;
  skipped: number;
  failed: number;
}

/** Reads one file again with the current model; false when it moved on meanwhile. */
export async function rebuildDocument(file: FileRecord, now = new Date()): Promise<boolean> {
  const stored = await listPages(file.user_id, file.subject_id, file.id);
  const supplied: string[] = [];
  for (const p of stored) if (p.ocr) supplied[p.page - 1] = p.text;
  const result = await extractObject(file, config().UPLOADS_BUCKET, file.storage_path, undefined, {
    ocr: noOcr,
    profileLanguage: async () => null,
    supplied: Array.from({ length: supplied.length }, (_, i) => supplied[i] ?? ''),
  });
  await putPages(file.user_id, file.subject_id, file.id, result.pages);
  const done = await replaceDocument(
    file,
    { text_content: result.text.slice(0, TEXT_CONTENT_MAX), outline: result.outline, outline_truncated: result.outlineTruncated, doc_version: DOCUMENT_MODEL_VERSION },
    now,
  );
  if (!done) {
    // Deleted while it was read: its pages go with it. Changed: the newer reading stands.
    if (!(await findFile(file.user_id, file.subject_id, file.id))) await deletePages(file.user_id, file.subject_id, file.id);
    return false;
  }
  invalidateCourse(file.user_id, file.subject_id);
  return true;
}

export async function handler(_event?: unknown, context?: Partial<Pick<Context, 'getRemainingTimeInMillis'>>): Promise<RebuildReport> {
  // Lambda says how long the invocation has left; the laptop host sets no limit.
  const until = typeof context?.getRemainingTimeInMillis === 'function' ? Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS : Infinity;
  const stale = await listStaleDocuments(DOCUMENT_MODEL_VERSION, REBUILD_BATCH);
  const report: RebuildReport = { found: stale.length, rebuilt: 0, skipped: 0, failed: 0 };
  for (const file of stale) {
    if (Date.now() >= until) break;
    try {
      if (await rebuildDocument(file)) report.rebuilt++;
      else report.skipped++;
    } catch (err) {
      report.failed++;
      logger.warn({ fileId: file.id, err: describeError(err) }, 'document not rebuilt');
    }
  }
  logger.info(report, 'document rebuild');
  return report;
}
