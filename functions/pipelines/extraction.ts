// What a PDF's text is: PDFium page by page (functions/platform/pdf), OCR for the pages with fewer
// than MIN_WORDS_PER_PAGE words (functions/platform/ocr), the document model built from both
// (functions/engine/document: reading order, headers and footers apart, paragraphs, headings, lists,
// tables, boxes), and the language of the whole. Storage
// and records are the handler's business (extract-upload.ts); this part only reads a file.
import type { OutlineEntry } from '../core/document.js';
import { AppError, type ErrorCode } from '../core/errors.js';
import { buildDocument, type CourseDocument } from '../engine/document/build.js';
import { layoutFromOcr, layoutFromText, runText, type LayoutPage, type OcrLine } from '../engine/document/layout.js';
import { countWords, MIN_WORDS_PER_PAGE } from '../core/files.js';
import { detectLanguage, type DetectedLanguage } from '../core/language.js';
import { logger } from '../platform/logger.js';
import { closeOcr, ocrLanguages, ocrProvider, type OcrProvider } from '../platform/ocr/index.js';
import { closePdfWorkers, openPdf, PdfError, tidyText, warmUpPdf, type PdfDocument } from '../platform/pdf/index.js';
import type { PageText } from '../platform/store/pages.js';

/** Pages read at most: the pages table numbers them on 4 digits (store/pages.ts MAX_STORED_PAGE). */
export const MAX_PAGES = 9_999;

/** Prepares a PDF worker so that the first upload does not wait for PDFium to compile. */
export async function warmUpExtraction(): Promise<void> {
  await warmUpPdf();
}

/** Ends what extraction keeps warm between files: the PDF worker threads and the OCR worker. */
export async function closeExtraction(): Promise<void> {
  await Promise.all([closePdfWorkers(), closeOcr()]);
}

/** What extraction produced for one file. */
export interface Extraction {
  pages: PageText[];
  pageCount: number;
  text: string;
  language: DetectedLanguage;
  successfulPages: number;
  ocrPages: number;
  /** The file's headings with their page (the document model's outline). */
  outline: OutlineEntry[];
  outlineTruncated: boolean;
}

/** A failure to show on the file: a catalogue code and its message parameters. */
export class ExtractionFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'ExtractionFailure';
  }
}

/** The failure to show on the file for an error met while reading it. */
export function asFailure(err: unknown): ExtractionFailure {
  if (err instanceof ExtractionFailure) return err;
  if (err instanceof PdfError) return new ExtractionFailure(err.code, err.params, { cause: err });
  return new ExtractionFailure('extraction_failed', {}, { cause: err });
}

