// Key terms of a course: the phrases of two and three content words (n-gram sizes 2
// and 3) and the single words that the course uses most often and across the most pages, with a
// bonus for the terms it defines or puts in its headings.
import { foldText } from '../../core/fold.js';
import { isStopWord, stem } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';

export interface Token {
  /** As written. */
  text: string;
  start: number;
  end: number;
  folded: string;
  stem: string;
  stop: boolean;
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
/** Grammar words a phrase may keep inside it ("énergie potentielle de pesanteur", "law of demand"). */
const LINKS: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['de', 'du', 'des', 'd', 'la', 'le', 'l', 'a', 'au', 'aux', 'en']),
  en: new Set(['of', 'the']),
};

interface WordForms {
  folded: string;
  stem: string;
  stop: boolean;
}
/** A course's vocabulary is small: each word is folded and stemmed once. */
const FORMS: Record<CourseLanguage, Map<string, WordForms>> = { fr: new Map(), en: new Map() };
const MAX_FORMS = 200_000;

function forms(word: string, lang: CourseLanguage): WordForms {
  const cache = FORMS[lang];
  let f = cache.get(word);
  if (!f) {
    const folded = foldText(word);
    const stop = isStopWord(folded, lang);
    f = { folded, stop, stem: stop ? folded : stem(folded, lang) };
    if (cache.size >= MAX_FORMS) cache.clear();
    cache.set(word, f);
  }
  return f;
}

/** Words of a text with offsets, folded form, stem and stop-word flag. */
export function tokenize(text: string, lang: CourseLanguage): Token[] {
  const out: Token[] = [];
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m; m = WORD_RE.exec(text)) {
    const f = forms(m[0], lang);
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, folded: f.folded, stem: f.stem, stop: f.stop });
  }
  return out;
}

/** Words of a course's layout and units of measure: frequent, yet never what a course is about. */
const NOT_KEY = new Set(
  `chapitre chapitres chapter chapters partie parties part unit units unite unites section sections lecon lesson
  exemple exemples example examples exercice exercices exercise exercises definition definitions methode method
  remarque remarques remark note notes cours course page pages figure figures tableau table voir see annexe appendix
  metre metres meter meters seconde secondes second seconds kilogramme kilogrammes kilogram kilograms gramme grammes
  gram grams joule joules newton newtons watt watts millimetre millimetres millimeter millimeters kilometre kilometres
  dollar dollars euro euros heure heures hour hours minute minutes`.split(/\s+/),
);

/** A word that can carry a key term: not a grammar word, a number, a layout word or a unit; 3+ letters. */
export function isContentToken(t: Token): boolean {
  return !t.stop && t.folded.length >= 3 && !/\d/.test(t.folded) && !NOT_KEY.has(t.folded);
}

export interface Phrase {
  /** Stems joined by spaces: the identity of the phrase across inflections. */
  key: string;
  /** As written in the sentence. */
  surface: string;
  size: 2 | 3;
}

function displayCase(text: string): string {
  return text
    .split(/(\s+)/)
    .map((w) => ((w.match(/\p{Lu}/gu) ?? []).length >= 2 ? w : w.toLowerCase()))
    .join('');
}

/** True when only blanks, apostrophes or hyphens separate two words (not punctuation). */
function joinedGap(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 39 && c !== 0x2019 && c !== 45 && c !== 10 && c !== 9 && c !== 0xa0) return false;
  }
  return true;
}

/**
 * The 2- and 3-word phrases of a sentence: consecutive content words, allowing up to two linking
 * grammar words between them, never across punctuation.
 */
