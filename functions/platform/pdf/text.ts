// Tidying a page's text (OCR's, photo mode's, PDFium's runs joined): invisible characters
// removed, blanks and blank lines collapsed, lines trimmed. The page's structure is the document
// model's business (functions/engine/document).

/** Characters that never belong in stored text (controls, soft hyphen, BOM, zero-width marks). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u00ad\ufeff\u200b-\u200d\u2060]/g;

/** Removes invisible characters, collapses blanks and blank lines, trims every line. */
export function tidyText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
