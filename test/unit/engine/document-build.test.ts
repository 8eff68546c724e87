// The document model on synthetic layouts: each rule of functions/engine/document/build.ts on a
// page drawn the way handouts draw them (wrapped and hyphenated lines, two columns, running header
// and footer, nested numbering, tables, lists, frames, a page known only as OCR text).
import { describe, expect, it } from 'vitest';
import { buildDocument, type DocumentPage } from '../../../functions/engine/document/build.js';
import { layoutFromOcr, layoutFromText, type LayoutPage, type LayoutRun } from '../../../functions/engine/document/layout.js';

const W = 595;
const H = 842;

/** A run as PDFium gives it: `top` is the distance from the page's top to the baseline. */
function run(t: string, x0: number, top: number, opts: { size?: number; bold?: boolean; width?: number } = {}): LayoutRun {
  const s = opts.size ?? 11;
  const width = opts.width ?? t.length * s * 0.5;
  const y = H - top;
  return { t, x0, x1: x0 + width, y, top: y + s * 0.75, bottom: y - s * 0.25, s, b: opts.bold ? 1 : 0 };
}

/** Lines of body text 16 pt apart from `top`, each `width` wide unless given. */
function body(lines: (string | [string, number])[], top: number, x0 = 57, size = 11): LayoutRun[] {
  return lines.map((l, i) => (typeof l === 'string' ? run(l, x0, top + i * 16, { size, width: 476 }) : run(l[0], x0, top + i * 16, { size, width: l[1] })));
}

const page = (n: number, runs: LayoutRun[], rects: LayoutPage['rects'] = []): LayoutPage => ({ page: n, width: W, height: H, runs, rects });

const blocks = (p: DocumentPage) => p.spans.map((s) => ({ kind: s.kind, text: p.text.slice(s.start, s.end), level: s.level, label: s.label }));

