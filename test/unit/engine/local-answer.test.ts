import { describe, expect, it } from 'vitest';
import { localEngine } from '../../../functions/engine/local/index.js';
import { answerSchema, type Answer, type AnswerMode } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import type { EducationLevel } from '../../../functions/core/profile.js';
import { citationsOf, englishCourse, frenchCourse, largeCourse, ungrounded } from '../../support/courses.js';

const fr = frenchCourse();
const en = englishCourse();

function ask(course: Course, question: string, mode: AnswerMode, level: EducationLevel | null = 'lycee', history?: { question: string; answer: string }[]): Promise<Answer> {
  return localEngine.answer({ course, question, mode, level, history });
}

/** Every citation's quote is copied from the page it names. */
function expectGrounded(course: Course, answer: Answer) {
  const citations = citationsOf(answer);
  expect(citations.length).toBeGreaterThan(0);
  expect(ungrounded(course, citations)).toEqual([]);
}

const textOf = (a: Answer) => a.blocks.map((b) => b.text).join('\n');
/** Sentences quoted, a measure of how much of the course an answer gives. */
const quoted = (a: Answer) => new Set(citationsOf(a).map((c) => c.quote)).size;

const FRENCH_QUESTIONS: Record<AnswerMode, string> = {
  course: "Qu'est-ce que l'énergie cinétique ?",
  concise: "Qu'est-ce que l'énergie cinétique ?",
  detailed: "Explique l'énergie potentielle de pesanteur",
  step_by_step: 'Comment résoudre un exercice de mécanique ?',
  exercise: 'Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne en km/h, puis en m/s.',
};
const ENGLISH_QUESTIONS: Record<AnswerMode, string> = {
  course: 'What is photosynthesis?',
  concise: 'What is aerobic respiration?',
  detailed: 'Explain total revenue',
  step_by_step: 'What are the steps of mitosis?',
  exercise: 'An image of a cell is 12 mm long and the magnification is 400. Calculate the actual size of the cell.',
};
const MODES: AnswerMode[] = ['course', 'concise', 'detailed', 'step_by_step', 'exercise'];

describe('answers in every mode are grounded in the course and in its language', () => {
  for (const mode of MODES) {
    it(`${mode}: French course`, async () => {
      const a = await ask(fr, FRENCH_QUESTIONS[mode], mode);
      expect(() => answerSchema.parse(a)).not.toThrow();
      expect(a).toMatchObject({ mode, language: 'fr', found: true });
      expect(a.blocks.length).toBeGreaterThan(0);
      expectGrounded(fr, a);
      expect(textOf(a)).not.toMatch(/\b(?:Definition|Step \d|Objective|Final answer|Formula|Example|Explanation):/u);
    });

    it(`${mode}: English course`, async () => {
      const a = await ask(en, ENGLISH_QUESTIONS[mode], mode);
      expect(a).toMatchObject({ mode, language: 'en', found: true });
      expectGrounded(en, a);
      expect(textOf(a)).not.toMatch(/(?:Définition|Étape \d|Objectif|Réponse finale|Formule|Exemple|Explication) :/u);
    });
  }
});

describe('course mode', () => {
  it('opens with the course’s definition of the asked term, then its explanation and formula', async () => {
    const a = await ask(fr, "Qu'est-ce que l'énergie cinétique ?", 'course');
    expect(a.blocks[0].kind).toBe('definition');
    expect(a.blocks[0].text).toBe("Définition : On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement.");
    expect(a.blocks[0].citations).toEqual([
      { file_id: 'fr-meca', file_name: 'Mécanique - chapitres 1 à 3', page: 2, quote: "On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement." },
    ]);
    const formula = a.blocks.find((b) => b.kind === 'formula');
    expect(formula?.text).toContain('Ec = 1/2 × m × v²');
    expect(textOf(a)).toContain('multipliée par quatre');
  });

  it('answers an English question with the English definition first', async () => {
    const a = await ask(en, 'What is photosynthesis?', 'course');
    expect(a.blocks[0]).toMatchObject({ kind: 'definition', text: expect.stringMatching(/^Definition: Photosynthesis is the process/u) });
    expect(textOf(a)).toContain('chloroplasts');
  });
});

