import { describe, expect, it } from 'vitest';
import { localEngine } from '../../../functions/engine/local/index.js';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { formulary } from '../../../functions/engine/local/equations.js';
import { parseQuantities, requestedUnits } from '../../../functions/engine/local/quantities.js';
import { exerciseSolutionSchema, type Answer, type ExerciseSolution } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import { citationsOf, englishCourse, frenchCourse, ungrounded } from '../../support/courses.js';

const fr = frenchCourse();
const en = englishCourse();

async function solve(course: Course, question: string): Promise<{ answer: Answer; exercise: ExerciseSolution }> {
  const answer = await localEngine.answer({ course, question, mode: 'exercise', level: 'lycee' });
  expect(answer.found).toBe(true);
  expect(answer.exercise).toBeDefined();
  const exercise = exerciseSolutionSchema.parse(answer.exercise);
  expect(ungrounded(course, citationsOf(answer))).toEqual([]);
  return { answer, exercise };
}

/** The number a result string states, read back in either decimal style ("8,333 m/s", "$2000"). */
function numberIn(result: string): number {
  const m = /-?\d+(?:[.,]\d+)?(?:e[+-]?\d+)?/u.exec(result.replace(/\s(?=\d{3}\b)/gu, ''));
  return m ? Number(m[0].replace(',', '.')) : NaN;
}

