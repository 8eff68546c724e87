// A page's text from PDFium's lines: paragraphs from wide gaps between baselines, blank lines
// dropped, ligatures spelled out, invisible characters removed.
import { describe, expect, it } from 'vitest';
import { layoutPage, tidyText, type PageLine } from '../../../functions/platform/pdf/text.js';

/** A line whose first character sits on baseline `y` in a font of `size` points. */
const line = (text: string, y: number | null, size = 10): PageLine => ({ text, y, size });

describe('layoutPage', () => {
  it('keeps the lines of a paragraph on lines of their own', () => {
    expect(layoutPage([line('Première ligne', 700), line('Deuxième ligne', 686)])).toBe('Première ligne\nDeuxième ligne');
  });

  it('marks a gap of about two lines or more as a new paragraph, measured with the larger font', () => {
    const page = [line('Titre', 760, 16), line('Un paragraphe.', 700), line('Suite du paragraphe.', 686), line('Autre bloc.', 660)];
    expect(layoutPage(page)).toBe('Titre\n\nUn paragraphe.\nSuite du paragraphe.\n\nAutre bloc.');
    // A heading close above its text stays attached to it.
    expect(layoutPage([line('Leçon 4 : analyse', 786, 15), line('L’intégrale d’une fonction…', 760, 10.5)])).toBe('Leçon 4 : analyse\nL’intégrale d’une fonction…');
  });

  it('starts a paragraph when the text jumps back up the page (a second column)', () => {
    expect(layoutPage([line('Bas de la colonne A.', 90), line('Haut de la colonne B.', 780)])).toBe('Bas de la colonne A.\n\nHaut de la colonne B.');
  });

  it('drops blank lines, and breaks a line plainly when its position is unknown', () => {
    expect(layoutPage([line('Texte', 700), line('   ', null, 0), line('Suite', null, 0), line('Fin', 500)])).toBe('Texte\nSuite\n\nFin');
    expect(layoutPage([])).toBe('');
  });

  it('spells ligatures out so that the words can be found', () => {
    expect(layoutPage([line('La \ufb01gure montre le \ufb02ux', 700)])).toBe('La figure montre le flux');
  });

  it('turns carriage returns inside a line into line breaks', () => {
    expect(layoutPage([line('un\rdeux', 700)])).toBe('un\ndeux');
  });
});

describe('tidyText', () => {
  it('removes invisible characters, collapses blanks and blank lines, trims lines', () => {
    expect(tidyText('  mot\u00ad-clé\u200b  et\u00a0\u00a0espace  \n\n\n\n  fin\u0000\u0002  ')).toBe('mot-clé et espace\n\nfin');
  });
});
