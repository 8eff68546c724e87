// The bounds of the dates and numbers the API accepts, defined once: the request schemas
// (core/schemas.ts, core/goals.ts) and the checks that need the clock (the exam date, in its
// handler) read them from here. What they guarantee:
// - a number that reaches storage is finite, within its documented range, and a whole number or a
//   multiple of its step: a stepped value off its step is refused (a goal of 12.3 hours), a
//   continuous one is rounded to its step (a listening position to the tenth of a second). So no
//   denormal (5e-324, 1e-320), no underflow (DynamoDB stores magnitudes from 1e-130 only) and no
//   overflow (1e308) ever reaches DynamoDB, and -0 is stored as 0;
// - a calendar day (a task's due date) is a real day, `YYYY-MM-DD`, from 1 January 2000 to
//   31 December 2099;
// - an exam date is a real day from today to two years ahead in the student's calendar (the plan
//   has one entry a day until it: an exam in 9999 would make it hundreds of megabytes).
// The values the web app shows as well (the podcast position's bounds) live in core/limits.ts.
// Pure: the web app's API layer checks what it sends with the same schemas.
import { z } from 'zod';
import { AppError, type Lang, type Localized } from './errors.js';
import type { Steps } from './limits.js';
import { refinement, sayNumber } from './validation.js';

// ---- Numbers ----

/** Pages of a course file, as the stores keep them (at most 9,999 a file). */
export const PAGE_NUMBER = { min: 1, max: 9_999 } as const;

const decimalsOf = (step: number): number => (String(step).split('.')[1] ?? '').length;

/** The multiple of `step` nearest `v`, written as the step is (0.1 × 3 is 0.3), never -0. */
export function toStep(v: number, step: number): number {
  return Number((Math.round(v / step) * step).toFixed(decimalsOf(step))) + 0;
}

/** A multiple of the step up to float noise (6.499999999999999 is 6.5; 1e-200 is not 0). */
const onStep = (v: number, step: number): boolean => Math.abs(v - toStep(v, step)) <= 1e-12 * Math.abs(v);

/** A number from `min` to `max` that is a multiple of `step`, stored as that exact multiple; others refused. */
export const steppedNumber = (b: Steps) =>
  z
    .number()
    .min(b.min)
    .max(b.max)
    .refine(
      (v) => v < b.min || v > b.max || onStep(v, b.step),
      refinement(`doit être un multiple de ${sayNumber(b.step, 'fr')}`, `must be a multiple of ${sayNumber(b.step, 'en')}`),
    )
    .transform((v) => toStep(v, b.step));

/** A number from `min` to `max`, rounded to its step before anything keeps it. */
export const roundedNumber = (b: Steps) =>
  z
    .number()
    .min(b.min)
    .max(b.max)
    .transform((v) => toStep(v, b.step));

// ---- Calendar days ----

/** The days the API accepts at all: a task's due date, an exam date (which has its own window too). */
export const CALENDAR_DAYS = { min: '2000-01-01', max: '2099-12-31' } as const;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(d: string): boolean {
  if (!DAY_SHAPE.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
}

/** A day as messages say it: "12 mai 2027" and "1er mai 2027", "12 May 2027". */
export function formatDay(day: string, lang: Lang): string {
  const said = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return lang === 'fr' ? said.replace(/^1 /, '1er ') : said;
}

const sayDay = (day: string): Localized => ({ fr: formatDay(day, 'fr'), en: formatDay(day, 'en') });

/** A real day, `YYYY-MM-DD` (no 30 February), whatever its year: for dates bounded by a window of their own (`examDate`). */
export const realDay = z.string().refine(isRealDay, refinement('une date au format AAAA-MM-JJ est attendue', 'a date as YYYY-MM-DD is expected'));

/** A calendar day, `YYYY-MM-DD`, real (no 30 February) and within `CALENDAR_DAYS`. */
export const calendarDay = z
  .string()
  .refine(
    (d) => isRealDay(d) && d >= CALENDAR_DAYS.min && d <= CALENDAR_DAYS.max,
    refinement(
      `une date au format AAAA-MM-JJ, du ${formatDay(CALENDAR_DAYS.min, 'fr')} au ${formatDay(CALENDAR_DAYS.max, 'fr')}, est attendue`,
      `a date as YYYY-MM-DD, from ${formatDay(CALENDAR_DAYS.min, 'en')} to ${formatDay(CALENDAR_DAYS.max, 'en')}, is expected`,
    ),
  );

// ---- The exam date ----

/**
 * An exam date in a request: a real day. Its window, from today to two years ahead, needs the
 * student's today: `checkExamDate`, which says the window's ends ("au plus tard le 1er mai 2028").
 */
export const examDate = realDay;

/** How far ahead an exam may be set. */
export const EXAM_DATE_YEARS_AHEAD = 2;

/** The same day `years` later (29 February becomes 28 February). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The exam dates accepted on `today` (the student's calendar day): today to two years ahead, both included. */
export function examDateWindow(today: string): { min: string; max: string } {
  return { min: today, max: addYears(today, EXAM_DATE_YEARS_AHEAD) };
}

/** Refuses an exam date before today (`exam_date_past`) or beyond the window (`exam_date_too_far`). */
export function checkExamDate(date: string, today: string): void {
  const { min, max } = examDateWindow(today);
  if (date < min) throw new AppError('exam_date_past', { min: sayDay(min) });
  if (date > max) throw new AppError('exam_date_too_far', { max: sayDay(max) });
}
