// From a question's words to the course's terms. A student rarely writes the course's exact word:
// "limite-t-il" for "limiter", "collide" for "collision", "in physics" after the topic, or asks in
// the other language ("Qu'est-ce que l'inertie ?" about an English course). Each topic word of the
// question is read in the question's own language and matched to the course's vocabulary:
// the same stem; else a stem of the course sharing most of its beginning (a cognate after folding:
// *inertie/inertia*, *collide/collision*); else, across languages, the curated glossary
// (functions/engine/text/glossary.ts). A word still unmatched is either filler (a verb or word of
// the question's wording: "happen", "passe", "mean", "in physics") and dropped, or a topic the
// course does not hold, kept as such: that is what makes a near-topic question refused.
import { isEverydayWord, isVerbForm } from '../text/verbs.js';
import { foldText } from '../../core/fold.js';
import { isStopWord, stem, words } from '../text/index.js';
import { expressions, translate } from '../text/glossary.js';
import { synonymsOf, translationsOf } from '../text/lexicon.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { tokenize } from './key-terms.js';
import type { CourseAnalysis } from './analysis.js';
import { isQuestionWord } from './question.js';

export interface TopicTerm {
  /** The course's stem when matched, else the question word's own stem. */
  stem: string;
  /** The course holds the term. */
  known: boolean;
  /** A word of the course for the index query (the question's word when unmatched). */
  word: string;
  /** A word of the question's wording that the course happens to use ("make", "passe"): it weighs little. */
  filler?: boolean;
  /** A verb of the question: what it asks of the topic, weighed less than the topic. */
  predicate?: boolean;
  /** Other stems of the course for the same word ("cellul": "cellulair"). */
  variants?: string[];
  /** Matched through a word of the same meaning ("germ" for the course's "microbe"): it weighs a little less. */
  related?: boolean;
  /** An everyday noun of the language the course does not use ("le sang"): a topic the course may lack, or the student's phrasing. */
  everyday?: boolean;
}

/**
 * Words of a question's wording that say nothing about its topic when the course does not use
 * them: common verbs, the discipline's name, the "aim"/"role" a question asks for.
 */
const FILLER: Record<CourseLanguage, string> = {
  fr: `passe passer passent rentre rentrer entre devient devenir deviennent vaut valoir fait faire font sert servir
  permet permettre arrive arriver produit produire existe exister joue jouer agit agir trouve trouver vient venir
  écrit écrire écrivit publie publier près loin peut peuvent doit doivent utilise utiliser change changer influence influencer dit dire veut dire appelle appeler
  lieu nomme nommer rôle but objectif intérêt utilité fonction importance différence différencie différencier
  physique chimie biologie svt histoire géographie économie mathématiques maths sciences science matière
  objet objets cas situation chose choses truc trucs façon manière genre type types exactement vraiment
  quoi exemple base principe principal principale principaux principales`,
  en: `mean means meant say says said do does did done happen happens happened make makes made get gets got need needs
  needed affect affects go goes went come comes came take takes took use uses used call called name named work
  out aim purpose role place function point importance important difference differ differs main kind kinds type types
  object objects thing things way ways physics chemistry biology history geography economics maths math mathematics science
  write wrote written sciences subject really exactly basically actually give gave given have has had show shows showed tell told`,
};

const fillerCache: Partial<Record<CourseLanguage, Set<string>>> = {};
function isFiller(folded: string, termStem: string, lang: CourseLanguage): boolean {
  let set = fillerCache[lang];
  if (!set) {
    set = new Set(
      FILLER[lang]
        .split(/\s+/)
        .filter((w) => w && !w.endsWith('?'))
        .flatMap((w) => [foldText(w), stem(foldText(w), lang)]),
    );
    fillerCache[lang] = set;
  }
  return set.has(folded) || set.has(termStem);
}

