// Word tokens and index terms: the first steps of every text comparison the engine makes.
//
// A word starts with a letter or digit and runs over letters, digits and combining marks; an
// apostrophe, hyphen, dot or blank ends it ("l'énergie" → "l", "énergie"; "3,14" → "3", "14"). A
// word cut by a hyphen at the end of a line ("calcu-\nler") is read whole ("calculer"), as the
// reader of the page does. Characters are classified by code (ASCII by table, others once with
// Unicode property tests), which keeps tokenising a 300-page course to a few tens of milliseconds.
import type { CourseLanguage } from '../../core/artefacts.js';
import { foldText } from '../../core/fold.js';
import { isStopWord } from './stopwords.js';
import { stem } from './stem.js';

const OTHER = 0;
const WORD = 1;
const MARK = 2;
const UNKNOWN = 255;
const classes = new Uint8Array(0x10000).fill(UNKNOWN);
for (let c = 0; c < 128; c++) {
  const isWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  classes[c] = isWord ? WORD : OTHER;
}
const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;
const MARK_RE = /\p{M}/u;

function classOf(code: number): number {
  const known = classes[code];
  if (known !== UNKNOWN) return known;
  const ch = String.fromCharCode(code);
  // Surrogates: characters outside the BMP (mathematical letters, CJK extensions) are read as letters.
  const c = code >= 0xd800 && code <= 0xdfff ? WORD : LETTER_OR_DIGIT_RE.test(ch) ? WORD : MARK_RE.test(ch) ? MARK : OTHER;
  classes[code] = c;
  return c;
}

const isLowerLetter = (text: string, i: number): boolean => {
  const ch = text[i];
  return ch !== undefined && ch !== ch.toUpperCase();
};

/**
 * Calls `visit` with each word of text[from, to) and its offsets (`end` past a hyphenated line
 * end when the word was cut there). Internal to the engine's text tools.
 */
export function scanWords(text: string, from: number, to: number, visit: (word: string, start: number, end: number) => void): void {
  let i = from;
  while (i < to) {
    if (classOf(text.charCodeAt(i)) !== WORD) {
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < to && classOf(text.charCodeAt(i)) !== OTHER) i++;
    // "calcu-\nler": a lower-case word part, a hyphen ending the line, a lower-case part after it.
    if (text.charCodeAt(i) === 45 && text.charCodeAt(i + 1) === 10 && i + 2 < to && isLowerLetter(text, i - 1) && isLowerLetter(text, i + 2) && classOf(text.charCodeAt(i + 2)) === WORD) {
      let j = i + 2;
      while (j < to && classOf(text.charCodeAt(j)) !== OTHER) j++;
      visit(text.slice(start, i) + text.slice(i + 2, j), start, j);
      i = j;
      continue;
    }
    visit(text.slice(start, i), start, i);
  }
}

/** Word tokens in reading order, original case; elisions and hyphens split ("l'énergie" → l, énergie). */
export function words(text: string): string[] {
  const out: string[] = [];
  scanWords(text, 0, text.length, (w) => out.push(w));
  return out;
}

const MAX_MEMO = 200_000;
/** Word as written → its term, or null for a stop word; per language. */
const termMemo: Record<CourseLanguage, Map<string, string | null>> = { fr: new Map(), en: new Map() };

/** The index term of one word as written (folded, stemmed), or null when it is a stop word. */
export function termOf(word: string, lang: CourseLanguage): string | null {
  const memo = termMemo[lang];
  let t = memo.get(word);
  if (t === undefined) {
    const folded = foldText(word);
    t = isStopWord(folded, lang) ? null : stem(folded, lang);
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(word, t);
  }
  return t;
}

/** What the index stores and queries use: folded words, stop words dropped, stemmed. */
export function terms(text: string, lang: CourseLanguage): string[] {
  const out: string[] = [];
  scanWords(text, 0, text.length, (w) => {
    const t = termOf(w, lang);
    if (t !== null) out.push(t);
  });
  return out;
}
