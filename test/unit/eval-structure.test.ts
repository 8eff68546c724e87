// The evaluation's structure comparison (test/eval): parsing a course's ground truth and scoring a
// hand-made document model against it (headings, whole sentences, furniture left in the body,
// list items, table cells).
import { describe, it, expect } from 'vitest';
import type { DocumentPage } from '../../functions/engine/document/build.js';
import type { PageSpan } from '../../functions/core/document.js';
import { furnitureTexts, parseCourse } from '../eval/ground-truth.js';
import { compareStructure, formatTable, normalize, splitSentences } from '../eval/structure.js';

const COURSE = `@header Physique – 4e | M. Dupont
@footer Chapitre 2 | p. {page}/{pages}
# Les circuits

Intro paragraph. Deuxième phrase avec 20 000 volts.

## 1. Partie

- Premier point.
- Second point : détail.

@columns
Colonne gauche. Elle continue.
@colbreak
Colonne droite.
@endcolumns
===PAGE===
## 2. Tableau

| Grandeur | Unité |
| Tension | volt (V) |
| Intensité | ampère |

> À retenir
> La tension se mesure en volts.
> L’intensité se mesure en ampères.

Le Dr. Martin a écrit ceci. Voir p. 12 pour la suite.
`;

type Block = [PageSpan['kind'], string, number?];

/** A model page from its blocks, written out as build.ts does: one block a paragraph, blank lines between. */
function page(n: number, blocks: Block[], furniture: string[] = []): DocumentPage {
  let text = '';
  const spans: PageSpan[] = [];
  for (const [kind, body, level] of blocks) {
    if (text) text += '\n\n';
    spans.push({ start: text.length, end: text.length + body.length, kind, ...(level ? { level } : {}) });
    text += body;
  }
  return { page: n, text, spans, furniture };
}

const PAGE_2: Block[] = [
  ['heading', '2. Tableau', 2],
  ['header', 'Grandeur — Unité'],
  ['row', 'Tension — volt (V)'],
  ['row', 'Intensité — ampère'],
  ['label', 'À retenir'],
  ['box', 'La tension se mesure en volts.'],
  ['box', "L'intensité se mesure en ampères."],
  ['paragraph', 'Le Dr. Martin a écrit ceci. Voir p. 12 pour la suite.'],
];

const PERFECT: DocumentPage[] = [
  page(
    1,
    [
      ['heading', 'Les circuits.', 1],
      ['heading', '1. Partie', 2],
      ['paragraph', 'Intro paragraph. Deuxième phrase avec 20\u202f000 volts.'],
      ['item', 'Premier point.'],
      ['item', 'Second point : détail.'],
      ['paragraph', 'Colonne gauche. Elle continue.'],
      ['paragraph', 'Colonne droite.'],
    ],
    ['Physique – 4e', 'M. Dupont', 'Chapitre 2', 'p. 1/2'],
  ),
  page(2, PAGE_2, ['Physique – 4e', 'M. Dupont', 'Chapitre 2', 'p. 2/2']),
];

