// Flashcard scheduling (FSRS): what a student notices is when a card comes back. A card they
// could not recall comes back sooner than one they found easy, cards recalled again and again
// space out, forgetting a learnt card counts as a lapse, and the state survives being stored.
import { describe, expect, it } from 'vitest';
import { isDue, newCardState, review, srsRatings, type SrsState } from '../../../functions/core/srs.js';

const DAY = 86_400_000;
const start = new Date('2025-03-10T08:00:00.000Z');
const at = (state: SrsState): number => Date.parse(state.due);

/** A card rated good at each review, reviewed when it comes due. */
function learnt(times: number): { card: SrsState; now: Date } {
  let card = newCardState(start);
  let now = start;
  for (let i = 0; i < times; i++) {
    card = review(card, 'good', now);
    now = new Date(card.due);
  }
  return { card, now };
}

describe('spaced repetition', () => {
  it('a new card is due at once and has never been reviewed', () => {
    const card = newCardState(start);
    expect(card).toMatchObject({ state: 'new', reps: 0, lapses: 0, last_review: null, due: start.toISOString() });
    expect(isDue(card, start)).toBe(true);
  });

  it('orders the next date by the rating: again < hard < good < easy, for a new card and a learnt one', () => {
    for (const { card, now } of [{ card: newCardState(start), now: start }, learnt(3)]) {
      const next = srsRatings.map((rating) => at(review(card, rating, now)));
      for (let i = 1; i < next.length; i++) expect(next[i], srsRatings[i]).toBeGreaterThan(next[i - 1]);
      // Again brings it back the same day; easy not before tomorrow.
      expect(next[0] - now.getTime()).toBeLessThan(DAY);
      expect(next[3] - now.getTime()).toBeGreaterThanOrEqual(DAY);
    }
  });

  it('a new card rated good then good spaces out, and is not due in between', () => {
    const first = review(newCardState(start), 'good', start);
    expect(first).toMatchObject({ reps: 1, state: 'learning', last_review: start.toISOString() });
    const firstGap = at(first) - start.getTime();
    const second = review(first, 'good', new Date(first.due));
    const secondGap = at(second) - at(first);
    expect(second.reps).toBe(2);
    expect(secondGap).toBeGreaterThan(firstGap);
    expect(second.state).toBe('review');
    // Reviews keep spacing out while the card is recalled.
    const { card: later } = learnt(5);
    expect(later.scheduled_days).toBeGreaterThan(second.scheduled_days);
    expect(isDue(second, new Date(at(second) - 1000))).toBe(false);
    expect(isDue(second, new Date(second.due))).toBe(true);
  });

  it('counts a lapse when a card in review is forgotten, and sends it back to relearning', () => {
    const { card, now } = learnt(3);
    expect(card).toMatchObject({ state: 'review', lapses: 0 });
    const forgotten = review(card, 'again', now);
    expect(forgotten).toMatchObject({ state: 'relearning', lapses: 1, reps: card.reps + 1 });
    expect(forgotten.stability).toBeLessThan(card.stability);
    // Again on a card still being learnt is not a lapse.
    const early = review(newCardState(start), 'again', start);
    expect(early.lapses).toBe(0);
  });

  it('is the same after a JSON round trip: stored state schedules exactly as the live one', () => {
    const { card, now } = learnt(4);
    const stored = JSON.parse(JSON.stringify(card)) as SrsState;
    expect(stored).toEqual(card);
    for (const rating of srsRatings) expect(review(stored, rating, now)).toEqual(review(card, rating, now));
    const fresh = JSON.parse(JSON.stringify(newCardState(start))) as SrsState;
    expect(review(fresh, 'good', start)).toEqual(review(newCardState(start), 'good', start));
  });

  it('is deterministic: the same review at the same moment gives the same date (no fuzz)', () => {
    const { card, now } = learnt(6);
    expect(review(card, 'good', now)).toEqual(review(card, 'good', now));
  });
});
