// How much of a rubric key point a student's answer contains, whatever its wording: words are
// compared by stem after folding (case and accents ignored, "énergies" = "energie"), common
// synonyms count as the same word ("durée" / "temps", "convert" / "transform", "perturbe" /
// "gêne"), numbers written in words as digits ("dix" = "10"), two forms of one word by their
// long common beginning ("apprentissage" / "apprendre", "continental" / "continent"), an
// abbreviation the course defines as its words ("l'adénine (A)": "adénine" = "A"), comparison
// signs as words ("< 7" = "inférieur à 7"), a typo of one letter in a long word is forgiven, and
// order does not matter. Each word of a key point
// weighs by its rarity in the course, so "mouvement" counts more than "énergie" in a mechanics
// course. Formulas are compared written compactly ("Ec = ½ m v²" = "Ec = 1/2 × m × v²").
import { foldText } from '../../core/fold.js';
import { stem } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CoursePage } from '../types.js';
import { idf, type CourseAnalysis } from './analysis.js';
import { tokenize, type Token } from './key-terms.js';

/** Groups of words a student may use for one another; the first of each group stands for it. */
const SYNONYMS: Record<CourseLanguage, string[][]> = {
  fr: [
    ['vitesse', 'rapidité'],
    ['durée', 'temps'],
    ['parcours', 'trajet', 'chemin'],
    ['mouvement', 'déplacement', 'bouge', 'mouvoir'],
    ['corps', 'objet'],
    ['possède', 'détient', 'dispose', 'avoir'],
    ['quotient', 'rapport', 'division', 'divisée', 'diviser'],
    ['produit', 'multiplication', 'multiplié', 'multiplier'],
    ['somme', 'addition', 'additionner', 'total'],
    ['constante', 'constant', 'fixe', 'inchangée', 'identique'],
    ['droite', 'ligne', 'rectiligne'],
    ['attirent', 'attraction', 'attire', 'attirer'],
    ['hauteur', 'altitude'],
    ['fait', 'cause', 'raison', 'grâce', 'due'],
    ['position', 'emplacement', 'place', 'situation'],
    ['successives', 'consécutives', 'suite'],
    ['calculer', 'déterminer', 'trouver'],
    ['augmente', 'croît', 'hausse', 'monte'],
    ['diminue', 'baisse', 'décroît', 'chute'],
    ['grand', 'important', 'élevé'],
    ['petit', 'faible'],
    ['associe', 'lie', 'relie', 'apparie', 'unit'],
    ['conserve', 'garde', 'maintient', 'reste'],
    ['perturbe', 'gêne', 'trouble', 'entrave'],
    ['rappel', 'récupération', 'souvenir'],
    ['ancien', 'antérieur', 'passé'],
    ['nouveau', 'récent'],
    ['proche', 'près', 'frôle'],
    ['agriculteur', 'paysan', 'cultivateur', 'fermier'],
    ['défricher', 'déboiser', 'couper', 'abattre'],
    ['littoral', 'côte', 'rivage', 'bord'],
    ['vide', 'dépeuplé', 'désert'],
    ['croissante', 'croît', 'monte', 'augmente'],
    ['inférieur', 'dessous', 'moindre'],
    ['supérieur', 'dessus', 'dépasse', 'excède'],
    ['décroissante', 'décroît', 'descend', 'diminue'],
    ['positif', 'positive'],
    ['négatif', 'négative'],
    ['nucléaire', 'atomique'],
    ['guerre', 'conflit'],
  ],
  en: [
    ['release', 'free', 'liberate', 'produce', 'yield', 'generate'],
    ['convert', 'transform', 'turn', 'change'],
    ['use', 'utilize', 'utilise', 'employ'],
    ['smallest', 'basic', 'simplest', 'fundamental'],
    ['division', 'split', 'divide', 'splitting'],
    ['identical', 'same'],
    ['amount', 'sum', 'total'],
    ['receive', 'earn', 'get', 'obtain', 'gain'],
    ['sell', 'sale', 'selling', 'sold'],
    ['output', 'product', 'production', 'goods'],
    ['firm', 'company', 'business', 'enterprise'],
    ['strongly', 'much', 'sensitive', 'sensitivity', 'responsive'],
    ['respond', 'react', 'reaction', 'response'],
    ['larger', 'bigger', 'greater'],
    ['image', 'picture', 'drawing'],
    ['real', 'actual', 'true'],
    ['object', 'specimen', 'item', 'thing'],
    ['site', 'place', 'location'],
    ['rise', 'increase', 'grow', 'go'],
    ['fall', 'decrease', 'drop', 'decline', 'reduce'],
    ['price', 'cost'],
    ['organism', 'being', 'creature'],
    ['come', 'arise', 'originate', 'derive'],
    ['existing', 'preexisting', 'previous', 'older'],
    ['made', 'composed', 'consist', 'built'],
    ['organelle', 'structure'],
    ['half', 'halve', 'halves'],
    ['remove', 'discard', 'eliminate', 'throw'],
    ['colder', 'cooler'],
    ['climb', 'ascend', 'height', 'altitude'],
    ['lowest', 'minimum', 'bottom'],
    ['highest', 'maximum', 'peak'],
    ['slide', 'slip', 'glide', 'grind'],
    ['sink', 'dive', 'descend', 'plunge'],
    ['under', 'beneath', 'below', 'underneath'],
    ['denser', 'heavier'],
    ['earthquake', 'quake', 'tremor'],
    ['restrict', 'limit', 'reduce'],
    ['smaller', 'lower', 'fewer'],
    ['above', 'over', 'exceed'],
    ['outlier', 'extreme'],
    ['mean', 'average'],
  ],
};

