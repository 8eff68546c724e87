// The wording of an exercise's solution steps that go beyond one formula: the course's worked
// example shown as the method, a value read in the course's table, a worked example replayed with
// the question's data (a derivative, an equation solved, a value substituted), and a result with
// no unit. In the interface's language; every sentence states only what the step computed.
import type { CourseLanguage } from '../../core/artefacts.js';

export interface ExerciseMessages {
  workedMethod: (text: string) => string;
  readTable: (key: string, keyValue: string, label: string, value: string) => string;
  noUnit: string;
  replayObjective: (targets: string, givens: string) => string;
  given: (list: string) => string;
  define: (relation: string) => string;
  derive: (symbol: string, of: string, by: string, result: string) => string;
  setEqual: (left: string, right: string, symbol: string, result: string) => string;
  substitute: (expression: string) => string;
  finalValues: (list: string) => string;
}

const FR: ExerciseMessages = {
  workedMethod: (text) => `Suivre la méthode de l’exercice résolu du cours${text ? ` : ${text}` : ''}.`,
  readTable: (key, keyValue, label, value) => `Lire la valeur dans le tableau du cours : pour ${key} = ${keyValue}, ${label} = ${value}.`,
  noUnit: 'sans unité',
  replayObjective: (targets, givens) => `Objectif : calculer ${targets} en suivant l’exercice résolu du cours, avec ${givens}.`,
  given: (list) => `Relever les données de l’énoncé : ${list}.`,
  define: (relation) => `Écrire la relation du cours avec les données : ${relation}.`,
  derive: (symbol, of, by, result) => `${symbol} est la dérivée de ${of} par rapport à ${by}, comme dans l’exercice résolu : ${symbol} = ${result}.`,
  setEqual: (left, right, symbol, result) => `Poser ${left} = ${right} et résoudre pour ${symbol} : ${result}.`,
  substitute: (expression) => `Remplacer par les valeurs et calculer : ${expression}.`,
  finalValues: (list) => `Réponse finale : ${list}.`,
};

const EN: ExerciseMessages = {
  workedMethod: (text) => `Follow the method of the course's worked example${text ? `: ${text}` : ''}.`,
  readTable: (key, keyValue, label, value) => `Read the value in the course's table: for ${key} = ${keyValue}, ${label} = ${value}.`,
  noUnit: 'no unit',
  replayObjective: (targets, givens) => `Objective: calculate ${targets} by following the course's worked example, with ${givens}.`,
  given: (list) => `Write down the data given in the question: ${list}.`,
  define: (relation) => `Write the course's relation with the data: ${relation}.`,
  derive: (symbol, of, by, result) => `${symbol} is the derivative of ${of} with respect to ${by}, as in the worked example: ${symbol} = ${result}.`,
  setEqual: (left, right, symbol, result) => `Set ${left} = ${right} and solve for ${symbol}: ${result}.`,
  substitute: (expression) => `Substitute the values and calculate: ${expression}.`,
  finalValues: (list) => `Final answer: ${list}.`,
};

export function exerciseMessages(lang: CourseLanguage): ExerciseMessages {
  return lang === 'fr' ? FR : EN;
}
