// Exercises solved from small courses written for these tests: a formula chosen because the
// question gives all its data, a decimal logarithm and powers of ten, a value read in the course's
// table for a key a formula computes, and a worked example replayed with the question's data (a
// marginal quantity obtained as a derivative, checked on the example's own numbers).
import { describe, expect, it } from 'vitest';
import type { PageSpan } from '../../../functions/core/document.js';
import { localEngine } from '../../../functions/engine/local/index.js';
import { formatNumber, parseQuantities } from '../../../functions/engine/local/quantities.js';
import { exerciseSolutionSchema, type Answer, type CourseLanguage, type ExerciseSolution } from '../../../functions/core/artefacts.js';
import { type Course, type CoursePage } from '../../../functions/engine/types.js';
import { citationsOf, course, ungrounded } from '../../support/courses.js';

type Block = [PageSpan['kind'], string, Partial<PageSpan>?];

/** A page as the document model stores it: one block a line, each with its span. */
function modelPage(file_id: string, page: number, language: CourseLanguage, blocks: Block[]): CoursePage {
  let text = '';
  const spans: PageSpan[] = [];
  for (const [kind, line, facts] of blocks) {
    if (text) text += '\n\n';
    spans.push({ kind, start: text.length, end: text.length + line.length, ...facts });
    text += line;
  }
  return { file_id, file_name: file_id, page, text, language, spans };
}

async function solve(c: Course, question: string): Promise<{ answer: Answer; exercise: ExerciseSolution; text: string }> {
  const answer = await localEngine.answer({ course: c, question, mode: 'exercise', level: 'lycee' });
  expect(answer.found).toBe(true);
  const exercise = exerciseSolutionSchema.parse(answer.exercise);
  expect(ungrounded(c, citationsOf(answer))).toEqual([]);
  return { answer, exercise, text: [...exercise.steps.map((s) => s.text), exercise.final_answer.text].join('\n') };
}

const pagesCited = (x: { citations: { page: number }[] }) => x.citations.map((c) => c.page);

// ---- A French course on electrical energy and on amplifiers (gain in decibels) ----

const ENERGIE = course(
  [
    modelPage('fr-elec', 1, 'fr', [
      ['heading', '1. Énergie électrique', { level: 2 }],
      ['paragraph', "L'énergie électrique consommée par un appareil se calcule à partir de sa puissance :"],
      ['formula', 'E = P × t'],
      ['paragraph', 'où P est la puissance en watts (W), t la durée de fonctionnement en secondes (s) et E l’énergie en joules (J).'],
      ['paragraph', "Lorsque l'on connaît la tension et l'intensité, on utilise aussi :"],
      ['formula', 'E = U × I × t'],
      ['paragraph', 'où U est la tension aux bornes en volts (V) et I l’intensité du courant en ampères (A).'],
    ]),
    modelPage('fr-elec', 2, 'fr', [
      ['heading', '2. Gain d’un amplificateur', { level: 2 }],
      ['paragraph', 'Le gain G d’un amplificateur s’exprime en décibels à l’aide du logarithme décimal :'],
      ['formula', 'G = 10 × log(Ps / Pe)'],
      ['paragraph', 'où Ps est la puissance de sortie en watts (W) et Pe la puissance d’entrée en watts (W).'],
      ['heading', '3. Exercice résolu', { level: 2 }],
      ['paragraph', 'Un amplificateur reçoit une puissance Pe = 1,0 × 10^(−2) W et fournit Ps = 10 W.'],
      ['paragraph', 'On calcule G = 10 × log(10 / 1,0 × 10^(−2)) = 30 dB.'],
    ]),
  ],
  'PHYSIQUE',
  'fr',
);