/** An error in one line for the logs: its name, message and cause (never file content). */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.name}: ${err.cause.message})` : '';
  return `${err.name}: ${err.message}${cause}`;
}

export interface ExtractOptions {
  sizeBytes: number;
  /** Where the document is stored, for a provider that reads it there (Textract). */
  object: { bucket: string; key: string };
  /** The student's profile language, read only if a page needs OCR. */
  profileLanguage?: () => Promise<string | null>;
  /** Epoch ms after which OCR stops waiting. */
  deadline?: number;
  /** The OCR provider; by default the one OCR_PROVIDER names. */
  ocr?: OcrProvider;
  /**
   * Text supplied with the upload, page by page (photo mode reads its photos in the browser):
   * a page's supplied text overrides what extraction would find there. Pages without
   * one are read as usual.
   */
  supplied?: readonly string[];
  /**
   * Takes the month's OCR allowance for this many scanned pages, all or none (an AppError at the
   * bound); what it returns gives them back when OCR fails. Without it OCR is not counted (a
   * rebuild reads no page anew).
   */
  ocrAllowance?: (pages: number) => Promise<() => Promise<void>>;
}

/**
 * The text of the PDF at `file`: PDFium page by page, OCR for the pages with fewer than
 * MIN_WORDS_PER_PAGE words, the language of the whole. Throws PdfError when the document cannot
 * be opened.
 */
export async function extractPdf(file: string, opts: ExtractOptions): Promise<Extraction> {
  const doc = await openPdf(file);
  let read: Awaited<ReturnType<PdfDocument['readText']>>;
  const pageCount = doc.pageCount;
  try {
    read = await doc.readText(1, Math.min(pageCount, MAX_PAGES));
  } finally {
    // The PDF worker is given back before OCR, which may wait minutes for Textract: other
    // uploads are read meanwhile. A provider that renders pages opens the document again.
    await doc.close().catch(() => undefined);
  }
  const layouts = new Map<number, LayoutPage>();
  const pages: PageText[] = read.map((p) => {
    if (p.layout) layouts.set(p.page, p.layout);
    // The runs' text as it comes: enough to tell a page with text from one for OCR (the model writes the page's text later).
    return { page: p.page, text: p.layout ? runText(p.layout) : '', ocr: false };
  });
  const unreadable = read.filter((p) => p.failed).length;
  if (unreadable > 0) logger.warn({ unreadable, pageCount }, 'some pages had no readable text layer');
  const supplied = applySupplied(pages, opts.supplied ?? []);
  const sparse = pages.filter((p) => !supplied.has(p.page) && !hasWords(p.text, MIN_WORDS_PER_PAGE)).map((p) => p.page);
  const ocrLines = new Map<number, OcrLine[]>();
  // Past the month's bound on scanned pages, none is read: a file of text keeps its text, a scanned file fails with the bound's message.
  let release: (() => Promise<void>) | undefined;
  let bounded: AppError | undefined;
  if (sparse.length > 0 && opts.ocrAllowance) {
    try {
      release = await opts.ocrAllowance(sparse.length);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      bounded = err;
      logger.info({ pages: sparse.length, code: err.code }, 'scanned pages over the monthly bound: not read');
    }
  }
  const ocrFailed = sparse.length > 0 && !bounded ? !(await readByOcr(file, pages, sparse, pageCount, opts, ocrLines)) : false;
  if (ocrFailed) await release?.();
  const successfulPages = pages.filter((p) => hasWords(p.text, MIN_WORDS_PER_PAGE)).length;
  if (bounded && successfulPages === 0) throw new ExtractionFailure(bounded.code, bounded.params as Record<string, string | number>);
  if (ocrFailed && successfulPages === 0) throw new ExtractionFailure('ocr_failed');
  const model = modelOf(pages, layouts, ocrLines);
  const text = pages
    .map((p) => p.text)
    .filter((t) => t.length > 0)
    .join('\n\n');
  return {
    pages,
    pageCount,
    text,
    language: detectLanguage(text),
    successfulPages,
    ocrPages: pages.filter((p) => p.ocr).length,
    outline: model.outline,
    outlineTruncated: model.truncated,
  };
}

/** Whether `text` holds at least `n` words (counted no further than that). */
function hasWords(text: string, n: number): boolean {
  const word = /[\p{L}\p{N}]+/gu;
  let found = 0;
  while (found < n && word.exec(text)) found++;
  return found >= n;
}

/**
 * The document model of the file (functions/engine/document), written into `pages` in place: each
 * page's text becomes the model's text and gets its spans. Pages read by OCR or supplied by photo
 * mode are laid out from their lines of text.
 */
function modelOf(pages: PageText[], layouts: ReadonlyMap<number, LayoutPage>, ocrLines: ReadonlyMap<number, OcrLine[]>): CourseDocument {
  const input = pages.map((p) => {
    const layout = layouts.get(p.page);
    if (!p.ocr && layout) return layout;
    // A scanned page: OCR's line boxes placed on the page when the provider gave them.
    const lines = ocrLines.get(p.page);
    if (lines && layout) return layoutFromOcr(p.page, layout.width, layout.height, lines);
    return layoutFromText(p.page, p.text);
  });
  const model = buildDocument(input);
  model.pages.forEach((built, i) => {
    pages[i].text = built.text;
    pages[i].spans = built.spans;
  });
  return model;
}

/**
 * Puts each page's supplied text in place of the extracted one; returns the pages it replaced.
 * Supplied text is recognised text (photo mode), so those pages count as read by OCR.
 */
function applySupplied(pages: PageText[], supplied: readonly string[]): Set<number> {
  const replaced = new Set<number>();
  supplied.forEach((raw, i) => {
    const page = pages[i];
    const text = tidyText(raw);
    if (!page || text.length === 0) return;
    page.text = text;
    page.ocr = true;
    replaced.add(page.page);
  });
  return replaced;
}

/** OCR of the sparse pages, in place; false when the provider failed. */
async function readByOcr(
  file: string,
  pages: PageText[],
  sparse: number[],
  pageCount: number,
  opts: ExtractOptions,
  ocrLines: Map<number, OcrLine[]>,
): Promise<boolean> {
  // Opened again only if the provider renders pages (tesseract.js, Textract for a few scanned pages); else Textract reads the stored object.
  let rendering: Promise<PdfDocument> | undefined;
  try {
    const provider = opts.ocr ?? (await ocrProvider());
    const languages = ocrLanguages(await (opts.profileLanguage?.() ?? Promise.resolve(null)).catch(() => null));
    const t0 = Date.now();
    const texts = await provider.recognize({
      pages: sparse,
      pageCount,
      sizeBytes: opts.sizeBytes,
      languages,
      object: opts.object,
      renderPage: async (n, scale) => {
        rendering ??= openPdf(file);
        return (await rendering).renderPage(n, scale);
      },
      deadline: opts.deadline,
      onLines: (page, lines) => ocrLines.set(page, lines),
    });
    for (const [n, raw] of texts) {
      const page = pages[n - 1];
      const text = tidyText(raw);
      if (page && countWords(text) > countWords(page.text)) {
        page.text = text;
        page.ocr = true;
      }
    }
    logger.info({ provider: provider.name, pages: sparse.length, read: texts.size, ms: Date.now() - t0 }, 'OCR done');
    return true;
  } catch (err) {
    logger.error({ pages: sparse.length, err: describeError(err) }, 'OCR failed');
    return false;
  } finally {
    if (rendering) await rendering.then((doc) => doc.close()).catch(() => undefined);
  }
}
