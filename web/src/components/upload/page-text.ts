// The text photo mode reads on its pages, as the upload sends it ("optional textContent from
// OCR"; the server uses a page's text in place of its own reading). Pure rules, no browser
// API: the OCR languages for a student (the server's own rule) and the page texts that may go with an upload.
import { suppliedTextFits } from '@core/files.js';

export { ocrLanguages, type OcrLanguages } from '@core/files.js';

/**
 * The `text_pages` of an upload: one entry per page of the PDF ('' where nothing was read), or
 * undefined when there is nothing worth sending or it would exceed what the server accepts (it
 * then reads the PDF itself).
 */
export function textPagesForUpload(texts: readonly string[] | undefined, pageCount?: number): string[] | undefined {
  if (!texts || texts.length === 0) return undefined;
  if (pageCount !== undefined && texts.length !== pageCount) return undefined;
  const pages = texts.map((text) => text.trim());
  if (pages.every((text) => text.length === 0)) return undefined;
  return suppliedTextFits(pages) ? pages : undefined;
}
