// The flashcards API (functions/api/cards.ts) as the web app calls it: a subject's review cards
// (generated from the course, made from a quiz mistake, or written by hand), decks generated from
// a file or the whole subject, the review that schedules a card's next date, and the number of
// cards due in each subject.
import { cardBody, deckBody, reviewBody } from '../../../functions/core/schemas';
import { srsRatings, type Card, type CardCount, type CardSource, type SrsRating, type SrsStateName } from '../../../functions/core/views';
import { api } from './client';
import { withTimeZone } from './timezone';
import type { UsageFigure } from './study';

export type { Card, CardSource };
export type CardState = SrsStateName;
export type Rating = SrsRating;

/** The four ratings, in the order of their keys (1 to 4). */
export const RATINGS: readonly Rating[] = srsRatings;

export interface CardList {
  cards: Card[];
  due: number;
  total: number;
}

export type DueCount = CardCount;

const enc = encodeURIComponent;
const cardsPath = (subjectId: string) => `/subjects/${enc(subjectId)}/cards`;
const cardPath = (subjectId: string, cardId: string) => `${cardsPath(subjectId)}/${enc(cardId)}`;

export const cardsApi = {
  list: (subjectId: string, opts: { dueOnly?: boolean } = {}) => api.getAll<CardList>(`${cardsPath(subjectId)}${opts.dueOnly ? '?due=1' : ''}`, 'cards'),
  /** Cards due now, per subject. */
  dueCounts: () => api.get<{ subjects: DueCount[] }>('/cards/due'),
  /** Not retried: each deck counts against the month's flashcard generations. */
  generate: (subjectId: string, body: { file_id?: string; count?: number }) =>
    api.post<{ cards: Card[]; usage: UsageFigure; requested: number; shortfall?: { code: 'deck_short'; message: string } }>(`/subjects/${enc(subjectId)}/decks`, body, {
      retry: false,
      schema: deckBody,
    }),
  /** Not retried: a second try would add the card twice. */
  create: (subjectId: string, body: { front: string; back: string }) => api.post<Card>(cardsPath(subjectId), body, { retry: false, schema: cardBody }),
  update: (subjectId: string, cardId: string, body: { front?: string; back?: string }) => api.patch<Card>(cardPath(subjectId, cardId), body, { schema: cardBody }),
  remove: (subjectId: string, cardId: string) => api.del<void>(cardPath(subjectId, cardId)),
  /** The subject's cards as a file to download: an Anki package or a tab-separated CSV. */
  exportFile: (subjectId: string, format: 'apkg' | 'csv') => api.get<Blob>(`${cardsPath(subjectId)}/export?format=${format}`, { blob: true }),
  /** Every subject's cards as one file: an Anki package of one deck per subject, or a CSV. */
  exportAll: (format: 'apkg' | 'csv') => api.get<Blob>(`/cards/export?format=${format}`, { blob: true }),
  /** Sent with the review count shown, so a review made elsewhere since is refused; not retried. */
  review: (subjectId: string, cardId: string, rating: Rating, reps: number) =>
    api.post<{ card: Card }>(`${cardPath(subjectId, cardId)}/review`, withTimeZone({ rating, reps }), { retry: false, schema: reviewBody }),
};

/** Slack for a browser clock a little behind the server's: a card made a moment ago is due. */
export const DUE_GRACE_MS = 30_000;

/** True when the card is to be reviewed now. */
export const isDue = (card: Pick<Card, 'due'>, now: Date = new Date()): boolean => new Date(card.due).getTime() <= now.getTime() + DUE_GRACE_MS;
