// What a student's question is about: its content terms, without the words every question uses
// ("explique", "définis", "what", "describe", "please") that say how to answer, not what about.
// Words that are also course topics ("work", "mean", "list", "present") are not in the lists.
import { foldText, isStopWord, stem, words } from '../text/index.js';
import type { CourseLanguage } from '../types.js';

const QUESTION_WORDS: Record<CourseLanguage, string> = {
  fr: `explique expliquer expliquez explication explications définis définir définissez définition définitions donne donner
  donnez décris décrire décrivez présente présenter présentez résume résumer résumez rappelle rappeler rappelez
  parle parler cite citer citez calcule calculer calculez détermine déterminer déterminez trouve trouver trouvez
  quoi quel quels quelle quelles qu'est-ce est-ce c'est signifie signifier veut dire moi stp svp merci peux pouvez
  pourrais pourriez voudrais aimerais savoir sais cours leçon chapitre selon exactement simplement rapidement
  brièvement clairement détail détails détaillé détaillée exemple question réponse comment pourquoi concept notion
  exercice exercices méthode étapes étape formule formules`,
  en: `explain explains explanation define defines definition definitions give describe description summarize
  summarise summary recall tell mention calculate compute determine find what whats which who meaning please thanks
  can could would like know course lesson chapter according exactly simply quickly briefly
  clearly detail details detailed example question answer how why concept notion exercise exercises method steps step formula formulas`,
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
  return questionStems(lang).has(termStem);
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
