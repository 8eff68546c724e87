import { describe, expect, it } from 'vitest';
import { creditedMs, HEARTBEAT_MAX_MS } from '../../../functions/core/study-time.js';
import { goalsSchema, weeklyProgress } from '../../../functions/core/goals.js';

describe('study time', () => {
  it('credits what a beat claims, up to 30 s', () => {
    expect(creditedMs(null, 1_000_000, 20_000)).toBe(20_000);
    expect(creditedMs(null, 1_000_000, 10 * 60_000)).toBe(HEARTBEAT_MAX_MS);
    expect(creditedMs(null, 1_000_000, -5)).toBe(0);
  });

  it('never counts the same minute twice for two open tabs', () => {
    // Two tabs beat every 30 s, a second apart, for ten minutes: ten minutes are credited, not twenty.
    let last: number | null = null;
    let total = 0;
    for (let t = 30_000; t <= 600_000; t += 30_000) {
      for (const at of [t, t + 1_000]) {
        const credit = creditedMs(last, at, 30_000);
        total += credit;
        if (credit > 0) last = at;
      }
    }
    expect(total).toBeLessThanOrEqual(601_000);
    expect(total).toBeGreaterThanOrEqual(600_000);
  });

  it('credits nothing for a beat older than the last credit', () => {
    expect(creditedMs(2_000_000, 1_990_000, 30_000)).toBe(0);
  });
});

describe('goals', () => {
  it('accept the documented bounds and refuse what is outside or between steps', () => {
    expect(goalsSchema.parse({ weekly_hours: 7.5, target_grade: 14, target_quiz_score: 80 })).toEqual({ weekly_hours: 7.5, target_grade: 14, target_quiz_score: 80, current_grade: null });
    for (const bad of [
      { weekly_hours: 0.5, target_grade: 14, target_quiz_score: 80 },
      { weekly_hours: 61, target_grade: 14, target_quiz_score: 80 },
      { weekly_hours: 7.3, target_grade: 14, target_quiz_score: 80 },
      { weekly_hours: 7, target_grade: 20.5, target_quiz_score: 80 },
      { weekly_hours: 7, target_grade: 14.25, target_quiz_score: 80 },
      { weekly_hours: 7, target_grade: 14, target_quiz_score: 101 },
      { weekly_hours: 7, target_grade: 14, target_quiz_score: 80, current_grade: -1 },
    ]) {
      expect(goalsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('measure the week against the goal', () => {
    expect(weeklyProgress({ weekly_hours: 5 }, 150)).toEqual({ minutes: 150, goalMinutes: 300, percent: 50 });
    expect(weeklyProgress({ weekly_hours: 1 }, 600).percent).toBe(100);
  });
});
