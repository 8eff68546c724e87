// The flashcards API (functions/api/cards.ts) as the web app calls it: a subject's review cards
// (generated from the course, made from a quiz mistake, or written by hand), decks generated from
// a file or the whole subject, the review that schedules a card's next date, and the number of
// cards due in each subject.
import { cardBody, deckBody, reviewBody } from '@core/schemas.js';
import { srsRatings, type Card, type CardCount, type CardSource, type SrsRating, type SrsStateName } from '@core/views.js';
import type { BodyOf, ResponseOf } from '@core/contract.js';
import { call, callAll } from './client';
import { withTimeZone } from './timezone';

export type { Card, CardSource };
export type CardState = SrsStateName;
export type Rating = SrsRating;

/** The four ratings, in the order of their keys (1 to 4). */
export const RATINGS: readonly Rating[] = srsRatings;

/** A subject's cards, every page of them, with the due and total counts. */
export type CardList = Omit<ResponseOf<'GET /api/subjects/{subjectId}/cards'>, 'next'>;

export type DueCount = CardCount;

export const cardsApi = {
  list: (subjectId: string, opts: { dueOnly?: boolean } = {}) =>
    callAll('GET /api/subjects/{subjectId}/cards', { subjectId, ...(opts.dueOnly ? { due: '1' as const } : {}) }, 'cards'),
  /** Cards due now, per subject. */
  dueCounts: () => call('GET /api/cards/due', {}),
  /** Not retried: each deck counts against the month's flashcard generations. */
  generate: (subjectId: string, body: BodyOf<'POST /api/subjects/{subjectId}/decks'>) => call('POST /api/subjects/{subjectId}/decks', { subjectId }, body, { retry: false, schema: deckBody }),
  /** Not retried: a second try would add the card twice. */
  create: (subjectId: string, body: BodyOf<'POST /api/subjects/{subjectId}/cards'>) => call('POST /api/subjects/{subjectId}/cards', { subjectId }, body, { retry: false, schema: cardBody }),
  update: (subjectId: string, cardId: string, body: BodyOf<'PATCH /api/subjects/{subjectId}/cards/{cardId}'>) =>
    call('PATCH /api/subjects/{subjectId}/cards/{cardId}', { subjectId, cardId }, body, { schema: cardBody }),
  remove: (subjectId: string, cardId: string) => call('DELETE /api/subjects/{subjectId}/cards/{cardId}', { subjectId, cardId }),
  /** The subject's cards as a file to download: an Anki package or a tab-separated CSV. */
  exportFile: (subjectId: string, format: 'apkg' | 'csv') => call('GET /api/subjects/{subjectId}/cards/export', { subjectId, format }, undefined, { blob: true }),
  /** Every subject's cards as one file: an Anki package of one deck per subject, or a CSV. */
  exportAll: (format: 'apkg' | 'csv') => call('GET /api/cards/export', { format }, undefined, { blob: true }),
  /** Sent with the review count shown, so a review made elsewhere since is refused; not retried. */
  review: (subjectId: string, cardId: string, rating: Rating, reps: number) =>
    call('POST /api/subjects/{subjectId}/cards/{cardId}/review', { subjectId, cardId }, withTimeZone({ rating, reps }), { retry: false, schema: reviewBody }),
};

/** Slack for a browser clock a little behind the server's: a card made a moment ago is due. */
export const DUE_GRACE_MS = 30_000;

/** True when the card is to be reviewed now. */
export const isDue = (card: Pick<Card, 'due'>, now: Date = new Date()): boolean => new Date(card.due).getTime() <= now.getTime() + DUE_GRACE_MS;
