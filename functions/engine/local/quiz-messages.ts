// The words the built-in engine writes around the course's own text in quizzes, evaluations and
// flashcards, in the course's language: question templates per kind of fact, the explanation
// that quotes the course, the feedback of an evaluation and the fronts of cards.
import type { CourseLanguage } from '../../core/artefacts.js';
import type { DateForm } from './quiz-facts.js';

export interface QuizMessages {
  /** "Que désigne « X » dans le cours ?" */
  meaningOf: (term: string) => string;
  /** "Quel terme du cours désigne « … » ?" */
  termFor: (body: string) => string;
  /** "Quel terme complète cette définition du cours : « _____ est … » ?" */
  termCloze: (masked: string) => string;
  /** "Que dit « la loi de … » selon le cours ?" */
  statementOf: (term: string) => string;
  formulaOf: (name: string, lhs: string) => string;
  formulaFor: (lhs: string) => string;
  /** "Quelle relation traduit le fait qu’au cours d’une dilution, … ?" (a relation between expressions; also a card front). */
  relationFor: (statement: string) => string;
  equationOf: (name: string) => string;
  dateOf: (form: DateForm, event: string) => string;
  dateCloze: (cloze: string) => string;
  numberCloze: (cloze: string) => string;
  personCloze: (cloze: string) => string;
  /** Open questions. */
  explainTerm: (term: string, extras: { example: boolean; formula: boolean }) => string;
  explainStatement: (term: string) => string;
  explainFormula: (written: string) => string;
  explainSteps: (title: string) => string;
  /** "D'après le cours (fichier, p. 2) : « … »" */
  explanation: (file: string, page: number, quote: string) => string;
  /** Flashcard fronts. */
  cardFormula: (name: string, lhs: string) => string;
  cardStatement: (term: string) => string;
  cardSteps: (title: string) => string;
  cardCloze: (cloze: string) => string;
  cardDate: (form: DateForm, event: string) => string;
  /** Evaluation feedback. */
  covered: (point: string) => string;
  complete: string;
  addPoint: (point: string) => string;
  tooShort: string;
  empty: string;
  offTopic: string;
  confused: (term: string) => string;
  wrongNumber: (wrong: string, right: string) => string;
  /** The answer says the opposite of a key point. */
  contradicts: (point: string) => string;
  reread: (file: string, page: number, points: string[]) => string;
  rereadAll: (file: string, page: number) => string;
}

