// The connecting words the built-in engine writes around the course's own sentences (labels,
// step numbers, the "not in the course" message), in the interface's language (the course's when
// the caller does not say).
import type { CourseLanguage } from '../../core/artefacts.js';

export interface Messages {
  notFound: string;
  related: string;
  definition: string;
  explanation: string;
  formula: string;
  example: string;
  keyPoint: string;
  step: (n: number) => string;
  /** Step by step, for a question that asks no process: said before the course's answer. */
  notAProcess: string;
  /** A detailed answer's sub-heading for the lead's surroundings in its section. */
  context: string;
  /** A detailed answer's sub-heading for what another page says. */
  elsewhere: (page: number) => string;
  objective: string;
  objectiveCompute: (target: string, givens: string) => string;
  objectiveMethod: (question: string) => string;
  data: (list: string) => string;
  relation: (formula: string) => string;
  isolate: (symbol: string, formula: string) => string;
  compute: (expression: string) => string;
  convert: (from: string, to: string) => string;
  intermediate: (symbol: string, value: string) => string;
  finalAnswer: string;
  finalValue: (symbol: string, description: string, value: string) => string;
  alsoWritten: (value: string) => string;
  noFormula: string;
  noData: string;
  missingData: (symbols: string) => string;
  sheetTitle: (name: string) => string;
  /** After "not found" for a question asked in the other language than the course's. */
  askInCourseLanguage: (course: CourseLanguage) => string;
  /** Joins "a", "b", "c" as "a, b et c". */
  and: string;
}

const fr: Messages = {
  notFound: 'Le cours ne contient pas la réponse à cette question.',
  related: 'Passage du cours en lien avec la question (il n’y répond pas directement)',
  definition: 'Définition',
  explanation: 'Explication',
  formula: 'Formule',
  example: 'Exemple',
  keyPoint: 'À retenir',
  step: (n) => `Étape ${n}`,
  notAProcess: 'Ta question ne demande pas une démarche en étapes : voici ce que le cours répond.',
  context: 'Dans la même partie du cours',
  elsewhere: (page) => `Ailleurs dans le cours (page ${page})`,
  objective: 'Objectif',
  objectiveCompute: (target, givens) => `Objectif : calculer ${target}${givens ? ` à partir de ${givens}` : ''}.`,
  objectiveMethod: (question) => `Objectif : répondre à « ${question} » en appliquant la méthode du cours.`,
  data: (list) => `Relever les données de l’énoncé : ${list}.`,
  relation: (formula) => `Choisir la relation du cours : ${formula}.`,
  isolate: (symbol, formula) => `Isoler ${symbol} : ${formula}.`,
  compute: (expression) => `Remplacer par les valeurs et calculer : ${expression}.`,
  convert: (from, to) => `Convertir le résultat : ${from} = ${to}.`,
  intermediate: (symbol, value) => `Résultat intermédiaire : ${symbol} = ${value}.`,
  finalAnswer: 'Réponse finale',
  finalValue: (symbol, description, value) => `Réponse finale : ${description ? `${description} ` : ''}${symbol} = ${value}.`,
  alsoWritten: (value) => `soit ${value}`,
  noFormula:
    'Le cours ne donne pas de formule qui s’applique directement aux données de la question : appliquez la méthode ci-dessus.',
  noData: 'La question ne donne pas de valeurs numériques : appliquez la méthode et les formules du cours ci-dessus à celles de votre énoncé.',
  missingData: (symbols) => `Donnée manquante dans l’énoncé pour appliquer la formule du cours : ${symbols}.`,
  sheetTitle: (name) => `Fiche de révision : ${name}`,
  askInCourseLanguage: (course) => `Le cours est en ${course === 'en' ? 'anglais' : 'français'} : reformulez la question en ${course === 'en' ? 'anglais' : 'français'} avec ses termes.`,
  and: 'et',
};

const en: Messages = {
  notFound: 'The course does not contain the answer to this question.',
  related: 'Related passage of the course (it does not answer the question directly)',
  definition: 'Definition',
  explanation: 'Explanation',
  formula: 'Formula',
  example: 'Example',
  keyPoint: 'Key point',
  step: (n) => `Step ${n}`,
  notAProcess: 'Your question does not ask for a process in steps: here is what the course answers.',
  context: 'In the same part of the course',
  elsewhere: (page) => `Elsewhere in the course (page ${page})`,
  objective: 'Objective',
  objectiveCompute: (target, givens) => `Objective: calculate ${target}${givens ? ` from ${givens}` : ''}.`,
  objectiveMethod: (question) => `Objective: answer “${question}” by applying the course's method.`,
  data: (list) => `Write down the data given in the question: ${list}.`,
  relation: (formula) => `Choose the relation from the course: ${formula}.`,
  isolate: (symbol, formula) => `Rearrange for ${symbol}: ${formula}.`,
  compute: (expression) => `Substitute the values and calculate: ${expression}.`,
  convert: (from, to) => `Convert the result: ${from} = ${to}.`,
  intermediate: (symbol, value) => `Intermediate result: ${symbol} = ${value}.`,
  finalAnswer: 'Final answer',
  finalValue: (symbol, description, value) => `Final answer: ${description ? `${description} ` : ''}${symbol} = ${value}.`,
  alsoWritten: (value) => `i.e. ${value}`,
  noFormula: 'The course gives no formula that applies directly to the data in the question: apply the method above.',
  noData: 'The question gives no numerical values: apply the method and formulas from the course above to those of your exercise.',
  missingData: (symbols) => `Data missing from the question to apply the course's formula: ${symbols}.`,
  sheetTitle: (name) => `Revision sheet: ${name}`,
  askInCourseLanguage: (course) => `The course is in ${course === 'fr' ? 'French' : 'English'}: try asking in ${course === 'fr' ? 'French' : 'English'}, with its terms.`,
  and: 'and',
};

export function messages(lang: CourseLanguage): Messages {
  return lang === 'fr' ? fr : en;
}

/** "Label : text" in French typography, "Label: text" in English. */
export function labelled(lang: CourseLanguage, label: string, text: string): string {
  return lang === 'fr' ? `${label} : ${text}` : `${label}: ${text}`;
}

/** "a, b et c" / "a, b and c". */
export function joinList(lang: CourseLanguage, items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${messages(lang).and} ${items[items.length - 1]}`;
}
