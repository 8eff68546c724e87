// PDF reading: open a stored document under the product's load rules, read its pages' text a
// batch at a time, and render a page to a PNG for OCR. PDFium itself runs in a worker thread
// (./worker.mjs, see ./workers.ts); this side enforces the time limits and ends a worker that hangs;
// the worker reads each page as positioned runs of text and drawn frames, from which the document
// model (functions/engine/document) is built.
import { stat } from 'node:fs/promises';
import type { LayoutPage } from '../../engine/document/layout.js';
import { acquireWorker, releaseWorker, tryAcquireWorker, WorkerFailure, WorkerTimeout, type PdfWorker } from './workers.js';

export { tidyText } from './text.js';
export { closePdfWorkers } from './workers.js';

/** PDF load: up to 3 attempts, 1 s apart, 30 s load time-out. */
export const PDF_LOAD_RULES = { attempts: 3, retryDelayMs: 1_000, timeoutMs: 30_000 };
export type PdfLoadRules = typeof PDF_LOAD_RULES;

/** Rendering for OCR: about 216 dpi, bounded so that an oversized page cannot exhaust memory. */
export const OCR_RENDER_SCALE = 3;
const MAX_RENDER_SIDE = 5_000;
/** Pages read per request to the worker. */
const TEXT_BATCH = 16;
/** From this many pages on, a second worker (when one is free) reads half of the batches. */
const SPLIT_FROM_PAGES = 4 * TEXT_BATCH;
/** A page that takes longer than this to read is given up (the worker is replaced). */
const PAGE_TIME_LIMIT_MS = 30_000;
/** A batch's time limit grows by this much per page (a page normally takes milliseconds). */
const BATCH_PAGE_ALLOWANCE_MS = 5_000;

export type PdfErrorCode = 'pdf_invalid' | 'pdf_timeout' | 'pdf_unreadable';

/** A document that cannot be opened, with the catalogue code (functions/core/errors.ts) to show. */
export class PdfError extends Error {
  constructor(
    readonly code: PdfErrorCode,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'PdfError';
  }
}

export interface PageTextResult {
  page: number;
  /** The page's positioned runs and frames; null when the page could not be read. */
  layout: LayoutPage | null;
  /** The page could not be read (broken content, time limit). */
  failed: boolean;
}

