// Language of a course's text (at least 10 characters, the first 2,048 used, 'und'
// otherwise). Only French and English are told apart: the product speaks those two.
//
// tinyld's light model is the main signal. Function words and French diacritics settle the short
// snippets where its character statistics hesitate between cognates ("Quantum physics and
// relativity" reads as French to it): they are the most reliable evidence a few words can give.
import { detectAll } from 'tinyld/light';

export type DetectedLanguage = 'fr' | 'en' | 'und';

export const LANGUAGE_MIN_CHARS = 10;
export const LANGUAGE_SAMPLE_CHARS = 2048;

const FRENCH_WORDS = new Set(
  (
    'le la les l un une des du de d au aux et est sont ou où en dans pour sur sous avec sans ce cet cette ces ' +
    'qui que qu quoi dont il ils elle elles nous vous je tu ne pas mais donc son sa ses leur leurs ' +
    'notre nos votre vos mon ma mes se été être avoir fait entre comme aussi très chaque lors selon'
  ).split(' '),
);

const ENGLISH_WORDS = new Set(
  (
    'the and of to in is are was were be been being for that this these those with by from at or ' +
    'which who whom what it its they them their we our you your he she his her not but if than then there ' +
    'have has had do does did will would can could should into about between each also very when where how'
  ).split(' '),
);

/** Letters that French writes and English almost never does. */
const FRENCH_MARKS = /[éèêëàâîïôûùüçœæ]/i;
/** Endings each language has and the other hardly ever: "-ique", "-eux" / "-ing", "-ical", "-ity". */
const FRENCH_ENDINGS = /(?:iques?|eux|aux|oires?|eurs)$/;
const ENGLISH_ENDINGS = /(?:ing|ed|ly|ical|ics|ity|ysis|sis|ness|ful|ious|eous|uous|ght|ship)$/;

/**
 * Function-word and diacritic evidence: positive leans French, negative English. Words both
 * languages use ('a', 'on', 'an', 'plus', 'car', 'y', the 's' of "it's") count for neither.
 */
export function lexicalEvidence(text: string): number {
  let score = 0;
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (FRENCH_WORDS.has(word)) score += 1;
    else if (ENGLISH_WORDS.has(word)) score -= 1;
    if (FRENCH_MARKS.test(word)) score += 0.5;
    if (word.length > 4) {
      if (FRENCH_ENDINGS.test(word)) score += 0.5;
      else if (ENGLISH_ENDINGS.test(word)) score -= 0.5;
    }
  }
  return score;
}

export function detectLanguage(text: string): DetectedLanguage {
  const sample = text.slice(0, LANGUAGE_SAMPLE_CHARS).replace(/\s+/g, ' ').trim();
  if (sample.length < LANGUAGE_MIN_CHARS) return 'und';
  const evidence = lexicalEvidence(sample);
  if (evidence >= 1) return 'fr';
  if (evidence <= -1) return 'en';
  // Weak evidence (half a point at most) still outweighs a hesitant statistical guess.
  const best = detectAll(sample, { only: ['fr', 'en'] })[0];
  const vote = best?.lang === 'fr' ? 0.25 : best?.lang === 'en' ? -0.25 : 0;
  const score = evidence + vote;
  return score > 0 ? 'fr' : score < 0 ? 'en' : 'und';
}
