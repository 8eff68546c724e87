// The evaluation's answer matching (test/eval/answer-match.ts): `expect` tokens folded as the set's
// README says (case, whitespace, minus signs, apostrophes, spaces inside numbers), whole words and
// numbers only, citation pages, and an exercise's final quantities with their units.
import { describe, it, expect } from 'vitest';
import type { Answer } from '../../functions/core/artefacts.js';
import {
  answerCitations,
  answerText,
  citesPage,
  containsQuantity,
  containsToken,
  foldText,
  judgeAnswer,
  judgeExercise,
  missingQuantities,
  missingTokens,
  parseFinalAnswer,
  rightPages,
  withoutEcho,
} from '../eval/answer-match.js';

const cite = (page: number, file_id = 'f1') => ({ file_id, file_name: 'cours.pdf', page });

function answer(texts: string[], pages: number[], over: Partial<Answer> = {}): Answer {
  return {
    mode: 'course',
    language: 'fr',
    found: true,
    blocks: texts.map((text, i) => ({ kind: 'paragraph' as const, text, citations: [cite(pages[i] ?? pages[0])] })),
    ...over,
  };
}

describe('foldText', () => {
  it('ignores case and collapses whitespace', () => {
    expect(foldText('  Le   Traité\n de  ROME ')).toBe('le traité de rome');
  });
  it('reads every dash and the minus sign as "-", curly apostrophes as straight ones', () => {
    expect(foldText('10^(−pH) – l’eau')).toBe(foldText("10^(-pH) - l'eau"));
    expect(foldText('‘Macbeth’')).toBe("'macbeth'");
  });
  it('drops spaces inside numbers, before a unit or a percent sign, after a currency sign', () => {
    expect(foldText('20 000 habitants')).toBe(foldText('20000 habitants'));
    expect(foldText('4,5 V')).toBe(foldText('4,5V'));
    expect(foldText('21 %')).toBe('21%');
    expect(foldText('€ 75')).toBe('€75');
    // No-break and narrow no-break spaces are spaces.
    expect(foldText('20\u202f000\u00a0km')).toBe('20000km');
  });
});

describe('containsToken and missingTokens', () => {
  it('matches whatever the case, the spacing of numbers and units, the minus and the apostrophe', () => {
    const text = foldText('La tension vaut 4,5V ; 21% des 20000 élèves ; pH = −log[H3O+] ; l’ampholyte');
    for (const token of ['4,5 V', '21 %', '20 000', '-log', "l'ampholyte", 'AMPHOLYTE', 'H3O+']) expect(containsToken(text, token)).toBe(true);
  });
  it('does not match inside a longer word or number', () => {
    const text = foldText('Le marché vaut 12,4 puis 2,45 ; en 19090 ; le kelvin');
    expect(containsToken(text, 'ke')).toBe(false);
    expect(containsToken(text, '2,4')).toBe(false);
    expect(containsToken(text, '1909')).toBe(false);
    expect(containsToken(foldText('un marché'), 'marché')).toBe(true);
  });
  it('matches a number followed by a word or a unit, and a word after a number', () => {
    const text = foldText('Le pH du citron est 2,4 environ ; en 1909 Sørensen ; étalonné à pH 4 et pH 7.');
    expect(missingTokens(text, ['2,4', '1909', 'Sørensen', 'pH 4', 'pH 7', 'étalonné'])).toEqual([]);
  });
  it('lists the tokens an answer lacks, in order', () => {
    expect(missingTokens('Il faut une blouse et des gants.', ['blouse', 'lunettes', 'gants', 'masque'])).toEqual(['lunettes', 'masque']);
  });
});

describe('pages', () => {
  it('accepts the page or one of also_pages, of the right file', () => {
    expect(rightPages({ page: 2, also_pages: [4] })).toEqual([2, 4]);
    expect(citesPage([cite(3), cite(4)], [2, 4])).toBe(true);
    expect(citesPage([cite(3)], [2, 4])).toBe(false);
    expect(citesPage([cite(2, 'other')], [2], 'f1')).toBe(false);
    expect(citesPage([cite(2, 'f1')], [2], 'f1')).toBe(true);
  });
});

describe('judgeAnswer', () => {
  const item = { page: 2, expect: ['Sørensen', '1909'], also_pages: [4] };
  it('is right with every token and a citation on a right page', () => {
    expect(judgeAnswer(answer(['Le pH fut introduit par Sørensen en 1909.'], [2]), item)).toBeNull();
    expect(judgeAnswer(answer(['À retenir : Sørensen, 1909.'], [4]), item)).toBeNull();
  });
  it('says why otherwise', () => {
    expect(judgeAnswer(answer([], [], { found: false }), item)).toBe('refused');
    expect(judgeAnswer(answer(['Sørensen a défini le pH.'], [2]), item)).toBe('missing tokens [1909]');
    expect(judgeAnswer(answer(['Sørensen, 1909.'], [3]), item)).toBe('wrong page [cited 3; expected 2,4]');
  });
});