export interface PdfDocument {
  readonly pageCount: number;
  /** Layout (positioned text) of pages `from`..`to` (1-based, inclusive). */
  readText(from: number, to: number): Promise<PageTextResult[]>;
  /** Page `n` as a PNG, white background, at `scale` (bounded to 5,000 px a side). */
  renderPage(n: number, scale?: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` under the load rules: each attempt limited to `timeoutMs`, up to `attempts`
 * attempts `retryDelayMs` apart. A document whose structure is broken, or protected by a
 * password, is not retried: another attempt would read the same bytes the same way.
 */
export async function withLoadRules<T>(load: (timeoutMs: number) => Promise<T>, rules: PdfLoadRules = PDF_LOAD_RULES): Promise<T> {
  let last = new PdfError('pdf_unreadable');
  for (let attempt = 1; attempt <= rules.attempts; attempt++) {
    if (attempt > 1) await sleep(rules.retryDelayMs);
    try {
      return await load(rules.timeoutMs);
    } catch (err) {
      last = classifyLoadError(err, rules);
      if (isDeterministic(err)) throw last;
    }
  }
  throw last;
}

/** A broken structure or a password: the same bytes would fail the same way again. */
function isDeterministic(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return (err instanceof PdfError && err.code === 'pdf_invalid') || name === 'InvalidPDFException' || name === 'PasswordException';
}

/**
 * The product's file messages: nothing to read → 'Fichier PDF vide ou invalide.'; an attempt over the time-out →
 * 'Chargement du PDF timed out after {ms}ms'; any other load failure (corrupt, protected) →
 * 'Impossible de lire le contenu du fichier PDF (erreur de chargement)…'.
 */
function classifyLoadError(err: unknown, rules: PdfLoadRules): PdfError {
  if (err instanceof PdfError) return err;
  if (err instanceof WorkerTimeout) return new PdfError('pdf_timeout', { ms: rules.timeoutMs }, { cause: err });
  return new PdfError('pdf_unreadable', {}, { cause: err });
}

/** Starts a PDF worker ahead of the first document (PDFium compiled, kept in the pool). */
export async function warmUpPdf(): Promise<void> {
  const worker = await acquireWorker();
  try {
    await worker.ready;
  } finally {
    releaseWorker(worker, worker.alive);
  }
}

/** Opens the PDF stored at `file` (a path on local disk). */
export async function openPdf(file: string, rules: PdfLoadRules = PDF_LOAD_RULES): Promise<PdfDocument> {
  const { size } = await stat(file);
  if (size === 0) throw new PdfError('pdf_invalid');
  let worker: PdfWorker | null = null;
  const pageCount = await withLoadRules(async (timeoutMs) => {
    const w = await acquireWorker();
    try {
      const reply = await w.call('open', { path: file }, timeoutMs);
      worker = w;
      return Number(reply.pageCount);
    } catch (err) {
      releaseWorker(w, !(err instanceof WorkerTimeout) && w.alive);
      throw err;
    }
  }, rules);
  const doc = new WorkerDocument(file, worker!, pageCount);
  if (pageCount < 1) {
    await doc.close();
    throw new PdfError('pdf_invalid');
  }
  return doc;
}

class WorkerDocument implements PdfDocument {
  private closed = false;

  constructor(
    private readonly file: string,
    private worker: PdfWorker,
    readonly pageCount: number,
  ) {}

  /** After a worker was lost: a fresh one with the document open again. */
  private async reopen(): Promise<void> {
    releaseWorker(this.worker, false);
    const w = await acquireWorker();
    try {
      await w.call('open', { path: this.file }, PDF_LOAD_RULES.timeoutMs);
    } catch (err) {
      releaseWorker(w, false);
      throw err;
    }
    this.worker = w;
  }

  async readText(from: number, to: number): Promise<PageTextResult[]> {
    const batches: [number, number][] = [];
    const last = Math.min(to, this.pageCount);
    for (let start = Math.max(1, from); start <= last; start += TEXT_BATCH) batches.push([start, Math.min(start + TEXT_BATCH - 1, last)]);
    const results: PageTextResult[] = [];
    const helper = last - from + 1 >= SPLIT_FROM_PAGES ? tryAcquireWorker() : null;
    // This document's worker reads batches from the front, a helper from the back.
    const own = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) results.push(...(await this.readBatchSafely(batch[0], batch[1])));
    };
    await Promise.all([own(), helper ? this.helpWith(helper, batches, results) : undefined]);
    // A batch the helper gave back after this worker had finished.
    await own();
    return results.sort((a, b) => a.page - b.page);
  }

  /**
   * A helper worker opens the document and reads batches from the back of the queue. Any trouble
   * ends its part: the batch goes back to the queue for the document's own worker, which knows
   * how to find a page that hangs or crashes the parser.
   */
  private async helpWith(helper: PdfWorker, batches: [number, number][], results: PageTextResult[]): Promise<void> {
    let healthy = true;
    try {
      await helper.call('open', { path: this.file }, PDF_LOAD_RULES.timeoutMs);
      for (let batch = batches.pop(); batch; batch = batches.pop()) {
        const [start, end] = batch;
        try {
          results.push(...(await this.readBatch(helper, start, end, PAGE_TIME_LIMIT_MS + BATCH_PAGE_ALLOWANCE_MS * (end - start + 1))));
        } catch {
          batches.push(batch);
          healthy = false;
          return;
        }
      }
      const closed = await helper.call('close', {}, 10_000);
      healthy = !closed.retire;
    } catch {
      healthy = false;
    } finally {
      releaseWorker(helper, healthy && helper.alive);
    }
  }

  /** One batch by the document's own worker; a batch that fails is read again page by page. */
  private async readBatchSafely(start: number, end: number): Promise<PageTextResult[]> {
    try {
      return await this.readBatch(this.worker, start, end, PAGE_TIME_LIMIT_MS + BATCH_PAGE_ALLOWANCE_MS * (end - start + 1));
    } catch (err) {
      if (!(err instanceof WorkerTimeout || err instanceof WorkerFailure) || this.worker.alive) throw err;
      // A page hung or crashed the parser: read the batch again page by page to find it.
      const results: PageTextResult[] = [];
      for (let n = start; n <= end; n++) {
        try {
          if (!this.worker.alive) await this.reopen();
          results.push(...(await this.readBatch(this.worker, n, n, PAGE_TIME_LIMIT_MS)));
        } catch {
          results.push({ page: n, layout: null, failed: true });
        }
      }
      return results;
    }
  }

  private async readBatch(worker: PdfWorker, from: number, to: number, timeoutMs: number): Promise<PageTextResult[]> {
    const reply = await worker.call('text', { from, to }, timeoutMs);
    const pages = reply.pages as (LayoutPage | { page: number; error: unknown })[];
    return pages.map((p) => ('runs' in p ? { page: p.page, layout: p, failed: false } : { page: p.page, layout: null, failed: true }));
  }

  async renderPage(n: number, scale = OCR_RENDER_SCALE): Promise<Uint8Array> {
    if (!this.worker.alive) await this.reopen();
    const reply = await this.worker.call('render', { page: n, scale, maxSide: MAX_RENDER_SIDE }, 2 * PAGE_TIME_LIMIT_MS);
    return reply.png as Uint8Array;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let healthy = this.worker.alive;
    if (healthy) {
      try {
        // A worker whose memory grew with a large document is ended rather than kept.
        const closed = await this.worker.call('close', {}, 10_000);
        healthy = !closed.retire;
      } catch {
        healthy = false;
      }
    }
    releaseWorker(this.worker, healthy);
  }
}