describe('parseCourse', () => {
  const gt = parseCourse(COURSE);

  it('reads the running header and footer, placeholders kept, and expands them per page', () => {
    expect(gt.header).toEqual(['Physique – 4e', 'M. Dupont']);
    expect(gt.footer).toEqual(['Chapitre 2', 'p. {page}/{pages}']);
    expect(furnitureTexts(gt, 2)).toEqual(['Physique – 4e', 'M. Dupont', 'Chapitre 2', 'p. 2/2']);
    expect(furnitureTexts(gt, 1, 7)).toEqual(['Physique – 4e', 'M. Dupont', 'Chapitre 2', 'p. 1/7']);
  });

  it('splits pages and sorts lines into headings, paragraphs (column markers left out) and bullets', () => {
    expect(gt.pages.map((p) => p.page)).toEqual([1, 2]);
    const [p1] = gt.pages;
    expect(p1.headings).toEqual([
      { level: 1, text: 'Les circuits' },
      { level: 2, text: '1. Partie' },
    ]);
    expect(p1.paragraphs).toEqual(['Intro paragraph. Deuxième phrase avec 20 000 volts.', 'Colonne gauche. Elle continue.', 'Colonne droite.']);
    expect(p1.items).toEqual(['Premier point.', 'Second point : détail.']);
    expect(p1.tableRows).toEqual([]);
    expect(p1.boxLines).toEqual([]);
  });

  it('reads tables (first row the header) and framed boxes', () => {
    const p2 = gt.pages[1];
    expect(p2.headings).toEqual([{ level: 2, text: '2. Tableau' }]);
    expect(p2.tableRows).toEqual([
      { cells: ['Grandeur', 'Unité'], header: true, table: 0 },
      { cells: ['Tension', 'volt (V)'], header: false, table: 0 },
      { cells: ['Intensité', 'ampère'], header: false, table: 0 },
    ]);
    expect(p2.boxLines).toEqual(['À retenir', 'La tension se mesure en volts.', 'L’intensité se mesure en ampères.']);
    expect(p2.boxes).toHaveLength(1);
    expect(p2.paragraphs).toEqual(['Le Dr. Martin a écrit ceci. Voir p. 12 pour la suite.']);
    expect(p2.items).toEqual([]);
  });

  it('starts a new table after a line of another kind', () => {
    const two = parseCourse('| a | b |\n| 1 | 2 |\n\n| c | d |\n| 3 | 4 |');
    expect(two.pages[0].tableRows.map((r) => [r.table, r.header])).toEqual([
      [0, true],
      [0, false],
      [1, true],
      [1, false],
    ]);
    expect(two.header).toEqual([]);
    expect(two.footer).toEqual([]);
  });
});

describe('normalize and splitSentences', () => {
  it('normalises case, dashes, quotes, spaces in numbers and a trailing colon', () => {
    expect(normalize('  L’Énergie  −  « 20\u00a0000 »  J :')).toBe('l\'énergie - " 20000 " j');
    expect(normalize('ﬁn – début')).toBe('fin - début');
  });

  it('splits at sentence ends but not after abbreviations, initials or a leading numbering', () => {
    expect(splitSentences('Le Dr. Martin a écrit ceci. Voir p. 12 pour la suite.', 'fr')).toEqual(['Le Dr. Martin a écrit ceci.', 'Voir p. 12 pour la suite.']);
    expect(splitSentences('From E. Jerome McCarthy (1960). Is it? Yes! 3 more… Done', 'en')).toEqual([
      'From E. Jerome McCarthy (1960).',
      'Is it?',
      'Yes!',
      '3 more…',
      'Done',
    ]);
    expect(splitSentences('See e.g. Paris, i.e. France. the end.', 'en')).toEqual(['See e.g. Paris, i.e. France. the end.']);
    expect(splitSentences('1. If b = 0, return a.', 'en')).toEqual(['1. If b = 0, return a.']);
    expect(splitSentences('Selon M. Lefèvre, le sommet atteint 6 961 m. En hiver (art. 1102) il neige.', 'fr')).toEqual([
      'Selon M. Lefèvre, le sommet atteint 6 961 m.',
      'En hiver (art. 1102) il neige.',
    ]);
  });
});

