// Stemming of folded words, so that "énergies" finds "énergie", "calculée" finds "calculer" and
// "running" finds "run". The rules are the Snowball French stemmer and the Porter English stemmer
// from `@orama/stemmers` (maintained with the Orama search engine, no dependencies, ~13 kB).
//
// Words are folded *before* stemming (students often type without accents, and the index must
// give "calculee" and "calculée" the same term). The French Snowball rules read a few accented
// endings, so the unambiguous ones are put back first: "-ee(s)" is always "-ée(s)" in French,
// "-iere(s)" is "-ière(s)", and "-ite(s)" is read as "-ité(s)" (both lead to the same stem for the
// words that really end in "-ite"). The stem is folded again, so every term is plain ASCII letters
// and digits for Latin text.
//
// Stems are memoised per language: a course has a few thousand distinct words and hundreds of
// thousands of tokens.
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import type { CourseLanguage } from '../../core/artefacts.js';
import { foldText } from '../../core/fold.js';

const MAX_MEMO = 100_000;
const memo: Record<CourseLanguage, Map<string, string>> = { fr: new Map(), en: new Map() };

function reaccentFrench(word: string): string {
  return word
    .replace(/ee(s?)$/, 'ée$1')
    .replace(/iere(s?)$/, 'ière$1')
    .replace(/ite(s?)$/, 'ité$1');
}

/** Words the stemmers leave alone: very short or very long ones, and numbers or codes ("2024", "h2o"). */
const UNSTEMMED_RE = /^.{0,2}$|^.{41,}$|\d/s;

function computeStem(word: string, lang: CourseLanguage): string {
  if (UNSTEMMED_RE.test(word)) return word;
  if (lang === 'fr') return foldText(frenchStemmer(reaccentFrench(word))) || word;
  return englishStemmer(word).toLowerCase() || word;
}

/** The stem of a folded, lower-case word in `lang` ("energies" → "energ"; "running" → "run"). */
export function stem(word: string, lang: CourseLanguage): string {
  const cache = memo[lang];
  let s = cache.get(word);
  if (s === undefined) {
    s = computeStem(word, lang);
    if (cache.size >= MAX_MEMO) cache.clear();
    cache.set(word, s);
  }
  return s;
}
