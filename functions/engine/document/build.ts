// The document model of a course file, built once at ingestion from its laid-out pages
// (./layout.ts): reading order (two-column parts found per page), running headers and footers
// found across pages and set apart, lines joined into paragraphs across wraps, hyphenation and page
// breaks, headings with their level and numbering, list items, tables as rows of cells, framed
// boxes, labelled blocks and formulas. Written out as each page's text with one span per block
// (functions/core/document.ts), so that citations stay (file, page, exact quote).
//
// Every rule reads the page's geometry and typography (font sizes, weights, gaps, indents, drawn
// frames), never a course's wording; the few words it knows are the labels teachers put on blocks
// ("Définition", "Example", "À retenir", "Key points"…), in French and English.
import { MAX_OUTLINE_ENTRIES, type BlockFacts, type BlockKind, type BlockLabel, type OutlineEntry, type PageSpan } from '../../core/document.js';
import { RUN_FIELDS, type LayoutPage } from './layout.js';

export interface DocumentPage {
  page: number;
  /** The page's text, block by block (see functions/core/document.ts). */
  text: string;
  spans: PageSpan[];
  /** Running header and footer text found on this page (left out of `text`). */
  furniture: string[];
}

export interface CourseDocument {
  pages: DocumentPage[];
  outline: OutlineEntry[];
  /** The outline was cut at MAX_OUTLINE_ENTRIES. */
  truncated: boolean;
}

/** A run in top-down coordinates, its text cleaned. */
interface Run {
  t: string;
  x0: number;
  x1: number;
  /** Baseline, from the top of the page. */
  base: number;
  size: number;
  bold: boolean;
  /** The text as PDFium gave it, and where its words after the first start (offset, x, offset, x…). */
  raw?: string;
  words?: number[];
}

interface Line {
  runs: Run[];
  text: string;
  x0: number;
  x1: number;
  base: number;
  size: number;
  bold: boolean;
  /** Inside a drawn frame: the frame's index on the page. */
  box: number;
  /** The line starts a new flow (a column, a zone of the page): never joined to the line before. */
  flowStart: boolean;
  /** The right edge of the line's column. */
  right: number;
  /** The left edge of the line's column. */
  left: number;
}

/** A block as it is built: its facts, its text, and for headings the style they were drawn in (for levels). */
interface Block extends BlockFacts {
  text: string;
  style?: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u00ad\ufeff\u200b-\u200d\u2060]/g;
const LIGATURES = /[\ufb00-\ufb06]/g;

/** A line's own bullet: the marker is kept apart from the item's text. */
const BULLET_RE = /^([•●○◦▪▫■□‣∙⁃➢➤►▶▸✓✔✗✘→⇒*+]|[-–—](?=\s))\s*/u;
const NUMBERED_ITEM_RE = /^(\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s+(?=\S)/u;
const SECTION_NUMBER_RE = /^((?:\d{1,2}(?:\.\d{1,2})*|[IVXLC]{1,6}|[A-H]))[.)]?(?:\s*[–—-])?\s+(?=\p{L})/u;
const CHAPTER_RE =
  /^(?:chapitre|chapter|partie|part|leçon|lecon|lesson|unit|unité|unite|thème|theme|module|séquence|sequence|section|annexe|appendix)\s+([0-9]+|[IVXLC]+|[A-Z])\b\s*[:.–—-]?\s*/iu;
