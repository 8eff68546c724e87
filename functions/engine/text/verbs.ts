// Words of a question that are its phrasing rather than its topic: verb forms, what the question
// asks of its topic ("predict", "fournit"), which a course often says with other words ("the
// witches' prophecy", "a une tension de"); and everyday words ("other", "put", "usually", "autre").
// The lists are built by scripts/build-lexicon.ts: verbs from WordNet (English) and Lefff (French), a
// word that is also a noun or an adjective never among them; everyday words from SUBTLEX-US's most
// frequent, and in French their translations (functions/engine/text/lexicon.ts).
import everydayEn from './data/everyday-en.js';
import { isEverydayFrench } from './lexicon.js';
import { stem } from './stem.js';
import verbsEn from './data/verbs-en.js';
import verbsFr from './data/verbs-fr.js';
import type { CourseLanguage } from '../../core/artefacts.js';

const sets: Partial<Record<CourseLanguage, Set<string>>> = {};

function verbsOf(lang: CourseLanguage): Set<string> {
  let set = sets[lang];
  if (!set) {
    set = new Set((lang === 'fr' ? verbsFr : verbsEn).split(' '));
    sets[lang] = set;
  }
  return set;
}

/** `folded`: the word lower-cased without accents (functions/engine/text/fold.ts). */
export function isVerbForm(folded: string, lang: CourseLanguage): boolean {
  return verbsOf(lang).has(folded);
}

let everyday: Set<string> | undefined;

/**
 * One of the language's most frequent words: in English the word itself ("usually", "other"; not
 * "cooling" for "cool"), in French by its stem, the lists ranking lemmas ("autres", "grande").
 */
export function isEverydayWord(folded: string, lang: CourseLanguage): boolean {
  if (lang === 'fr') return isEverydayFrench(stem(folded, lang));
  everyday ??= new Set(everydayEn.split(' '));
  const set = everyday;
  return set.has(folded) || baseForms(folded).some((b) => set.has(b));
}

/**
 * The plain forms an English word may be inflected from, for the list of everyday words, which
 * holds the plain form only: a plural ("families" / "family"), a comparative or superlative
 * ("higher" / "high", "fairer" / "fair"), an adverb in -ly ("roughly" / "rough", "easily" / "easy").
 */
function baseForms(w: string): string[] {
  if (w.length < 5) return [];
  const out: string[] = [];
  const strip = (end: string, ...tos: string[]) => {
    if (w.endsWith(end) && w.length - end.length >= 3) for (const to of tos) out.push(w.slice(0, -end.length) + to);
  };
  strip('ies', 'y');
  strip('es', '');
  strip('s', '');
  strip('ier', 'y');
  strip('iest', 'y');
  strip('er', '', 'e');
  strip('est', '', 'e');
  strip('ily', 'y');
  strip('ly', '', 'le');
  // A plain form ending in "s" only from a word in "-es" ("classes" / "class"), never by taking one letter off.
  return out.filter((b) => !b.endsWith('s') || w.endsWith('es'));
}
