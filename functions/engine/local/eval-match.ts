// How much of a rubric key point a student's answer contains, whatever its wording: words are
// compared by stem after folding (case and accents ignored, "énergies" = "energie"), a few
// common synonyms count as the same word ("durée" / "temps", "convert" / "transform"), a typo
// of one letter in a long word is forgiven, and order does not matter. Each word of a key point
// weighs by its rarity in the course, so "mouvement" counts more than "énergie" in a mechanics
// course. Formulas are compared written compactly ("Ec = ½ m v²" = "Ec = 1/2 × m × v²").
import { foldText, stem } from '../text/index.js';
import type { CourseLanguage } from '../types.js';
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
  ],
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
    canonical[lang] = map;
  }
  return map;
}

/** A word that carries meaning in an answer: not a grammar word; a letter or more for symbols and numbers. */
export const carriesMeaning = (t: Token): boolean => !t.stop && (t.folded.length >= 2 || /[\p{N}]/u.test(t.folded) || /^\p{Lu}$/u.test(t.text));

/** The comparable words of a text: stems mapped to their synonym group. */
export function conceptStems(text: string, lang: CourseLanguage): string[] {
  const syn = synonymMap(lang);
  return tokenize(text, lang)
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

export function profileAnswer(answer: string, lang: CourseLanguage): AnswerProfile {
  const stems = conceptStems(answer, lang);
  return { stems: new Set(stems), long: [...new Set(stems.filter((s) => s.length >= 5))], compact: compactFormula(answer), words: stems.length };
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

function hasStem(profile: AnswerProfile, s: string): boolean {
  if (profile.stems.has(s)) return true;
  if (s.length < 5) return false;
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
