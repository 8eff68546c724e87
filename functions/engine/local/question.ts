// What a student's question is about: its content terms, without the words every question uses
// ("explique", "définis", "what", "describe", "please") that say how to answer, not what about.
// Words that are also course topics ("work", "mean", "list", "present") are not in the lists.
// Also what kind of answer it asks for (its intent): a formula, a definition, a date, a person, a
// unit, an example, a reason, a method or a number, read from its cue words ("formule", "en quelle
// année", "qui", "unit", "why", "combien", "how many"); cue words are intent, never topic terms.
import { foldText } from '../../core/fold.js';
import { isStopWord, stem, words } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';

const QUESTION_WORDS: Record<CourseLanguage, string> = {
  fr: `explique expliquer expliquez explication explications définis définir définissez définition définitions donne donner
  donnez décris décrire décrivez présente présenter présentez résume résumer résumez rappelle rappeler rappelez
  parle parler cite citer citez calcule calculer calculez détermine déterminer déterminez trouve trouver trouvez
  quoi combien quel quels quelle quelles qu'est-ce est-ce c'est signifie signifier veut dire moi stp svp merci peux pouvez
  pourrais pourriez voudrais aimerais savoir sais cours leçon chapitre polycopié poly selon exactement simplement rapidement
  brièvement clairement détail détails détaillé détaillée exemple question réponse comment pourquoi concept notion
  exercice exercices méthode étapes étape formule formules équation équations relation relations expression
  année années date dates siècle siècles époque unité unités personne personnage physicien physicienne savant
  inventeur découvreur exemples procédure`,
  en: `explain explains explanation define defines definition definitions give describe description summarize
  summarise summary recall tell mention calculate compute determine find what whats which who meaning please thanks
  can could would like know many much course lesson chapter handout according exactly simply quickly briefly
  clearly detail details detailed example question answer how why concept notion exercise exercises method steps step formula formulas
  formulae equation equations relation relationship expression year years date dates century centuries era unit units
  person scientist physicist inventor discoverer examples procedure`,
};

const cache: Partial<Record<CourseLanguage, Set<string>>> = {};

function questionStems(lang: CourseLanguage): Set<string> {
  let set = cache[lang];
  if (!set) {
    set = new Set(QUESTION_WORDS[lang].split(/\s+/).filter(Boolean).map((w) => stem(foldText(w), lang)));
    cache[lang] = set;
  }
  return set;
}

/** True for a stem of a question's wording ("explique", "describe"), not of its topic. */
export function isQuestionWord(termStem: string, lang: CourseLanguage): boolean {
  return questionStems(lang).has(termStem) || cueStems(lang).has(termStem);
}

const cues: Partial<Record<CourseLanguage, Set<string>>> = {};
/** Stems of the cue words of an intent ("pourcentage", "percentage", "inventeur"): what is asked, never the topic. */
function cueStems(lang: CourseLanguage): Set<string> {
  let set = cues[lang];
  if (!set) {
    set = new Set(Object.values(INTENT_WORDS).flatMap((byLang) => [...byLang[lang]].map((w) => stem(w, lang))));
    cues[lang] = set;
  }
  return set;
}

/**
 * The topic terms of a question: index terms (folded, stop words dropped, stemmed) without the
 * question's own wording, numbers and one-letter tokens.
 */
export function topicTerms(question: string, lang: CourseLanguage): string[] {
  const out: string[] = [];
  const ws = words(question).map((w) => foldText(w));
  ws.forEach((w, i) => {
    // A grammar word right after an article is a noun that looks like one: "du son", "the will".
    const noun = isStopWord(w, lang) && i > 0 && DETERMINERS[lang].has(ws[i - 1]) && w.length > 2;
    if (isStopWord(w, lang) && !noun) return;
    const t = stem(w, lang);
    if (t.length < 2 || /^\d+$/.test(t) || isQuestionWord(t, lang) || out.includes(t)) return;
    out.push(t);
  });
  return out;
}

const DETERMINERS: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['le', 'la', 'les', 'l', 'du', 'des', 'un', 'une']),
  en: new Set(['the', 'a', 'an']),
};

/** What kind of answer a question asks for. */
export type Intent = 'formula' | 'definition' | 'date' | 'person' | 'unit' | 'example' | 'cause' | 'method' | 'place' | 'number' | 'duration';