describe('a formula whose data the question gives', () => {
  it('chooses E = U × I × t when the question gives U, I and t, not E = P × t whose P is missing', async () => {
    const { exercise } = await solve(ENERGIE, 'Un radiateur est alimenté sous une tension U = 230 V et traversé par un courant I = 4 A pendant t = 60 s. Calculer l’énergie E consommée.');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['E = U × I × t']);
    expect(exercise.calculations).toHaveLength(1);
    expect(exercise.calculations[0].expression).toBe('E = U × I × t = 230 V × 4 A × 60 s');
    expect(exercise.calculations[0].result).toMatch(/^55200 J$/u);
  });

  it('chooses E = P × t when the question gives the power', async () => {
    const { exercise } = await solve(ENERGIE, 'Une lampe de puissance P = 60 W fonctionne pendant t = 3600 s. Calculer l’énergie E consommée.');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['E = P × t']);
    expect(exercise.calculations[0].result).toBe('216000 J');
  });
});

describe('logarithms and powers of ten', () => {
  it('reads "2,0 × 10^(−3) W", takes "log" as the decimal logarithm, and cites the worked example', async () => {
    const { exercise } = await solve(ENERGIE, 'Un amplificateur reçoit une puissance d’entrée Pe = 2,0 × 10^(−3) W et fournit une puissance de sortie Ps = 2,0 W. Calculer son gain G.');
    expect(exercise.calculations).toHaveLength(1);
    expect(exercise.calculations[0].expression).toBe('G = 10 × log(Ps / Pe) = 10 × log(2,0 / (2,0 × 10^(−3)))');
    expect(exercise.steps[0].text).toBe('Relever les données de l’énoncé : Ps = 2 W ; Pe = 0,002 W.');
    // 10 × log10(1000) = 30 (a natural logarithm would give 69,08).
    expect(exercise.calculations[0].result).toBe('30');
    expect(exercise.final_answer.text).toBe('Réponse finale : le gain G = 30 (sans unité).');
    const method = exercise.steps.find((s) => s.text.startsWith('Suivre la méthode de l’exercice résolu'));
    expect(method?.text).toContain('G = 10 × log(10 / 1,0 × 10^(−2)) = 30 dB');
    expect(method && pagesCited(method)).toEqual([2]);
  });

  it('parses powers of ten in every written form, and writes small results as courses do', () => {
    const qs = parseQuantities('c = 5,0 × 10^(−4) mol/L, puis 3 × 10⁻² mol/L et 2,5e-3 mol/L.', 'fr');
    expect(qs.map((q) => [q.value, q.unit])).toEqual([
      [5e-4, 'mol/L'],
      [3e-2, 'mol/L'],
      [2.5e-3, 'mol/L'],
    ]);
    expect(formatNumber(5e-4, 'fr')).toBe('5 × 10^(−4)');
    expect(formatNumber(1.25e-5, 'en')).toBe('1.25 × 10^(−5)');
  });

  it('never reads a condition of the course ("si G = 0") as a formula', async () => {
    const pages = [
      modelPage('fr-cond', 1, 'fr', [
        ['heading', 'Gain', { level: 1 }],
        ['paragraph', 'Le gain vaut G = 10 × log(Ps / Pe), où Ps est la puissance de sortie en watts (W) et Pe la puissance d’entrée en watts (W).'],
        ['paragraph', 'Si G = Gmax, l’amplificateur sature.'],
      ]),
    ];
    const c = course(pages, 'PHYSIQUE', 'fr');
    const { exercise } = await solve(c, 'Un amplificateur reçoit Pe = 1 W et fournit Ps = 100 W. Calculer son gain G.');
    expect(exercise.calculations[0].result).toBe('20');
  });
});

// ---- An English course with a table of values read for a computed key ----

