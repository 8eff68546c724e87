// The phone study loop's decisions: where the page stands after a navigation (a new page at its
// top or its anchor, back and forward where the student was, a query-string change never moving
// the page), and which cards the deck's search keeps.
import { describe, expect, it } from 'vitest';
import { scrollAction, type Place } from '../../../web/src/components/navigation-scroll.js';
import { searchCards } from '../../../web/src/components/cards/deck-search.js';

const place = (key: string, pathname: string, hash = ''): Place => ({ key, pathname, hash });

describe('the scroll after a navigation', () => {
  const hub = place('a', '/subject/s1');
  it('opens a new page at its top, whether pushed or replaced', () => {
    expect(scrollAction(hub, place('b', '/subject/s1/quiz'), 'PUSH', undefined)).toEqual({ to: 'top' });
    expect(scrollAction(hub, place('b', '/subject/s1/question'), 'REPLACE', undefined)).toEqual({ to: 'top' });
    // Even a page seen before, reached by a link again, opens at its top.
    expect(scrollAction(hub, place('c', '/subject/s1/quiz'), 'PUSH', 900)).toEqual({ to: 'top' });
  });

  it('opens at the anchor when the address has one', () => {
    expect(scrollAction(hub, place('b', '/faq', '#plans'), 'PUSH', undefined)).toEqual({ to: 'anchor', hash: '#plans' });
    expect(scrollAction(place('a', '/faq'), place('b', '/faq', '#plans'), 'PUSH', undefined)).toEqual({ to: 'anchor', hash: '#plans' });
    expect(scrollAction(hub, place('b', '/faq', '#'), 'PUSH', undefined)).toEqual({ to: 'top' });
  });

  it('never moves the page when only the query string changes', () => {
    const quiz = place('a', '/subject/s1/quiz');
    expect(scrollAction(quiz, place('b', '/subject/s1/quiz'), 'PUSH', undefined)).toEqual({ to: 'stay' });
    expect(scrollAction(quiz, place('b', '/subject/s1/quiz'), 'REPLACE', 0)).toEqual({ to: 'stay' });
    expect(scrollAction(place('a', '/subject/s1/files', '#x'), place('b', '/subject/s1/files', '#x'), 'REPLACE', undefined)).toEqual({ to: 'stay' });
  });

  it('brings back and forward to where the student stood', () => {
    expect(scrollAction(place('b', '/subject/s1/quiz'), hub, 'POP', 640)).toEqual({ to: 'position', top: 640 });
    expect(scrollAction(place('b', '/subject/s1/quiz'), place('a', '/subject/s1/quiz'), 'POP', 120)).toEqual({ to: 'position', top: 120 });
    // A plain link to an anchor (the skip link) makes an entry without a key: to the anchor.
    expect(scrollAction(place('b', '/subjects'), place('default', '/subjects', '#main'), 'POP', 500)).toEqual({ to: 'anchor', hash: '#main' });
    expect(scrollAction(place('b', '/quiz'), place('default', '/subjects'), 'POP', 500)).toEqual({ to: 'position', top: 500 });
    // An entry never seen in this tab opens as a new page.
    expect(scrollAction(place('b', '/x'), place('a', '/y'), 'POP', undefined)).toEqual({ to: 'top' });
  });

  it('at the first render, restores a kept position or goes to the anchor, else leaves the page alone', () => {
    expect(scrollAction(null, hub, 'POP', 300)).toEqual({ to: 'position', top: 300 });
    expect(scrollAction(null, place('a', '/faq', '#plans'), 'POP', undefined)).toEqual({ to: 'anchor', hash: '#plans' });
    expect(scrollAction(null, hub, 'POP', undefined)).toEqual({ to: 'stay' });
    // The tab's first entry has no key of its own: a position kept under it may be another page's.
    expect(scrollAction(null, place('default', '/subjects'), 'POP', 300)).toEqual({ to: 'stay' });
    expect(scrollAction(hub, hub, 'PUSH', 10)).toEqual({ to: 'stay' });
  });
});

describe('the deck search', () => {
  const cards = [
    { id: 1, front: 'La mitose', back: 'Division d’une cellule en deux cellules filles identiques' },
    { id: 2, front: 'Le noyau', back: "Contient l'information génétique (ADN)" },
    { id: 3, front: 'Énergie de la cellule', back: 'Produite par les mitochondries' },
  ];
  const ids = (query: string) => searchCards(cards, query).map((c) => c.id);

  it('keeps every card for an empty query', () => {
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('   ')).toEqual([1, 2, 3]);
  });

  it('finds a word in the front or the back, whatever its case and accents', () => {
    expect(ids('MITOSE')).toEqual([1]);
    expect(ids('genetique')).toEqual([2]);
    expect(ids('energie')).toEqual([3]);
    expect(ids('cellule')).toEqual([1, 3]);
  });

  it('keeps the cards holding every word of the query', () => {
    expect(ids('  cellule   mitochondries ')).toEqual([3]);
    expect(ids('cellule noyau')).toEqual([]);
  });
});
