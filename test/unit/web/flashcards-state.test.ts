// The flashcards workspace's decisions (web/src/components/cards/flashcards-state.ts): the deck in
// due order, the due count and what a review goes through, the filters and their counts, the
// search and what the list says when nothing is shown, the next due date, what a generated deck
// or a saved card does to the list, and the notice after a generation (in French).
import { describe, expect, it } from 'vitest';
import type { Card } from '../../../functions/core/views.js';
import {
  deckView,
  filterCount,
  generateBody,
  generatedNotice,
  reviewQueue,
  sortDeck,
  withAdded,
  withGenerated,
  withReplaced,
  withoutCard,
  type DueRule,
} from '../../../web/src/components/cards/flashcards-state.js';

// The French catalogue is loaded by path: the server's type check does not follow the web app's
// (bundler-resolved) imports, which web/tsconfig.json checks.
const web = (path: string) => import(/* @vite-ignore */ path);
const { fr } = (await web('../../../web/src/i18n/fr.ts')) as { fr: Record<string, string> };
/** The API module's rule: due from its date, with 30 seconds of grace. */
const isDue: DueRule = (c, at) => new Date(c.due).getTime() <= at.getTime() + 30_000;

const now = new Date('2026-03-04T12:00:00Z');
const card = (id: string, due: string, over: Partial<Card> = {}): Card =>
  ({ id, subject_id: 's1', front: `Recto ${id}`, back: `Verso ${id}`, kind: 'qa', source: 'generated', citations: [], created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z', due, state: 'review', reps: 1, lapses: 0, last_review: null, ...over }) as Card;

const overdue = card('a', '2026-03-03T12:00:00Z');
const dueNow = card('b', '2026-03-04T12:00:10Z', { source: 'mistake', front: 'Mitochondrie' });
const tomorrow = card('c', '2026-03-05T12:00:00Z', { source: 'mistake' });
const nextWeek = card('d', '2026-03-11T12:00:00Z', { source: 'manual' });
const deck = [nextWeek, tomorrow, dueNow, overdue];

describe('the deck', () => {
  it('lists the soonest due first, the oldest first among cards due together', () => {
    expect(sortDeck(deck).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    const older = card('e', overdue.due, { created_at: '2026-02-01T10:00:00Z' });
    expect(sortDeck([overdue, older]).map((c) => c.id)).toEqual(['e', 'a']);
  });

  it('counts the due cards (a few seconds early still count) and reviews exactly those', () => {
    const view = deckView(deck, now, 'all', '', isDue);
    expect(view).toMatchObject({ total: 4, due: 2, mistakes: 2 });
    expect(reviewQueue(deck, now, isDue).map((c) => c.id)).toEqual(['a', 'b']);
    expect(reviewQueue(null, now, isDue)).toEqual([]);
  });

  it('filters to the due cards or the quiz mistakes, each filter with its count', () => {
    const due = deckView(deck, now, 'due', '', isDue);
    expect(due.shown.map((c) => c.id).sort()).toEqual(['a', 'b']);
    const mistakes = deckView(deck, now, 'mistake', '', isDue);
    expect(mistakes.shown.map((c) => c.id).sort()).toEqual(['b', 'c']);
    expect([filterCount(due, 'all'), filterCount(due, 'due'), filterCount(due, 'mistake')]).toEqual([4, 2, 2]);
  });

  it('narrows the list with the search, and says why nothing is shown', () => {
    const found = deckView(deck, now, 'all', '  mitochondrie ', isDue);
    expect(found).toMatchObject({ searching: true, emptyKey: null });
    expect(found.shown.map((c) => c.id)).toEqual(['b']);
    expect(deckView(deck, now, 'all', 'photosynthèse', isDue).emptyKey).toBe('cards.searchEmpty');
    const noneDue = deckView([tomorrow], now, 'due', '', isDue);
    expect(noneDue.emptyKey).toBe('cards.filterEmpty');
    expect(deckView([tomorrow], now, 'due', 'x', isDue).emptyKey).toBe('cards.filterEmpty');
  });

  it('shows the next due date only when cards exist and none is due', () => {
    expect(deckView([nextWeek, tomorrow], now, 'all', '', isDue)).toMatchObject({ showNextDue: true, nextDue: tomorrow.due });
    expect(deckView(deck, now, 'all', '', isDue).showNextDue).toBe(false);
    expect(deckView([], now, 'all', '', isDue)).toMatchObject({ showNextDue: false, nextDue: null, emptyKey: null });
    expect(deckView(null, now, 'all', '', isDue)).toMatchObject({ total: 0, showNextDue: false, emptyKey: null });
  });
});

describe('changes to the deck', () => {
  it('adds a generated deck in due order, a card sent again replacing itself', () => {
    const again = { ...tomorrow, front: 'Nouveau recto' };
    const list = withGenerated([overdue, tomorrow], [again, nextWeek]);
    expect(list.map((c) => c.id)).toEqual(['a', 'c', 'd']);
    expect(list[1].front).toBe('Nouveau recto');
    expect(withGenerated(null, [dueNow]).map((c) => c.id)).toEqual(['b']);
  });

  it('adds a written card in due order, replaces an edited one and drops a deleted one', () => {
    expect(withAdded([overdue, tomorrow], dueNow).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(withReplaced([overdue, tomorrow], { ...tomorrow, back: 'Corrigé' })?.[1].back).toBe('Corrigé');
    expect(withoutCard([overdue, tomorrow], overdue)?.map((c) => c.id)).toEqual(['c']);
    expect(withReplaced(null, overdue)).toBeNull();
    expect(withoutCard(null, overdue)).toBeNull();
  });

  it('asks for a deck from the chosen file, or from the whole subject', () => {
    expect(generateBody('f1', 20)).toEqual({ file_id: 'f1', count: 20 });
    expect(generateBody('', 10)).toEqual({ count: 10 });
  });

  it('says how many cards a generation added', () => {
    const say = (n: number) => {
      const notice = generatedNotice(n);
      return fr[notice.key].replace('{count}', String(notice.params?.count ?? ''));
    };
    expect(say(0)).toBe('Aucune nouvelle carte : tes cartes couvrent déjà ce cours.');
    expect(say(1)).toBe('1 carte ajoutée à ton paquet.');
    expect(say(12)).toBe('12 cartes ajoutées à ton paquet.');
  });
});
