// The text and card rules every side shares: how a title, a quoted passage or a card side is cut,
// when two card fronts are the same card, and how a message template takes its numbers.
import { describe, expect, it } from 'vitest';
import { cardSides, freshCards, frontKey } from '../../../functions/core/cards.js';
import { CARD_FRONT_MAX, TITLE_MAX } from '../../../functions/core/limits.js';
import { fillTemplate, truncate } from '../../../functions/core/text.js';
import { errorMessage } from '../../../functions/core/errors.js';
import type { Flashcard } from '../../../functions/core/artefacts.js';

describe('truncate', () => {
  it('keeps a text that fits, with its white space folded', () => {
    expect(truncate('  La   mitose\n divise la cellule. ', TITLE_MAX)).toBe('La mitose divise la cellule.');
  });

  it('cuts a long title at a word, without dangling punctuation, and marks the cut', () => {
    const title = 'Qu’est-ce que la mitose, et en quoi diffère-t-elle de la méiose ?';
    const cut = truncate(title, 40);
    expect(cut).toBe('Qu’est-ce que la mitose, et en quoi…');
    expect(cut.length).toBeLessThanOrEqual(40);
  });

  it('keeps line breaks and cuts anywhere when asked (a card side), never past the limit', () => {
    const back = `${'a'.repeat(CARD_FRONT_MAX)}\nfin`;
    const cut = truncate(back, CARD_FRONT_MAX, { flatten: false, atWord: 0, tidy: false });
    expect(cut).toHaveLength(CARD_FRONT_MAX);
    expect(cut.endsWith('a…')).toBe(true);
    expect(truncate('ligne 1\nligne 2', 50, { flatten: false })).toBe('ligne 1\nligne 2');
  });
});

describe('message templates', () => {
  it('fills parameters and picks the plural form of each language: French says 0 and 1 in the singular', () => {
    const fr = '« {file} » p. {page} · {count} {count|erreur|erreurs}';
    expect(fillTemplate('fr', fr, { file: 'Cours', page: 3, count: 0 })).toBe('« Cours » p. 3 · 0 erreur');
    expect(fillTemplate('fr', fr, { file: 'Cours', page: 3, count: 1 })).toBe('« Cours » p. 3 · 1 erreur');
    expect(fillTemplate('fr', fr, { file: 'Cours', page: 3, count: 2 })).toBe('« Cours » p. 3 · 2 erreurs');
    expect(fillTemplate('en', '{count} {count|mistake|mistakes}', { count: 0 })).toBe('0 mistakes');
    expect(fillTemplate('en', '{count} {count|mistake|mistakes}', { count: 1 })).toBe('1 mistake');
  });

  it('lets a form hold parameters, and leaves or empties the ones not given', () => {
    const t = 'Réviser {count|ma carte due|mes {count} cartes dues}';
    expect(fillTemplate('fr', t, { count: 1 })).toBe('Réviser ma carte due');
    expect(fillTemplate('fr', t, { count: 12 })).toBe('Réviser mes 12 cartes dues');
    expect(fillTemplate('fr', 'de {a} à {b}', { a: 1 })).toBe('de 1 à {b}');
    expect(fillTemplate('fr', 'de {a} à {b}', { a: 1 }, 'empty')).toBe('de 1 à ');
  });

  it('fills the error catalogue\'s messages', () => {
    expect(errorMessage('referral_code_unknown', 'fr', { code: 'XYZ' })).toBe('Aucun utilisateur trouvé avec ce code de parrainage: XYZ');
  });
});

describe('card fronts', () => {
  it('are the same card whatever their case, accents, punctuation and spacing', () => {
    expect(frontKey('Qu’est-ce que la MÉIOSE ?')).toBe(frontKey('qu est ce que la meiose'));
    expect(frontKey('Mitose')).not.toBe(frontKey('Méiose'));
  });

  it('a deck keeps only fronts new to the subject and to each other, at most the count asked', () => {
    const card = (front: string): Flashcard => ({ kind: 'term', front, back: 'Verso', citations: [{ file_id: 'f', file_name: 'Cours', page: 1 }] });
    const fresh = freshCards([card('Mitose'), card('MITOSE !'), card('Méiose'), card('meiose'), card('Gamète'), card('ADN')], ['mitose'], 2);
    expect(fresh.map((c) => c.front)).toEqual(['Méiose', 'Gamète']);
  });

  it('a card written by hand needs both sides; an edit at least one, none blank', () => {
    expect(() => cardSides({ front: 'Mitose' }, true)).toThrow(expect.objectContaining({ code: 'card_empty' }));
    expect(() => cardSides({ front: '', back: 'Verso' }, false)).toThrow(expect.objectContaining({ code: 'card_empty' }));
    expect(() => cardSides({}, false)).toThrow(expect.objectContaining({ code: 'card_empty' }));
    expect(cardSides({ back: 'Verso' }, false)).toEqual({ front: undefined, back: 'Verso' });
  });
});