describe('the document model', () => {
  it('joins a paragraph wrapped at the page width, and a word cut by a hyphen', () => {
    const doc = buildDocument([
      page(1, [
        run('1. Introduction', 57, 60, { size: 14, bold: true }),
        ...body(['La photosynthèse est le processus par lequel les plantes fabriquent leur propre', 'matière organique à partir de lumière. Elle a lieu dans les chloro-', ['plastes des cellules.', 120]], 90),
        ...body([['Un second paragraphe suit après un espace.', 250]], 160),
      ]),
    ]);
    expect(blocks(doc.pages[0])).toEqual([
      { kind: 'heading', text: '1. Introduction', level: 1, label: undefined },
      {
        kind: 'paragraph',
        text: 'La photosynthèse est le processus par lequel les plantes fabriquent leur propre matière organique à partir de lumière. Elle a lieu dans les chloroplastes des cellules.',
        level: undefined,
        label: undefined,
      },
      { kind: 'paragraph', text: 'Un second paragraphe suit après un espace.', level: undefined, label: undefined },
    ]);
  });

  it('reads a two-column part column by column, between full-width parts', () => {
    const left: (string | [string, number])[] = ['The left column starts here and its', 'sentence goes on in the left column', 'until it ends on the fourth line of', ['the left column.', 90], 'A second left paragraph is written', ['in two lines.', 80]];
    const right: (string | [string, number])[] = ['The right column has its own text,', 'which a reader reads after the whole', 'left column, never line by line across', ['the gutter.', 70], 'Another right paragraph is there', ['as well.', 50]];
    const runs = [
      run('2. Two columns', 57, 60, { size: 14, bold: true }),
      ...left.map((l, i) => run(typeof l === 'string' ? l : l[0], 57, 100 + i * 16, { width: typeof l === 'string' ? 225 : l[1] })),
      ...right.map((l, i) => run(typeof l === 'string' ? l : l[0], 310, 100 + i * 16, { width: typeof l === 'string' ? 225 : l[1] })),
      ...body([['A full-width closing sentence under both columns.', 300]], 220),
    ];
    const doc = buildDocument([page(1, runs)]);
    const texts = blocks(doc.pages[0]).map((b) => b.text);
    expect(texts).toEqual([
      '2. Two columns',
      'The left column starts here and its sentence goes on in the left column until it ends on the fourth line of the left column.',
      'A second left paragraph is written in two lines.',
      'The right column has its own text, which a reader reads after the whole left column, never line by line across the gutter.',
      'Another right paragraph is there as well.',
      'A full-width closing sentence under both columns.',
    ]);
  });

  it('sets running headers, footers and page numbers apart from the text', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      page(n, [
        run('STAT 110 – Introduction', 57, 30, { size: 9, width: 120 }),
        run('Dr. A. Okafor', 450, 30, { size: 9, width: 80 }),
        ...body([`Page ${n} holds one sentence of the course, about topic number ${n}.`], 80),
        run(`Chapter 3: the normal distribution`, 57, 815, { size: 9, width: 150 }),
        run(`${n}/4`, 520, 815, { size: 9, width: 20 }),
      ]),
    );
    const doc = buildDocument(pages);
    for (const p of doc.pages) {
      expect(p.text).toBe(`Page ${p.page} holds one sentence of the course, about topic number ${p.page}.`);
      expect(p.furniture).toEqual(['STAT 110 – Introduction', 'Dr. A. Okafor', 'Chapter 3: the normal distribution', `${p.page}/4`]);
    }
  });

  it('gives headings their level from their style and numbering, and joins a wrapped heading', () => {
    const doc = buildDocument([
      page(1, [
        run('Chapitre 2 : Les mutations, source de', 57, 50, { size: 18, bold: true }),
        run('diversité génétique', 57, 72, { size: 18, bold: true }),
        run('1. Définition', 57, 110, { size: 14, bold: true }),
        run('1.1 Les types de mutations', 57, 140, { size: 12, bold: true }),
        ...body([['Une mutation modifie la séquence de l’ADN.', 260]], 165),
        run('1.1.1 La substitution', 57, 195, { size: 12, bold: true }),
        ...body([['Un nucléotide est remplacé par un autre.', 240]], 220),
        run('2. Origine', 57, 260, { size: 14, bold: true }),
        ...body([['Les mutations sont aléatoires.', 200]], 290),
      ]),
    ]);
    expect(doc.outline).toEqual([
      { level: 1, text: 'Chapitre 2 : Les mutations, source de diversité génétique', page: 1, number: '2' },
      { level: 2, text: '1. Définition', page: 1, number: '1' },
      { level: 3, text: '1.1 Les types de mutations', page: 1, number: '1.1' },
      { level: 3, text: '1.1.1 La substitution', page: 1, number: '1.1.1' },
      { level: 2, text: '2. Origine', page: 1, number: '2' },
    ]);
  });

  it('reads a table as rows of cells, a wrapped cell joined to its row', () => {
    const doc = buildDocument([
      page(1, [
        ...body([['Les symboles :', 100]], 60),
        run('Dipôle', 57, 90, { size: 10, bold: true, width: 35 }),
        run('Symbole', 298, 90, { size: 10, bold: true, width: 45 }),
        run('Pile', 57, 108, { size: 10, width: 20 }),
        run('un grand trait et un petit trait épais', 298, 108, { size: 10, width: 200 }),
        run('(borne −)', 298, 121, { size: 10, width: 45 }),
        run('Lampe', 57, 139, { size: 10, width: 30 }),
        run('un cercle barré d’une croix', 298, 139, { size: 10, width: 130 }),
        ...body([['Un paragraphe suit le tableau.', 200]], 170),
      ]),
    ]);
    expect(blocks(doc.pages[0]).map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Les symboles :'],
      ['header', 'Dipôle — Symbole'],
      ['row', 'Pile — un grand trait et un petit trait épais (borne −)'],
      ['row', 'Lampe — un cercle barré d’une croix'],
      ['paragraph', 'Un paragraphe suit le tableau.'],
    ]);
  });

  it('cuts a run that PDFium drew across two close cells at the column where its word starts', () => {
    const merged: LayoutRun = { ...run('Number of sellers very many', 57, 108, { size: 10, width: 150 }), w: [7, 99, 10, 110, 18, 154, 23, 175] };
    const doc = buildDocument([
      page(1, [
        run('Feature', 57, 90, { size: 10, bold: true, width: 40 }),
        run('Perfect competition', 153, 90, { size: 10, bold: true, width: 90 }),
        run('Monopoly', 260, 90, { size: 10, bold: true, width: 45 }),
        merged,
        run('one', 260, 108, { size: 10, width: 20 }),
        run('Product', 57, 126, { size: 10, width: 40 }),
        run('identical', 153, 126, { size: 10, width: 45 }),
        run('unique', 260, 126, { size: 10, width: 30 }),
      ]),
    ]);
    expect(blocks(doc.pages[0]).map((b) => b.text)).toEqual(['Feature — Perfect competition — Monopoly', 'Number of sellers — very many — one', 'Product — identical — unique']);
  });

  it('reads bullet and numbered lists as items without their markers, a wrapped item whole', () => {
    const doc = buildDocument([
      page(1, [
        ...body([['On distingue :', 100]], 60),
        run('• la substitution : un nucléotide est remplacé par un autre, ce qui change', 62, 80, { width: 470 }),
        run('un seul codon ;', 73, 96, { width: 80 }),
        run('• la délétion : un nucléotide est perdu ;', 62, 112, { width: 220 }),
        run('1) Convertir les unités.', 62, 128, { width: 130 }),
        run('2) Appliquer la formule.', 62, 144, { width: 130 }),
      ]),
    ]);
    expect(doc.pages[0].spans.filter((s) => s.kind === 'item').map((s) => [s.marker, doc.pages[0].text.slice(s.start, s.end)])).toEqual([
      ['•', 'la substitution : un nucléotide est remplacé par un autre, ce qui change un seul codon ;'],
      ['•', 'la délétion : un nucléotide est perdu ;'],
      ['1)', 'Convertir les unités.'],
      ['2)', 'Appliquer la formule.'],
    ]);
  });

  it('reads a framed box as its title and its lines, and labels as labels', () => {
    const doc = buildDocument([
      page(
        1,
        [
          run('Worked example', 57, 60, { width: 90 }),
          ...body([['A firm sells 10 units at €4: its revenue is €40.', 260]], 80),
          run('Key points', 70, 130, { bold: true, width: 60 }),
          run('Revenue is price times quantity.', 70, 148, { width: 180 }),
          run('Profit is revenue minus cost.', 70, 164, { width: 170 }),
        ],
        [[60, H - 180, 530, H - 115]],
      ),
    ]);
    expect(blocks(doc.pages[0]).map((b) => [b.kind, b.label, b.text])).toEqual([
      ['label', 'example', 'Worked example'],
      ['paragraph', 'example', 'A firm sells 10 units at €4: its revenue is €40.'],
      ['label', 'key_points', 'Key points'],
      ['box', 'key_points', 'Revenue is price times quantity.'],
      ['box', 'key_points', 'Profit is revenue minus cost.'],
    ]);
  });

  it('joins a sentence cut by a page break to the page where it started', () => {
    const doc = buildDocument([
      page(1, body(['The sentence starts at the bottom of the first page and goes on', 'over the break to the'], 700)),
      page(2, body([['next page, where it ends. A new sentence follows.', 300]], 60)),
    ]);
    expect(doc.pages[0].text).toBe('The sentence starts at the bottom of the first page and goes on over the break to the next page, where it ends.');
    expect(doc.pages[1].text).toBe('A new sentence follows.');
    expect(doc.pages[1].spans[0].continued).toBe(true);
  });

  it('reads a page known only as OCR text: numbered titles and capitals are headings, lines are joined', () => {
    const scanned = layoutFromText(1, 'INTRODUCTION\n1. Le marché\nUn marché est le lieu de rencontre entre une offre et une\ndemande. Le prix s’y forme.\n\n1.1 La demande\nLa demande baisse quand le prix monte.');
    const doc = buildDocument([scanned], { textOnly: new Set([1]) });
    expect(doc.outline.map((e) => [e.level, e.text])).toEqual([
      [1, 'INTRODUCTION'],
      [1, '1. Le marché'],
      [2, '1.1 La demande'],
    ]);
    expect(doc.pages[0].text).toContain('Un marché est le lieu de rencontre entre une offre et une demande. Le prix s’y forme.');
  });

  it('spells ligatures out, drops invisible characters and keeps a combining mark on its letter', () => {
    const doc = buildDocument([page(1, [run('La \ufb01gure montre le \ufb02ux\u200b de x \u0304 moyen.', 57, 60, { width: 300 })])]);
    expect(doc.pages[0].text).toBe('La figure montre le flux de x\u0304 moyen.');
  });

  it('reads a scanned page from OCR’s line boxes: two columns in order, wrapped lines joined, titles by their numbering', () => {
    const line = (text: string, left: number, top: number, width = 0.38) => ({ text, left, top, width, height: 0.016 });
    const left = ['La photosynthèse a lieu dans les', 'chloroplastes des feuilles vertes.', 'Elle consomme du dioxyde de', 'carbone et rejette du dioxygène.'];
    const right = ['La respiration a lieu dans les', 'mitochondries de toutes les cellules.', 'Elle consomme du dioxygène et', 'rejette du dioxyde de carbone.'];
    const scanned = layoutFromOcr(1, 595, 842, [
      line('2.1 Deux échanges gazeux', 0.1, 0.08, 0.4),
      ...left.map((t, i) => line(t, 0.1, 0.14 + i * 0.022)),
      ...right.map((t, i) => line(t, 0.53, 0.14 + i * 0.022)),
    ]);
    const doc = buildDocument([scanned]);
    expect(blocks(doc.pages[0]).map((b) => [b.kind, b.text])).toEqual([
      ['heading', '2.1 Deux échanges gazeux'],
      ['paragraph', 'La photosynthèse a lieu dans les chloroplastes des feuilles vertes. Elle consomme du dioxyde de carbone et rejette du dioxygène.'],
      ['paragraph', 'La respiration a lieu dans les mitochondries de toutes les cellules. Elle consomme du dioxygène et rejette du dioxyde de carbone.'],
    ]);
  });

  it('gives a page without text an empty model, and a file without headings an empty outline', () => {
    const doc = buildDocument([page(1, []), page(2, body([['Only a sentence.', 100]], 60))]);
    expect(doc.pages[0]).toMatchObject({ text: '', spans: [] });
    expect(doc.outline).toEqual([]);
  });
});
