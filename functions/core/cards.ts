// Flashcard rules: when two fronts are the same card (case, accents, punctuation and spacing
// ignored), which of a generated deck's cards are new to the subject, what a typed card must have,
// and a new card's record (due at once, never reviewed). Pure functions: the caller passes the clock.
import type { Citation, Flashcard } from './artefacts.js';
import { foldText } from './fold.js';
import { AppError } from './errors.js';
import type { CardBody } from './schemas.js';
import { newCardState } from './srs.js';
import type { Card, CardKind, CardSource } from './views.js';

/** How a front is compared: case, accents, punctuation and spacing do not make a new card. */
export const frontKey = (front: string): string => foldText(front).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The engine's cards that are new to the subject and to each other, at most `count`. */
export function freshCards(generated: Flashcard[], existingFronts: string[], count: number): Flashcard[] {
  const seen = new Set(existingFronts.map(frontKey));
  const fresh: Flashcard[] = [];
  for (const card of generated) {
    const key = frontKey(card.front);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    fresh.push(card);
    if (fresh.length === count) break;
  }
  return fresh;
}

/** A typed card's sides: both when `required` (a new card), at least one otherwise; none empty (`card_empty`). */
export function cardSides(body: CardBody, required: boolean): { front?: string; back?: string } {
  const given = [body.front, body.back].filter((s) => s !== undefined);
  if (required && given.length < 2) throw new AppError('card_empty');
  if (given.length === 0) throw new AppError('card_empty');
  if (given.some((s) => s === '')) throw new AppError('card_empty');
  return { front: body.front, back: body.back };
}

/** A card with what is stored beside it: the FSRS learning step and, for a mistake, its fact. */
export interface CardRecord extends Card {
  learning_steps: number;
  fact_key?: string;
}

export interface NewCard {
  id: string;
  subjectId: string;
  front: string;
  back: string;
  kind: CardKind;
  source: CardSource;
  citations: Citation[];
  quizSessionId?: string;
  factKey?: string;
}

/** A card never reviewed, due at once. */
export function newCardRecord(card: NewCard, now: Date): CardRecord {
  const at = now.toISOString();
  return {
    id: card.id,
    subject_id: card.subjectId,
    front: card.front,
    back: card.back,
    kind: card.kind,
    source: card.source,
    citations: card.citations,
    quiz_session_id: card.quizSessionId,
    fact_key: card.factKey,
    created_at: at,
    updated_at: at,
    ...newCardState(now),
  };
}

/** The card as the API shows it. */
export function toCard(record: CardRecord): Card {
  const card: Card = {
    id: record.id,
    subject_id: record.subject_id,
    front: record.front,
    back: record.back,
    kind: record.kind,
    source: record.source,
    citations: record.citations,
    created_at: record.created_at,
    updated_at: record.updated_at,
    due: record.due,
    state: record.state,
    reps: Number(record.reps),
    lapses: Number(record.lapses),
    last_review: record.last_review ?? null,
    stability: Number(record.stability),
    difficulty: Number(record.difficulty),
    scheduled_days: Number(record.scheduled_days),
  };
  if (record.quiz_session_id) card.quiz_session_id = record.quiz_session_id;
  return card;
}

/** Soonest due first; cards due together in the order they were made. */
export const byDue = (a: Card, b: Card): number => a.due.localeCompare(b.due) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
