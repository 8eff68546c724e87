// Items that do not fit their kind never reach the student: no "which equation …" question or
// card about a defined thing that is no reaction ("autotrophe").
import { describe, expect, it } from 'vitest';
import { localPractice } from '../../../functions/engine/local/practice.js';
import { course } from '../../support/courses.js';
import { pagesOf } from '../../support/retrieval-fixtures.js';

const PLANTS = course(
  pagesOf('svt', 'Nutrition', 'fr', [
    `1.1 Des êtres vivants autotrophes
Un être vivant autotrophe est un organisme capable de produire sa propre matière organique à partir de matière minérale.
6 CO2 + 6 H2O → C6H12O6 + 6 O2

1.2 La respiration
La respiration cellulaire est la réaction qui libère l'énergie contenue dans le glucose.
C6H12O6 + 6 O2 → 6 CO2 + 6 H2O`,
  ]),
  'SVT',
  'fr',
);

describe('item sanity', () => {
  it('asks for the equation of a reaction, never of a defined thing that is none', async () => {
    const questions: string[] = [];
    const exclude: string[] = [];
    for (let i = 0; i < 12; i++) {
      try {
        const q = await localPractice.quizQuestion({ course: PLANTS, fileId: 'svt', type: 'mcq', difficulty: 'easy', exclude, level: 'lycee' });
        questions.push(q.question);
        exclude.push(q.fact_key);
      } catch {
        break;
      }
    }
    const cards = await localPractice.flashcards({ course: PLANTS, count: 20, exclude: [], level: 'lycee' });
    const all = [...questions, ...cards.map((c) => c.front)];
    expect(all.some((q) => /équation du cours correspond à « la respiration cellulaire »/u.test(q))).toBe(true);
    expect(all.filter((q) => /autotrophe/u.test(q) && /équation/u.test(q))).toEqual([]);
  });
});