/** The language a question is written in: the one whose grammar words it uses most (ties: the course's). */
export function questionLanguage(question: string, fallback: CourseLanguage): CourseLanguage {
  let fr = 0;
  let en = 0;
  for (const w of words(question)) {
    const f = foldText(w);
    if (isStopWord(f, 'fr') && !isStopWord(f, 'en')) fr++;
    else if (isStopWord(f, 'en') && !isStopWord(f, 'fr')) en++;
  }
  // Question words decide a short question ("Qu'est-ce que l'inertie ?", "What is photosynthesis?").
  if (/^\s*(?:qu['’]|quel|quelle|pourquoi|comment|où|quand|combien|qui\s)/iu.test(question)) fr += 2;
  if (/^\s*(?:what|why|how|where|when|who|which|explain|describe|define)\b/iu.test(question)) en += 2;
  return fr === en ? fallback : fr > en ? 'fr' : 'en';
}

interface Vocabulary {
  /** Course stem → a word of the course written with it (for the index query). */
  words: Map<string, string>;
  /** Stems of 4+ letters, by their first 3 letters (prefix matching). */
  byStart: Map<string, string[]>;
}
const vocabularies = new WeakMap<CourseAnalysis, Vocabulary>();

function vocabularyOf(analysis: CourseAnalysis): Vocabulary {
  let v = vocabularies.get(analysis);
  if (v) return v;
  v = { words: new Map(), byStart: new Map() };
  for (const s of analysis.sentences) {
    for (const t of tokenize(s.text, s.page.language)) {
      if (t.stop || v.words.has(t.stem)) continue;
      v.words.set(t.stem, t.folded);
      if (t.stem.length >= 4) {
        const key = t.stem.slice(0, 3);
        const list = v.byStart.get(key);
        if (list) list.push(t.stem);
        else v.byStart.set(key, [t.stem]);
      }
    }
  }
  vocabularies.set(analysis, v);
  return v;
}

/** Stems of the course that begin like `known` (the same word derived: "cellule" / "cellulaire"). */
function variantsOf(vocab: Vocabulary, known: string): string[] {
  if (known.length < 5) return [];
  return (vocab.byStart.get(known.slice(0, 3)) ?? []).filter((s) => {
    if (s === known) return false;
    const n = commonPrefix(s, known);
    return n >= 5 && n >= 0.8 * Math.min(s.length, known.length) && n >= 0.6 * Math.max(s.length, known.length);
  });
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * A course stem that begins like `candidate`: the same word inflected or derived ("collid" /
 * "collis"), or, across languages, a cognate ("inerti" / "inertia"). The longest common beginning
 * wins; ties go to the course's more frequent term.
 */
function nearStem(analysis: CourseAnalysis, vocab: Vocabulary, candidate: string, crossing: boolean): string | null {
  if (candidate.length < 4) return null;
  let best: string | null = null;
  let bestLength = 0;
  for (const s of vocab.byStart.get(candidate.slice(0, 3)) ?? []) {
    const n = commonPrefix(s, candidate);
    const shorter = Math.min(s.length, candidate.length);
    const longer = Math.max(s.length, candidate.length);
    const ok = n >= (crossing ? 4 : 5) && n >= 0.8 * shorter && n >= 0.6 * longer;
    if (!ok) continue;
    const better =
      n > bestLength || (n === bestLength && best !== null && (analysis.pageFrequency.get(s) ?? 0) > (analysis.pageFrequency.get(best) ?? 0));
    if (better) {
      best = s;
      bestLength = n;
    }
  }
  return best;
}

/** British and American spellings of an English word: "centre" / "center", "colour" / "color", "-ise" / "-ize". */
const SPELLINGS: [RegExp, string][] = [
  [/re$/u, 'er'],
  [/er$/u, 're'],
  [/our$/u, 'or'],
  [/or$/u, 'our'],
  [/is(e[sd]?|ing|ation)$/u, 'iz$1'],
  [/iz(e[sd]?|ing|ation)$/u, 'is$1'],
  [/ys(e[sd]?|ing)$/u, 'yz$1'],
  [/yz(e[sd]?|ing)$/u, 'ys$1'],
  [/ence$/u, 'ense'],
  [/ense$/u, 'ence'],
  [/ogue$/u, 'og'],
];

function spellings(word: string): string[] {
  if (word.length < 5) return [];
  return SPELLINGS.filter(([re]) => re.test(word)).map(([re, to]) => word.replace(re, to));
}

const INFLECTIONS: Record<CourseLanguage, string[]> = { fr: ['s', 'e', 'es', 'nt'], en: ['s', 'es', 'd', 'ed', 'ing'] };

/** Forms of "avoir" and "être" that make a compound tense ("a inventé", "est-elle née"). */
const AUXILIARIES = new Set(['a', 'ont', 'avait', 'avaient', 'aura', 'est', 'sont', 'etait', 'etaient', 'ete', 'fut', 'furent', 'sera']);
const INVERTED_SUBJECTS = new Set(['t', 'il', 'elle', 'ils', 'elles', 'on']);
/** Adverbs a compound tense may hold between its auxiliary and its participle ("se sont-ils jamais battus"). */
const INSIDE_TENSE = new Set(['jamais', 'pas', 'plus', 'deja', 'toujours', 'souvent', 'bien', 'vraiment', 'encore', 'rien', 'tous', 'tout']);

/**
 * A French word right after an auxiliary, or after an auxiliary and its inverted subject ("a-t-il
 * lancées", "s'est-elle appliquée"): a past participle, what the question asks of its topic.
 */
function afterAuxiliary(ws: readonly string[], i: number, lang: CourseLanguage): boolean {
  if (lang !== 'fr') return false;
  let k = i - 1;
  while (k >= 0 && i - k <= 4 && (INVERTED_SUBJECTS.has(ws[k]) || INSIDE_TENSE.has(ws[k]))) k--;
  return k >= 0 && AUXILIARIES.has(ws[k]) && /(?:e|i|u|s|t)$/u.test(ws[i]);
}

const DETERMINERS: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['le', 'la', 'les', 'l', 'du', 'des', 'un', 'une']),
  en: new Set(['the', 'a', 'an']),
};

/** Words after which a word is a noun: articles, "de", possessives, demonstratives. */
const NOUN_BEFORE: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['le', 'la', 'les', 'l', 'du', 'des', 'un', 'une', 'de', 'd', 'au', 'aux', 'son', 'sa', 'ses', 'leur', 'leurs', 'ce', 'cette', 'ces']),
  en: new Set(['the', 'a', 'an', 'of', 'its', 'their', 'his', 'her', 'this', 'these', 'that', 'those']),
};

