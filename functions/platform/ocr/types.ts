// Reading the text of scanned pages. Two providers share this interface: Amazon Textract in the
// cloud, tesseract.js on the laptop. functions/platform/ocr/index.ts picks one from OCR_PROVIDER.

import type { OcrLanguages } from '../../core/files.js';
import type { OcrLine } from '../../engine/document/layout.js';

export type { OcrLine };

export { ocrLanguages, type OcrLanguages } from '../../core/files.js';

export interface OcrJob {
  /** 1-based pages to read. */
  pages: number[];
  /** Pages in the whole document. */
  pageCount: number;
  /** The document's size in bytes. */
  sizeBytes: number;
  languages: OcrLanguages;
  /** Where the document is stored (Textract reads it there). */
  object: { bucket: string; key: string };
  /** The page as a PNG (tesseract.js reads that; Textract too when only some pages are sent), at the OCR scale unless told. */
  renderPage(page: number, scale?: number): Promise<Uint8Array>;
  /** Epoch ms after which the provider returns what it has instead of waiting for more. */
  deadline?: number;
  /**
   * Given each read page's lines with their boxes (fractions of the page), when the provider has
   * them: the document model reads a scan's columns, paragraphs and tables from them.
   */
  onLines?(page: number, lines: OcrLine[]): void;
}

export interface OcrProvider {
  readonly name: 'local' | 'textract';
  /**
   * The text of each requested page it could read; a page it could not read is absent. Rejects
   * when the service itself fails (unreachable, refused, job failed).
   */
  recognize(job: OcrJob): Promise<Map<number, string>>;
}
