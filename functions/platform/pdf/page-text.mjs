// A page's text from pdf.js text items. pdf.js hands out runs of text with their position: a run
// may be a line, a word or a piece of a word, and a line break is either flagged (`hasEOL`) or
// only visible as a change of baseline. This joins runs back into lines and paragraphs without
// gluing words together nor splitting them. Plain JavaScript (typed by page-text.d.mts): the PDF
// worker thread runs it where pdf.js hands out the runs, so that only the page's text crosses
// to the other thread; the rest of the code imports it through ./text.ts.

const IDENTITY = [1, 0, 0, 1, 0, 0];

/** Characters that never belong in stored text (NUL, soft hyphen, BOM, zero-width controls). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
const INVISIBLE = /[\u0000\u00ad\ufeff\u200b-\u200d\u2060]/g;

/** @param {readonly ({ str: string; hasEOL?: boolean; transform?: number[]; width?: number; height?: number } | { type: string })[]} items */
export function assemblePageText(items) {
  let out = '';
  /** @type {{ y: number; endX: number; size: number } | null} */
  let prev = null;
  const atLineStart = () => out.length === 0 || out.endsWith('\n');
  for (const item of items) {
    if (!('str' in item)) continue;
    const [, , c, d, x, y] = item.transform && item.transform.length >= 6 ? item.transform : IDENTITY;
    const size = Math.hypot(c, d) || item.height || 1;
    if (!/\S/.test(item.str)) {
      // A blank run: a line break when flagged, else at most one space.
      if (item.hasEOL) {
        if (!atLineStart()) out += '\n';
      } else if (item.str.length > 0 && !atLineStart() && !out.endsWith(' ')) {
        out += ' ';
        if (prev) prev.endX = x + (item.width ?? 0);
      }
      continue;
    }
    if (prev) {
      const rise = Math.abs(y - prev.y);
      const lineHeight = Math.max(size, prev.size);
      if (rise > lineHeight * 0.5) {
        // A new line; a gap of about two lines or more is a new paragraph.
        if (!atLineStart()) out += '\n';
        if (rise > lineHeight * 1.9 && !out.endsWith('\n\n') && out.length > 0) out += '\n';
      } else if (!atLineStart()) {
        const gap = x - prev.endX;
        const spaced = /\s$/.test(out) || /^\s/.test(item.str);
        // Runs of one line: a visible gap (or a run placed before the previous one) is a word break.
        if (!spaced && (gap > size * 0.15 || gap < -size)) out += ' ';
      }
    }
    out += item.str;
    if (item.hasEOL) out += '\n';
    prev = { y, endX: x + (item.width ?? 0), size };
  }
  return tidyText(out);
}

/** Removes invisible characters, collapses blanks and blank lines, trims every line. */
/** @param {string} text */
export function tidyText(text) {
  return text
    .replace(INVISIBLE, '')
    .replace(/[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
