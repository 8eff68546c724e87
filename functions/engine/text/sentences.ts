// Sentence segmentation of a page's extracted text. PDF text comes as lines joined with "\n"
// (functions/platform/pdf/text.ts), paragraphs separated by a blank line, and a sentence often runs
// over several lines; slides and course notes also have bullet lines and headings with no final
// punctuation. Segmentation is in two steps:
//
// 1. Lines → blocks. A blank line ends a block. A bullet or numbered line ("•", "-", "*", "–",
//    "1.", "a)", "ii.") starts a new block (a bullet symbol is left out of the sentence; a number
//    or letter is kept). A heading ("Chapitre 2", "1.2 Titre", "INTRODUCTION", or a short line
//    without final punctuation between finished sentences and not ending with a grammar word) is
//    a block of its own. Other lines continue the block they follow, so a sentence split across
//    lines stays whole; a formula line after a full stop ("v = d / t") starts a new sentence.
//    Sentences over 100 words (tables, text without punctuation) are cut at line ends.
// 2. Blocks → sentences, at ".", "!", "?" or an ellipsis followed by a blank and the start of a new
//    sentence, except after abbreviations (M., Mme, Dr., p. ex., e.g., i.e., cf., fig., n°/no. 3,
//    p. 12), initials (J. Dupont, J.-C.) and list markers. Decimals (3.14, 3,14) never split since
//    no blank follows their separator; "?" and "!" followed by a lower-case word do not split
//    (« Pourquoi ? demanda-t-il »).
//
// Each sentence gives its offsets in the page text (`text.slice(start, end)` is the sentence as
// printed, line breaks included) and its text with line breaks and runs of blanks read as one
// space, and a word cut by a hyphen at the end of a line joined back ("calcu-\nler" → "calculer").
// Lines that are only a page number ("12", "Page 3 / 10", "- 4 -") are left out.
import type { CourseLanguage } from '../../core/artefacts.js';
import { foldText } from '../../core/fold.js';
import { stopWords } from './stopwords.js';

export interface Sentence {
  /** The sentence, line breaks and blank runs read as one space. */
  text: string;
  /** Offset of its first character in the page text. */
  start: number;
  /** Offset just after its last character in the page text. */
  end: number;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

interface Block {
  start: number;
  end: number;
  /** Where sentence boundaries may start (after a list marker such as "1." or "a)"). */
  bodyStart: number;
}

/** Longest text of a heading, in characters and in words. */
const HEADING_MAX_CHARS = 100;
const HEADING_MAX_WORDS = 12;
/** A sentence longer than this (in words) is cut at its line breaks, or every CUT_WORDS words. */
const LONG_SENTENCE_WORDS = 100;
const CUT_WORDS = 60;

/** A bullet or list marker that always starts a new block. */
const BULLET_RE = /^(?:[•●○◦▪▫■□‣∙⁃➢➤►▶▸✓✔✗✘→⇒]\s*|[-–—*+](?=\s)\s*|\(?(?:\d{1,2}|[a-z]|[ivx]{2,4})[.)](?=\s)\s*|\(?[A-Z]\)(?=\s)\s*)/u;
const SYMBOL_BULLET_RE = /^(?:[•●○◦▪▫■□‣∙⁃➢➤►▶▸✓✔✗✘→⇒]|[-–—*+]\s)/u;
/** Section numbering: "1.2 Titre", "1.2.3. Titre". */
const SECTION_NUMBER_RE = /^\d{1,2}(?:\.\d{1,2})+\.?(?=\s)/;
/** Numbering that may also be an initial ("II. Histoire" / "V. Hugo"): a block start after a finished sentence. */
const LETTER_NUMBER_RE = /^(?:[IVX]{1,5}\s*[.)\-–—]|[A-H]\.)(?=\s)/;
const KEYWORD_HEADING_RE =
  /^(?:Chapitre|Chapter|Partie|Part|Section|Sous-partie|Annexe|Appendix|Leçon|Lesson|Unit[ée]?|Module|Thème|Theme|Séquence|Sequence|Séance|Cours|Exercice|Exercise|Problème|Problem|Exemple|Example|Définition|Definition|Théorème|Theorem|Propriété|Property|Proposition|Lemme|Lemma|Corollaire|Corollary|Remarque|Remark|Méthode|Method|Rappels?|Résumé|Summary|Conclusion|Introduction|Objectifs?|Objectives?|Bilan|Sommaire|Contents|Table des matières)\b/u;
