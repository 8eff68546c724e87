// The flashcards workspace's decisions, without the browser: the deck's order (soonest due first),
// which cards are due, the filters (all, due, mistakes) and their counts, the search, the next due
// date, the review queue, what a generated deck or a saved card does to the list, what the
// generation request asks for and the words that report it. FlashcardsPage.tsx renders what
// these say; nothing here touches React.
// It imports only the server's (@core) and its own folder's modules, so the unit tests load it
// without the web app; whether a card is due is the API module's rule (`isDue`), handed in.
import { DECK_SIZE } from '@core/limits.js';
import type { Card } from '@core/views.js';
import { searchCards } from './deck-search.js';

/** The message keys this module names (each one of the catalogues' MessageKey). */
type CardsKey =
  | 'cards.filter.all'
  | 'cards.filter.due'
  | 'cards.filter.mistake'
  | 'cards.generatedNone'
  | 'cards.generatedOne'
  | 'cards.generatedMany'
  | 'cards.searchEmpty'
  | 'cards.filterEmpty';

/** Whether a card is due at a time (web/src/api/cards.ts `isDue`, with its grace). */
export type DueRule = (card: Pick<Card, 'due'>, now: Date) => boolean;

/** The generation's scope when no file is chosen. */
export const WHOLE_SUBJECT = '';
export const DECK_SIZES = [DECK_SIZE.min, 10, DECK_SIZE.default, 30, DECK_SIZE.max];

export type Filter = 'all' | 'due' | 'mistake';
export const filters: { value: Filter; label: CardsKey }[] = [
  { value: 'all', label: 'cards.filter.all' },
  { value: 'due', label: 'cards.filter.due' },
  { value: 'mistake', label: 'cards.filter.mistake' },
];

export type Editing = { mode: 'add' } | { mode: 'edit'; card: Card };

/** Soonest due first; among cards due together, the oldest first. */
export const byDue = (a: Card, b: Card): number => a.due.localeCompare(b.due) || a.created_at.localeCompare(b.created_at);
export const sortDeck = (cards: readonly Card[]): Card[] => [...cards].sort(byDue);

/** The cards a review goes through, soonest due first: those due now. */
export const reviewQueue = (cards: readonly Card[] | null, now: Date, isDue: DueRule): Card[] => (cards ?? []).filter((c) => isDue(c, now)).sort(byDue);

/** A generated deck joins the list (a card sent again replaces itself), in due order. */
export const withGenerated = (list: readonly Card[] | null, added: readonly Card[]): Card[] =>
  [...(list ?? []).filter((c) => !added.some((n) => n.id === c.id)), ...added].sort(byDue);

export const withAdded = (list: readonly Card[] | null, card: Card): Card[] => [...(list ?? []), card].sort(byDue);
export const withReplaced = (list: Card[] | null, card: Card): Card[] | null => list && list.map((c) => (c.id === card.id ? card : c));
export const withoutCard = (list: Card[] | null, card: Card): Card[] | null => list?.filter((c) => c.id !== card.id) ?? null;

/** The generation request: the chosen file (none for the whole subject) and the number of cards. */
export const generateBody = (scope: string, count: number): { file_id?: string; count: number } => ({ ...(scope ? { file_id: scope } : {}), count });

/** What the notice says after a generation: no new card, one, or how many. */
export const generatedNotice = (added: number): { key: CardsKey; params?: { count: number } } =>
  added === 0 ? { key: 'cards.generatedNone' } : added === 1 ? { key: 'cards.generatedOne' } : { key: 'cards.generatedMany', params: { count: added } };

/** What the deck shows: the counts, the cards under the filter and search, and what to say when none is shown. */
export interface DeckView {
  total: number;
  due: number;
  mistakes: number;
  /** The cards under the filter, before the search. */
  filtered: Card[];
  shown: Card[];
  searching: boolean;
  /** The soonest due date of the deck (null when empty). */
  nextDue: string | null;
  /** The "next card due on …" note: cards exist but none is due. */
  showNextDue: boolean;
  /** The line shown when no card is shown although the deck has some. */
  emptyKey: CardsKey | null;
}

export const deckView = (cards: readonly Card[] | null, now: Date, filter: Filter, query: string, isDue: DueRule): DeckView => {
  const all = cards ?? [];
  const dueCards = all.filter((c) => isDue(c, now));
  const mistakes = all.filter((c) => c.source === 'mistake');
  const filtered = filter === 'due' ? dueCards : filter === 'mistake' ? mistakes : [...all];
  const shown = searchCards(filtered, query);
  const searching = query.trim() !== '';
  const nextDue = all.length > 0 ? sortDeck(all)[0].due : null;
  const total = all.length;
  const due = dueCards.length;
  const noneShown = cards !== null && total > 0 && shown.length === 0;
  return {
    total,
    due,
    mistakes: mistakes.length,
    filtered,
    shown,
    searching,
    nextDue,
    showNextDue: cards !== null && total > 0 && due === 0 && nextDue !== null,
    emptyKey: noneShown ? (searching && filtered.length > 0 ? 'cards.searchEmpty' : 'cards.filterEmpty') : null,
  };
};

/** The number beside each filter. */
export const filterCount = (view: DeckView, filter: Filter): number => (filter === 'due' ? view.due : filter === 'mistake' ? view.mistakes : view.total);