const TERMINAL_RE = /[.!?…:;][\s"'»”’)\]]*$/u;
const SENTENCE_END_RE = /[.!?…][\s"'»”’)\]]*$/u;
const PAGE_NUMBER_RE = /^(?:[-–—]\s*)?(?:(?:page|p\.)\s*)?\d{1,4}(?:\s*(?:\/|sur|of|de)\s*\d{1,4})?(?:\s*[-–—])?$/iu;

const LABELS: [BlockLabel, RegExp][] = [
  ['key_points', /^(?:à retenir|a retenir|key points?|key takeaways?|l['’]essentiel|essentiel|to remember|remember|bilan|synthèse|summary|résumé|en résumé|in summary)\b/iu],
  ['definition', /^(?:définitions?|definitions?|vocabulaire|vocabulary|glossaire|glossary|lexique|key terms?|mots?[- ]clés?)\b/iu],
  ['example', /^(?:exemples?|examples?|worked examples?|par exemple|for example|for instance|illustration|cas pratique|case study|étude de cas)\b/iu],
  ['theorem', /^(?:théorèmes?|theorems?|propriétés?|property|properties|proposition|lemme|lemma|corollaire|corollary|formules?|formulas?|formulae|règle|rule|méthode|method)\b/iu],
  ['exercise', /^(?:exercices?(?: résolus?| corrigés?)?|exercises?|énoncé|problème|problem|application|entraînement|practice)\b/iu],
  ['solution', /^(?:solutions?|corrigé|correction|réponse|answer|résolution)\b/iu],
  ['note', /^(?:remarques?|remarks?|notes?|attention|n\.?\s?b\.?|rappels?|conseils?|tips?|warning|problématique|objectifs?|objectives?|prérequis|prerequisites)\b/iu],
];

/** Any label at the start of a text: one test before the label-by-label look. */
const ANY_LABEL_RE = new RegExp(LABELS.map(([, re]) => `(?:${re.source})`).join('|'), 'iu');

/** A label line: a label word with at most a few words more and no sentence after it. */
function labelOnly(text: string): BlockLabel | null {
  if (text.length > 60 || !ANY_LABEL_RE.test(text)) return null;
  const t = text.replace(/[\s:.–—-]+$/u, '').trim();
  if (!t || t.split(/\s+/).length > 4 || TERMINAL_RE.test(text.replace(/[:]\s*$/u, ''))) return null;
  for (const [label, re] of LABELS) {
    const m = re.exec(t);
    if (m && t.slice(m[0].length).replace(/[\s\d.():–—-]/gu, '').length <= 12) return label;
  }
  return null;
}

/**
 * Whether a term is only a block's label ("Réponse (a)", "Problématique", "Examples"): never a
 * notion of the course to define, ask about or put on a card.
 */
export function isLabelTerm(term: string): boolean {
  return labelOnly(term.replace(/[«»"“”]/gu, '').trim()) !== null;
}

/** The label a block opens with ("Définition : …", "Example. …"), if any. */
function leadingLabel(text: string): BlockLabel | null {
  if (!ANY_LABEL_RE.test(text)) return null;
  for (const [label, re] of LABELS) {
    const m = re.exec(text);
    if (m && /^\s*(?:\d+\s*)?[:.–—-]/u.test(text.slice(m[0].length))) return label;
  }
  return null;
}

/** Anything `clean` would change: most runs have none of it and are kept as they are. */
// eslint-disable-next-line no-control-regex -- control characters are among what clean removes
const UNCLEAN = /[\u0000-\u001f\u00a0\u00ad\u2000-\u200d\u202f\u205f\u2060\u3000\ufb00-\ufb06\ufeff\t\f\v]|\s{2}|\s\p{M}|^\s|\s$/u;

function clean(text: string): string {
  if (!UNCLEAN.test(text)) return text;
  return text
    .replace(INVISIBLE, '')
    .replace(LIGATURES, (c) => c.normalize('NFKC'))
    .replace(/[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    // A combining mark drawn apart from its letter ("x ̄") belongs to it.
    .replace(/ (\p{M})/gu, '$1')
    .trim();
}

/** The value of most weight (the smaller one on a tie). */
function modeOf(weights: ReadonlyMap<number, number>): number {
  let best = 0;
  let bestWeight = -1;
  for (const [v, w] of weights) if (w > bestWeight || (w === bestWeight && v < best)) [best, bestWeight] = [v, w];
  return best;
}

const roundHalf = (v: number) => Math.round(v * 2) / 2;

function toRuns(page: LayoutPage): Run[] {
  const out: Run[] = [];
  const push = (raw: string, x0: number, x1: number, y: number, top: number, bottom: number, s: number, b: number, words?: number[]) => {
    const t = clean(raw);
    if (!t) return;
    const size = s > 0 ? s : Math.max(4, top - bottom) || 10;
    const run: Run = { t, x0, x1, base: page.height - y, size, bold: b === 1 };
    if (words && words.length > 0) {
      run.raw = raw;
      run.words = words;
    }
    out.push(run);
  };
  const runs = page.runs;
  if (Array.isArray(runs)) {
    for (const r of runs) push(r.t, r.x0, r.x1, r.y, r.top, r.bottom, r.s, r.b, r.w);
    return out;
  }
  const n = runs.n;
  runs.t.forEach((t, k) => {
    const o = k * RUN_FIELDS;
    const from = runs.wi[k];
    const to = runs.wi[k + 1];
    push(t, n[o], n[o + 1], n[o + 2], n[o + 3], n[o + 4], n[o + 5], n[o + 6], to > from ? Array.from(runs.w.subarray(from, to)) : undefined);
  });
  return out;
}

/** Runs on one baseline (within a fraction of their size), left to right; rows top to bottom. */
function rows(runs: Run[]): Run[][] {
  const sorted = [...runs].sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const out: Run[][] = [];
  for (const r of sorted) {
    const row = out[out.length - 1];
    if (row && Math.abs(row[0].base - r.base) <= Math.min(row[0].size, r.size) * 0.45) row.push(r);
    else out.push([r]);
  }
  for (const row of out) row.sort((a, b) => a.x0 - b.x0);
  return out;
}

const furnitureKey = (t: string): string =>
  t
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

/** A run's identity across the two passes over a page: where it stands. */
const runKey = (r: Run): string => `${Math.round(r.base * 10)}:${Math.round(r.x0 * 10)}`;

/** What the first pass keeps of a page: its height and the runs of its two top and bottom rows. */
interface PageEdges {
  height: number;
  edge: Run[];
}

/** The candidates for a page's running header and footer: the runs of its outer rows. */
function edgesOf(height: number, rs: Run[][]): PageEdges {
  const top = rs.slice(0, 2).filter((r) => r[0].base < height * 0.17);
  const bottom = rs.length > 2 ? rs.slice(-2).filter((r) => r[0].base > height * 0.83) : [];
  const edge: Run[] = [];
  // A sentence of the course is no header, however often its shape recurs.
  for (const row of [...top, ...bottom]) for (const r of row) if (!(SENTENCE_END_RE.test(r.t) && wordCount(r.t) > 6) && !edge.includes(r)) edge.push(r);
  return { height, edge };
}

/**
 * Running headers and footers: runs among the two top or bottom rows of a page, in the page's
 * outer sixth, whose text (numbers aside) recurs on at least half the pages of a file of two pages
 * or more; and lone page numbers in the margins of any page. Answers, per page, the keys of its
 * runs that are furniture.
 */
function findFurniture(pages: PageEdges[], body: number): Set<string>[] {
  // A run drawn larger or bolder than the body is a title: it recurs as furniture only word for word
  // (a course's name on every slide), never with its numbers changed ("1. Leçon 1", "2. Leçon 2").
  const keyOf = (r: Run) => (r.bold || r.size > body * 1.1 ? `=${r.t.toLowerCase().replace(/\s+/g, ' ')}` : furnitureKey(r.t));
  const counts = new Map<string, number>();
  for (const { edge } of pages) {
    const keys = new Set(edge.map(keyOf));
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const n = pages.length;
  return pages.map(({ height, edge }) => {
    const out = new Set<string>();
    for (const r of edge) {
      const repeated = n >= 2 && (counts.get(keyOf(r)) ?? 0) >= Math.max(2, n / 2);
      const pageNumber = PAGE_NUMBER_RE.test(r.t) && (r.base < height * 0.1 || r.base > height * 0.9);
      if (repeated || pageNumber) out.add(runKey(r));
    }
    return out;
  });
}

interface Zone {
  /** Rows of the page, top to bottom, that this zone holds. */
  from: number;
  to: number;
  /** Two columns split at this x, or null for one flow. */
  gutter: number | null;
}

/**
 * The page's zones: runs of rows that read as two columns (no run crosses a vertical gutter, both
 * sides hold full lines of prose), and the one-column parts between them.
 */
function zones(rs: Run[][], width: number): Zone[] {
  if (rs.length < 4) return [{ from: 0, to: rs.length, gutter: null }];
  let minX = Infinity;
  let maxX = -Infinity;
  for (const row of rs)
    for (const r of row) {
      if (r.x0 < minX) minX = r.x0;
      if (r.x1 > maxX) maxX = r.x1;
    }
  // A page where every row but a few has a run across its middle third has no two-column part.
  const across = rs.filter((row) => row.some((r) => r.x0 < minX + (maxX - minX) * 0.3 && r.x1 > minX + (maxX - minX) * 0.7)).length;
  if (rs.length - across < 4) return [{ from: 0, to: rs.length, gutter: null }];
  let best: { gutter: number; spans: [number, number][]; score: number } | null = null;
  for (let x = minX + (maxX - minX) * 0.3; x <= minX + (maxX - minX) * 0.7; x += 3) {
    const spans: [number, number][] = [];
    let start = -1;
    let lefts = 0;
    let rights = 0;
    const close = (end: number) => {
      // Only a part with lines on both sides can be two columns: the full check is run for those.
      if (start >= 0 && lefts >= 4 && rights >= 4 && columnsHold(rs.slice(start, end), x, minX, maxX)) spans.push([start, end]);
      start = -1;
      lefts = 0;
      rights = 0;
    };
    for (let i = 0; i < rs.length; i++) {
      const row = rs[i];
      let crosses = false;
      for (const r of row) {
        if (r.x0 < x - 1 && r.x1 > x + 1) crosses = true;
        else if (r.x1 <= x + 1) lefts++;
        else rights++;
      }
      if (crosses) close(i);
      else if (start < 0) start = i;
    }
    close(rs.length);
    const score = spans.reduce((sum, [a, b]) => sum + b - a, 0);
    if (score > 0 && (!best || score > best.score)) best = { gutter: x, spans, score };
    else if (best && score === best.score && spans.length === best.spans.length) {
      // Equally good: the gutter is the middle of the band of candidates.
      best.gutter = (best.gutter + x) / 2;
    }
  }
  void width;
  if (!best) return [{ from: 0, to: rs.length, gutter: null }];
  const out: Zone[] = [];
  let at = 0;
  for (const [a, b] of best.spans) {
    if (a > at) out.push({ from: at, to: a, gutter: null });
    out.push({ from: a, to: b, gutter: best.gutter });
    at = b;
  }
  if (at < rs.length) out.push({ from: at, to: rs.length, gutter: null });
  return out;
}

/** Rows that read as two columns at `x`: enough lines each side, most of them full (prose, not table cells). */
function columnsHold(rs: Run[][], x: number, minX: number, maxX: number): boolean {
  const left = rs.flatMap((row) => row.filter((r) => r.x1 <= x + 1));
  const right = rs.flatMap((row) => row.filter((r) => r.x0 >= x - 1));
  if (left.length < 4 || right.length < 4) return false;
  const leftWidth = Math.max(...left.map((r) => r.x1)) - minX;
  const rightWidth = maxX - Math.min(...right.map((r) => r.x0));
  if (leftWidth < (maxX - minX) * 0.25 || rightWidth < (maxX - minX) * 0.25) return false;
  const full = (runs: Run[], w: number) => runs.filter((r) => r.x1 - r.x0 >= w * 0.6).length / runs.length;
  return full(left, leftWidth) >= 0.5 && full(right, rightWidth) >= 0.5;
}

/** Frames: drawn rectangles big enough to hold lines (rules, marks and page-size backgrounds left out). */
function frames(page: LayoutPage): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (const [x0, y0, x1, y1] of page.rects) {
    const w = x1 - x0;
    const h = y1 - y0;
    if (w < 80 || h < 18) continue;
    if (w * h > page.width * page.height * 0.6) continue;
    // Top-down, as the runs.
    out.push([x0, page.height - y1, x1, page.height - y0]);
  }
  return out;
}

function lineOf(runs: Run[], left: number, right: number, flowStart: boolean, boxes: [number, number, number, number][]): Line {
  const x0 = runs[0].x0;
  const base = runs[0].base;
  let x1 = runs[0].x1;
  let size = runs[0].size;
  let bold = runs[0].bold;
  for (let k = 1; k < runs.length; k++) {
    const r = runs[k];
    if (r.x1 > x1) x1 = r.x1;
    if (r.size > size) size = r.size;
    bold &&= r.bold;
  }
  const box = boxes.findIndex(([bx0, by0, bx1, by1]) => x0 >= bx0 - 2 && x1 <= bx1 + 2 && base >= by0 && base <= by1 + 2);
  return { runs, text: runs.length === 1 ? runs[0].t : runs.map((r) => r.t).join(' '), x0, x1, base, size, bold, box, flowStart, right, left };
}

/** The page's lines in reading order: zone by zone, a two-column zone left column first. */
function readingOrder(rs: Run[][], width: number, boxes: [number, number, number, number][]): Line[] {
  const out: Line[] = [];
  for (const zone of zones(rs, width)) {
    const part = rs.slice(zone.from, zone.to);
    if (part.length === 0) continue;
    const edges = (runs: Run[]) => [Math.min(...runs.map((r) => r.x0)), Math.max(...runs.map((r) => r.x1))];
    if (zone.gutter === null) {
      const [left, right] = edges(part.flat());
      part.forEach((row, i) => out.push(lineOf(row, left, right, i === 0, boxes)));
      continue;
    }
    const g = zone.gutter;
    for (const side of [(r: Run) => r.x1 <= g + 1, (r: Run) => r.x0 >= g - 1]) {
      const lines = part.map((row) => row.filter(side)).filter((row) => row.length > 0);
      if (lines.length === 0) continue;
      const [left, right] = edges(lines.flat());
      lines.forEach((row, i) => out.push(lineOf(row, left, right, i === 0, boxes)));
    }
  }
  return out;
}

/** Joins a wrapped line to the text before it: a word cut by a hyphen is made whole again. */
function joinWrapped(before: string, after: string): string {
  if (!before) return after;
  // Only the end of the text is looked at: a paragraph grows line by line.
  const cut = before.endsWith('-') ? /\p{L}{2}-$/u.exec(before.slice(-3)) : null;
  if (cut && /^\p{Ll}{2,}/u.test(after) && !/^(?:à|a|t|y|en|il|elle|on|ils|elles|je|tu|nous|vous|même|mêmes|là|ci)\b/u.test(after)) {
    return before.slice(0, -1) + after;
  }
  return `${before} ${after}`;
}

interface Typography {
  body: number;
  leading: number;
}

/** The body font size (most characters) and its line spacing (most frequent baseline gap). */
function typography(lines: Line[]): Typography {
  const sizes = new Map<number, number>();
  for (const l of lines) {
    const k = roundHalf(l.size);
    sizes.set(k, (sizes.get(k) ?? 0) + l.text.length);
  }
  const body = modeOf(sizes) || 10;
  const gaps = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (b.flowStart || Math.abs(a.size - body) > 0.6 || Math.abs(b.size - body) > 0.6) continue;
    const gap = b.base - a.base;
    if (gap > 0 && gap < body * 3) gaps.set(Math.round(gap), (gaps.get(Math.round(gap)) ?? 0) + 1);
  }
  const leading = gaps.size ? modeOf(gaps) : body * 1.2;
  return { body, leading: Math.max(leading, body) };
}

const headingStyle = (l: Line, t: Typography): boolean => l.size >= t.body * 1.07 + 0.3 || (l.bold && l.size >= t.body * 0.95);

/** The next line's first word would not have fitted at the end of this one: the line was wrapped. */
function wouldNotFit(line: Line, next: Line): boolean {
  const word = /^\S+/u.exec(next.text)?.[0] ?? '';
  const perChar = (next.x1 - next.x0) / Math.max(1, next.text.length);
  // Average letters are wider than a short word's: the estimate leans towards "it would have fitted".
  return line.x1 + perChar * word.length * 0.85 > line.right;
}

/** A line that stops well before its column's right edge: the last of a block, never a wrap. */
const isShort = (l: Line): boolean => l.x1 < l.left + (l.right - l.left) * 0.7;

/** Words in `t` (runs of non-blanks), counted without building a list. */
function wordCount(t: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < t.length; i++) {
    const blank = t.charCodeAt(i) <= 32;
    if (!blank && !inWord) n++;
    inWord = !blank;
  }
  return n;
}

/** A line that could be a heading: drawn larger or in bold, short, no sentence end. */
function isHeadingLine(l: Line, t: Typography, textOnly: boolean): boolean {
  const text = l.text;
  if (wordCount(text) > 18 || text.length > 140) return false;
  if (SENTENCE_END_RE.test(text) && !/^\d+(?:\.\d+)*\.?\s/u.test(text)) return false;
  if (/[,;]$/u.test(text)) return false;
  if (!/\p{L}{2,}/u.test(text)) return false;
  if (!textOnly) {
    if (headingStyle(l, t) && !(l.runs.length > 1 && !l.bold && l.size < t.body * 1.12)) return true;
    // Drawn as the body: a chapter title or a numbered section ("1.2 …") alone on a short line.
    return isShort(l) && (CHAPTER_RE.test(text) || /^\d{1,2}(?:\.\d{1,2})+\.?\s+\p{Lu}/u.test(text)) && wordCount(text) <= 12 && !TERMINAL_RE.test(text);
  }
  // A page without typography (OCR): numbered titles, chapter titles and short capitals only.
  if (CHAPTER_RE.test(text)) return true;
  if (/^\d{1,2}(?:\.\d{1,2})+\.?\s+\p{Lu}/u.test(text) && wordCount(text) <= 12) return true;
  if (/^(?:\d{1,2}|[IVX]{1,5})[.)]\s+\p{Lu}/u.test(text) && wordCount(text) <= 10 && !/:\s*$/u.test(text)) return true;
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= 4 && wordCount(text) <= 10 && letters.every((c) => c === c.toUpperCase());
}

function numbering(text: string): { number?: string; depth: number } {
  const chapter = CHAPTER_RE.exec(text);
  if (chapter) return { number: chapter[1], depth: 1 };
  const m = SECTION_NUMBER_RE.exec(text);
  if (!m) return { depth: 0 };
  const n = m[1];
  if (/^\d/.test(n)) return { number: n, depth: n.split('.').length };
  // "I." reads as a part, "A." one level under it.
  return { number: n, depth: /^[IVXLC]+$/.test(n) ? 1 : 2 };
}

/**
 * A page's blocks from its lines in reading order: tables first (rows of two cells or more, aligned),
 * then frames, headings, labels, list items, formulas and paragraphs.
 */
function pageBlocks(lines: Line[], t: Typography, textOnly: boolean, tableBase: number, tablesAllowed = !textOnly): { blocks: Block[]; tables: number } {
  const blocks: Block[] = [];
  let tables = tableBase;
  let current: Block | null = null;
  let prev: Line | null = null;
  let boxGroup = -1;
  let boxLabel: BlockLabel | undefined;
  let sectionLabel: BlockLabel | undefined;
  /** The x where the current list item's text starts (wrapped lines hang there). */
  let itemIndent = 0;

  const flush = () => {
    if (current && current.text) blocks.push(current);
    current = null;
  };
  const gapBefore = (l: Line) => (prev && !l.flowStart ? l.base - prev.base : Infinity);

  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    // A table: this line and the next ones hold aligned cells.
    const table = tablesAllowed ? readTable(lines, i, t) : null;
    if (table) {
      flush();
      const group = tables++;
      table.rows.forEach((cells, r) =>
        blocks.push({ kind: r === 0 && table.header ? 'header' : 'row', text: cells.filter(Boolean).join(' — '), group, label: sectionLabel }),
      );
      i = table.end - 1;
      prev = lines[i];
      continue;
    }
    const gap = gapBefore(l);
    const inBox = l.box >= 0;
    if (inBox && (!prev || prev.box !== l.box || l.flowStart)) {
      flush();
      boxGroup = tables + 1000 + i;
      boxLabel = undefined;
      const label = labelOnly(l.text);
      if (label || (l.bold && wordCount(l.text) <= 6 && !TERMINAL_RE.test(l.text))) {
        boxLabel = label ?? 'key_points';
        blocks.push({ kind: 'label', text: l.text, label: boxLabel, group: boxGroup });
        prev = l;
        continue;
      }
    }
    if (!inBox) boxLabel = undefined;

    const text = l.text;
    const label = labelOnly(text);
    const style = `${Math.round((l.size / t.body) * 20) / 20}|${l.bold ? 1 : 0}`;
    const last = blocks[blocks.length - 1];
    // A heading wrapped over two lines: same style, right below, and the first line ran to the
    // column's edge, or stopped on a word that cannot end a title, or the next goes on in lower case.
    if (
      !current &&
      !inBox &&
      last?.kind === 'heading' &&
      prev &&
      Math.abs(l.size - prev.size) <= 0.5 &&
      (l.bold === prev.bold || !/\p{L}/u.test(text)) &&
      !l.flowStart &&
      gap <= l.size * 1.9 &&
      !numbering(text).number &&
      (prev.x1 >= prev.left + (prev.right - prev.left) * 0.92 ||
        wouldNotFit(prev, l) || /^[\p{Ll}(]/u.test(text) || /(?:[–—:,-]|\b(?:de|du|des|la|le|les|et|of|the|and|to|in|a|an|à|en))$/iu.test(prev.text))
    ) {
      last.text = joinWrapped(last.text, text);
      prev = l;
      continue;
    }
    const heading = !inBox && isHeadingLine(l, t, textOnly);
    if (heading) {
      flush();
      const num = numbering(text);
      blocks.push({ kind: 'heading', text, number: num.number, style, level: num.depth, label: label ?? undefined });
      sectionLabel = label ?? undefined;
      prev = l;
      continue;
    }
    if (label) {
      flush();
      blocks.push({ kind: 'label', text, label, group: inBox ? boxGroup : undefined });
      if (inBox) boxLabel = label;
      else sectionLabel = label;
      prev = l;
      continue;
    }
    const bullet = BULLET_RE.exec(text);
    const numbered = !bullet ? NUMBERED_ITEM_RE.exec(text) : null;
    const paragraphGap = gap > t.leading * 1.45 || gap < -t.body;
    const prevEnded =
      !!prev && prev.x1 < prev.right - t.body * 1.5 && (SENTENCE_END_RE.test(prev.text) || (/:\s*$/u.test(prev.text) && !/^\p{Ll}/u.test(text)));
    const indented = !!prev && l.x0 > l.left + t.body * 1.2 && prev.x0 <= l.left + 2;
    if (bullet || numbered) {
      flush();
      const marker = (bullet ?? numbered)![1];
      const body = text.slice((bullet ?? numbered)![0].length);
      current = { kind: 'item', text: body, marker, label: inBox ? boxLabel : sectionLabel, group: inBox ? boxGroup : undefined };
      itemIndent = l.runs.length > 1 && l.runs[0].t === marker ? l.runs[1].x0 : l.x0 + t.body;
      prev = l;
      continue;
    }
    const next = lines[i + 1];
    // A line that goes on in the next one (a lower-case word, or an operator left open) is prose.
    const wraps =
      !!next && !next.flowStart && next.base - l.base <= t.leading * 1.45 && ((/^\p{Ll}/u.test(next.text) && !isShort(l)) || /[=+−×/(,;]$/u.test(text));
    const formula = isFormulaText(text) && !wraps && !leadingLabel(text) && !/^(?:étape|step|answer|réponse)\b/iu.test(text);
    const cur = current as Block | null;
    const continues =
      cur !== null &&
      !l.flowStart &&
      !paragraphGap &&
      !prevEnded &&
      !(formula && prev && TERMINAL_RE.test(prev.text)) &&
      !(cur.kind === 'formula' && !formula) &&
      !(cur.kind === 'item' && l.x0 < itemIndent - t.body * 0.6) &&
      !(indented && prev && SENTENCE_END_RE.test(prev.text)) &&
      !(prev && isShort(prev) && !/[,;(–—-]$/u.test(prev.text)) &&
      (cur.kind !== 'box' || inBox) &&
      (inBox === (cur.kind === 'box' || (cur.kind === 'item' && cur.group !== undefined)));
    if (continues && cur) {
      cur.text = joinWrapped(cur.text, text);
      prev = l;
      continue;
    }
    // A wrapped page: the flow goes on in the next column or zone with a lower-case word.
    if (cur && l.flowStart && !TERMINAL_RE.test(cur.text) && /^\p{Ll}/u.test(text) && cur.kind === 'paragraph' && !inBox) {
      cur.text = joinWrapped(cur.text, text);
      prev = l;
      continue;
    }
    flush();
    const kind: BlockKind = formula ? 'formula' : inBox ? 'box' : 'paragraph';
    current = { kind, text, label: leadingLabel(text) ?? (inBox ? boxLabel : sectionLabel), group: inBox ? boxGroup : undefined };
    prev = l;
  }
  flush();
  return { blocks, tables };
}

function isFormulaText(text: string): boolean {
  if (!/[=≈≤≥→⟶⇌∑∫√]/u.test(text) || text.length > 160 || /[,;]$/u.test(text)) return false;
  if (SENTENCE_END_RE.test(text)) return false;
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  return words.length <= 3;
}

/**
 * A table starting at line `i`: two rows or more whose runs stand in two columns or more at the
 * same places; a wrapped cell's next line (one run under a column, right below) joins its cell.
 */
function readTable(lines: Line[], i: number, t: Typography): { rows: string[][]; header: boolean; end: number } | null {
  const first = lines[i];
  if (first.runs.length < 2) return null;
  const anchors = first.runs.map((r) => r.x0);
  const cellOf = (x: number) => {
    let c = 0;
    for (let k = 0; k < anchors.length; k++) if (x >= anchors[k] - t.body * 0.8) c = k;
    return c;
  };
  const aligned = (runs: Run[]) => runs.length >= 2 && runs.filter((r) => anchors.some((a) => Math.abs(a - r.x0) <= t.body * 0.8)).length >= 2;
  const rowsOut: string[][] = [];
  let multi = 0;
  let j = i;
  let last: Line | null = null;
  /** The smallest gap seen between two rows: a cell's wrapped line is closer than that. */
  let rowGap = Infinity;
  const onAnchor = (r: Run) => Math.abs(anchors[cellOf(r.x0)] - r.x0) <= t.body * 0.8;
  for (; j < lines.length; j++) {
    const l = lines[j];
    if (l.flowStart && j > i) break;
    // Only a line that already stands in columns is cut: a line of prose is never a row.
    const runs = l.runs.length >= 2 ? l.runs.flatMap((r) => splitAtAnchors(r, anchors, t.body * 0.8)) : l.runs;
    const gap = last ? l.base - last.base : 0;
    const wrapGap = rowGap < Infinity ? gap < rowGap * 0.88 : gap <= t.leading * 1.15;
    if (last && rowsOut.length > 0 && wrapGap && runs.length < anchors.length && runs.every(onAnchor)) {
      const prevRow = rowsOut[rowsOut.length - 1];
      for (const r of runs) {
        const c = cellOf(r.x0);
        prevRow[c] = prevRow[c] ? joinWrapped(prevRow[c], r.t) : r.t;
      }
      last = l;
      continue;
    }
    if (aligned(runs) && (!last || gap <= t.leading * 3.2)) {
      const row = anchors.map(() => '');
      for (const r of runs) {
        const c = cellOf(r.x0);
        row[c] = row[c] ? `${row[c]} ${r.t}` : r.t;
      }
      if (last) rowGap = Math.min(rowGap, gap);
      rowsOut.push(row);
      multi++;
      last = l;
      continue;
    }
    break;
  }
  if (multi < 2) return null;
  const head = rowsOut[0];
  const header = lines[i].bold || head.every((c) => c.length > 0 && wordCount(c) <= 6 && !/\d{2,}/.test(c) && !TERMINAL_RE.test(c));
  return { rows: rowsOut, header, end: j };
}

/**
 * A run that PDFium drew across a table's column (cells closer together than a wide gap) cut at
 * the word that starts on the column's anchor.
 */
function splitAtAnchors(run: Run, anchors: number[], tolerance: number): Run[] {
  if (!run.words || !run.raw) return [run];
  const words = run.words;
  const cuts: [number, number][] = [];
  for (const a of anchors) {
    if (a <= run.x0 + tolerance || a >= run.x1 - tolerance) continue;
    for (let k = 0; k + 1 < words.length; k += 2) {
      if (Math.abs(words[k + 1] - a) <= tolerance) {
        cuts.push([words[k], words[k + 1]]);
        break;
      }
    }
  }
  if (cuts.length === 0) return [run];
  const out: Run[] = [];
  let from = 0;
  let x0 = run.x0;
  for (const [at, x] of [...cuts, [run.raw.length, run.x1] as [number, number]]) {
    const t = clean(run.raw.slice(from, at));
    if (t) out.push({ t, x0, x1: at === run.raw.length ? run.x1 : x - 1, base: run.base, size: run.size, bold: run.bold });
    from = at;
    x0 = x;
  }
  return out;
}

/** Gives each heading its level: its style's rank among the file's heading styles, refined by its numbering. */
function assignLevels(pages: Block[][], textOnly: boolean[]): void {
  const styles = new Map<string, { size: number; bold: boolean; count: number; minDepth: number }>();
  pages.forEach((blocks, p) => {
    if (textOnly[p]) return;
    for (const b of blocks) {
      if (b.kind !== 'heading' || !b.style) continue;
      const [size, bold] = b.style.split('|');
      const s = styles.get(b.style) ?? { size: Number(size), bold: bold === '1', count: 0, minDepth: 9 };
      s.count++;
      if (b.level && b.level > 0) s.minDepth = Math.min(s.minDepth, b.level);
      styles.set(b.style, s);
    }
  });
  // Styles a few percent apart are one (a dense page drawn smaller, rounding): ranked by size, bold first.
  const sorted = [...styles.entries()].sort((a, b) => b[1].size - a[1].size || Number(b[1].bold) - Number(a[1].bold));
  const rankOf = new Map<string, number>();
  const clusters: { size: number; bold: boolean; minDepth: number }[] = [];
  for (const [key, st] of sorted) {
    let k = clusters.findIndex((c) => c.bold === st.bold && st.size >= c.size * 0.94);
    if (k < 0) {
      clusters.push({ size: st.size, bold: st.bold, minDepth: st.minDepth });
      k = clusters.length - 1;
    } else clusters[k].minDepth = Math.min(clusters[k].minDepth, st.minDepth);
    rankOf.set(key, k);
  }
  const order = clusters.map((c, k) => ({ c, k })).sort((a, b) => b.c.size - a.c.size || Number(b.c.bold) - Number(a.c.bold));
  const rank = new Map(order.map((o, r) => [o.k, r]));
  pages.forEach((blocks, p) => {
    for (const b of blocks) {
      if (b.kind !== 'heading') continue;
      const depth = b.level ?? 0;
      if (textOnly[p] || !b.style) {
        b.level = Math.min(3, Math.max(1, depth || 1));
        continue;
      }
      const k = rankOf.get(b.style)!;
      let level = rank.get(k)! + 1;
      if (depth > 0 && clusters[k].minDepth < 9) level += depth - clusters[k].minDepth;
      b.level = Math.min(3, Math.max(1, level));
    }
  });
}

/**
 * A paragraph cut by a page break: the start of the next page's first paragraph, up to its first
 * sentence end, is joined to the last paragraph of the page before (where the sentence began).
 */
function joinAcrossPages(pages: Block[][]): void {
  for (let p = 0; p + 1 < pages.length; p++) {
    const last = [...pages[p]].reverse().find((b) => b.kind !== 'label');
    const next = pages[p + 1][0];
    if (!last || !next || last.kind !== 'paragraph' || next.kind !== 'paragraph') continue;
    if (TERMINAL_RE.test(last.text) || !/^\p{Ll}/u.test(next.text)) continue;
    const end = /[.!?…](?=\s+\P{Ll})|[.!?…]$/u.exec(next.text);
    const cut = end ? end.index + 1 : next.text.length;
    last.text = joinWrapped(last.text, next.text.slice(0, cut).trim());
    const rest = next.text.slice(cut).trim();
    if (rest) {
      next.text = rest;
      next.continued = true;
    } else pages[p + 1].shift();
  }
}

/** Writes a page's blocks out as its text and spans. */
function writePage(page: number, blocks: Block[], furniture: string[]): DocumentPage {
  let text = '';
  const spans: PageSpan[] = [];
  let prevKind: BlockKind | null = null;
  let prevGroup: number | undefined;
  for (const b of blocks) {
    const body = b.text.trim();
    if (!body) continue;
    if (text) {
      const sameGroup = b.group !== undefined && b.group === prevGroup;
      const sameList = b.kind === 'item' && prevKind === 'item';
      text += sameGroup || sameList ? '\n' : '\n\n';
    }
    const start = text.length;
    text += body;
    const span: PageSpan = { start, end: text.length, kind: b.kind };
    if (b.kind === 'heading') span.level = b.level ?? 1;
    if (b.number) span.number = b.number;
    if (b.marker) span.marker = b.marker;
    if (b.label) span.label = b.label;
    if (b.group !== undefined) span.group = b.group;
    if (b.continued) span.continued = true;
    spans.push(span);
    prevKind = b.kind;
    prevGroup = b.group;
  }
  return { page, text, spans, furniture };
}

/**
 * The document model of a file from its pages in order. `textOnly` pages (and pages whose source is
 * OCR or plain text) carry no
 * typography: their headings come from numbering and capitals only.
 */
export function buildDocument(input: readonly LayoutPage[], opts: { textOnly?: ReadonlySet<number> } = {}): CourseDocument {
  // First pass: what needs every page (the running header and footer, the body's size, its line
  // spacing). Only the pages' outer rows are kept from it: each page is read again in the second
  // pass, so that no page's lines outlive their page (a 1,000-page file stays light).
  const sizes = new Map<number, number>();
  const gaps = new Map<number, number>();
  const edges = input.map((page) => {
    const rs = rows(toRuns(page));
    for (let k = 0; k < rs.length; k++) {
      const r = rs[k][0];
      sizes.set(roundHalf(r.size), (sizes.get(roundHalf(r.size)) ?? 0) + r.t.length);
      if (k > 0 && rs[k].length === 1 && rs[k - 1].length === 1 && Math.abs(r.size - rs[k - 1][0].size) <= 0.6) {
        const gap = Math.round(r.base - rs[k - 1][0].base);
        if (gap > 0 && gap < r.size * 3) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
      }
    }
    return edgesOf(page.height, rs);
  });
  const body = modeOf(sizes) || 10;
  // A dense page may be drawn in a smaller font: each page's typography is its own, the file's
  // when a page has too few lines to tell.
  const fileTypography: Typography = { body, leading: Math.max(gaps.size ? modeOf(gaps) : body * 1.2, body) };
  const furniture = findFurniture(edges, body);
  // Typography is trusted on PDFium's pages only: OCR's line boxes place the text well but say
  // nothing of weight, and their heights vary with the letters; text known without positions has neither.
  const textOnly = input.map((p) => !!opts.textOnly?.has(p.page) || p.source === 'ocr' || p.source === 'text');
  const tablesAllowed = input.map((p) => !opts.textOnly?.has(p.page) && p.source !== 'text');
  let tables = 0;
  const furnitureTexts: string[][] = [];
  const pageBlockLists = input.map((page, p) => {
    const own = furniture[p];
    const rs = rows(toRuns(page));
    const kept: Run[][] = [];
    const apart: string[] = [];
    for (const row of rs) {
      const shown = own.size ? row.filter((r) => (own.has(runKey(r)) ? (apart.push(r.t), false) : true)) : row;
      if (shown.length > 0) kept.push(shown);
    }
    furnitureTexts.push(apart);
    const lines = readingOrder(kept, page.width, frames(page));
    const t = lines.length >= 12 ? typography(lines) : fileTypography;
    const built = pageBlocks(lines, t, textOnly[p], tables, tablesAllowed[p]);
    tables = built.tables;
    return built.blocks;
  });
  assignLevels(pageBlockLists, textOnly);
  joinAcrossPages(pageBlockLists);
  const pages = pageBlockLists.map((blocks, p) => writePage(input[p].page, blocks, furnitureTexts[p]));
  const outline: OutlineEntry[] = [];
  let truncated = false;
  for (const page of pages) {
    for (const s of page.spans) {
      if (s.kind !== 'heading') continue;
      if (outline.length >= MAX_OUTLINE_ENTRIES) {
        truncated = true;
        break;
      }
      const entry: OutlineEntry = { level: s.level ?? 1, text: page.text.slice(s.start, s.end), page: page.page };
      if (s.number) entry.number = s.number;
      outline.push(entry);
    }
  }
  return { pages, outline, truncated };
}
