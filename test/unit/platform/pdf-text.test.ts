// A page's text from pdf.js text runs: lines from line-break flags or baselines, words neither
// glued together nor split, paragraphs from wide gaps, invisible characters removed.
import { describe, expect, it } from 'vitest';
import { assemblePageText, tidyText, type TextRun } from '../../../functions/platform/pdf/text.js';

/** A run of text at (x, y) in a font of `size`, `width` wide. */
const run = (str: string, x: number, y: number, opts: { size?: number; width?: number; eol?: boolean } = {}): TextRun => {
  const size = opts.size ?? 10;
  return { str, hasEOL: opts.eol ?? false, transform: [size, 0, 0, size, x, y], width: opts.width ?? str.length * size * 0.5, height: size };
};

describe('assemblePageText', () => {
  it('breaks lines where pdf.js flags them', () => {
    expect(assemblePageText([run('Première ligne', 50, 700, { eol: true }), run('Deuxième ligne', 50, 686)])).toBe('Première ligne\nDeuxième ligne');
  });

  it('breaks lines where the baseline moves, even without a flag', () => {
    expect(assemblePageText([run('First line', 50, 700), run('Second line', 50, 686)])).toBe('First line\nSecond line');
  });

  it('keeps the pieces of one word together and separates words by their gap', () => {
    // "photo" + "synthèse" touching; then a gap before "est".
    const items = [run('photo', 50, 700, { width: 25 }), run('synthèse', 75, 700, { width: 40 }), run('est', 120, 700, { width: 15 })];
    expect(assemblePageText(items)).toBe('photosynthèse est');
  });

  it('does not double the spaces pdf.js already gives', () => {
    const items = [run('la', 50, 700, { width: 10 }), run(' ', 60, 700, { width: 3 }), run('cellule', 63, 700, { width: 35 })];
    expect(assemblePageText(items)).toBe('la cellule');
  });

  it('marks a wide vertical gap as a new paragraph', () => {
    const items = [run('Titre', 50, 760, { size: 16 }), run('Un paragraphe.', 50, 700), run('Suite du paragraphe.', 50, 686)];
    expect(assemblePageText(items)).toBe('Titre\n\nUn paragraphe.\nSuite du paragraphe.');
  });

  it('skips marked-content entries and empty runs, and returns nothing for an empty page', () => {
    const items = [{ type: 'beginMarkedContent' }, run('', 0, 0, { eol: true }), run('Texte', 50, 700), { type: 'endMarkedContent' }];
    expect(assemblePageText(items)).toBe('Texte');
    expect(assemblePageText([])).toBe('');
  });

  it('treats a run placed far back on the same line as a new word (columns, tables)', () => {
    const items = [run('Colonne B', 300, 700, { width: 45 }), run('Colonne A', 50, 700, { width: 45 })];
    expect(assemblePageText(items)).toBe('Colonne B Colonne A');
  });
});

describe('tidyText', () => {
  it('removes invisible characters, collapses blanks and blank lines, trims lines', () => {
    expect(tidyText('  mot\u00ad-clé\u200b  et\u00a0\u00a0espace  \n\n\n\n  fin\u0000  ')).toBe('mot-clé et espace\n\nfin');
  });
});