describe('exercise final answers', () => {
  it('parses each quantity with its unit and other forms, leaving out the justification', () => {
    const ph = parseFinalAnswer('pH = 3,3 (grandeur sans unité)');
    expect(ph).toHaveLength(1);
    expect(ph[0].forms).toEqual([expect.objectContaining({ value: 3.3, decimals: 1, unit: null })]);
    const circuit = parseFinalAnswer('U = 6,0 V ; P = 0,24 W');
    expect(circuit.map((r) => [r.forms[0].value, r.forms[0].unit])).toEqual([
      [6, 'v'],
      [0.24, 'w'],
    ]);
    const monopoly = parseFinalAnswer('Q = 15 units, P = €75, profit = €675');
    expect(monopoly.map((r) => [r.forms[0].value, r.forms[0].unit])).toEqual([
      [15, 'units'],
      [75, '€'],
      [675, '€'],
    ]);
    const normal = parseFinalAnswer('0.9332 (about 93.3%), since z = (530 − 500)/20 = 1.5');
    expect(normal).toHaveLength(1);
    expect(normal[0].forms.map((q) => [q.value, q.decimals, q.unit])).toEqual([
      [0.9332, 4, null],
      [93.3, 1, '%'],
    ]);
  });
  it('finds a quantity to its precision, with its unit, whatever the decimal separator', () => {
    const [u, p] = parseFinalAnswer('U = 6,0 V ; P = 0,24 W').map((r) => r.forms[0]);
    expect(containsQuantity('U = R × I = 6 V', u)).toBe(true);
    expect(containsQuantity('U = 6.0 V', u)).toBe(true);
    expect(containsQuantity('U = 6,0 mV', u)).toBe(false);
    expect(containsQuantity('U = 16,0 V', u)).toBe(false);
    expect(containsQuantity('P = 0,24W', p)).toBe(true);
    expect(containsQuantity('P = 0,2 W', p)).toBe(false);
    const [q] = parseFinalAnswer('0.9332 (about 93.3%)');
    expect(missingQuantities('P(X ≤ 530) = Φ(1,5) ≈ 0,93319', [q])).toEqual([]);
    expect(missingQuantities('about 93.3 % of bags', [q])).toEqual([]);
    expect(missingQuantities('P = 0.93', [q])).toEqual([q]);
  });
  it('finds a currency before or after the number, or in words', () => {
    const [, price] = parseFinalAnswer('Q = 15 units, P = €75, profit = €675');
    expect(containsQuantity('the price is €75', price.forms[0])).toBe(true);
    expect(containsQuantity('P = 75 €', price.forms[0])).toBe(true);
    expect(containsQuantity('P = 75 euros', price.forms[0])).toBe(true);
    expect(containsQuantity('P = 120 − 75', price.forms[0])).toBe(false);
    // A subtraction's minus does not make the number negative.
    const [q15] = parseFinalAnswer('Q = 15 units');
    expect(containsQuantity('Q = 30-15 units', q15.forms[0])).toBe(true);
  });
  it('does not count a number or a token that the answer only repeats from the question', () => {
    const q = 'Une résistance R = 150 Ω reçoit P = 0,24 W : quelle intensité ?';
    const echo = answer([`Objectif : répondre à « ${q} » avec la méthode du cours.`], [3]);
    expect(withoutEcho('Réponse à « Quelle est la VALEUR ? » : 42', 'Quelle est la valeur ?')).toBe('réponse à « | » : 42');
    expect(judgeExercise(echo, { final_answer: 'P = 0,24 W', page: 3, q })).toBe('missing result [P = 0,24 W]');
    expect(judgeExercise(echo, { final_answer: 'P = 0,24 W', page: 3 })).toBeNull();
    expect(judgeAnswer(echo, { q, page: 3, expect: ['150 Ω'] })).toBe('missing tokens [150 Ω]');
  });
  it('judges an exercise: every quantity, and the worked example page cited', () => {
    const ex = { final_answer: 'U = 6,0 V ; P = 0,24 W', page: 3 };
    const solution: Answer = {
      ...answer(['Méthode de l’exemple.'], [3]),
      mode: 'exercise',
      exercise: {
        objective: { text: 'Calculer U puis P.', citations: [cite(3)] },
        steps: [{ text: 'U = R × I', citations: [cite(2)] }],
        theorems: [],
        formulas: [],
        calculations: [{ expression: 'U = 150 × 0,040', result: '6 V', citations: [cite(2)] }],
        final_answer: { text: 'U = 6,0 V et P = 0,24 W', citations: [cite(3)] },
      },
    };
    expect(answerText(solution)).toContain('U = 150 × 0,040 = 6 V');
    expect(answerCitations(solution).map((c) => c.page)).toEqual([3, 3, 2, 2, 3]);
    expect(judgeExercise(solution, ex)).toBeNull();
    expect(judgeExercise(solution, { ...ex, page: 4 })).toBe('wrong page [cited 2,3; expected 4]');
    expect(judgeExercise(answer(['P = 0,24 W'], [3]), ex)).toBe('missing result [U = 6,0 V]');
  });
});
