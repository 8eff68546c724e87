// Grading of open answers as a student sees it: the teacher's own answer graded right, the same
// answer said in other words graded right, an answer saying the opposite ("ne … pas", "never",
// "no longer", a word's opposite, two roles swapped, "no" for "yes") graded wrong, and half an
// answer graded incomplete — in French and in English.
import { describe, expect, it } from 'vitest';
import { rubricOfText } from '../../../functions/engine/local/quiz-rubric.js';
import { localPractice } from '../../../functions/engine/local/practice.js';
import type { Evaluation, QuizQuestion } from '../../../functions/core/artefacts.js';
import type { Course } from '../../../functions/engine/types.js';
import { englishCourse, frenchCourse } from '../../support/courses.js';

const fr = frenchCourse();
const en = englishCourse();

/** An open question whose rubric is cut from a teacher's model answer, citing the course's first page. */
function question(course: Course, text: string, model: string): QuizQuestion {
  const page = course.pages[0];
  return {
    type: 'open',
    difficulty: 'easy',
    fact_key: `test:${text}`,
    kind: 'definition',
    question: text,
    rubric: rubricOfText(model, course.language, 'lycee'),
    explanation: model,
    citations: [{ file_id: page.file_id, file_name: page.file_name, page: page.page }],
  };
}

const grade = (course: Course, q: QuizQuestion, answer: string): Promise<Evaluation> => localPractice.evaluate({ course, question: q, answer, level: 'lycee' });

const conservation = question(
  fr,
  'Que dit le principe de conservation de l’énergie mécanique ?',
  'En l’absence de frottements, l’énergie mécanique d’un système se conserve : elle garde la même valeur au cours du mouvement.',
);
const fall = question(
  fr,
  'Que deviennent les énergies d’un objet en chute libre ?',
  'Pendant la chute, l’énergie potentielle de pesanteur diminue, tandis que l’énergie cinétique augmente.',
);
const doubling = question(
  fr,
  'Comment varie l’énergie cinétique quand la vitesse double ?',
  'Si la vitesse double, l’énergie cinétique est multipliée par 4, car elle est proportionnelle au carré de la vitesse.',
);
const motion = question(
  fr,
  'Le mouvement d’un passager dépend-il du référentiel ?',
  'Oui : le passager assis est immobile dans le référentiel du train, mais il est en mouvement dans le référentiel terrestre.',
);
const demand = question(
  en,
  'What does the law of demand say?',
  'Other things being equal, the quantity demanded of a good falls when its price rises, so the demand curve slopes downward.',
);
const cells = question(en, 'Where do new cells come from?', 'New cells always come from existing cells; a cell is never made from non-living matter.');
const elastic = question(
  en,
  'When is demand elastic, and which goods tend to have an elastic demand?',
  'Demand is elastic when the price elasticity is greater than 1 in absolute value; goods with close substitutes tend to have an elastic demand, while necessities tend to have an inelastic one.',
);

describe('grading of an open answer against a teacher’s model answer', () => {
  it('grades the model answer itself right, with nothing missing, even when it holds a negation of its own', async () => {
    for (const [course, q] of [
      [fr, conservation],
      [fr, fall],
      [fr, doubling],
      [fr, motion],
      [en, demand],
      [en, cells],
      [en, elastic],
    ] as const) {
      const e = await grade(course, q, q.rubric!.model_answer);
      expect(e.score, q.question).toBeGreaterThanOrEqual(90);
      expect(e.missing_concepts, q.question).toEqual([]);
    }
  });

  it('grades the same answer in other words right: word forms, synonyms, numbers in words, another order', async () => {
    const cases: [Course, QuizQuestion, string][] = [
      [fr, fall, 'L’énergie cinétique augmente pendant la chute, alors que l’énergie potentielle de pesanteur baisse.'],
      [fr, conservation, 'S’il n’y a pas de frottement, l’énergie mécanique du système se conserve : sa valeur reste constante pendant tout le mouvement.'],
      [fr, doubling, 'L’énergie cinétique est proportionnelle au carré de la vitesse : quand on double la vitesse, elle est multipliée par quatre.'],
      [en, cells, 'Every new cell comes from a cell that already exists: cells are never made out of non-living matter.'],
    ];
    for (const [course, q, answer] of cases) expect((await grade(course, q, answer)).score, answer).toBeGreaterThanOrEqual(70);
  });

  it('grades an answer that says the opposite wrong, and says which point it contradicts', async () => {
    const cases: [Course, QuizQuestion, string][] = [
      // "ne … pas", "n'… jamais"
      [fr, conservation, 'En l’absence de frottements, l’énergie mécanique d’un système ne se conserve pas : sa valeur change au cours du mouvement.'],
      // a word's opposite
      [fr, fall, 'Pendant la chute, l’énergie potentielle de pesanteur augmente, tandis que l’énergie cinétique diminue.'],
      // "no" where the course says "yes"
      [fr, motion, 'Non : le passager est immobile dans les deux référentiels, celui du train et le référentiel terrestre.'],
      // the opposite direction
      [en, demand, 'Other things being equal, the quantity demanded of a good rises when its price rises, so the demand curve slopes upward.'],
      // "not", "no longer"
      [en, cells, 'New cells do not come from existing cells; they are made from non-living matter.'],
      // two notions' roles swapped
      [en, elastic, 'Demand is elastic when the price elasticity is less than 1 in absolute value; necessities tend to have an elastic demand, while goods with close substitutes tend to have an inelastic one.'],
    ];
    for (const [course, q, answer] of cases) {
      const e = await grade(course, q, answer);
      expect(e.score, answer).toBeLessThanOrEqual(20);
      expect(e.strengths.length, answer).toBeLessThan(q.rubric!.key_points.length);
      expect(e.improvements.join(' '), answer).toMatch(/contraire|opposite/u);
    }
  });

  it('grades half of the answer incomplete: between wrong and right, with what is missing', async () => {
    const cases: [Course, QuizQuestion, string][] = [
      [fr, fall, 'Pendant la chute, l’énergie potentielle de pesanteur diminue.'],
      [en, demand, 'The quantity demanded of a good falls when its price rises.'],
      [en, elastic, 'Demand is elastic when the price elasticity is greater than 1 in absolute value.'],
    ];
    for (const [course, q, answer] of cases) {
      const e = await grade(course, q, answer);
      expect(e.score, answer).toBeGreaterThanOrEqual(30);
      expect(e.score, answer).toBeLessThan(70);
      expect(e.missing_concepts.length, answer).toBeGreaterThan(0);
    }
  });

  it('keeps a number whole in the key points it shows ("1,000 m", "6,5 V")', () => {
    const en = rubricOfText('The temperature falls by about 6.5 °C for every 1,000 m you climb, so mountain tops stay cold in summer.', 'en', 'lycee');
    expect(en.key_points.join(' | ')).toContain('1,000 m');
    const fr = rubricOfText('La lampe reçoit une tension de 6,5 V, tandis que le moteur reçoit une tension de 3 V dans ce montage.', 'fr', 'lycee');
    expect(fr.key_points.join(' | ')).toContain('6,5 V');
  });

  it('grades a fluent answer about something else wrong', async () => {
    expect((await grade(fr, fall, 'La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.')).score).toBeLessThanOrEqual(20);
    expect((await grade(en, demand, 'Mitochondria are the organelles where aerobic respiration takes place.')).score).toBeLessThanOrEqual(20);
  });
});