const PIPES = course(
  [
    modelPage('en-fluids', 1, 'en', [
      ['heading', '4. Flow through a narrowing', { level: 2 }],
      ['paragraph', 'When a pipe narrows, the loss depends on the diameter ratio:'],
      ['formula', 'r = d / D'],
      ['paragraph', 'where d is the small diameter in millimetres (mm) and D the large diameter in millimetres (mm).'],
      ['paragraph', 'The loss coefficient K of the narrowing is read in the table below for the ratio r.'],
      ['header', 'r — K', { group: 0 }],
      ['row', '0.2 — 0.45', { group: 0 }],
      ['row', '0.4 — 0.38', { group: 0 }],
      ['row', '0.5 — 0.33', { group: 0 }],
      ['row', '0.8 — 0.15', { group: 0 }],
    ]),
    modelPage('en-fluids', 2, 'en', [
      ['heading', '5. Worked example', { level: 2 }],
      ['paragraph', 'A pipe of diameter D = 50 mm narrows to d = 20 mm.'],
      ['paragraph', 'Step 1 – Ratio: r = 20 / 50 = 0.4.'],
      ['paragraph', 'Step 2 – Table: K(0.4) = 0.38.'],
    ]),
  ],
  'FLUIDS',
  'en',
);

describe('a value read in the course’s table for a computed key', () => {
  it('computes the key with the course’s formula, then reads the value the table gives for it', async () => {
    const { exercise } = await solve(PIPES, 'A pipe of diameter D = 80 mm narrows to d = 40 mm. What is the loss coefficient of the narrowing?');
    expect(exercise.calculations.map((c) => c.result)).toEqual(['0.5', '0.33']);
    const read = exercise.steps.find((s) => s.text.startsWith("Read the value in the course's table"));
    expect(read?.text).toBe("Read the value in the course's table: for r = 0.5, K = 0.33.");
    expect(read && pagesCited(read)).toContain(1);
    expect(exercise.final_answer.text).toBe('Final answer: K = 0.33 (no unit).');
    // The worked example is cited as the method.
    expect(citationsOf(exercise).some((c) => c.page === 2)).toBe(true);
  });

  it('gives no value for a key the table does not print', async () => {
    const answer = await localEngine.answer({ course: PIPES, question: 'A pipe of diameter D = 90 mm narrows to d = 30 mm. What is the loss coefficient of the narrowing?', mode: 'exercise', level: 'lycee' });
    expect(answer.exercise?.final_answer.text ?? '').not.toMatch(/K = 0\.\d/u);
  });
});

// ---- A French worked example replayed with the question's data ----

const ENTREPRISE = course(
  [
    modelPage('fr-eco', 1, 'fr', [
      ['heading', '2. Le choix de production', { level: 2 }],
      ['paragraph', 'Le coût marginal est le coût de la dernière unité produite.'],
      ['paragraph', 'Une entreprise maximise son profit en produisant la quantité pour laquelle le coût marginal est égal au prix.'],
      ['heading', '3. Exercice résolu', { level: 2 }],
      ['paragraph', 'Une entreprise vend au prix p = 40 € et son coût total est C = q² + 10q + 20, où q est la quantité produite en unités.'],
      ['paragraph', 'Étape 1 – Coût marginal. Cm = 2q + 10.'],
      ['paragraph', 'Étape 2 – On pose Cm = p : 2q + 10 = 40, donc q = 15 unités.'],
      ['paragraph', 'Étape 3 – Profit. B = p × q − C = 40 × 15 − (15² + 10 × 15 + 20) = 205 €.'],
      ['paragraph', 'Réponse : l’entreprise produit 15 unités et réalise un profit de 205 €.'],
    ]),
  ],
  'ÉCONOMIE',
  'fr',
);

describe('a worked example replayed with the question’s data', () => {
  it('derives the marginal cost as the worked example does, solves Cm = p, then computes the profit', async () => {
    const { exercise, text } = await solve(
      ENTREPRISE,
      'Une entreprise vend au prix p = 60 € et son coût total est C = q² + 20q + 50. Calculer la quantité qui maximise le profit, puis ce profit.',
    );
    expect(text).toContain('Cm est la dérivée de C par rapport à q');
    expect(text).toContain('Cm = 2q + 20');
    expect(text).toContain('q = 20 unités');
    // B = 60 × 20 − (20² + 20 × 20 + 50) = 350.
    expect(exercise.final_answer.text).toBe('Réponse finale : q = 20 unités ; B = 350 €.');
    expect(exercise.formulas.map((f) => f.text)).toEqual(['Cm = p', 'B = p × q − C']);
    expect(citationsOf(exercise).every((c) => c.page === 1)).toBe(true);
  });

  it('does not replay a worked example whose data are of another kind', async () => {
    const answer = await localEngine.answer({ course: ENTREPRISE, question: 'Une entreprise a un coût total C = 3q + 20 et produit q = 4 unités. Calculer son profit.', mode: 'exercise', level: 'lycee' });
    expect(answer.exercise?.final_answer.text ?? '').not.toMatch(/B = \d/u);
  });
});

