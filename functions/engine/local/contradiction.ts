// Whether an answer says the opposite of a key point while using its words, which word matching
// alone would give full marks:
// - negation: more of the point's words stand after a negation in the answer ("… ne se conserve
//   pas", "do not come from", "never", "ni … ni …", "without") where they do not in the model
//   answer's clauses the point was cut from, or the other way round, than stand negated in both
//   (so a point cut out of "… has no reason to kill Duncan except …" keeps its negation, and "s'il
//   n'y a pas de frottement" reads as "en l'absence de frottements");
// - opposites: the answer's clause closest to the point puts a word's opposite ("diminue" for
//   "augmente", "slower" for "faster", "uncontrollable" for "controllable", "<" for ">") next to
//   the words the point's word stands beside, unless that clause states another key point better;
// - swapped roles: the clause holds another point's word where this point's own word stands, and
//   this point's word sits elsewhere in the answer beside that other point's words ("the ammeter
//   in parallel, the voltmeter in series");
// and whether a yes/no answer opens with the other word than the model answer.
import { foldText } from '../../core/fold.js';
import { stem } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { spellComparisons } from './eval-match.js';
import { tokenize } from './key-terms.js';

/** Words that negate what follows them in their clause ("ne … pas", "sans", "not", "without", "in the absence of"). */
const NEGATION: Record<CourseLanguage, RegExp> = {
  fr: /(?<![\p{L}])(?:(?:ne|n['’])\s*(?:[\p{L}'’]+\s+){0,3}?(?:pas|plus|jamais|point|aucun|aucune|rien|nullement|guère|guere)|non|ni|aucun|aucune|jamais|nullement|personne|sans|absence)(?![\p{L}])/iu,
  en: /(?<![\p{L}])(?:not|no|never|none|cannot|neither|nor|nothing|nobody|without|absence|lack)(?![\p{L}])|n['’]t(?![\p{L}])/iu,
};

/** Pairs of opposite words (folded): an answer using one where the point uses the other contradicts it. */
const OPPOSITES: Record<CourseLanguage, [string, string][]> = {
  fr: [
    ['augmente', 'diminue'],
    ['hausse', 'baisse'],
    ['monte', 'descend'],
    ['plus', 'moins'],
    ['superieur', 'moins'],
    ['toujours', 'jamais'],
    ['grand', 'petit'],
    ['eleve', 'faible'],
    ['fort', 'faible'],
    ['haut', 'bas'],
    ['lent', 'rapide'],
    ['lente', 'rapide'],
    ['nouveau', 'ancien'],
    ['nouvelle', 'ancienne'],
    ['recent', 'ancien'],
    ['proche', 'eloigne'],
    ['proche', 'loin'],
    ['dense', 'leger'],
    ['lourd', 'leger'],
    ['plein', 'vide'],
    ['peuple', 'vide'],
    ['absorbe', 'rejette'],
    ['consomme', 'rejette'],
    ['attire', 'repousse'],
    ['accepte', 'refuse'],
    ['autorise', 'interdit'],
    ['obligatoire', 'facultatif'],
    ['necessaire', 'inutile'],
    ['ouvre', 'ferme'],
    ['debut', 'fin'],
    ['positif', 'negatif'],
    ['positive', 'negative'],
    ['superieur', 'inferieur'],
    ['avant', 'apres'],
    ['gagne', 'perd'],
    ['accelere', 'ralentit'],
    ['chaud', 'froid'],
    ['identiques', 'differentes'],
    ['interieur', 'exterieur'],
    ['proportionnelle', 'inversement'],
    ['conserve', 'varie'],
    ['protege', 'detruit'],
    ['renforce', 'affaiblit'],
    ['premier', 'dernier'],
    ['tous', 'aucun'],
    ['toutes', 'aucune'],
    ['majorite', 'minorite'],
    ['maximum', 'minimum'],
    ['croissante', 'decroissante'],
  ],
  en: [
    ['increase', 'decrease'],
    ['rise', 'fall'],
    ['up', 'down'],
    ['more', 'less'],
    ['greater', 'less'],
    ['more', 'fewer'],
    ['most', 'least'],
    ['always', 'never'],
    ['greater', 'smaller'],
    ['higher', 'lower'],
    ['high', 'low'],
    ['above', 'below'],
    ['larger', 'smaller'],
    ['large', 'small'],
    ['big', 'small'],
    ['bigger', 'smaller'],
    ['long', 'short'],
    ['longer', 'shorter'],
    ['fast', 'slow'],
    ['quick', 'slow'],
    ['faster', 'slower'],
    ['quicker', 'slower'],
    ['strong', 'weak'],
    ['stronger', 'weaker'],
    ['heavy', 'light'],
    ['dense', 'light'],
    ['denser', 'lighter'],
    ['heavier', 'lighter'],
    ['new', 'old'],
    ['newer', 'older'],
    ['early', 'late'],
    ['first', 'last'],
    ['full', 'empty'],
    ['within', 'beyond'],
    ['within', 'outside'],
    ['sensitive', 'resistant'],
    ['accept', 'reject'],
    ['allow', 'forbid'],
    ['allow', 'prevent'],
    ['cause', 'prevent'],
    ['include', 'exclude'],
    ['open', 'close'],
    ['absorb', 'release'],
    ['attract', 'repel'],
    ['positive', 'negative'],
    ['before', 'after'],
    ['gain', 'lose'],
    ['hot', 'cold'],
    ['warm', 'cold'],
    ['warmer', 'colder'],
    ['identical', 'different'],
    ['same', 'different'],
    ['inside', 'outside'],
    ['upward', 'downward'],
    ['maximum', 'minimum'],
    ['all', 'none'],
    ['many', 'few'],
  ],
};

/** Prefixes that turn a word into its opposite ("uncontrollable", "illicite", "décroissante"). */
const NEGATING_PREFIX: Record<CourseLanguage, RegExp> = {
  fr: /^(?:in|im|il|ir|de|des|non)(?=\p{L}{4})/u,
  en: /^(?:un|in|im|il|ir|dis|non)(?=\p{L}{4})/u,
};

const opposites: Partial<Record<CourseLanguage, Map<string, Set<string>>>> = {};
function oppositeOf(lang: CourseLanguage): Map<string, Set<string>> {
  let map = opposites[lang];
  if (!map) {
    map = new Map();
    const add = (a: string, b: string) => {
      const set = map!.get(a) ?? new Set<string>();
      set.add(b);
      map!.set(a, set);
    };
    for (const [a, b] of OPPOSITES[lang]) {
      const sa = stemOf(a, lang);
      const sb = stemOf(b, lang);
      add(sa, sb);
      add(sb, sa);
    }
    opposites[lang] = map;
  }
  return map;
}

/** The stem of a folded word as the tokenizer gives it (grammar words stay whole). */
function stemOf(word: string, lang: CourseLanguage): string {
  return tokenize(word, lang)[0]?.stem ?? stem(word, lang);
}

/** Whether stem `a` is the opposite of stem `b`: a listed pair, or one is the other with a negating prefix. */
function isOpposite(a: string, b: string, lang: CourseLanguage): boolean {
  if (oppositeOf(lang).get(a)?.has(b)) return true;
  const prefix = NEGATING_PREFIX[lang];
  const strip = (x: string) => x.replace(prefix, '');
  return (a !== strip(a) && strip(a) === b) || (b !== strip(b) && strip(b) === a);
}

const stemsOf = (text: string, lang: CourseLanguage) => new Set(tokenize(text, lang).map((t) => t.stem));

/** Where the clause's first negation starts (its length when it has none): the words after it are negated. */
function negationStart(text: string, lang: CourseLanguage): number {
  const at = text.toLowerCase().search(NEGATION[lang]);
  return at < 0 ? text.length : at;
}

const CLAUSE_RE = /[,;:()]|(?<![\p{L}])(?:when|while|whereas|if|because|and|but|so|then|quand|lorsque|lorsqu|si|alors|tandis|car|mais|et|donc|puis)(?![\p{L}])/iu;

const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?;])\s+|\n+/u).filter((x) => /\p{L}|\p{N}/u.test(x));

