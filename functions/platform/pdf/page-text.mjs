// A page's text from PDFium's lines. PDFium (functions/platform/pdf/worker.mjs) already orders
// the characters, inserts the spaces between words and breaks lines; what it does not mark is a
// paragraph. A gap of about two lines or more between baselines is one (a heading, a new block,
// a new column). Plain JavaScript (typed by page-text.d.mts): the PDF worker thread runs it, so
// that only the page's text crosses to the other thread; the rest of the code imports it through
// ./text.ts.

/** Characters that never belong in stored text (controls, soft hyphen, BOM, zero-width marks). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u00ad\ufeff\u200b-\u200d\u2060]/g;
/** Typographic ligatures (ﬁ, ﬂ, ﬀ…), stored as their letters so that search finds the words. */
const LIGATURES = /[\ufb00-\ufb06]/g;
/** Baselines further apart than this many font sizes start a new paragraph. */
const PARAGRAPH_GAP = 1.9;

/**
 * @param {readonly { text: string; y: number | null; size: number }[]} lines
 *   in reading order; `y` the baseline of the line's first character (null when unknown),
 *   `size` its font size in points (0 when unknown).
 */
export function layoutPage(lines) {
  let out = '';
  /** @type {{ y: number; size: number } | null} */
  let prev = null;
  for (const line of lines) {
    const text = line.text.replace(/\r\n?/g, '\n');
    if (!/\S/.test(text)) continue;
    if (out.length > 0) {
      const known = prev !== null && line.y !== null;
      const height = known ? Math.max(line.size, prev.size) || 1 : 1;
      out += known && Math.abs(line.y - prev.y) > height * PARAGRAPH_GAP ? '\n\n' : '\n';
    }
    out += text;
    if (line.y !== null) prev = { y: line.y, size: line.size };
  }
  return tidyText(out.replace(LIGATURES, (c) => c.normalize('NFKC')));
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
