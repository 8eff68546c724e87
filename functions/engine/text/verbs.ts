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
import type { CourseLanguage } from '../types.js';

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
  return everyday.has(folded);
}