describe('exercise solutions computed from the course’s formula', () => {
  it('fills every part of the solution for a French speed exercise, in French', async () => {
    const { exercise } = await solve(fr, 'Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne en km/h, puis en m/s.');
    expect(exercise.objective.text).toBe('Objectif : calculer la vitesse moyenne v à partir de la distance parcourue d et la durée du parcours t.');
    expect(exercise.steps[0].text).toBe('Relever les données de l’énoncé : d = 45 km ; t = 1,5 h.');
    expect(exercise.steps.map((s) => s.text)).toEqual(
      expect.arrayContaining(['Choisir la relation du cours : v = d / t.', 'Remplacer par les valeurs et calculer : v = d / t = 45 km / 1,5 h = 30 km/h.']),
    );
    expect(exercise.theorems.map((t) => t.text)).toContain('La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['v = d / t']);
    expect(exercise.calculations).toHaveLength(1);
    expect(exercise.calculations[0].expression).toBe('v = d / t = 45 km / 1,5 h');
    expect(exercise.calculations[0].result).toBe('30 km/h');
    expect(numberIn(exercise.calculations[0].result)).toBeCloseTo(45 / 1.5, 6);
    // Asked in km/h then in m/s: both, the second converted (30 / 3.6).
    expect(exercise.final_answer.text).toBe('Réponse finale : la vitesse moyenne v = 30 km/h (soit 8,333 m/s).');
    expect(exercise.final_answer.citations[0]).toMatchObject({ file_id: 'fr-meca', page: 1, quote: 'v = d / t' });
  });

  it('chains two formulas: speed from distance and time, then kinetic energy', async () => {
    const { exercise } = await solve(fr, 'Une voiture de 1 000 kg parcourt 100 m en 5 s. Calculer son énergie cinétique.');
    expect(exercise.calculations.map((c) => c.result)).toEqual(['20 m/s', '200000 J']);
    expect(numberIn(exercise.calculations[1].result)).toBe(0.5 * 1000 * 20 ** 2);
    expect(exercise.calculations[1].expression).toBe('Ec = 1/2 × m × v² = 1/2 × 1000 kg × (20 m/s)²');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['v = d / t', 'Ec = 1/2 × m × v²']);
    expect(exercise.final_answer.text).toBe("Réponse finale : l'énergie cinétique Ec = 200000 J (soit 200 kJ).");
  });

  it('uses a constant the course states (g = 9,81 N/kg) and cites it', async () => {
    const { exercise } = await solve(fr, 'Un objet de 2 kg est situé à une altitude de 10 m. Calculer son énergie potentielle de pesanteur.');
    expect(exercise.steps[0].text).toBe('Relever les données de l’énoncé : h = 10 m ; m = 2 kg ; g = 9,81 N/kg.');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['Ep = m × g × h', 'g = 9,81 N/kg']);
    expect(exercise.calculations[0].result).toBe('196,2 J');
    expect(numberIn(exercise.calculations[0].result)).toBeCloseTo(2 * 9.81 * 10, 6);
  });

  it('rearranges the formula for the quantity asked, in English', async () => {
    const { exercise } = await solve(en, 'An image of a cell is 12 mm long and the magnification is 400. Calculate the actual size of the cell.');
    expect(exercise.objective.text).toBe('Objective: calculate the actual size of the specimen A from the size of the image I and the magnification M.');
    expect(exercise.steps.map((s) => s.text)).toEqual(
      expect.arrayContaining([
        'To calculate the actual size of a specimen, divide the size of the image by the magnification.',
        'Choose the relation from the course: M = I / A.',
        'Rearrange for A: A = I / M.',
      ]),
    );
    expect(exercise.calculations).toEqual([{ expression: 'A = I / M = 12 mm / 400', result: '0.03 mm', citations: expect.any(Array) }]);
    expect(exercise.theorems.map((t) => t.text)).toContain('Magnification refers to how many times larger an image is than the real object.');
    expect(exercise.final_answer.text).toBe('Final answer: the actual size of the specimen A = 0.03 mm (i.e. 30 µm).');
  });

  it('isolates a squared quantity with a square root', async () => {
    const { exercise } = await solve(fr, 'Une voiture de 1 000 kg a une énergie cinétique de 200 000 J. Calculer sa vitesse.');
    expect(exercise.steps.map((s) => s.text)).toContain('Isoler v : v = √(2 × Ec / m).');
    expect(exercise.calculations[0]).toMatchObject({ expression: 'v = √(2 × Ec / m) = √(2 × 200000 J / 1000 kg)', result: '20 m/s' });
    expect(numberIn(exercise.calculations[0].result)).toBeCloseTo(Math.sqrt((2 * 200000) / 1000), 6);
    expect(exercise.final_answer.text).toBe('Réponse finale : la vitesse v = 20 m/s.');
  });

  it('computes with money', async () => {
    const { exercise } = await solve(en, 'A firm sells 500 units at a price of 4 dollars. Calculate its total revenue.');
    expect(exercise.calculations[0]).toMatchObject({ expression: 'TR = P × Q = $4 × 500', result: '$2000' });
    expect(exercise.final_answer.text).toBe('Final answer: the total revenue TR = $2000.');
  });

  it('shows the solution as numbered blocks too, with French labels', async () => {
    const { answer } = await solve(fr, 'Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne.');
    expect(answer.blocks[0].text).toMatch(/^Objectif : /u);
    expect(answer.blocks.filter((b) => b.kind === 'step').map((b) => b.text.split(' : ')[0])).toEqual(['Étape 1', 'Étape 2', 'Étape 3', 'Étape 4', 'Étape 5']);
    expect(answer.blocks[answer.blocks.length - 1].text).toMatch(/^Réponse finale : /u);
  });
});

describe('exercises the course cannot compute', () => {
  it('names the missing datum instead of guessing it', async () => {
    const { exercise } = await solve(fr, 'Une voiture roule à 25 m/s. Calculer son énergie cinétique.');
    expect(exercise.calculations).toEqual([]);
    expect(exercise.formulas.map((f) => f.text)).toEqual(['Ec = 1/2 × m × v²']);
    expect(exercise.final_answer.text).toBe('Réponse finale : Donnée manquante dans l’énoncé pour appliquer la formule du cours : la masse du corps m.');
  });

  it('gives the course’s method and formulas when the question has no numbers', async () => {
    const { exercise } = await solve(fr, 'Comment calculer une énergie cinétique ?');
    expect(exercise.calculations).toEqual([]);
    expect(exercise.steps.length).toBeGreaterThan(0);
    expect(exercise.formulas[0].text).toMatch(/^Ec = 1\/2 × m × v²/u);
    expect(exercise.final_answer.text).toMatch(/^Réponse finale : La question ne donne pas de valeurs numériques/u);
  });

  it('follows the course’s method steps in English when no formula matches the data', async () => {
    const { exercise } = await solve(en, 'A human cell has 46 chromosomes. What are the steps of mitosis?');
    expect(exercise.calculations).toEqual([]);
    expect(exercise.steps[0].text).toMatch(/^First, during prophase/u);
    expect(exercise.final_answer.text).toBe(
      'Final answer: The course gives no formula that applies directly to the data in the question: apply the method above.',
    );
  });
});