/** The sentences of a text, then their clauses (cut at punctuation and connecting words). */
function clausesOf(text: string): string[] {
  return sentencesOf(text)
    .flatMap((sentence) => sentence.split(new RegExp(CLAUSE_RE.source, 'giu')))
    .filter((x): x is string => !!x && /\p{L}|\p{N}/u.test(x));
}

/**
 * The clauses of `model` that the point, cut from it, overlaps, joined ("has no reason to kill
 * Duncan except ambition" for the point "to kill Duncan except ambition"); null when the point is
 * not found in it.
 */
function spanIn(model: string, point: string): string[] | null {
  const at = foldText(model).indexOf(foldText(point));
  if (!model || at < 0) return null;
  const end = at + point.length;
  let cursor = 0;
  const parts: string[] = [];
  for (const clause of clausesOf(model)) {
    const start = model.indexOf(clause, cursor);
    if (start < 0) continue;
    cursor = start + clause.length;
    if (start < end && cursor > at) parts.push(clause);
  }
  return parts.length ? parts : null;
}

/**
 * For each content word of the clauses, whether a negation of its clause comes before it ("new
 * cells do not come from …": "come" is negated, "cells" is not); the first clause holding it decides.
 */
function polarities(clauses: readonly string[], lang: CourseLanguage): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const clause of clauses) {
    const from = negationStart(clause, lang);
    for (const t of tokenize(clause, lang)) if (!t.stop && t.folded.length > 2 && !out.has(t.stem)) out.set(t.stem, t.start > from);
  }
  return out;
}

