// The layout of a page's extracted text: its lines, which of them are headings (numbered titles,
// "Chapitre 2 : …", ALL CAPS lines, short title lines), list items and stand-alone formulas, and
// the running headers/footers repeated on most pages of a file (left out of every summary).
import type { CoursePage } from '../types.js';

export interface Line {
  text: string;
  start: number;
  end: number;
  /** A cell of a two-column run of lines: its own paragraph (a sentence never runs into the next cell). */
  cell?: boolean;
}

/** `row`: a table's row (cells joined by " — "), from the document model only. */
export type LineRole = 'heading' | 'item' | 'formula' | 'text' | 'row';

export interface StructuredLine extends Line {
  role: LineRole;
  /** Headings only: 1 for chapters/parts and top-level numbers, 2 for "1.2"/short titles, 3 below. */
  depth: number;
}

/** Four blanks or more inside a line: the gutter between two columns. */
const GUTTER_RE = /\S( {4,}|\t+)\S/u;

/**
 * The non-empty lines of a text with their offsets (trimmed). A run of two lines or more that each
 * hold two cells apart (a comparison table, a two-column page) is read column by column: the left
 * cells in order, then the right ones, so that each column's title stands above its own lines.
 */
export function lines(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  let run: [Line, Line][] = [];
  const flush = () => {
    if (run.length >= 2) {
      for (const [left] of run) out.push(left);
      for (const [, right] of run) out.push(right);
    } else for (const [left, right] of run) out.push({ text: `${left.text}${text.slice(left.end, right.start)}${right.text}`, start: left.start, end: right.end });
    run = [];
  };
  for (const raw of text.split('\n')) {
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t) {
      const gutter = GUTTER_RE.exec(t);
      if (gutter) {
        const cut = gutter.index + 1;
        const right = t.slice(cut + gutter[1].length);
        const at = pos + lead;
        run.push([
          { text: t.slice(0, cut), start: at, end: at + cut, cell: true },
          { text: right, start: at + cut + gutter[1].length, end: at + t.length, cell: true },
        ]);
      } else {
        flush();
        out.push({ text: t, start: pos + lead, end: pos + lead + t.length });
      }
    }
    pos += raw.length + 1;
  }
  flush();
  return out;
}

const CHAPTER_RE =
  /^(?:chapitre|chapter|partie|part|leçon|lecon|lesson|unit|unité|unite|thème|theme|module|séquence|sequence|section|annexe|appendix)\s+(?:[0-9]+|[IVXLC]+|[A-Z])\b/iu;
const ROMAN_RE = /^[IVXLC]+\s*[.)–-]\s+\S/u;
const NUMBERED_RE = /^(\d+(?:\.\d+)*)\s*[.)]?\s+\p{L}/u;
const LETTERED_RE = /^[A-Z]\s*[.)]\s+\p{L}/u;
const BULLET_RE = /^(?:[-–—•▪◦·*]|\d+\s*[.)]|[a-z]\s*\))\s+\S/u;
const END_PUNCT_RE = /[.;,!?…]$/u;
/** Lines that name what follows rather than title a part of the course. */
const LABEL_RE =
  /^(?:exemples?|remarques?|définitions?|definitions?|notes?|examples?|remarks?|attention|rappel|n\.?b\.?|solution|réponse|answer|corrigé)\s*:?$/iu;

/** True for a line written mostly in capital letters (at least two letters, one word of 3+). */
function isAllCaps(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4) return false;
  const upper = letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
  return upper / letters.length > 0.9;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** True for a line that reads as an equation or a chemical/physical relation rather than prose. */
export function isFormulaLine(text: string): boolean {
  if (!/[=≈≤≥→⟶⇌∑∫√]|\\frac/u.test(text) || text.length > 200) return false;
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  if (words.length <= 3) return true;
  // "PED = percentage change in quantity demanded / percentage change in price": a named relation.
  const eq = /^([^=]{1,40}?)\s*=\s*\S/u.exec(text);
  return !!eq && eq[1].trim().split(/\s+/).length <= 3 && !END_PUNCT_RE.test(text);
}