describe('concise mode', () => {
  it('gives one to three sentences of the course', async () => {
    for (const level of ['college', 'lycee', 'master'] as const) {
      const a = await ask(en, 'What is aerobic respiration?', 'concise', level);
      expect(a.blocks).toHaveLength(1);
      const n = citationsOf(a).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
    }
    const short = await ask(en, 'What is aerobic respiration?', 'concise', 'college');
    expect(short.blocks[0].text).toBe('Aerobic respiration is the release of energy from glucose in the presence of oxygen.');
  });

  it('answers a question about a date with the dated sentence', async () => {
    const a = await ask(fr, 'Quand Newton a-t-il publié les Principia ?', 'concise');
    expect(a.blocks[0].text).toContain('En 1687, Isaac Newton publie les Principia');
  });
});

describe('detailed mode', () => {
  it('structures the answer: definition, explanation, formula with its symbols, points to remember — French labels', async () => {
    const a = await ask(fr, "Explique l'énergie potentielle de pesanteur", 'detailed');
    const kinds = a.blocks.map((b) => b.kind);
    expect(kinds[0]).toBe('definition');
    expect(kinds).toContain('paragraph');
    const formula = a.blocks.find((b) => b.kind === 'formula' && b.text.includes('Ep = m × g × h'));
    expect(formula?.text).toMatch(/^Formule : Ep = m × g × h avec Ep en joules \(J\)/u);
    expect(formula?.citations).toHaveLength(2);
    expect(a.blocks.find((b) => b.kind === 'paragraph')?.text).toMatch(/^Explication : /u);
    expect(a.blocks.some((b) => b.kind === 'point' && b.text.startsWith('À retenir : Principe de conservation'))).toBe(true);
  });

  it('adds the course’s examples, labelled in English for an English course', async () => {
    const a = await ask(en, 'Explain total revenue', 'detailed');
    expect(a.blocks[0].text).toBe('Definition: Total revenue is the amount of money a firm receives from selling its output.');
    expect(a.blocks.find((b) => b.kind === 'example')?.text).toBe(
      'Example: a bakery that sells 300 loaves at a price of 2 dollars each earns a total revenue of 600 dollars.',
    );
  });
});

describe('step-by-step mode', () => {
  it('numbers the course’s method in its order', async () => {
    const a = await ask(fr, 'Comment résoudre un exercice de mécanique ?', 'step_by_step');
    const steps = a.blocks.filter((b) => b.kind === 'step');
    expect(steps.map((b) => b.text)).toEqual([
      'Étape 1 : Identifier le système étudié et le référentiel.',
      "Étape 2 : Relever les données de l'énoncé et les convertir dans les unités du Système international.",
      'Étape 3 : Choisir la relation du cours qui relie la grandeur cherchée aux données.',
      'Étape 4 : Isoler la grandeur cherchée, puis remplacer les lettres par les valeurs numériques.',
      'Étape 5 : Donner le résultat avec une unité et un nombre de chiffres significatifs adapté.',
    ]);
    expect(steps.every((b) => b.citations[0].page === 4)).toBe(true);
  });

  it('follows a sequenced process in English', async () => {
    const a = await ask(en, 'What are the steps of mitosis?', 'step_by_step');
    const steps = a.blocks.filter((b) => b.kind === 'step').map((b) => b.text);
    expect(steps[0]).toMatch(/^Step 1: First, during prophase/u);
    expect(steps[3]).toMatch(/^Step 4: Finally, in telophase/u);
  });

  it('walks through the calculation when the question gives data', async () => {
    const a = await ask(fr, 'Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne.', 'step_by_step');
    const text = textOf(a);
    expect(text).toContain('Étape 1 : Relever les données de l’énoncé : d = 45 km ; t = 1,5 h.');
    // In the unit the course gives the speed (m/s), with the students' own unit beside it.
    expect(text).toContain('v = d / t = 45 km / 1,5 h = 8,333 m/s');
    expect(text).toContain('Réponse finale : la vitesse moyenne v = 8,333 m/s (soit 30 km/h).');
    expectGrounded(fr, a);
  });
});

