// A practical case's scenario sets a situation, not a definition reworded (functions/engine/case.ts):
// on the test courses (French biology, English economics, French mechanics), whatever the seed, it
// opens with a person and a task on the subject; each situation names that person, places the case
// in its part of the course when the heading does not give the answer away, describes the case
// without ever naming the term asked for, and ends on the decision to take; the course's figures
// come in as data; a situation is never the bare definition ("On observe l'enveloppe qui…").
import { describe, expect, it } from 'vitest';
import { buildPracticalCase } from '../../../functions/engine/case.js';
import { fold } from '../../../functions/engine/local/quiz-facts.js';
import type { CourseLanguage } from '../../../functions/core/artefacts.js';
import type { Course } from '../../../functions/engine/types.js';
import { FRENCH_MECHANICS } from '../../support/courses.js';
import { BIOLOGY, ECONOMICS } from '../../support/study.js';

function courseOf(pages: readonly string[], language: CourseLanguage, subjectName: string): Course {
  return { subjectId: 's1', subjectName, language, pages: pages.map((text, i) => ({ file_id: 'f1', file_name: 'cours.pdf', page: i + 1, text, language })), search: () => [] };
}

const COURSES = [
  { course: courseOf(BIOLOGY, 'fr', 'Biologie'), people: /^(Léa|Hugo|Inès|Malik|Camille|Yanis) /, decision: /(Elle|Il) doit décider quelle notion ou quelle règle du cours décrit ce cas avant (de le présenter|de l’expliquer|de l’écrire)/ },
  { course: courseOf(ECONOMICS, 'en', 'Economics'), people: /^(Emma|Noah|Priya|Omar|Chloe|Sam) /, decision: /(She|He) must decide which notion or rule of the course describes this case before (presenting|explaining|writing)/ },
  { course: courseOf(FRENCH_MECHANICS.map((p) => p.text), 'fr', 'Physique'), people: /^(Léa|Hugo|Inès|Malik|Camille|Yanis) /, decision: /(Elle|Il) doit décider/ },
];

describe('a practical case’s scenario', () => {
  for (const { course, people, decision } of COURSES) {
    it(`sets situations with a person, a part of the course and a decision, never the bare definition (${course.subjectName})`, () => {
      for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6']) {
        const c = buildPracticalCase({ course, fileId: null, level: null, seed });
        const [intro, ...situations] = c.scenario;
        const name = people.exec(intro)?.[1];
        expect(name, intro).toBeDefined();
        expect(intro).toContain(course.subjectName);
        const applied = c.questions.filter((q) => q.kind === 'apply');
        const told = situations.filter((s) => /^Situation \d/.test(s));
        expect(told).toHaveLength(applied.length);
        told.forEach((situation, i) => {
          const term = applied[i].rubric.key_points[0];
          expect(situation).toContain(name!);
          expect(situation).toMatch(decision);
          // Never the term asked for, and more than the definition: the part, the person, the decision.
          expect(fold(situation), `${term}: ${situation}`).not.toContain(fold(term));
          expect(situation).not.toMatch(/^Situation \d+ ?: (On observe|on constate|We observe|we find)/i);
        });
        // Most situations are placed in their part of the course (a heading naming the term is left out).
        if (course.subjectName !== 'Physique') expect(told.filter((s) => /\((partie «|part ")/.test(s)).length).toBeGreaterThanOrEqual(2);
      }
    });
  }

  it('brings the course’s figures in as data, and the problem of a scientific course to the same person', () => {
    const { course } = COURSES[2];
    const c = buildPracticalCase({ course, fileId: null, level: null, seed: 'a' });
    expect(c.scientific).toBe(true);
    const name = /^(\S+) /.exec(c.scenario[0])![1];
    expect(c.scenario[1]).toMatch(new RegExp(`^Pour commencer, ${name} doit résoudre un problème de son cours\\. Problème : .+ = \\d+`));
    expect(c.scenario.some((s) => /Son dossier précise : « .*\d.* »\./.test(s))).toBe(true);
  });
});
