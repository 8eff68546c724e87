// Spaced repetition of flashcards with FSRS (the ts-fsrs library): a card's memory state as plain
// JSON (ISO dates, state names), a new card's state, and the state after a review rated
// again/hard/good/easy. Default parameters with a requested retention of 0.9 and no fuzz, so the
// same review at the same moment always gives the same next date (and the tests can say which).
// Pure functions: the caller passes the clock.
import { srsRatings, srsStates, type SrsRating, type SrsStateName } from './views.js';
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card as FsrsCard, type Grade } from 'ts-fsrs';

export { srsRatings, srsStates, type SrsRating, type SrsStateName };

/** Probability of recalling a card when it comes due that the schedule aims for. */
export const REQUEST_RETENTION = 0.9;

/** A card's scheduling state, JSON-serialisable (what the Cards table stores beside the text). */
export interface SrsState {
  /** When the card is next due (ISO). */
  due: string;
  stability: number;
  difficulty: number;
  state: SrsStateName;
  reps: number;
  lapses: number;
  scheduled_days: number;
  /** The (re)learning step the card is at (minutes-long steps before days-long intervals). */
  learning_steps: number;
  last_review: string | null;
}

const scheduler = fsrs(generatorParameters({ request_retention: REQUEST_RETENTION, enable_fuzz: false }));

const grades: Record<SrsRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const stateNames: Record<State, SrsStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const statesByName: Record<SrsStateName, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

function toState(card: FsrsCard): SrsState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    state: stateNames[card.state],
    reps: card.reps,
    lapses: card.lapses,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

function toFsrs(state: SrsState): FsrsCard {
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    // Deprecated in ts-fsrs: the library derives the elapsed time from last_review.
    elapsed_days: 0,
    scheduled_days: state.scheduled_days,
    learning_steps: state.learning_steps ?? 0,
    reps: state.reps,
    lapses: state.lapses,
    state: statesByName[state.state],
    last_review: state.last_review ? new Date(state.last_review) : undefined,
  };
}

/** A card never reviewed: due at once. */
export function newCardState(now: Date): SrsState {
  return toState(createEmptyCard(now));
}

/** The state after reviewing the card at `now` with `rating`. */
export function review(card: SrsState, rating: SrsRating, now: Date): SrsState {
  return toState(scheduler.next(toFsrs(card), now, grades[rating]).card);
}

/** Whether the card is due at `now`. */
export const isDue = (card: Pick<SrsState, 'due'>, now: Date): boolean => Date.parse(card.due) <= now.getTime();

/**
 * The probability of recalling the card at `at` (FSRS's forgetting curve from its stability and
 * last review); 0 for a card never reviewed.
 */
export function recallProbability(state: Pick<SrsState, 'stability' | 'last_review'>, at: Date): number {
  if (!state.last_review || !(state.stability > 0)) return 0;
  const elapsedDays = Math.max(0, (at.getTime() - Date.parse(state.last_review)) / 86_400_000);
  return scheduler.forgetting_curve(elapsedDays, state.stability);
}
