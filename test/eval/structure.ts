// Compares the document model recovered from a course PDF (functions/engine/document) with the
// course's ground truth (test/eval/ground-truth.ts): headings found in order with their level,
// sentences kept whole inside one block, running header/footer text left in the body, list items
// and table cells recovered. Pure: no I/O; `formatTable` prints the per-course scores and a total.

import type { DocumentPage } from '../../functions/engine/document/build.js';
import type { PageSpan } from '../../functions/core/document.js';
import { furnitureTexts, type GroundTruth } from './ground-truth.js';

/** One ground-truth element the model did not recover. */
export interface Miss {
  page: number;
  text: string;
  level?: number;
}

export interface Count {
  expected: number;
  found: number;
  /** What was not found, for debugging. */
  missed: Miss[];
}

export interface StructureScore {
  /** Headings (all levels) found on their page, at their level, in document order (LCS). */
  headings: Count;
  /** Sentences of paragraphs, bullet items and box lines found whole inside one model block of their page. */
  sentences: Count;
  /** Running header/footer parts (3 characters or more) found in the model's page text beyond what the page's body says itself. */
  furnitureInBody: number;
  /** Running header/footer parts (3 characters or more) printed over all pages. */
  furnitureExpected: number;
  /** The parts counted in `furnitureInBody`. */
  furnitureLeaks: Miss[];
  /** Bullet items found as a model `item` block of equal text on their page. */
  items: Count;
  /** Non-empty table cells found as a cell of a model `row`/`header` block on their page. */
  cells: Count;
}

/** Block kinds a sentence may be found in. */
const SENTENCE_KINDS = new Set<PageSpan['kind']>(['paragraph', 'item', 'box', 'formula', 'label']);
/** A list's numbering at the start of a line ("1. ", "2) ", "a) ", "(b) ", "iv. "): the model keeps it out of an item's text. */
const LIST_MARKER = /^(\(\s*[a-z\d]{1,3}\s*\)|\d{1,2}[.)]|[a-z][.)]|[ivx]{1,4}[.)])\s+/i;
/** How a model table row joins its cells. */
const CELL_SEPARATOR = ' — ';

/**
 * Text as compared: NFKC, lower case, dashes and minus as '-', curly quotes and guillemets as
 * straight ones, no spaces inside numbers ("20 000" → "20000"), whitespace collapsed, trimmed, a
 * trailing ':' dropped.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, '')
    .replace(/[\u2212\u2013\u2010\u2011\u2012]/g, '-')
    .replace(/[\u2019\u2018\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/(\d) (?=\d)/g, '$1')
    .trim()
    .replace(/\s*:$/, '')
    .trim();
}

/** A heading's text as compared: `normalize`, and a trailing period dropped. */
export const normalizeHeading = (text: string): string => normalize(text).replace(/\s*\.$/, '');

/**
 * Words that end with a period without ending a sentence, without their final period, case as
 * written ("M." is Monsieur, "m." ends a sentence on metres). "etc." is left out: followed by a
 * capital it ends the sentence, and a lower-case letter never starts one anyway.
 */
const ABBREVIATIONS = {
  common: ['Dr', 'St', 'p', 'pp', 'cf', 'art', 'e.g', 'i.e', 'vol', 'fig'],
  fr: ['M', 'MM', 'Mme', 'Mmes', 'Mlle', 'Pr', 'env', 'éd', 'ex', 'av', 'apr', 'J.-C'],
  en: ['Mr', 'Mrs', 'Ms', 'Prof', 'Jr', 'Sr', 'No', 'no', 'vs', 'ca', 'approx'],
};