/** Cue words (folded) of each intent, wherever they stand in the question. */
const INTENT_WORDS: Record<Intent, Record<CourseLanguage, ReadonlySet<string>>> = {
  formula: {
    fr: new Set(['formule', 'formules', 'equation', 'equations', 'relation', 'relations', 'expression']),
    en: new Set(['formula', 'formulas', 'formulae', 'equation', 'equations', 'relation', 'relationship', 'expression']),
  },
  definition: {
    fr: new Set(['definition', 'definitions', 'definis', 'definir', 'definissez', 'signifie', 'signification']),
    en: new Set(['definition', 'definitions', 'define', 'defines', 'meaning']),
  },
  date: {
    fr: new Set(['annee', 'annees', 'date', 'dates', 'quand', 'siecle', 'siecles', 'epoque']),
    en: new Set(['year', 'years', 'date', 'dates', 'when', 'century', 'centuries', 'era']),
  },
  person: {
    fr: new Set(['personne', 'personnage', 'physicien', 'physicienne', 'savant', 'inventeur', 'decouvreur']),
    en: new Set(['whom', 'whose', 'person', 'scientist', 'physicist', 'inventor', 'discoverer']),
  },
  unit: { fr: new Set(['unite', 'unites']), en: new Set(['unit', 'units']) },
  example: { fr: new Set(['exemple', 'exemples']), en: new Set(['example', 'examples']) },
  cause: { fr: new Set(['pourquoi']), en: new Set(['why']) },
  place: { fr: new Set(['ou']), en: new Set(['where']) },
  number: { fr: new Set(['combien', 'pourcentage', 'proportion']), en: new Set(['percentage', 'proportion']) },
  // Read from "combien d'années", "how many years" (DURATION_RE), not from a word alone.
  duration: { fr: new Set(), en: new Set() },
  method: {
    fr: new Set(['comment', 'methode', 'etape', 'etapes', 'procedure']),
    en: new Set(['method', 'step', 'steps', 'procedure']),
  },
};

/** Words before "qui"/"who" that leave it asking for a person: "Qui a …", "Par qui …", "By whom …". */
const BEFORE_WHO: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['et', 'mais', 'alors', 'donc', 'par', 'a', 'de', 'avec', 'pour', 'chez', 'selon']),
  en: new Set(['and', 'but', 'so', 'then', 'by', 'to', 'with', 'for', 'from', 'according']),
};

/**
 * The intents of a question, from its cue words: "Quelle est la formule de …" → formula, "Qui a
 * étudié … et en quelle année ?" → person and date. "qui"/"who" asks for a person at the start of
 * the question or of a clause ("et qui …", "par qui …"), not as a relative pronoun ("la force qui
 * …"); "how" asks for a method, not in "how many/much/long …".
 */
export function questionIntents(question: string, lang: CourseLanguage): Set<Intent> {
  const out = new Set<Intent>();
  const ws = words(question).map((w) => foldText(w));
  ws.forEach((w, i) => {
    for (const intent of Object.keys(INTENT_WORDS) as Intent[]) if (INTENT_WORDS[intent][lang].has(w)) out.add(intent);
    const prev = i > 0 ? ws[i - 1] : '';
    if ((w === 'qui' && lang === 'fr') || (w === 'who' && lang === 'en')) {
      if (i === 0 || BEFORE_WHO[lang].has(prev)) out.add('person');
    }
    if (lang === 'en' && w === 'how') {
      if (/^(?:many|much|long|far|fast|old|often|big|large|high|hot|cold|deep|heavy|tall)$/u.test(ws[i + 1] ?? '')) out.add('number');
      else out.add('method');
    }
  });
  // "Combien d'années", "how many years": a duration, a number, not a date.
  if (out.has('date') && out.has('number') && DURATION_RE[lang].test(ws.join(' '))) {
    out.delete('date');
    out.add('duration');
  }
  return out;
}

const DURATION_RE: Record<CourseLanguage, RegExp> = {
  fr: /\bcombien (?:de |d )?(?:annees|ans|siecles)\b/u,
  en: /\bhow many (?:years|centuries)\b/u,
};

/** Cue words that ask for a date itself ("en quelle année", "which century"), not "quand"/"when", which may ask for a condition. */
const DATE_NOUNS: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['annee', 'annees', 'date', 'dates', 'siecle', 'siecles', 'epoque']),
  en: new Set(['year', 'years', 'date', 'dates', 'century', 'centuries', 'era']),
};

/**
 * The intents only a sentence holding that kind of fact can answer: a number ("combien", "how
 * many"), a person ("qui", "who"), a date named as such ("en quelle année", "which century").
 */
export function factIntents(question: string, lang: CourseLanguage): Set<Intent> {
  const all = questionIntents(question, lang);
  const out = new Set<Intent>();
  if (all.has('number')) out.add('number');
  if (all.has('duration')) out.add('duration');
  if (all.has('person')) out.add('person');
  if (all.has('date') && words(question).some((w) => DATE_NOUNS[lang].has(foldText(w)))) out.add('date');
  return out;
}