const q = (s: string) => `« ${s} »`;
/** "a, b et c". */
const series = (items: string[], and: string) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`);
const qe = (s: string) => `“${s}”`;

/** "de la vitesse", "de l'énergie", "du travail", "des forces", "de Ec". */
export function frenchOf(name: string): string {
  if (/^le\s/iu.test(name)) return `du ${name.slice(3)}`;
  if (/^les\s/iu.test(name)) return `des ${name.slice(4)}`;
  if (/^(?:la\s|l['’])/iu.test(name)) return `de ${name}`;
  if (/^[aeiouyéèêàâîôû]/iu.test(name)) return `d’${name}`;
  return `de ${name}`;
}

const FR_DATE: Record<DateForm, string> = {
  year: 'En quelle année',
  full: 'À quelle date',
  month: 'À quelle date',
  century: 'À quel siècle',
  decade: 'À quelle époque',
};
const EN_DATE: Record<DateForm, string> = {
  year: 'In which year',
  full: 'On which date',
  month: 'In which month and year',
  century: 'In which century',
  decade: 'In which decade',
};

const fr: QuizMessages = {
  meaningOf: (term) => `Que désigne ${q(term)} dans le cours ?`,
  termFor: (body) => `Quel terme du cours désigne ${q(body)} ?`,
  termCloze: (masked) => `Quel terme complète cette phrase du cours : ${q(masked)} ?`,
  statementOf: (term) => `Que dit ${q(term)} selon le cours ?`,
  formulaOf: (name, lhs) => `Quelle est la formule ${frenchOf(name)} (${lhs}) ?`,
  formulaFor: (lhs) => `Quelle relation du cours donne ${lhs} ?`,
  relationFor: (statement) => `Quelle relation traduit le fait ${/^[aeiouyàâéèêh]/iu.test(statement) ? 'qu’' : 'que '}${statement} ?`,
  equationOf: (name) => `Quelle équation du cours correspond à ${q(name)} ?`,
  dateOf: (form, event) => `${FR_DATE[form]}, selon le cours : ${q(event)} ?`,
  dateCloze: (cloze) => `Quelle date complète cette phrase du cours : ${q(cloze)} ?`,
  numberCloze: (cloze) => `Quelle valeur complète cette phrase du cours : ${q(cloze)} ?`,
  personCloze: (cloze) => `Quel nom complète cette phrase du cours : ${q(cloze)} ?`,
  explainTerm: (term, extras) =>
    `Qu’est-ce que ${q(term)} ? Donne ${series(['sa définition', ...(extras.formula ? ['la formule qui l’exprime'] : []), ...(extras.example ? ['un exemple du cours'] : [])], 'et')}.`,
  explainStatement: (term) => `Explique ${q(term)} : qu’énonce le cours ?`,
  explainFormula: (written) => `Explique la formule ${q(written)} : que représente chaque grandeur, et dans quelle unité ?`,
  explainSteps: (title) => `Explique, dans l’ordre du cours, les étapes de ${q(title)}.`,
  explanation: (file, page, quote) => `D’après le cours (${file}, p. ${page}) : ${q(quote)}`,
  cardFormula: (name, lhs) => (name ? `Quelle est la formule ${frenchOf(name)} (${lhs}) ?` : `Quelle relation donne ${lhs} ?`),
  cardStatement: (term) => `Que dit ${q(term)} ?`,
  cardSteps: (title) => `Quelles sont les étapes de ${q(title)} ?`,
  cardCloze: (cloze) => `Complète : ${q(cloze)}`,
  cardDate: (form, event) => `${FR_DATE[form]} : ${q(event)} ?`,
  covered: (point) => `Tu as bien indiqué : ${q(point)}.`,
  complete: 'Ta réponse reprend l’essentiel du cours.',
  addPoint: (point) => `Ajoute ce point du cours : ${q(point)}.`,
  tooShort: 'Développe ta réponse : elle est trop courte pour couvrir la question.',
  empty: 'Réponds à la question avec les notions du cours : la réponse est vide.',
  offTopic: 'Ta réponse ne traite pas la question posée : reprends la notion du cours.',
  confused: (term) => `Ta réponse décrit plutôt ${q(term)} que la notion demandée : relis la définition du cours.`,
  wrongNumber: (wrong, right) => `Vérifie la valeur ${q(wrong)} : le cours donne ${q(right)}.`,
  contradicts: (point) => `Vérifie ce point : ta réponse dit le contraire du cours, qui dit ${q(point)}.`,
  reread: (file, page, points) => `Relis la page ${page} de ${q(file)} : elle explique ${points.map(q).join(', ')}.`,
  rereadAll: (file, page) => `Relis la page ${page} de ${q(file)} pour consolider ta réponse.`,
};

const en: QuizMessages = {
  meaningOf: (term) => `What does ${qe(term)} mean in the course?`,
  termFor: (body) => `Which term is defined as ${qe(body)}?`,
  termCloze: (masked) => `Which term completes this sentence from the course: ${qe(masked)}?`,
  statementOf: (term) => `What does ${qe(term)} state, according to the course?`,
  formulaOf: (name, lhs) => `What is the formula for ${name} (${lhs})?`,
  formulaFor: (lhs) => `Which relation from the course gives ${lhs}?`,
  relationFor: (statement) => `Which relation expresses that ${statement}?`,
  equationOf: (name) => `Which equation from the course describes ${qe(name)}?`,
  dateOf: (form, event) => `${EN_DATE[form]}, according to the course: ${qe(event)}?`,
  dateCloze: (cloze) => `Which date completes this sentence from the course: ${qe(cloze)}?`,
  numberCloze: (cloze) => `Which value completes this sentence from the course: ${qe(cloze)}?`,
  personCloze: (cloze) => `Which name completes this sentence from the course: ${qe(cloze)}?`,
  explainTerm: (term, extras) =>
    `What is ${qe(term)}? Give ${series(['its definition', ...(extras.formula ? ['the formula that expresses it'] : []), ...(extras.example ? ['an example from the course'] : [])], 'and')}.`,
  explainStatement: (term) => `Explain ${qe(term)}: what does the course state?`,
  explainFormula: (written) => `Explain the formula ${qe(written)}: what does each quantity stand for, and in which unit?`,
  explainSteps: (title) => `Explain, in the course's order, the steps of ${qe(title)}.`,
  explanation: (file, page, quote) => `The course says (${file}, p. ${page}): ${qe(quote)}`,
  cardFormula: (name, lhs) => (name ? `What is the formula for ${name} (${lhs})?` : `Which relation gives ${lhs}?`),
  cardStatement: (term) => `What does ${qe(term)} state?`,
  cardSteps: (title) => `What are the steps of ${qe(title)}?`,
  cardCloze: (cloze) => `Fill in the blank: ${qe(cloze)}`,
  cardDate: (form, event) => `${EN_DATE[form]}: ${qe(event)}?`,
  covered: (point) => `You covered: ${qe(point)}.`,
  complete: 'Your answer covers the essentials of the course.',
  addPoint: (point) => `Add this point from the course: ${qe(point)}.`,
  tooShort: 'Develop your answer: it is too short to cover the question.',
  empty: 'Answer the question with the notions of the course: the answer is empty.',
  offTopic: 'Your answer does not address the question: go back to the notion in the course.',
  confused: (term) => `Your answer describes ${qe(term)} rather than the notion asked: reread the course's definition.`,
  wrongNumber: (wrong, right) => `Check the value ${qe(wrong)}: the course gives ${qe(right)}.`,
  contradicts: (point) => `Check this point: your answer says the opposite of the course, which says ${qe(point)}.`,
  reread: (file, page, points) => `Reread page ${page} of ${qe(file)}: it explains ${points.map(qe).join(', ')}.`,
  rereadAll: (file, page) => `Reread page ${page} of ${qe(file)} to consolidate your answer.`,
};

export function quizMessages(lang: CourseLanguage): QuizMessages {
  return lang === 'fr' ? fr : en;
}
