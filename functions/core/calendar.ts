// Calendar days as `YYYY-MM-DD` strings and their day numbers (days since 1970-01-01), for rules
// that count days in the student's calendar (streaks, the plan, statistics): no time zone here,
// the caller has already turned the instant into its local date.
const DAY_MS = 86_400_000;

export const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (n: number): number => (n + 4) % 7;
/** The Monday of the week holding day `n`. */
export const mondayOf = (n: number): number => n - ((weekdayOf(n) + 6) % 7);