const PAGE_NUMBER_RE = /^(?:[-–—]\s*)?(?:(?:page|p\.)\s*)?\d{1,3}(?:\s*(?:\/|sur|of)\s*\d{1,4})?(?:\s*[-–—])?$/i;
const ENDS_SENTENCE_RE = /[.!?…:;][\s"'»”’)\]]*$/u;
const ENDS_WITH_PUNCTUATION_RE = /[.!?…:;,][\s"'»”’)\]]*$/u;
const LETTER_RE = /[\p{L}\p{N}]/u;
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const WORD_AT_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/uy;

const CLOSERS = new Set(['»', '”', '’', '"', "'", ')', ']']);
const OPENERS = new Set(['«', '“', '‘', '"', "'", '(', '[']);

/** Abbreviations written with a capital that never end a sentence (titles). */
const TITLE_ABBREVIATIONS = new Set([
  'M', 'MM', 'Mme', 'Mmes', 'Mlle', 'Mlles', 'Mgr', 'Dr', 'Drs', 'Pr', 'Prof', 'Mr', 'Mrs', 'Ms',
  'St', 'Ste', 'Sr', 'Jr', 'Gén', 'Gen', 'Col', 'Lt', 'Capt', 'Gov', 'Sen', 'Rev',
]);
/** Abbreviations (folded) that never end a sentence, whatever follows. */
const ABBREVIATIONS = new Set([
  'cf', 'fig', 'figs', 'chap', 'ex', 'env', 'approx', 'resp', 'vs', 'viz', 'coll', 'trad', 'dir',
  'ref', 'eq', 'eqs', 'eqn', 'thm', 'prop', 'def', 'sect', 'ibid', 'op', 'cit', 'av', 'apr', 'sq',
  'sqq', 'hab', 'cad',
]);
/** Abbreviations (folded) that do not end a sentence when a number follows ("p. 12", "no. 3"). */
const NUMBER_ABBREVIATIONS = new Set([
  'p', 'pp', 'no', 'nos', 'n', 't', 'vol', 'ed', 'art', 'sec', 'min', 'max',
  'janv', 'fevr', 'avr', 'juil', 'sept', 'oct', 'nov', 'dec', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep',
]);
/** Abbreviations spelled with inner dots, read on the text just before the final dot. */
const DOTTED_ABBREVIATION_RE = /(?:^|[^\p{L}])(?:e\.g|i\.e|p\.\s?ex|c\.-[àa]-d|n\.b|N\.B|cf)$/iu;
/** Abbreviations that may end a sentence: only a capitalised grammar word after them ends it. */
const AMBIGUOUS_ABBREVIATION_RE = /(?:^|[^\p{L}])(?:J\.-C|et al)$/u;

/** Words that commonly open a sentence, besides the grammar words of both languages. */
const EXTRA_OPENERS = [
  'ensuite', 'enfin', 'puis', 'finalement', 'toutefois', 'neanmoins', 'soit', 'd', 'l', 'c', 'qu',
  'then', 'finally', 'next', 'let', 'consider', 'suppose', 'note', 'here', 'in', 'on', 'at', 'it',
];
let openerWords: Set<string> | null = null;

function isOpenerWord(word: string): boolean {
  if (!openerWords) openerWords = new Set([...stopWords('fr'), ...stopWords('en'), ...EXTRA_OPENERS]);
  return openerWords.has(foldText(word));
}

const isUpper = (c: string | undefined) => c !== undefined && c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isBlank = (c: string | undefined): boolean => {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code === 32 || code === 10 || code === 9 || code === 13 || code === 12 || code === 11 || code === 0xa0 || (code > 0x1fff && /\s/.test(c));
};

/** The sentences of a page's text, in order, with their offsets in it. */
export function sentences(text: string, lang: CourseLanguage): Sentence[] {
  const bounds = sentenceBounds(text, lang);
  const out: Sentence[] = [];
  for (let i = 0; i < bounds.length; i += 2) {
    out.push({ text: readable(text.slice(bounds[i], bounds[i + 1])), start: bounds[i], end: bounds[i + 1] });
  }
  return out;
}

/** The sentences' offsets only, flat: [start0, end0, start1, end1, ...] (what the index needs). */
export function sentenceBounds(text: string, lang: CourseLanguage): number[] {
  const out: number[] = [];
  const punctuation = findPunctuation(text);
  for (const block of blocks(text, lang)) splitBlock(text, block, punctuation, out);
  return out;
}

/** The page's non-blank lines, trimmed, with their offsets. */
function lines(text: string): (Line | null)[] {
  const out: (Line | null)[] = [];
  let pos = 0;
  while (pos <= text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    let s = pos;
    let e = nl;
    while (s < e && isBlank(text[s])) s++;
    while (e > s && isBlank(text[e - 1])) e--;
    out.push(s < e ? { start: s, end: e, text: text.slice(s, e) } : null);
    pos = nl + 1;
  }
  return out;
}

function blocks(text: string, lang: CourseLanguage): Block[] {
  const all = lines(text).map((l) => (l && PAGE_NUMBER_RE.test(l.text) ? null : l));
  const longest = all.reduce((m, l) => Math.max(m, l ? l.text.length : 0), 0);
  const out: Block[] = [];
  let current: Block | null = null;
  let currentIsHeading = false;
  let prev: Line | null = null;
  let prevHeading = false;
  for (let i = 0; i < all.length; i++) {
    const line = all[i];
    if (!line) {
      if (current) out.push(current);
      current = null;
      prev = null;
      continue;
    }
    const marker = BULLET_RE.exec(line.text);
    const prevOpen = prev !== null && !prevHeading && !ENDS_SENTENCE_RE.test(prev.text);
    const starts =
      marker !== null ||
      SECTION_NUMBER_RE.test(line.text) ||
      isAllCaps(line.text) ||
      (!prevOpen && (LETTER_NUMBER_RE.test(line.text) || KEYWORD_HEADING_RE.test(line.text)));
    const heading = isHeading(line.text, marker ? marker[0].length : 0, prevOpen, all[i + 1] ?? null, longest, lang);
    if (current && (starts || heading || currentIsHeading)) {
      out.push(current);
      current = null;
    }
    if (!current) {
      // A bullet symbol is layout, not text: the sentence starts after it ("• Masse" → "Masse").
      const skip = marker && SYMBOL_BULLET_RE.test(marker[0]) ? marker[0].length : 0;
      current = { start: line.start + skip, end: line.end, bodyStart: line.start + (marker ? marker[0].length : 0) };
      currentIsHeading = false;
    }
    current.end = line.end;
    if (heading) currentIsHeading = true;
    prev = line;
    prevHeading = heading;
  }
  if (current) out.push(current);
  return out;
}

function isAllCaps(line: string): boolean {
  if (LOWER_RE.test(line)) return false;
  let upper = 0;
  for (const c of line) if (isUpper(c)) upper++;
  return upper >= 3 && countWords(line) <= HEADING_MAX_WORDS;
}
const LOWER_RE = /\p{Ll}/u;

/** A line that is a heading: short, no final punctuation, not continued by a lower-case line. */
function isHeading(line: string, markerLength: number, prevOpen: boolean, next: Line | null, longest: number, lang: CourseLanguage): boolean {
  if (line.length > HEADING_MAX_CHARS || ENDS_WITH_PUNCTUATION_RE.test(line)) return false;
  if (next && isLower(next.text.match(FIRST_CHAR_RE)?.[0])) return false;
  if (SECTION_NUMBER_RE.test(line) || isAllCaps(line)) return true;
  if (!prevOpen && (LETTER_NUMBER_RE.test(line) || KEYWORD_HEADING_RE.test(line))) return true;
  if (prevOpen) return false;
  // A line nearly as wide as the page's longest one is prose that merely lacks punctuation.
  if (longest >= 50 && line.length > longest * 0.8) return false;
  const body = line.slice(markerLength);
  const first = body.match(FIRST_CHAR_RE)?.[0];
  if (!first || !(isUpper(first) || isDigit(first))) return false;
  const ws = body.match(WORD_RE) ?? [];
  if (ws.length === 0 || ws.length > HEADING_MAX_WORDS) return false;
  // Headings do not end with a grammar word ("... déclenchée par" / "Hitler en 1939.").
  const last = foldText(ws[ws.length - 1]);
  return !stopWords(lang).has(last) && !stopWords(lang === 'fr' ? 'en' : 'fr').has(last);
}
const FIRST_CHAR_RE = /[\p{L}\p{N}]/u;

function countWords(s: string): number {
  WORD_RE.lastIndex = 0;
  let n = 0;
  while (WORD_RE.exec(s)) n++;
  return n;
}

/** Cuts one block into sentences at the boundaries `isBoundary` accepts. */
function splitBlock(text: string, block: Block, punctuation: Punctuation, out: number[]): void {
  const { at, length } = punctuation;
  while (punctuation.next < at.length && at[punctuation.next] < block.bodyStart) punctuation.next++;
  let segStart = block.start;
  for (; punctuation.next < at.length && at[punctuation.next] < block.end; punctuation.next++) {
    const p = at[punctuation.next];
    let j = p + length[punctuation.next];
    // Closing quotes and brackets belong to the sentence (« ... . » with its blank before »).
    for (;;) {
      if (CLOSERS.has(text[j])) j++;
      else if ((text[j] === ' ' || text[j] === '\u00a0' || text[j] === '\u202f') && (text[j + 1] === '»' || text[j + 1] === '”')) j += 2;
      else break;
    }
    if (j >= block.end) break;
    if (!isBlank(text[j])) continue;
    let k = j;
    while (k < block.end && isBlank(text[k])) k++;
    if (k >= block.end) break;
    if (!isBoundary(text, segStart, p, text.slice(p, p + length[punctuation.next]), k)) continue;
    emit(text, segStart, j, out);
    segStart = k;
  }
  emit(text, segStart, block.end, out);
}

/** Every run of sentence-ending punctuation in a page, found once; blocks walk it in order. */
interface Punctuation {
  at: number[];
  length: number[];
  next: number;
}

function findPunctuation(text: string): Punctuation {
  const at: number[] = [];
  const length: number[] = [];
  for (const m of text.matchAll(/[.!?…]+/g)) {
    at.push(m.index);
    length.push(m[0].length);
  }
  return { at, length, next: 0 };
}

/** The first word after `k`, past opening quotes and brackets, and whether one was skipped. */
function nextWord(text: string, k: number): string {
  let i = k;
  while (i < text.length && i < k + 8 && (OPENERS.has(text[i]) || text[i] === ' ' || text[i] === '\u00a0')) i++;
  WORD_AT_RE.lastIndex = i;
  return WORD_AT_RE.exec(text)?.[0] ?? '';
}

/** Whether the punctuation `punct` at `p`, followed by a blank and `text[k]`, ends a sentence. */
function isBoundary(text: string, segStart: number, p: number, punct: string, k: number): boolean {
  const word = nextWord(text, k);
  const first = word[0] ?? text[k];
  const starts = isUpper(first) || isDigit(first) || OPENERS.has(text[k]);
  // "?" or "!" before a lower-case word goes on (« Pourquoi ? demanda-t-il »); "n! = 120" is a factorial.
  if (punct.includes('?') || punct.includes('!')) return starts;
  // Dot leaders of a table of contents ("Introduction ........ 3") never end a sentence.
  if (punct.length > 3) return false;
  if (punct.length > 1 || punct === '…') return isUpper(first);
  if (!starts && !BULLET_RE.test(text.slice(k, k + 3))) {
    // A line starting with a formula after a full stop ("... du parcours.\nv = d / t") starts a sentence.
    return text.slice(p, k).includes('\n') && FORMULA_START_RE.test(text.slice(k, k + 40)) && !isAbbreviation(text, segStart, p, first);
  }
  const before = text.slice(Math.max(segStart, p - 12), p);
  if (AMBIGUOUS_ABBREVIATION_RE.test(before)) return isUpper(word[0]) && isOpenerWord(word);
  if (isAbbreviation(text, segStart, p, first)) return false;
  const tok = /\p{L}+$/u.exec(before)?.[0] ?? '';
  if (tok.length === 1 && isUpper(tok)) {
    // An initial ("J. Dupont", "A. Einstein") unless a grammar word follows ("le point A. Le point B").
    return isUpper(word[0]) && isOpenerWord(word);
  }
  return true;
}

/** Whether the dot at `p` ends an abbreviation that never ends a sentence before `next` ("M.", "p. 12", "e.g."). */
function isAbbreviation(text: string, segStart: number, p: number, next: string): boolean {
  const before = text.slice(Math.max(segStart, p - 12), p);
  if (DOTTED_ABBREVIATION_RE.test(before)) return true;
  const tok = /\p{L}+$/u.exec(before)?.[0] ?? '';
  if (!tok) return false;
  if (TITLE_ABBREVIATIONS.has(tok)) return true;
  const folded = foldText(tok);
  return ABBREVIATIONS.has(folded) || (NUMBER_ABBREVIATIONS.has(folded) && isDigit(next));
}
const FORMULA_START_RE = /^[\p{L}\p{N}_()'²³ ]{1,15}[=≈≤≥]/u;

/** Adds the sentence text[s, e) (trimmed; long ones cut) when it holds a letter or digit. */
function emit(text: string, s: number, e: number, out: number[]): void {
  while (s < e && isBlank(text[s])) s++;
  while (e > s && isBlank(text[e - 1])) e--;
  if (s >= e) return;
  const raw = text.slice(s, e);
  if (!LETTER_RE.test(raw)) return;
  // A sentence of more than N words has at least 2N - 1 characters: count only those.
  if (raw.length >= 2 * LONG_SENTENCE_WORDS && countWords(raw) > LONG_SENTENCE_WORDS) {
    cutLong(text, s, e, out);
    return;
  }
  out.push(s, e);
}

/** A sentence too long to quote or to fit a passage: cut at line breaks, else every CUT_WORDS words. */
function cutLong(text: string, s: number, e: number, out: number[]): void {
  const raw = text.slice(s, e);
  const cuts: number[] = [];
  let words = 0;
  let lastCut = 0;
  WORD_RE.lastIndex = 0;
  const byLines = raw.includes('\n');
  for (let m = WORD_RE.exec(raw); m; m = WORD_RE.exec(raw)) {
    words++;
    const end = m.index + m[0].length;
    let after = end;
    while (raw[after] === ' ' || raw[after] === '\t') after++;
    const atLineEnd = raw[after] === '\n';
    if ((byLines && atLineEnd && words - lastCut >= CUT_WORDS / 2) || words - lastCut >= (byLines ? LONG_SENTENCE_WORDS : CUT_WORDS)) {
      if (end < raw.length) cuts.push(end);
      lastCut = words;
    }
  }
  let from = 0;
  for (const c of [...cuts, raw.length]) {
    let a = from;
    let b = c;
    while (a < b && isBlank(raw[a])) a++;
    while (b > a && isBlank(raw[b - 1])) b--;
    // Trailing punctuation belongs to the piece it follows.
    while (b < raw.length && !isBlank(raw[b]) && !LETTER_RE.test(raw[b])) b++;
    if (a < b && LETTER_RE.test(raw.slice(a, b))) out.push(s + a, s + b);
    from = b;
  }
}

/** The sentence as read: hyphenated line ends joined, blank runs as one space. */
function readable(raw: string): string {
  let s = raw;
  if (s.includes('-\n')) s = s.replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2');
  if (MESSY_BLANKS_RE.test(s)) s = s.replace(/\s+/g, ' ');
  return s;
}
const MESSY_BLANKS_RE = /[^\S ]| {2}/;
