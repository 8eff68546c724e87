// Citations of the course: every generated item points at the page a sentence comes from, with
// the sentence copied from the page text exactly as written (line breaks included), shortened
// with an ellipsis when it is longer than a citation may be. A sentence the course repeats on
// several pages is written once and cited where it appears, best place first, up to a few
// citations a block.
import { truncate } from '../../core/text.js';
import type { Citation } from '../../core/artefacts.js';
import type { SentenceInfo } from './analysis.js';

export const MAX_QUOTE = 600;
/** Citations a block carries at most (unless it has more sentences: each is cited once). */
export const MAX_BLOCK_CITATIONS = 3;

/** The page's own text, cut at a word boundary (with "…") past `max` characters. */
export function quoteOf(s: SentenceInfo, max = MAX_QUOTE): string {
  return truncate(s.page.text.slice(s.start, s.end), max, { flatten: false, atWord: 0.5, tidy: false });
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

/**
 * The citations of a block: each sentence once, in the order given, then the other places of the
 * sentences the course repeats (`copiesOf`, best first, taken in turn from each sentence), up to
 * `MAX_BLOCK_CITATIONS` in all. A block of more sentences than that keeps one citation each.
 */
export function citeMerged(list: readonly SentenceInfo[], copiesOf: (s: SentenceInfo) => readonly SentenceInfo[]): Citation[] {
  const out = citeAll(list);
  const seen = new Set<string>(out.map((c) => `${c.file_id}#${c.page}#${c.quote}`));
  const extra = list.map((s) => copiesOf(s));
  for (let round = 0; out.length < MAX_BLOCK_CITATIONS; round++) {
    let any = false;
    for (const copies of extra) {
      const s = copies[round];
      if (!s) continue;
      any = true;
      const c = cite(s);
      const key = `${c.file_id}#${c.page}#${c.quote}`;
      if (seen.has(key) || out.length >= MAX_BLOCK_CITATIONS) continue;
      seen.add(key);
      out.push(c);
    }
    if (!any) break;
  }
  return out;
}