describe('compareStructure', () => {
  const gt = parseCourse(COURSE);

  it('scores a perfect model at 100 %', () => {
    const score = compareStructure(gt, PERFECT, 'fr');
    expect([score.headings.expected, score.headings.found]).toEqual([3, 3]);
    expect([score.sentences.expected, score.sentences.found]).toEqual([12, 12]);
    expect(score.sentences.missed).toEqual([]);
    expect([score.items.expected, score.items.found]).toEqual([2, 2]);
    expect([score.cells.expected, score.cells.found]).toEqual([6, 6]);
    expect(score.furnitureExpected).toBe(8);
    expect(score.furnitureInBody).toBe(0);
  });

  it('misses a sentence cut over two blocks, a wrong level, a changed cell; counts footer text left in the body', () => {
    const model = [
      page(1, [
        ['heading', 'Les circuits', 1],
        ['heading', '1. Partie', 3],
        ['paragraph', 'Intro paragraph. Deuxième phrase avec 20 000 volts.'],
        ['item', 'Premier point.'],
        ['item', 'Second point : détail.'],
        ['paragraph', 'Colonne gauche. Elle'],
        ['paragraph', 'continue. Colonne droite.'],
      ]),
      page(2, [
        ...PAGE_2.map((b): Block => (b[1] === 'Intensité — ampère' ? ['row', 'Intensité — ampère (A)'] : b)),
        ['paragraph', 'Chapitre 2 p. 2/2'],
      ]),
    ];
    const score = compareStructure(gt, model, 'fr');
    expect([score.headings.expected, score.headings.found]).toEqual([3, 2]);
    expect(score.headings.missed).toEqual([{ page: 1, level: 2, text: '1. Partie' }]);
    expect([score.sentences.expected, score.sentences.found]).toEqual([12, 11]);
    expect(score.sentences.missed).toEqual([{ page: 1, text: 'Elle continue.' }]);
    expect([score.cells.expected, score.cells.found]).toEqual([6, 5]);
    expect([score.items.expected, score.items.found]).toEqual([2, 2]);
    expect(score.furnitureExpected).toBe(8);
    expect(score.furnitureInBody).toBe(2);
    expect(score.furnitureLeaks).toEqual([
      { page: 2, text: 'Chapitre 2' },
      { page: 2, text: 'p. 2/2' },
    ]);
  });

  it('counts headings in document order only and items as whole blocks', () => {
    const small = parseCourse('# A\n## B\n- un point\n- deux points');
    const model = [
      page(1, [
        ['heading', 'B', 2],
        ['heading', 'A', 1],
        ['item', 'un point'],
        ['paragraph', 'deux points'],
      ]),
    ];
    const score = compareStructure(small, model, 'fr');
    expect([score.headings.expected, score.headings.found]).toEqual([2, 1]);
    expect([score.items.expected, score.items.found]).toEqual([2, 1]);
    expect(score.items.missed).toEqual([{ page: 1, text: 'deux points' }]);
  });

  it('does not count furniture text the body itself says, nor parts under 3 characters', () => {
    const course = parseCourse('@footer Les circuits | {page}\n# Les circuits\nTexte.\n===PAGE===\nSuite.');
    const model = [page(1, [['heading', 'Les circuits', 1], ['paragraph', 'Texte.']]), page(2, [['paragraph', 'Suite. 2']])];
    const score = compareStructure(course, model, 'fr');
    expect(score.furnitureExpected).toBe(2);
    expect(score.furnitureInBody).toBe(0);
    const leaked = [page(1, [['heading', 'Les circuits', 1], ['paragraph', 'Texte. Les circuits']]), model[1]];
    expect(compareStructure(course, leaked, 'fr').furnitureInBody).toBe(1);
  });
});

describe('formatTable', () => {
  it('prints a line a course and a total with percentages', () => {
    const gt = parseCourse(COURSE);
    const out = formatTable([
      { id: 'perfect', score: compareStructure(gt, PERFECT, 'fr') },
      { id: 'empty', score: compareStructure(gt, [], 'fr') },
    ]);
    const lines = out.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^course\s+headings\s+sentences\s+furniture in body\s+items\s+cells$/);
    expect(lines[2]).toMatch(/^perfect\s+3\/3 100\.0 %\s+12\/12 100\.0 %\s+0\/8\s+2\/2 100\.0 %\s+6\/6 100\.0 %$/);
    expect(lines[3]).toMatch(/^empty\s+0\/3 0\.0 %\s+0\/12 0\.0 %\s+0\/8/);
    expect(lines[5]).toMatch(/^TOTAL\s+3\/6 50\.0 %\s+12\/24 50\.0 %\s+0\/16\s+2\/4 50\.0 %\s+6\/12 50\.0 %$/);
  });
});