/**
 * The role of each line. A heading is short, has no closing punctuation and is numbered, a
 * chapter title, written in capitals, or a short capitalised line that starts a paragraph.
 */
export function structureLines(text: string, boilerplate: ReadonlySet<string> = new Set()): StructuredLine[] {
  const all = lines(text);
  const out: StructuredLine[] = [];
  for (let i = 0; i < all.length; i++) {
    const line = all[i];
    if (boilerplate.size && boilerplate.has(boilerplateKey(line.text))) continue;
    out.push({ ...line, ...classify(line, all[i - 1], all[i + 1], text) });
  }
  return out;
}

function classify(line: Line, prev: Line | undefined, next: Line | undefined, text: string): { role: LineRole; depth: number } {
  const t = line.text;
  if (isFormulaLine(t)) return { role: 'formula', depth: 0 };
  const words = wordCount(t);
  const short = words <= 14 && t.length <= 110;
  const closed = END_PUNCT_RE.test(t);
  if (short && !closed && !LABEL_RE.test(t)) {
    if (CHAPTER_RE.test(t)) return { role: 'heading', depth: 1 };
    const numbered = NUMBERED_RE.exec(t);
    if (numbered) return { role: 'heading', depth: Math.min(3, numbered[1].split('.').length) };
    if (ROMAN_RE.test(t)) return { role: 'heading', depth: 1 };
    if (LETTERED_RE.test(t)) return { role: 'heading', depth: 2 };
    if (isAllCaps(t) && words >= 1) return { role: 'heading', depth: 1 };
    // A short capitalised line with no verb-like end, starting a paragraph, followed by text.
    const startsParagraph = !prev || END_PUNCT_RE.test(prev.text) || text.slice(prev.end, line.start).includes('\n\n') || isHeadingLike(prev.text);
    if (words <= 9 && /^\p{Lu}/u.test(t) && startsParagraph && next && !/[=:]$/.test(t) && !/\d{3,}/.test(t)) {
      return { role: 'heading', depth: 2 };
    }
  }
  if (BULLET_RE.test(t)) return { role: 'item', depth: 0 };
  return { role: 'text', depth: 0 };
}

function isHeadingLike(t: string): boolean {
  return !END_PUNCT_RE.test(t) && wordCount(t) <= 14 && (CHAPTER_RE.test(t) || NUMBERED_RE.test(t) || isAllCaps(t));
}

const PAGE_NUMBER_RE = /^(?:[-–—]\s*)?(?:page|p\.)?\s*\d{1,4}\s*(?:(?:\/|sur|of|de)\s*\d{1,4})?(?:\s*[-–—])?$/iu;

/** A line's identity for header/footer detection: case and blanks ignored; every page number alike. */
export function boilerplateKey(text: string): string {
  const t = text.toLowerCase().replace(/\s+/g, ' ').trim();
  return PAGE_NUMBER_RE.test(t) ? '#page-number' : t;
}

/**
 * Running headers and footers: a line among the first or last two of a page that recurs on at
 * least half the pages of its file (files of four pages or more).
 */
export function findBoilerplate(pages: readonly CoursePage[]): Set<string> {
  const out = new Set<string>();
  const byFile = new Map<string, CoursePage[]>();
  for (const p of pages) {
    const list = byFile.get(p.file_id);
    if (list) list.push(p);
    else byFile.set(p.file_id, [p]);
  }
  for (const filePages of byFile.values()) {
    if (filePages.length < 4) continue;
    const counts = new Map<string, number>();
    for (const p of filePages) {
      const ls = lines(p.text);
      const edge = new Set([...ls.slice(0, 2), ...ls.slice(-2)].map((l) => boilerplateKey(l.text)));
      for (const k of edge) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const [k, n] of counts) if (n >= Math.max(3, filePages.length / 2) && k.length <= 120) out.add(k);
  }
  return out;
}