/** French adjectives that stand before their noun ("le dernier dirigeant", "la première guerre"). */
const BEFORE_NOUN_FR = new Set(
  'grand grande grands grandes petit petite petits petites gros grosse haut haute hauts hautes long longue jeune jeunes vieux vieille nouveau nouvelle nouveaux ancien ancienne anciens dernier derniere derniers premier premiere premiers prochain prochaine bon bonne bons mauvais mauvaise meilleur meilleure beau belle vrai vraie faux fausse seul seule meme autre'.split(' '),
);

/**
 * A word named as a noun: after an article, "de" or a possessive, and in English before a grammar
 * word or the end ("the protocol of", not "the first president", where it is an adjective); in
 * French not one of the adjectives that stand before their noun ("le dernier dirigeant").
 */
function namedAsNoun(ws: readonly string[], i: number, lang: CourseLanguage): boolean {
  if (i === 0 || !NOUN_BEFORE[lang].has(ws[i - 1])) return false;
  if (lang === 'fr') return !BEFORE_NOUN_FR.has(ws[i]);
  const next = ws[i + 1];
  return next === undefined || isStopWord(next, lang);
}

export interface TopicOptions {
  /** The question's numbers are part of its topic (default); an exercise's data are not. */
  numbers?: boolean;
}

/**
 * The topic terms of a question as course terms. `courseLang` is the course's language (the
 * language of the pages the terms are compared with).
 */
