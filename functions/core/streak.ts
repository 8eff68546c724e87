// Login streaks: consecutive calendar days on which the student logged in, counted in the
// student's own time zone (the product's, Europe/Paris, unless the browser says otherwise).
import { dayNumber } from './calendar.js';
import { PRODUCT_TIME_ZONE } from './limits.js';

export interface Streak {
  streak_count: number;
  highest_streak: number;
  last_login_date: string | null;
}

/**
 * One formatter per zone asked for (building one costs far more than formatting with it), at most
 * a few hundred: zones are spelt in any case, so a client could otherwise grow the map at will.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATS = 400;

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone: the product's (not remembered, so that any string cannot grow the map).
      return dayFormat(PRODUCT_TIME_ZONE);
    }
    if (dayFormats.size < MAX_DAY_FORMATS) dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) of `now` in `timeZone`; an unknown zone falls back to Paris. */
export function localDate(now: Date, timeZone: string = PRODUCT_TIME_ZONE): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The streak after a login on `today`: unchanged on a second login the same day, one more the day
 * after the last login, back to 1 after a gap. A clock that went backwards changes nothing.
 */
export function nextStreak(prev: Streak, today: string): Streak {
  if (prev.last_login_date) {
    const gap = dayNumber(today) - dayNumber(prev.last_login_date);
    if (gap <= 0) return prev;
    const count = gap === 1 ? prev.streak_count + 1 : 1;
    return { streak_count: count, highest_streak: Math.max(prev.highest_streak, count), last_login_date: today };
  }
  return { streak_count: 1, highest_streak: Math.max(prev.highest_streak, 1), last_login_date: today };
}
