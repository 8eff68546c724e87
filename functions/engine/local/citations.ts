// Citations of the course: every generated item points at the page a sentence comes from, with
// the sentence copied from the page text exactly as written (line breaks included), shortened
// with an ellipsis when it is longer than a citation may be.
import type { Citation } from '../types.js';
import type { SentenceInfo } from './analysis.js';

export const MAX_QUOTE = 600;

/** The page's own text, cut at a word boundary (with "…") past `max` characters. */
export function quoteOf(s: SentenceInfo, max = MAX_QUOTE): string {
  const raw = s.page.text.slice(s.start, s.end);
  if (raw.length <= max) return raw;
  const cut = raw.slice(0, max - 1);
  const space = cut.search(/\s\S*$/u);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function cite(s: SentenceInfo): Citation {
  return { file_id: s.page.file_id, file_name: s.page.file_name, page: s.page.page, quote: quoteOf(s) };
}

/** One citation per sentence, in the order given, without repeating a sentence. */
export function citeAll(list: readonly SentenceInfo[]): Citation[] {
  const seen = new Set<number>();
  const out: Citation[] = [];
  for (const s of list) {
    if (seen.has(s.index)) continue;
    seen.add(s.index);
    out.push(cite(s));
  }
  return out;
}