const alignment = (text: string, content: readonly string[], own: ReadonlySet<string>, lang: CourseLanguage): number => {
  const stems = stemsOf(text, lang);
  return content.filter((s) => stems.has(s)).reduce((w, s) => w + (own.has(s) ? 2 : 3), 0);
};

/**
 * Whether more of the point's words stand negated in the answer where they do not in the model
 * answer's clauses holding the point (or the other way round) than stand negated in both: "… does
 * not act on it, so he contrasts …" against "… acts on it, so there is no contrast …". Words
 * negated in neither say nothing about it. A word the answer repeats is read in the clause
 * closest to the point.
 */
function negationFlipped(content: readonly string[], own: ReadonlySet<string>, reference: readonly string[], answer: string, lang: CourseLanguage): boolean {
  const expected = polarities(reference, lang);
  const ranked = clausesOf(answer)
    .map((text, i) => ({ text, i, w: alignment(text, content, own, lang) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((x) => x.text);
  const given = polarities(ranked, lang);
  let flipped = 0;
  let kept = 0;
  for (const s of content) {
    const e = expected.get(s);
    const g = given.get(s);
    if (e === undefined || g === undefined) continue;
    if (e !== g) flipped++;
    else if (e) kept++;
  }
  return flipped > kept;
}

interface Aligned {
  text: string;
  stems: Set<string>;
}

/**
 * The clause of `texts` sharing most of the point's words, at least two of them (half of a shorter
 * point); the words the question gives, which name what the point is about ("high pressure",
 * "penetration"), weigh more than the point's own; on a tie, the first.
 */
function closest(texts: string[], content: string[], own: ReadonlySet<string>, lang: CourseLanguage): Aligned | null {
  let best: (Aligned & { weight: number; shared: number }) | null = null;
  for (const text of texts) {
    const stems = stemsOf(text, lang);
    const hit = content.filter((s) => stems.has(s));
    const weight = alignment(text, content, own, lang);
    if (!best || weight > best.weight) best = { text, stems, weight, shared: hit.length };
  }
  return best && best.shared >= Math.min(2, content.length / 2) ? best : null;
}

/** The content words nearest before and after each word of a text (its neighbours), by stem; grammar words ("less", "toujours") have them too. */
function neighbours(text: string, lang: CourseLanguage): Map<string, Set<string>> {
  const words = tokenize(text, lang).filter((t) => t.folded.length > 1);
  const out = new Map<string, Set<string>>();
  words.forEach((w, i) => {
    const set = out.get(w.stem) ?? new Set<string>();
    for (const step of [-1, 1]) {
      let j = i + step;
      while (j >= 0 && j < words.length && words[j].stop) j += step;
      const n = words[j];
      if (n && n.stem !== w.stem) set.add(n.stem);
    }
    out.set(w.stem, set);
  });
  return out;
}

const sharesNeighbour = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean => !!a && !!b && [...a].some((n) => b.has(n));

const weightIn = (stems: ReadonlySet<string>, text: string, lang: CourseLanguage): number => [...stemsOf(text, lang)].filter((s) => s.length > 2 && stems.has(s)).length;

/**
 * True when the answer's clause closest to the point (two of its words at least) is negated where
 * the model answer's clause holding the point is not (or not where it is), or puts a word's
 * opposite where the point has the word ("rises" where the point says "falls"), next to the same
 * words ("the temperature rises" for "the temperature falls"; not "the lighter continental plate"
 * for "the denser oceanic plate"), unless that clause states another key point better (the
 * "decreasing" of a rubric's second rule in an answer giving its first, "increasing", rule).
 * `model` is the text the point was cut from (the point itself when absent); `questionStems` are
 * the words the question gives, which locate a point less than its own; `otherPoints` the
 * rubric's other key points.
 */
export function contradicts(
  point: string,
  answer: string,
  lang: CourseLanguage,
  options: { model?: string; questionStems?: ReadonlySet<string>; otherPoints?: readonly string[] } = {},
): boolean {
  // "pH < 7" against "pH > 7" is read as "smaller" against "greater".
  point = spellComparisons(point, lang);
  answer = spellComparisons(answer, lang);
  const opts = { ...options, model: options.model && spellComparisons(options.model, lang), otherPoints: options.otherPoints?.map((q) => spellComparisons(q, lang)) };
  const pointStems = stemsOf(point, lang);
  const content = [...new Set(tokenize(point, lang).filter((t) => !t.stop && t.folded.length > 2).map((t) => t.stem))];
  if (!content.length) return false;
  const own = new Set(content.filter((s) => !opts.questionStems?.has(s)));
  // A point spread over several clauses ("ni A, ni B, ni C") is read in its whole sentence.
  const clause = closest(clausesOf(answer), content, own, lang) ?? closest(sentencesOf(answer), content, own, lang);
  if (!clause) return false;
  const span = spanIn(opts.model ?? '', point) ?? [closest(clausesOf(opts.model ?? ''), content, own, lang)?.text || point];
  if (negationFlipped(content, own, span, answer, lang)) return true;
  const reference = span.join(' ');
  const referenceStems = stemsOf(reference, lang);
  const near = neighbours(clause.text, lang);
  const pointNear = neighbours(reference, lang);
  const ownWeight = weightIn(clause.stems, point, lang);
  const others = (opts.otherPoints ?? []).map((q) => stemsOf(q, lang));
  const statesOther = (s: string) => (opts.otherPoints ?? []).some((q, i) => others[i].has(s) && weightIn(clause.stems, q, lang) > ownWeight);
  // The point's words and those of the model's clause it was cut from ("elastic" for the point
  // "goods with close substitutes tend" cut from "… tend to have an elastic demand").
  const said = new Set([...pointStems, ...referenceStems]);
  for (const s of clause.stems) {
    if (said.has(s)) continue;
    for (const p of said) {
      if (!isOpposite(s, p, lang) || sharesNeighbour(near.get(p), pointNear.get(p))) continue;
      if (sharesNeighbour(near.get(s), pointNear.get(p)) && !statesOther(s)) return true;
    }
  }
  // Two points' words traded places ("the ammeter in parallel, the voltmeter in series"): the
  // clause holds another point's word where this point's own word stands, and this point's word
  // is said elsewhere in the answer, beside that other point's words.
  const answerClauses = clausesOf(answer).map((text) => stemsOf(text, lang));
  const meaningful = (s: string) => s.length > 2 && !tokenize(s, lang)[0]?.stop;
  for (const w of own) {
    if (clause.stems.has(w)) continue;
    for (const x of clause.stems) {
      if (pointStems.has(x) || referenceStems.has(x) || !meaningful(x) || !sharesNeighbour(near.get(x), pointNear.get(w))) continue;
      for (const q of others) {
        if (!q.has(x)) continue;
        const elsewhere = answerClauses.some((c) => c.has(w) && [...c].some((y) => q.has(y) && !pointStems.has(y) && meaningful(y)));
        if (elsewhere) return true;
      }
    }
  }
  return false;
}

const YES_NO: Record<CourseLanguage, { yes: RegExp; no: RegExp }> = {
  fr: { yes: /^\s*oui\b/iu, no: /^\s*non\b/iu },
  en: { yes: /^\s*yes\b/iu, no: /^\s*no\b(?!\s+(?:one|longer|more|matter)\b)/iu },
};

/** True when the model answer opens with "yes" (or "no") and the answer with the other one. */
export function opposesYesNo(model: string, answer: string, lang: CourseLanguage): boolean {
  const { yes, no } = YES_NO[lang];
  const m = foldText(model);
  const a = foldText(answer);
  return (yes.test(m) && no.test(a)) || (no.test(m) && yes.test(a));
}