// ---- An English worked example replayed: a general relation, then an equation solved ----

const BAKERY = course(
  [
    modelPage('en-costs', 1, 'en', [
      ['heading', '2. Break-even analysis', { level: 2 }],
      ['paragraph', 'A firm breaks even when its total revenue equals its total cost.'],
      ['heading', '3. Worked example', { level: 2 }],
      ['paragraph', 'A bakery sells cakes at a price P = €12; its total cost is TC = 300 + 2Q, where Q is the number of cakes.'],
      ['paragraph', 'Step 1 – Revenue: TR = P × Q = 12Q.'],
      ['paragraph', 'Step 2 – Break-even: set TR = TC, so 12Q = 300 + 2Q and Q = 30 units.'],
      ['paragraph', 'Answer: the bakery breaks even at 30 cakes.'],
    ]),
  ],
  'ECONOMICS',
  'en',
);

describe('an English worked example replayed with the question’s data', () => {
  it('substitutes the course’s relation TR = P × Q and solves TR = TC for the quantity', async () => {
    const { exercise, text } = await solve(BAKERY, 'A florist sells bouquets at a price P = €25; its total cost is TC = 400 + 5Q. Find the break-even quantity.');
    expect(text).toContain('TR = P × Q = 25Q');
    expect(text).toContain('Set TR = TC and solve for Q: 25Q = 5Q + 400, Q = 20 units.');
    expect(exercise.final_answer.text).toBe('Final answer: Q = 20 units.');
    expect(exercise.calculations.map((c) => c.result)).toEqual(['20 units']);
  });
});

// ---- An English table of a lower tail, and the course's rule for the upper tail ----

const SCORES = course(
  [
    modelPage('en-scores', 1, 'en', [
      ['heading', '2. Standard scores', { level: 2 }],
      ['paragraph', 'The standard score of a result x is z = (x − μ) / σ, where μ is the mean of the results and σ their standard deviation.'],
      ['paragraph', 'The table gives F(z) = P(Z ≤ z), the probability of a score at most z.'],
      ['header', 'z — F(z)', { group: 0 }],
      ['row', '0.0 — 0.500', { group: 0 }],
      ['row', '1.0 — 0.841', { group: 0 }],
      ['row', '2.0 — 0.977', { group: 0 }],
      ['paragraph', 'For the upper tail, use P(Z ≥ z) = 1 − P(Z ≤ z).'],
    ]),
  ],
  'STATISTICS',
  'en',
);

describe('a probability read in the course’s table', () => {
  it('reads the lower tail for "at most"', async () => {
    const { exercise } = await solve(SCORES, 'Results have a mean μ = 60 and a standard deviation σ = 5. What is the probability of a score at most 70?');
    expect(exercise.calculations.map((c) => c.result)).toEqual(['2', '0.977']);
  });

  it('takes 1 − F(z) for "more than", by the course’s own rule, cited', async () => {
    const { exercise } = await solve(SCORES, 'Results have a mean μ = 60 and a standard deviation σ = 5. What is the probability of a score of more than 65?');
    expect(exercise.calculations.map((c) => c.result)).toEqual(['1', '0.841', '0.159']);
    expect(exercise.formulas.map((f) => f.text)).toContain('P(Z ≥ z) = 1 − P(Z ≤ z)');
  });
});
