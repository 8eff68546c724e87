// Monthly usage: which month a moment counts in (calendar months in Paris, not UTC), the figures
// a counter shows, the plan's limits and the premium-only gates.
import { describe, expect, it } from 'vitest';
import { FREE_MONTHLY_LIMITS } from '../../../functions/core/plans.js';
import { meteredFeatures, monthKey, monthlyLimit, premiumAvailable, usageFigure, usageSortKey } from '../../../functions/platform/usage.js';

describe('month keys', () => {
  it('follow the Paris calendar in winter (UTC+1)', () => {
    // 31 January 23:30 UTC is already 1 February in Paris.
    expect(monthKey(new Date('2025-01-31T23:30:00Z'))).toBe('2025-02');
    expect(monthKey(new Date('2025-01-31T23:30:00Z'), 'UTC')).toBe('2025-01');
    expect(monthKey(new Date('2025-01-31T22:59:59Z'))).toBe('2025-01');
    expect(monthKey(new Date('2025-01-31T23:00:00Z'))).toBe('2025-02');
  });

  it('follow the Paris calendar in summer (UTC+2)', () => {
    expect(monthKey(new Date('2025-06-30T21:59:59Z'))).toBe('2025-06');
    expect(monthKey(new Date('2025-06-30T22:00:00Z'))).toBe('2025-07');
    expect(monthKey(new Date('2025-06-30T22:00:00Z'), 'UTC')).toBe('2025-06');
  });

  it('turn the year at midnight in Paris', () => {
    expect(monthKey(new Date('2024-12-31T23:00:00Z'))).toBe('2025-01');
    expect(monthKey(new Date('2024-12-31T22:59:00Z'))).toBe('2024-12');
  });

  it('do not move on the first day of a month in UTC evening before Paris midnight', () => {
    // 1 March 00:30 in Paris is 28 February 23:30 UTC: March in Paris, February in UTC.
    expect(monthKey(new Date('2025-02-28T23:30:00Z'))).toBe('2025-03');
    // Mid-month, every zone agrees.
    expect(monthKey(new Date('2025-03-15T12:00:00Z'))).toBe(monthKey(new Date('2025-03-15T12:00:00Z'), 'UTC'));
  });

  it('are zero-padded YYYY-MM, the counter key', () => {
    expect(monthKey(new Date('2026-09-10T08:00:00Z'))).toMatch(/^\d{4}-\d{2}$/);
    expect(usageSortKey('question_generation', '2026-09')).toBe('question_generation#2026-09');
  });
});

describe('figures and limits', () => {
  it('free plans have the enforcement limits (questions 10, flashcards 5, sheets 5, quizzes 15, podcasts 3), Premium none', () => {
    expect(meteredFeatures.sort()).toEqual(['flashcard_generation', 'podcast_generation', 'question_generation', 'quiz_generation', 'summary_generation']);
    expect(monthlyLimit('question_generation', false)).toBe(10);
    expect(monthlyLimit('summary_generation', false)).toBe(FREE_MONTHLY_LIMITS.summary_generation);
    expect(monthlyLimit('question_generation', true)).toBeNull();
  });

  it('remaining never goes below zero and is null when unlimited', () => {
    expect(usageFigure('question_generation', 3, 10)).toEqual({ feature: 'question_generation', used: 3, limit: 10, remaining: 7 });
    expect(usageFigure('question_generation', 12, 10)).toMatchObject({ used: 12, remaining: 0 });
    expect(usageFigure('question_generation', 40, null)).toMatchObject({ used: 40, limit: null, remaining: null });
    expect(usageFigure('question_generation', -1, 10)).toMatchObject({ used: 0, remaining: 10 });
  });

  it('premium-only features: subscribers yes, free accounts no, an unreadable plan yes', () => {
    expect(premiumAvailable({ subscribed: true, verified: true })).toBe(true);
    expect(premiumAvailable({ subscribed: false, verified: true })).toBe(false);
    expect(premiumAvailable({ subscribed: false, verified: false })).toBe(true);
  });
});