/** Numbers written in words, and their digits. */
const NUMBER_WORDS: Record<CourseLanguage, string[]> = {
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze'],
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
};

const canonical: Partial<Record<CourseLanguage, Map<string, string>>> = {};

function synonymMap(lang: CourseLanguage): Map<string, string> {
  let map = canonical[lang];
  if (!map) {
    map = new Map();
    for (const group of SYNONYMS[lang]) {
      const head = stem(foldText(group[0]), lang);
      for (const w of group) map.set(stem(foldText(w), lang), head);
    }
    // "one"/"un" are also articles and pronouns: only "two" and above stand for their digits.
    NUMBER_WORDS[lang].forEach((w, n) => {
      if (n >= 2) map!.set(stem(foldText(w), lang), String(n));
    });
    canonical[lang] = map;
  }
  return map;
}

/** A word that carries meaning in an answer: not a grammar word; a letter or more for symbols and numbers. */
export const carriesMeaning = (t: Token): boolean => !t.stop && (t.folded.length >= 2 || /[\p{N}]/u.test(t.folded) || /^\p{Lu}$/u.test(t.text));

const COMPARISON_WORDS: Record<CourseLanguage, { less: string; greater: string }> = {
  fr: { less: ' inférieur à ', greater: ' supérieur à ' },
  en: { less: ' smaller than ', greater: ' greater than ' },
};

/** Comparison signs read as the words a student writes for them ("pH < 7": "pH inférieur à 7"); arrows are left alone. */
export function spellComparisons(text: string, lang: CourseLanguage): string {
  const { less, greater } = COMPARISON_WORDS[lang];
  return text
    .replace(/\s*(?:<=|≤|⩽)\s*/gu, less)
    .replace(/\s*(?:>=|≥|⩾)\s*/gu, greater)
    .replace(/\s*(?<![-=<])<(?![-=>])\s*/gu, less)
    .replace(/\s*(?<![-=<])>(?!=)\s*/gu, greater);
}

/** The comparable words of a text: stems mapped to their synonym group. */
export function conceptStems(text: string, lang: CourseLanguage): string[] {
  const syn = synonymMap(lang);
  return tokenize(spellComparisons(text, lang), lang)
    .filter(carriesMeaning)
    .map((t) => syn.get(t.stem) ?? t.stem);
}

/** A formula written compactly: lower case, no blanks nor multiplication signs, powers as superscripts. */
export function compactFormula(text: string): string {
  return foldText(text)
    .replace(/½/gu, '1/2')
    .replace(/\^\s*2/gu, '²')
    .replace(/\^\s*3/gu, '³')
    .replace(/[−–]/gu, '-')
    .replace(/->|⟶|=>/gu, '→')
    .replace(/[\s×*·∙⋅.]+/gu, '');
}

const FORMULA_POINT = /[=→⟶⇌]/u;

export interface AnswerProfile {
  stems: Set<string>;
  /** Stems of 5+ letters, for forgiving a typo. */
  long: string[];
  compact: string;
  /** Words that carry meaning. */
  words: number;
}

/** An abbreviation the course defines ("average total cost (ATC)", "l'adénine (A)"): its stems and its words' stems. */
export interface Abbreviation {
  short: string;
  long: string[];
}

