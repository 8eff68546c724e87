// Whether an answer says the opposite of a key point while using its words: the sentence of the
// answer closest to the point is negated where the point is not ("… n'est pas …", "… is not …",
// "never"), or the other way round, or it puts a word's opposite in its place ("diminue" for
// "augmente", "less" for "more"). Word matching alone would give such an answer full marks.
import { foldText, stem } from '../text/index.js';
import type { CourseLanguage } from '../types.js';
import { tokenize } from './key-terms.js';

const NEGATION: Record<CourseLanguage, RegExp> = {
  fr: /(?<![\p{L}])(?:(?:ne|n['’])\s*(?:[\p{L}'’]+\s+){0,3}?(?:pas|plus|jamais|point|aucun|aucune|rien|nullement)|non|aucun|aucune|jamais|nullement)(?![\p{L}])/iu,
  en: /(?<![\p{L}])(?:not|no|never|none|cannot|neither|nor|nothing)(?![\p{L}])|n['’]t(?![\p{L}])/iu,
};

/** Pairs of opposite words (folded): an answer using one where the point uses the other contradicts it. */
const OPPOSITES: Record<CourseLanguage, [string, string][]> = {
  fr: [
    ['augmente', 'diminue'],
    ['hausse', 'baisse'],
    ['plus', 'moins'],
    ['toujours', 'jamais'],
    ['grand', 'petit'],
    ['eleve', 'faible'],
    ['absorbe', 'rejette'],
    ['consomme', 'rejette'],
    ['attire', 'repousse'],
    ['positif', 'negatif'],
    ['avant', 'apres'],
    ['gagne', 'perd'],
    ['accelere', 'ralentit'],
    ['chaud', 'froid'],
    ['identiques', 'differentes'],
    ['interieur', 'exterieur'],
    ['proportionnelle', 'inversement'],
    ['conserve', 'varie'],
  ],
  en: [
    ['increase', 'decrease'],
    ['rise', 'fall'],
    ['more', 'less'],
    ['always', 'never'],
    ['greater', 'smaller'],
    ['higher', 'lower'],
    ['larger', 'smaller'],
    ['absorb', 'release'],
    ['attract', 'repel'],
    ['positive', 'negative'],
    ['before', 'after'],
    ['gain', 'lose'],
    ['hot', 'cold'],
    ['identical', 'different'],
    ['inside', 'outside'],
    ['faster', 'slower'],
    ['upward', 'downward'],
  ],
};

const opposites: Partial<Record<CourseLanguage, Map<string, string>>> = {};
function oppositeOf(lang: CourseLanguage): Map<string, string> {
  let map = opposites[lang];
  if (!map) {
    map = new Map();
    for (const [a, b] of OPPOSITES[lang]) {
      const sa = stem(a, lang);
      const sb = stem(b, lang);
      map.set(sa, sb);
      map.set(sb, sa);
    }
    opposites[lang] = map;
  }
  return map;
}

const stemsOf = (text: string, lang: CourseLanguage) => new Set(tokenize(text, lang).map((t) => t.stem));

function negated(text: string, lang: CourseLanguage): boolean {
  return NEGATION[lang].test(text);
}

/** The part of `texts` sharing most of `content` (at least half of it), or null. */
function closest(texts: string[], content: string[], lang: CourseLanguage): { text: string; stems: Set<string> } | null {
  let best: { text: string; stems: Set<string>; shared: number } | null = null;
  for (const text of texts) {
    const stems = stemsOf(text, lang);
    const shared = content.filter((s) => stems.has(s)).length;
    if (!best || shared > best.shared) best = { text, stems, shared };
  }
  return best && best.shared >= content.length / 2 ? best : null;
}

const CLAUSE_RE = /[,;:()]|(?<![\p{L}])(?:when|while|whereas|if|because|and|but|so|quand|lorsque|lorsqu|si|alors|tandis|car|mais|et|donc)(?![\p{L}])/iu;

/**
 * True when the answer's sentence that shares most of the point's words (at least half of them)
 * is negated where the point is not (or not where it is), or when its clause that shares most of
 * them uses a word's opposite ("rises" where the point says "falls").
 */
export function contradicts(point: string, answer: string, lang: CourseLanguage): boolean {
  const pointStems = stemsOf(point, lang);
  const content = [...pointStems].filter((s) => s.length > 2);
  if (!content.length) return false;
  const sentence = closest(answer.split(/(?<=[.!?;])\s+|\n+/u), content, lang);
  if (!sentence) return false;
  if (negated(foldText(sentence.text), lang) !== negated(foldText(point), lang)) return true;
  const clause = closest(sentence.text.split(new RegExp(CLAUSE_RE.source, 'giu')).filter((x) => x?.trim()), content, lang);
  if (!clause) return false;
  const opposite = oppositeOf(lang);
  for (const s of clause.stems) {
    const o = opposite.get(s);
    if (o && pointStems.has(o) && !pointStems.has(s) && !clause.stems.has(o)) return true;
  }
  return false;
}