export function phrases(sentence: string, tokens: Token[], lang: CourseLanguage): Phrase[] {
  const out: Phrase[] = [];
  // Content positions and whether each is joined to the next content word.
  const content: number[] = [];
  const joinedToNext: boolean[] = [];
  let lastContent = -1;
  let linksSince = 0;
  let broken = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (i > 0 && !joinedGap(sentence, tokens[i - 1].end, t.start)) broken = true;
    if (isContentToken(t)) {
      if (lastContent >= 0) joinedToNext[content.length - 1] = !broken && linksSince <= 2;
      content.push(i);
      joinedToNext.push(false);
      lastContent = i;
      linksSince = 0;
      broken = false;
    } else if (LINKS[lang].has(t.folded) && lastContent >= 0) {
      linksSince++;
    } else {
      broken = true;
    }
  }
  for (let a = 0; a < content.length; a++) {
    for (const size of [2, 3] as const) {
      let ok = true;
      for (let k = a; k < a + size - 1; k++) if (k >= content.length - 1 || !joinedToNext[k]) ok = false;
      if (!ok) continue;
      const toks = content.slice(a, a + size).map((i) => tokens[i]);
      out.push({
        key: toks.map((t) => t.stem).join(' '),
        surface: sentence.slice(toks[0].start, toks[toks.length - 1].end),
        size,
      });
    }
  }
  return out;
}

export interface KeyTerm {
  /** The most frequent written form. */
  term: string;
  /** Stems joined by spaces. */
  key: string;
  /** Number of words (1, 2 or 3). */
  size: 1 | 2 | 3;
  count: number;
  /** Pages it appears on. */
  spread: number;
  score: number;
}

interface Tally {
  count: number;
  /** Pages seen (pages are added in order, so counting changes of page is enough). */
  spread: number;
  lastPage: number;
  forms: Map<string, number>;
  size: 1 | 2 | 3;
  defined: boolean;
  heading: boolean;
}

/** Accumulates occurrences sentence by sentence, pages in order; `result()` ranks them. */
export class KeyTermCounter {
  private readonly tallies = new Map<string, Tally>();

  add(key: string, form: string, size: 1 | 2 | 3, page: number, flags: { defined: boolean; heading: boolean }): void {
    let t = this.tallies.get(key);
    if (!t) {
      t = { count: 0, spread: 0, lastPage: -1, forms: new Map(), size, defined: false, heading: false };
      this.tallies.set(key, t);
    }
    t.count++;
    if (t.lastPage !== page) {
      t.spread++;
      t.lastPage = page;
    }
    t.forms.set(form, (t.forms.get(form) ?? 0) + 1);
    t.defined ||= flags.defined;
    t.heading ||= flags.heading;
  }

  /** Ranked by frequency × spread, phrases and defined/heading terms first among equals. */
  result(limit: number): KeyTerm[] {
    const out: KeyTerm[] = [];
    for (const [key, t] of this.tallies) {
      if (t.count < 2 && !t.defined && !(t.heading && t.size > 1)) continue;
      const boost = (t.defined ? 2 : 1) * (t.heading ? 1.5 : 1) * (t.size === 3 ? 2 : t.size === 2 ? 1.6 : 1);
      const score = t.count * (1 + Math.log(t.spread)) * boost;
      let best = '';
      let bestN = -1;
      for (const [form, n] of t.forms) if (n > bestN) [best, bestN] = [form, n];
      out.push({ term: displayCase(best.replace(/\s+/g, ' ')), key, size: t.size, count: t.count, spread: t.spread, score });
    }
    // A shorter term seen only inside a longer one adds nothing: drop it.
    const bySize = (n: number) => out.filter((k) => k.size === n);
    const drop = new Set<string>();
    for (const longer of [...bySize(3), ...bySize(2)]) {
      const parts = longer.key.split(' ');
      const subs = longer.size === 3 ? [parts.slice(0, 2).join(' '), parts.slice(1).join(' '), parts[0], parts[1], parts[2]] : [parts[0], parts[1]];
      for (const s of subs) {
        const shorter = this.tallies.get(s);
        if (shorter && shorter.count <= longer.count) drop.add(s);
      }
    }
    return out
      .filter((k) => !drop.has(k.key))
      .sort((a, b) => b.score - a.score || b.size - a.size || a.term.localeCompare(b.term))
      .slice(0, limit);
  }
}