/** An abbreviation in brackets: capitals, digits and signs, or one Greek letter ("(AVC)", "(T)", "(σ)"). */
const BRACKETED_RE = /\(([\p{Lu}\p{N}+−-]{1,6}|[\p{Script=Greek}])\)/gu;
/** Up to seven words right before it, separated by spaces only. */
const WORDS_BEFORE_RE = /(?:[\p{L}'’-]+\s+){0,6}[\p{L}'’-]+\s*$/u;
/** How far back the words before a bracket are looked for. */
const LOOK_BACK = 160;

const abbreviationMemo = new WeakMap<readonly CoursePage[], Partial<Record<CourseLanguage, Abbreviation[]>>>();

/**
 * The abbreviations a course defines by writing them in brackets after their words, the words'
 * initials spelling them ("average variable cost (AVC)"); a single letter or symbol stands for the
 * word before it ("la thymine (T)", "standard deviation (σ)" is left out: two words, one letter).
 * Read once per course (the same pages array) and language: each bracket is found first, then the
 * words before it, so the cost is that of one pass over the text.
 */
export function courseAbbreviations(pages: readonly CoursePage[], lang: CourseLanguage): Abbreviation[] {
  const memo = abbreviationMemo.get(pages) ?? {};
  const known = memo[lang];
  if (known) return known;
  const out = new Map<string, Abbreviation>();
  for (const { text } of pages) {
    for (const m of text.matchAll(BRACKETED_RE)) {
      const before = WORDS_BEFORE_RE.exec(text.slice(Math.max(0, m.index - LOOK_BACK), m.index));
      if (!before) continue;
      const short = m[1];
      const letters = foldText(short).replace(/[^\p{L}]/gu, '');
      const words = tokenize(before[0], lang).filter(carriesMeaning);
      let long: Token[] = [];
      if (letters.length <= 1) long = words.slice(-1);
      else {
        const tail = words.slice(-letters.length);
        if (tail.length === letters.length && tail.every((t, i) => t.folded[0] === letters[i])) long = tail;
      }
      if (long.length === 0 || (letters.length <= 1 && long[0].folded[0] !== letters && /\p{L}/u.test(letters))) continue;
      const shortStems = conceptStems(short, lang);
      if (shortStems.length !== 1) continue;
      out.set(shortStems[0], { short: shortStems[0], long: conceptStems(long.map((t) => t.text).join(' '), lang) });
    }
  }
  const found = [...out.values()];
  abbreviationMemo.set(pages, { ...memo, [lang]: found });
  return found;
}

export function profileAnswer(answer: string, lang: CourseLanguage, abbreviations: readonly Abbreviation[] = []): AnswerProfile {
  const stems = conceptStems(answer, lang);
  const set = new Set(stems);
  // An abbreviation written out counts as the abbreviation, and the other way round.
  for (const a of abbreviations) {
    if (a.long.length && a.long.every((s) => set.has(s))) set.add(a.short);
    else if (set.has(a.short)) for (const s of a.long) set.add(s);
  }
  return { stems: set, long: [...new Set([...set].filter((s) => s.length >= 5))], compact: compactFormula(answer), words: stems.length };
}

/** Levenshtein distance of two short strings, stopping past `max`. */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return false;
    prev = cur;
  }
  return prev[b.length] <= max;
}

/** Two forms of one word: a common beginning of 6 letters or more, three quarters of the shorter. */
function sameWordFamily(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 6) return false;
  let i = 0;
  while (i < shorter && a[i] === b[i]) i++;
  return i >= 6 && i >= 0.75 * shorter;
}

function hasStem(profile: AnswerProfile, s: string): boolean {
  if (profile.stems.has(s)) return true;
  if (s.length < 5) return false;
  if (profile.long.some((a) => sameWordFamily(a, s))) return true;
  const max = s.length >= 9 ? 2 : 1;
  return profile.long.some((a) => a[0] === s[0] && within(a, s, max));
}

export interface PointMatch {
  /** Share (0–1) of the key point's weighted words found in the answer. */
  coverage: number;
}

/**
 * How much of a key point the answer covers. Words of the question itself (the asked term) are
 * left out of the point unless nothing else is left, so repeating the question earns nothing.
 */
export function matchPoint(point: string, profile: AnswerProfile, analysis: CourseAnalysis, lang: CourseLanguage, questionStems: ReadonlySet<string>): PointMatch {
  if (FORMULA_POINT.test(point)) {
    const compact = compactFormula(point);
    if (compact && profile.compact.includes(compact)) return { coverage: 1 };
    const rhs = compactFormula(point.split(FORMULA_POINT).slice(1).join(''));
    if (rhs.length >= 3 && profile.compact.includes(rhs)) return { coverage: 0.9 };
  }
  const all = [...new Set(conceptStems(point, lang))];
  const own = all.filter((s) => !questionStems.has(s));
  const stems = own.length ? own : all;
  if (stems.length === 0) return { coverage: 0 };
  let total = 0;
  let got = 0;
  for (const s of stems) {
    // Symbols and numbers weigh like common words; rare words of the course weigh more.
    const w = Math.max(0.4, s.length <= 2 ? 0.6 : idf(analysis, s));
    total += w;
    if (hasStem(profile, s)) got += w;
  }
  return { coverage: total > 0 ? got / total : 0 };
}