export function courseTopic(analysis: CourseAnalysis, question: string, courseLang: CourseLanguage, opts: TopicOptions = {}): { terms: TopicTerm[]; language: CourseLanguage } {
  const qLang = questionLanguage(question, courseLang);
  const crossing = qLang !== courseLang;
  const vocab = vocabularyOf(analysis);
  const known = (s: string) => analysis.pageFrequency.has(s);
  const out: TopicTerm[] = [];
  const push = (t: TopicTerm) => {
    if (out.some((o) => o.stem === t.stem)) return;
    const variants = t.known ? variantsOf(vocab, t.stem) : [];
    out.push(variants.length ? { ...t, variants } : t);
  };
  // One word of the question read as several words of the course ("moyennes" → "mean", "average"):
  // one term, any of them carrying it.
  const pushAlternatives = (stems: readonly string[]) => {
    const [first, ...others] = stems.filter((h) => !out.some((o) => o.stem === h));
    if (!first) return;
    const variants = [...new Set([...others, ...others.flatMap((o) => variantsOf(vocab, o)), ...variantsOf(vocab, first)])];
    out.push({ stem: first, known: true, word: vocab.words.get(first) ?? first, ...(variants.length ? { variants } : {}) });
  };
  let ws = words(question).map((w) => foldText(w));
  if (crossing) {
    // Expressions of the glossary first ("dioxyde de carbone" → "carbon dioxide").
    const joined = ` ${ws.join(' ')} `;
    for (const e of expressions(crossing && qLang === 'fr' ? 'fr-en' : 'en-fr')) {
      if (!joined.includes(` ${e} `)) continue;
      for (const target of translate(e, qLang === 'fr' ? 'fr-en' : 'en-fr')) {
        for (const w of words(target)) {
          const f = foldText(w);
          if (isStopWord(f, courseLang)) continue;
          const s = stem(f, courseLang);
          if (known(s)) push({ stem: s, known: true, word: f });
        }
      }
      const remove = new Set(e.split(' '));
      ws = ws.filter((w) => !remove.has(w) || isStopWord(w, qLang));
    }
  }
  // Words written with a capital inside the question: names ("Pacific", "Jenner"), never the student's phrasing.
  const names = new Set(words(question).filter((w, i) => i > 0 && /^\p{Lu}/u.test(w)).map((w) => foldText(w)));
  const acronyms = new Set(words(question).filter((w) => /^\p{Lu}{3,5}$/u.test(w)).map((w) => foldText(w)));
  ws.forEach((w, i) => {
    const verbal = isVerbForm(w, qLang) || afterAuxiliary(ws, i, qLang);
    const stop = isStopWord(w, qLang);
    // A grammar word right after an article is a noun that looks like one: "du son", "the will".
    const noun = stop && i > 0 && DETERMINERS[qLang].has(ws[i - 1]) && w.length > 2;
    if (stop && !noun) return;
    const own = stem(w, qLang);
    if (/^\d+$/.test(own)) {
      // A number of the question ("à 50 °C", "en 1962"): the course gives it, or it is a case the course does not cover.
      if (own.length >= 2 && opts.numbers !== false) push({ stem: own, known: known(own), word: w });
      return;
    }
    if (isQuestionWord(own, qLang)) return;
    // A one-letter word is a symbol ("g", "v") only when the course writes it as one.
    if (own.length < 2) {
      if (!crossing && known(own) && /^\p{L}$/u.test(w)) push({ stem: own, known: true, word: w });
      return;
    }
    if (!crossing) {
      if (known(own)) return push({ stem: own, known: true, word: w, filler: isFiller(w, own, qLang), predicate: verbal });
      // A short word inflected as the course writes it ("die" / "died", "forme" / "formes").
      const inflected = INFLECTIONS[qLang].map((end) => stem(w + end, qLang)).find(known);
      if (inflected) return push({ stem: inflected, known: true, word: vocab.words.get(inflected) ?? w });
      // The same word spelt the other side of the Atlantic ("centre" / "center", "analyse" / "analyze").
      const spelt = qLang === 'en' ? spellings(w).map((v) => stem(v, qLang)).find(known) : undefined;
      if (spelt) return push({ stem: spelt, known: true, word: vocab.words.get(spelt) ?? w });
      const near = names.has(w) ? null : nearStem(analysis, vocab, own, false);
      if (near) return push({ stem: near, known: true, word: vocab.words.get(near) ?? w });
    } else {
      // The same word in the course's language (names, numbers, international terms: "glucose").
      const same = stem(w, courseLang);
      if (known(same)) return push({ stem: same, known: true, word: w });
      // An acronym whose words French and English write in another order, the head noun first in French:
      // reversed ("VIH" / "HIV") or with its head moved to the other end ("ADN" / "DNA", "DNA" / "ADN").
      const reordered = acronyms.has(w) ? [[...w].reverse().join(''), w.slice(1) + w[0], w.slice(-1) + w.slice(0, -1)].find(known) : undefined;
      if (reordered) return push({ stem: reordered, known: true, word: reordered });
      const translated = translate(w, qLang === 'fr' ? 'fr-en' : 'en-fr')
        .flatMap((t) => words(t).map((x) => foldText(x)))
        .filter((t) => !isStopWord(t, courseLang));
      const hits = [...new Set(translated.map((t) => stem(t, courseLang)).filter(known))];
      if (hits.length) return pushAlternatives(hits);
      // The dictionary's translations ("variole" → "smallpox", "régner" → "reign"), for a word of the topic.
      if (isFiller(w, own, qLang) || verbal) return;
      const found = translationsOf(own, qLang === 'fr' ? 'fr-en' : 'en-fr').filter(known);
      if (found.length) return pushAlternatives(found.slice(0, 3));
      const near = nearStem(analysis, vocab, same, true) ?? nearStem(analysis, vocab, own, true);
      if (near) return push({ stem: near, known: true, word: vocab.words.get(near) ?? w });
    }
    // A verb the course does not use asks something of the topic in the student's words ("predict"):
    // not a topic the course lacks.
    if (isFiller(w, own, qLang) || verbal) return;
    // An everyday word the course does not use ("other", "put", "usually") is the student's
    // phrasing, not a topic the course lacks; but named as a noun, after an article or "de"
    // ("le pH du sang", "the protocol"), it may be the very thing asked: it counts, a little.
    if (!noun && !names.has(w) && isEverydayWord(w, qLang)) {
      if (namedAsNoun(ws, i, qLang)) push({ stem: own, known: false, word: w, everyday: true });
      return;
    }
    // A word of the same meaning, or derived, that the course uses ("physician" / "doctor", "rainfall" / "rain").
    // Not for a name ("Les Misérables" is no "misère").
    const related = crossing || names.has(w) ? undefined : synonymsOf(own, qLang).find(known);
    if (related) return push({ stem: related, known: true, word: vocab.words.get(related) ?? w, related: true });
    push({ stem: own, known: false, word: w });
  });
  return { terms: out, language: qLang };
}