describe('questions the course does not answer', () => {
  it('says so in French for every mode, without inventing an answer', async () => {
    for (const mode of MODES) {
      const a = await ask(fr, "Qu'est-ce que la photosynthèse ?", mode);
      expect(a.found).toBe(false);
      expect(a.not_found_message).toBe('Le cours ne contient pas la réponse à cette question.');
      expect(a.exercise).toBeUndefined();
      expect(a.blocks.every((b) => b.kind === 'point' && b.text.startsWith('Passage du cours en lien avec la question'))).toBe(true);
    }
  });

  it('says so in English', async () => {
    const a = await ask(en, 'What is inflation?', 'concise');
    expect(a).toMatchObject({ found: false, not_found_message: 'The course does not contain the answer to this question.', blocks: [] });
  });

  it('does not stitch an answer from sentences that each cover part of the question, but points to them as related', async () => {
    const a = await ask(en, 'What is the role of ribosomes in photosynthesis?', 'course');
    expect(a.found).toBe(false);
    expect(a.blocks.length).toBeGreaterThan(0);
    for (const b of a.blocks) {
      expect(b.kind).toBe('point');
      expect(b.text).toMatch(/^Related passage of the course \(it does not answer the question directly\): /u);
    }
    expectGrounded(en, a);
  });

  it('does not compute with a formula the course does not give', async () => {
    const a = await ask(fr, "Calculer la résistance d'un conducteur traversé par 2 A sous 12 V.", 'exercise');
    expect(a.found).toBe(false);
    expect(a.exercise).toBeUndefined();
  });

  it('reads a noun that looks like a grammar word as the topic ("la vitesse du son")', async () => {
    const a = await ask(fr, 'Quelle est la vitesse du son ?', 'concise');
    expect(a.found).toBe(false);
  });

  it('treats an empty or filler-only question as not answered', async () => {
    const a = await ask(fr, 'Explique-moi, stp.', 'course');
    expect(a.found).toBe(false);
  });
});

describe('education level', () => {
  it('gives a middle-school student less than a doctoral student', async () => {
    for (const [course, question, mode] of [
      [fr, "Explique l'énergie potentielle de pesanteur", 'detailed'],
      [en, 'What is aerobic respiration?', 'concise'],
      [fr, "Qu'est-ce que l'énergie cinétique ?", 'course'],
      [fr, 'Comment résoudre un exercice de mécanique ?', 'step_by_step'],
    ] as const) {
      const little = await ask(course, question, mode, 'college');
      const much = await ask(course, question, mode, 'doctorat');
      expect(quoted(much), `${mode}: ${question}`).toBeGreaterThan(quoted(little));
    }
  });
});

describe('follow-up questions', () => {
  it('read a question with no topic of its own in the light of the previous one', async () => {
    const alone = await ask(fr, 'Et quelle est son unité ?', 'concise');
    const followUp = await ask(fr, 'Et quelle est son unité ?', 'concise', 'lycee', [
      { question: "Qu'est-ce que l'énergie cinétique ?", answer: "On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement." },
    ]);
    expect(followUp.found).toBe(true);
    expect(textOf(followUp)).toContain('Le joule désigne l');
    expect(textOf(followUp)).not.toEqual(textOf(alone));
  });
});

describe('a large course', () => {
  // Latency is measured by `npm run bench engine`, not asserted here.
  it('answers every mode grounded on a 300-page course', async () => {
    const big = largeCourse(300, 'fr');
    const questions: [string, AnswerMode][] = [
      ["Qu'est-ce que l'énergie cinétique ?", 'course'],
      ["Explique l'énergie mécanique", 'detailed'],
      ['Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne.', 'exercise'],
      ['Comment résoudre un exercice de mécanique ?', 'step_by_step'],
      ["Qu'est-ce que la photosynthèse ?", 'concise'],
    ];
    for (const [q, mode] of questions) {
      const a = await ask(big, q, mode);
      expect(a.mode).toBe(mode);
      expect(ungrounded(big, citationsOf(a))).toEqual([]);
    }
  }, 60_000);
});