describe('formulas read from the course', () => {
  it('name each symbol and its unit as the course does', () => {
    const equations = formulary(analyzeCourse(fr.pages)).equations;
    const speed = equations.find((e) => e.written === 'v = d / t');
    expect([...(speed?.variables.values() ?? [])].map((v) => [v.symbol, v.description, v.unit])).toEqual([
      ['v', 'la vitesse moyenne', 'm/s'],
      ['d', 'la distance parcourue', 'm'],
      ['t', 'la durée du parcours', 's'],
    ]);
    expect(formulary(analyzeCourse(fr.pages)).constants.get('g')?.written).toBe('g = 9,81 N/kg');
  });

  it('only ever reads arithmetic from course text, never other expressions', () => {
    const pages = [{ file_id: 'x', file_name: 'x', page: 1, language: 'en' as const, text: 'Notes\nk = import({})\ny = evaluate("1+1") * x\nz = 2 * x + 1' }];
    expect(formulary(analyzeCourse(pages)).equations.map((e) => e.written)).toEqual(['z = 2 * x + 1']);
  });
});

describe('numbers and units in a question', () => {
  it('reads French decimals, thousands, written units and durations', () => {
    const qs = parseQuantities('Une voiture de 1 200 kg roule à 90 km/h pendant 2 h 30 min puis parcourt 3,5 kilomètres.', 'fr');
    expect(qs.map((q) => [q.value, q.unit])).toEqual([
      [1200, 'kg'],
      [90, 'km/h'],
      [2.5, 'h'],
      [3.5, 'km'],
    ]);
  });

  it('reads English numbers, money and scientific notation, not chemical formulas or exercise numbers', () => {
    const qs = parseQuantities('Exercise 2: a price of $4, 1,000 loaves, 0.02 mm and 3 × 10^8 m/s; 6CO2 is not data.', 'en');
    expect(qs.map((q) => [q.value, q.unit])).toEqual([
      [4, 'USD'],
      [1000, null],
      [0.02, 'mm'],
      [3e8, 'm/s'],
    ]);
  });

  it('reads the symbol a value is given for, and the units the result is asked in', () => {
    expect(parseQuantities('On donne d = 45 km.', 'fr')[0]).toMatchObject({ symbol: 'd', value: 45, unit: 'km' });
    expect(requestedUnits('Calculer sa vitesse en km/h, puis en m/s, en 2 h.')).toEqual(['km/h', 'm/s']);
  });
});

describe('an exercise asking several quantities one after the other', () => {
  it('computes each in turn, the later ones from the earlier results ("calculer Ep, puis Ec, puis Em")', async () => {
    const { exercise } = await solve(
      fr,
      'Un objet de masse m = 2 kg est à une altitude h = 10 m et se déplace à v = 3 m/s. Calculer son énergie potentielle de pesanteur Ep, puis son énergie cinétique Ec, puis son énergie mécanique Em.',
    );
    const results = exercise.calculations.map((c) => [c.expression.split(' = ')[0], numberIn(c.result)]);
    expect(results.map(([symbol]) => symbol)).toEqual(['Ep', 'Ec', 'Em']);
    expect(results[0][1]).toBeCloseTo(2 * 9.81 * 10, 3);
    expect(results[1][1]).toBeCloseTo(0.5 * 2 * 9, 3);
    expect(results[2][1]).toBeCloseTo(2 * 9.81 * 10 + 9, 3);
  });
});
