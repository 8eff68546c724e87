// Items that do not fit their kind never reach the student: no "which equation …" question or
// card about a defined thing that is no reaction ("autotrophe"), no definition card whose back
// only restates its front, no option meaning the same as the answer or another option.
import { describe, expect, it } from 'vitest';
import { localPractice } from '../../../functions/engine/local/practice.js';
import { definesFront, sameMeaning } from '../../../functions/engine/local/sanity.js';
import type { Course } from '../../../functions/engine/types.js';
import { qualityCourses } from '../../support/answer-quality.js';
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

  it('tells a definition from a restatement, and options that mean the same', () => {
    expect(definesFront('Autotrophe', 'Un être vivant autotrophe est un organisme capable de produire sa propre matière organique.', 'fr')).toBe(true);
    expect(definesFront('La diffusion', 'La diffusion est la diffusion.', 'fr')).toBe(false);
    expect(definesFront('Inertia', 'Inertia is inertia of motion.', 'en')).toBe(false);
    expect(sameMeaning('la masse du corps', 'masses des corps', 'fr')).toBe(true);
    expect(sameMeaning('0,5 kg', '1/2 kg', 'fr')).toBe(true);
    expect(sameMeaning('0.50 m/s', '0.5 m/s', 'en')).toBe(true);
    expect(sameMeaning('0,5 kg', '0,5 g', 'fr')).toBe(false);
    expect(sameMeaning('énergie cinétique', 'énergie potentielle', 'fr')).toBe(false);
    expect(sameMeaning('kinetic energy', 'energy, kinetic', 'en')).toBe(true);
  });

  it('makes no card of a definition that restates its term', async () => {
    const c = course(
      pagesOf('svt2', 'Échanges', 'fr', [
        `1.1 Diffusion et osmose
La diffusion est la diffusion.
L'osmose est le passage de l'eau à travers une membrane semi-perméable, du milieu le moins concentré vers le plus concentré.`,
      ]),
      'SVT',
      'fr',
    );
    const cards = await localPractice.flashcards({ course: c, count: 20, exclude: [], level: 'lycee' });
    expect(cards.map((x) => x.front)).toContain('Osmose');
    expect(cards.filter((x) => /diffusion/iu.test(x.front))).toEqual([]);
  });

  it('offers no two options of a multiple-choice question that mean the same', async () => {
    const courses = qualityCourses();
    let checked = 0;
    for (const key of ['plants', 'physics', 'mechanics', 'biology'] as const) {
      const c: Course = courses[key];
      for (const fileId of [...new Set(c.pages.map((p) => p.file_id))]) {
        const exclude: string[] = [];
        for (let i = 0; i < 10; i++) {
          const q = await localPractice.quizQuestion({ course: c, fileId, type: 'mcq', difficulty: i % 2 ? 'hard' : 'easy', exclude, level: 'lycee' }).catch(() => null);
          if (!q) break;
          exclude.push(q.fact_key);
          const options = q.options ?? [];
          for (let a = 0; a < options.length; a++) for (let b = a + 1; b < options.length; b++) expect(sameMeaning(options[a], options[b], c.language), `${q.question}: ${options[a]} / ${options[b]}`).toBe(false);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