/** A sentence end: terminal punctuation, closing quotes/brackets, space, then what can open a sentence. */
const SENTENCE_END = /([.!?…]+)(["'»”’)\]]*)\s+(?=[\p{Lu}\p{N}"'«“‘(])/gu;

/**
 * A text's sentences: split after . ! ? … followed by a space and an upper-case letter, a digit or
 * an opening quote, but not after an abbreviation ("Dr.", "M.", "p.", "art.", "e.g."), an
 * initial ("E. Jerome") or a list's numbering at the start ("1. If").
 */
export function splitSentences(text: string, language: 'fr' | 'en'): string[] {
  const abbreviations = new Set([...ABBREVIATIONS.common, ...ABBREVIATIONS[language]]);
  const sentences: string[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const at = m.index ?? 0;
    const end = at + m[1].length + m[2].length;
    if (m[1] === '.' && !m[2]) {
      // A list's numbering ("1. If b = 0", "a. The", "IV. Le") starts a text; it does not end a sentence.
      if (/^(\d+|[ivxlc]+|\p{L})$/iu.test(text.slice(from, at).trim())) continue;
      const word = /(\S+)$/.exec(text.slice(from, at))?.[1] ?? '';
      const after = text.slice(at + m[0].length);
      if (abbreviations.has(word.replace(/^[("«“']+/, ''))) continue;
      // An initial: one capital, and a name (or another initial) after it.
      if (/^\p{Lu}$/u.test(word) && /^\p{Lu}(\p{Ll}|\.)/u.test(after)) continue;
    }
    const sentence = text.slice(from, end).trim();
    if (sentence) sentences.push(sentence);
    from = at + m[0].length;
  }
  const rest = text.slice(from).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** How many times `needle` occurs in `haystack`, not overlapping. */
function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); needle && at >= 0; at = haystack.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

/** Indices in `a` of a longest common subsequence of `a` and `b`. */
function lcsMatches(a: string[], b: string[]): Set<number> {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const matched = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      matched.add(i);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return matched;
}

/** Takes one `key` from a multiset; false when none is left. */
function take(bag: Map<string, number>, key: string): boolean {
  const n = bag.get(key) ?? 0;
  if (n <= 0) return false;
  bag.set(key, n - 1);
  return true;
}

function bagOf(keys: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const k of keys) bag.set(k, (bag.get(k) ?? 0) + 1);
  return bag;
}

const emptyCount = (): Count => ({ expected: 0, found: 0, missed: [] });

function tally(count: Count, found: boolean, miss: Miss): void {
  count.expected += 1;
  if (found) count.found += 1;
  else count.missed.push(miss);
}

export function compareStructure(gt: GroundTruth, model: DocumentPage[], language: 'fr' | 'en'): StructureScore {
  const score: StructureScore = {
    headings: emptyCount(),
    sentences: emptyCount(),
    furnitureInBody: 0,
    furnitureExpected: 0,
    furnitureLeaks: [],
    items: emptyCount(),
    cells: emptyCount(),
  };
  const byPage = new Map(model.map((p) => [p.page, p]));
  const blocksOf = (page: number, kinds: (kind: PageSpan['kind']) => boolean) => {
    const p = byPage.get(page);
    return p ? p.spans.filter((s) => kinds(s.kind)).map((s) => ({ span: s, text: p.text.slice(s.start, s.end) })) : [];
  };

  // Headings: in order over the whole document, keyed by page, level and text.
  const gtHeadings = gt.pages.flatMap((p) => p.headings.map((h) => ({ page: p.page, ...h })));
  const key = (page: number, level: number, text: string) => `${page}|${level}|${normalizeHeading(text)}`;
  const modelKeys = model.flatMap((p) =>
    p.spans.filter((s) => s.kind === 'heading').map((s) => key(p.page, s.level ?? 0, p.text.slice(s.start, s.end))),
  );
  const matched = lcsMatches(
    gtHeadings.map((h) => key(h.page, h.level, h.text)),
    modelKeys,
  );
  gtHeadings.forEach((h, i) => tally(score.headings, matched.has(i), { page: h.page, level: h.level, text: h.text }));

  const pages = gt.pages.length;
  for (const p of gt.pages) {
    // Sentences: whole inside one block of the page (a leading list numbering set aside).
    const blocks = blocksOf(p.page, (k) => SENTENCE_KINDS.has(k)).map((b) => normalize(b.text));
    for (const text of [...p.paragraphs, ...p.items, ...p.boxLines]) {
      for (const sentence of splitSentences(text.replace(LIST_MARKER, ''), language)) {
        const n = normalize(sentence);
        if (!n) continue;
        tally(score.sentences, blocks.some((b) => b.includes(n)), { page: p.page, text: sentence });
      }
    }

    // Running header and footer: a part found in the model's page text more often than the page's own body says it.
    const modelText = normalize(byPage.get(p.page)?.text ?? '');
    const body = normalize(
      [...p.headings.map((h) => h.text), ...p.paragraphs, ...p.items, ...p.boxLines, ...p.tableRows.map((r) => r.cells.join(CELL_SEPARATOR))].join('\n'),
    );
    for (const part of furnitureTexts(gt, p.page, pages)) {
      const n = normalize(part);
      if (n.length < 3) continue;
      score.furnitureExpected += 1;
      if (occurrences(modelText, n) > occurrences(body, n)) {
        score.furnitureInBody += 1;
        score.furnitureLeaks.push({ page: p.page, text: part });
      }
    }

    // List items: an `item` block of the same text, each used once.
    const items = bagOf(blocksOf(p.page, (k) => k === 'item').map((b) => normalize(b.text)));
    for (const item of p.items) tally(score.items, take(items, normalize(item)), { page: p.page, text: item });

    // Table cells: a cell of a `row`/`header` block, each used once.
    const cells = bagOf(blocksOf(p.page, (k) => k === 'row' || k === 'header').flatMap((b) => b.text.split(CELL_SEPARATOR).map(normalize)));
    for (const row of p.tableRows) {
      for (const cell of row.cells) {
        const n = normalize(cell);
        if (n) tally(score.cells, take(cells, n), { page: p.page, text: cell });
      }
    }
  }
  return score;
}

/** Found out of expected. */
type Ratio = { found: number; expected: number };

const percent = (found: number, expected: number): string => (expected ? `${((100 * found) / expected).toFixed(1)} %` : 'n/a');
const ratio = (c: Ratio): string => `${c.found}/${c.expected} ${percent(c.found, c.expected)}`;

/** The scores as an aligned plain-text table, one line a course and a total line. */
export function formatTable(rows: { id: string; score: StructureScore }[]): string {
  const sum = (pick: (s: StructureScore) => Ratio): Ratio =>
    rows.reduce((t, r) => ({ found: t.found + pick(r.score).found, expected: t.expected + pick(r.score).expected }), { found: 0, expected: 0 });
  const line = (id: string, h: Ratio, s: Ratio, leaked: number, printed: number, i: Ratio, c: Ratio) => [
    id,
    ratio(h),
    ratio(s),
    `${leaked}/${printed}`,
    ratio(i),
    ratio(c),
  ];
  const table = [
    ['course', 'headings', 'sentences', 'furniture in body', 'items', 'cells'],
    ...rows.map(({ id, score: s }) => line(id, s.headings, s.sentences, s.furnitureInBody, s.furnitureExpected, s.items, s.cells)),
    line(
      'TOTAL',
      sum((s) => s.headings),
      sum((s) => s.sentences),
      rows.reduce((t, r) => t + r.score.furnitureInBody, 0),
      rows.reduce((t, r) => t + r.score.furnitureExpected, 0),
      sum((s) => s.items),
      sum((s) => s.cells),
    ),
  ];
  const widths = table[0].map((_, col) => Math.max(...table.map((r) => r[col].length)));
  const format = (r: string[]) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [format(table[0]), rule, ...table.slice(1, -1).map(format), rule, format(table[table.length - 1])].join('\n');
}
