import { describe, expect, it } from 'vitest';
import { localDate, nextStreak } from '../../../functions/core/streak.js';

const start = { streak_count: 0, highest_streak: 0, last_login_date: null };

describe('login streak', () => {
  it('starts at 1 on the first login', () => {
    expect(nextStreak(start, '2026-11-20')).toEqual({ streak_count: 1, highest_streak: 1, last_login_date: '2026-11-20' });
  });

  it('grows by one on consecutive days, including across a month end', () => {
    let s = nextStreak(start, '2026-10-30');
    s = nextStreak(s, '2026-10-31');
    s = nextStreak(s, '2026-11-01');
    expect(s.streak_count).toBe(3);
    expect(s.highest_streak).toBe(3);
  });

  it('counts a second login on the same day once', () => {
    const s = nextStreak(start, '2026-11-20');
    expect(nextStreak(s, '2026-11-20')).toBe(s);
  });

  it('restarts at 1 after a missed day but keeps the highest streak', () => {
    let s = nextStreak(start, '2026-11-01');
    s = nextStreak(s, '2026-11-02');
    s = nextStreak(s, '2026-11-03');
    s = nextStreak(s, '2026-11-05');
    expect(s).toEqual({ streak_count: 1, highest_streak: 3, last_login_date: '2026-11-05' });
  });

  it('ignores a login dated before the last one', () => {
    const s = nextStreak(start, '2026-11-20');
    expect(nextStreak(s, '2026-11-19')).toBe(s);
  });

  it('dates a login in the student time zone', () => {
    const lateEvening = new Date('2026-11-20T23:30:00Z');
    expect(localDate(lateEvening, 'Europe/Paris')).toBe('2026-11-21');
    expect(localDate(lateEvening, 'America/Montreal')).toBe('2026-11-20');
    expect(localDate(lateEvening, 'Not/AZone')).toBe('2026-11-21');
  });
});
