// Finding a cited passage on a PDF page: which of pdf.js's text items hold the quote. Letters and
// digits only are compared (accents, case, spaces, punctuation and hyphenation ignored), so a
// quote matches however the PDF splits its lines and words. A quote not found whole is looked for
// by its longest start of at least five words.

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Indices of the items that carry the quote on the page, in page order; [] when not found. */
export function quotedItems(items: readonly string[], quote: string): number[] {
  let text = '';
  const owner: number[] = [];
  items.forEach((item, i) => {
    const folded = fold(item);
    text += folded;
    for (let k = 0; k < folded.length; k++) owner.push(i);
  });
  const find = (needle: string) => (needle.length >= 8 ? text.indexOf(needle) : -1);
  let needle = fold(quote);
  let at = find(needle);
  if (at < 0) {
    const words = quote.split(/\s+/).filter((w) => fold(w));
    for (let n = words.length - 1; n >= 5 && at < 0; n--) {
      needle = fold(words.slice(0, n).join(' '));
      at = find(needle);
    }
  }
  if (at < 0) return [];
  return [...new Set(owner.slice(at, at + needle.length))];
}
