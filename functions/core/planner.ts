// The exam-date plan: what to do each study day until the exam, from what the student still has to
// learn and what they will forget. Pure: the caller passes today's date, the material and the cards,
// and gets the same plan for the same inputs; a plan is computed again from the current state each
// time it is read, so it re-balances by itself when the student falls behind or gets ahead.
//
// Guarantees (tested in test/unit/core/planner.test.ts):
// - a day never holds more minutes than the daily budget;
// - when everything fits, every unread page is read before the final review days, and every card
//   review falling due before the exam is scheduled on or after its due day;
// - the reading is spread over every study day before the final review (each day an even share of
//   what is left, never a session shorter than MIN_SESSION_MINUTES unless that is all there is),
//   not packed into the first days; quizzes and practice never take a page's room;
// - when it does not fit, the plan says so with the minutes missing, the weekly hours that make it
//   fit (found by planning at those hours: set them as the goal and the same material fits), and
//   which files to set aside to fit the time there is.
import { dayNumber, dayString, weekdayOf } from './calendar.js';
import { GOAL_BOUNDS } from './goals.js';
import { recallProbability, REQUEST_RETENTION, type SrsState } from './srs.js';
import { unreadPageCount, unreadRuns as unreadRunsOf } from './studied.js';

/** Minutes a page of course takes to study (read, understand, note). */
export const MINUTES_PER_PAGE = 4;
/** Minutes a flashcard review takes. */
export const MINUTES_PER_REVIEW = 0.5;
/** A quiz practice session. */
export const QUIZ_SESSION_MINUTES = 10;
/** No study session shorter than this (a reading session that would be is left for the next day). */
export const MIN_SESSION_MINUTES = 10;
/** The last study days before the exam are kept for a final review when the plan has this many days or more. */
export const FINAL_REVIEW_DAYS = 2;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface PlanFile {
  fileId: string;
  name: string;
  pageCount: number;
  /** Pages already studied (1-based). */
  studiedPages: readonly number[];
}

export interface PlanCard {
  id: string;
  srs: Pick<SrsState, 'due' | 'stability' | 'last_review' | 'state'>;
}

export interface MissedTopic {
  fileId: string;
  topic: string;
  page: number;
  /** Questions on it answered wrongly. */
  misses: number;
}

export interface PlanInput {
  /** Today, `YYYY-MM-DD` in the student's time zone. */
  today: string;
  /** The exam day (not a study day of the plan). */
  examDate: string;
  /** Days of the week the student studies (0 Sunday … 6 Saturday). */
  studyDays: readonly Weekday[];
  /** The weekly study time goal. */
  weeklyHours: number;
  files: readonly PlanFile[];
  cards: readonly PlanCard[];
  missedTopics: readonly MissedTopic[];
  /** Minutes already studied today (counted against today's budget). */
  studiedTodayMinutes?: number;
}

export type PlanSession =
  | { kind: 'read'; fileId: string; fromPage: number; toPage: number; minutes: number }
  | { kind: 'review'; cards: number; minutes: number }
  | { kind: 'quiz'; fileId: string; topic: string | null; page: number | null; minutes: number }
  | { kind: 'final'; fileId: string; minutes: number };

export interface PlanDay {
  date: string;
  budgetMinutes: number;
  sessions: PlanSession[];
  /** Minutes planned (never above the budget). */
  minutes: number;
  final: boolean;
}

export interface PlanShortfall {
  /** Minutes of reading and reviews that found no room before the exam. */
  missingMinutes: number;
  /**
   * The fewest weekly hours (a goal the goals page takes: half hours, within its bounds) at which
   * the whole plan fits; null when no such goal does (no study day left, or more than the most a
   * goal allows).
   */
  weeklyHoursNeeded: number | null;
  /** Files whose unread pages, set aside, would let the rest fit (largest remainder first). */
  setAside: { fileId: string; name: string; unreadPages: number }[];
}

export interface StudyPlan {
  days: PlanDay[];
  fits: boolean;
  shortfall: PlanShortfall | null;
  totals: {
    readMinutes: number;
    reviewMinutes: number;
    quizMinutes: number;
    finalMinutes: number;
    unreadPages: number;
    reviewsBeforeExam: number;
    /** Days holding at least one session: the days the schedule page lists, and the number it says. */
    studyDays: number;
  };
}

const DAY_MS = 86_400_000;

export { dayNumber, dayString };
const weekday = (n: number): Weekday => weekdayOf(n) as Weekday;

/** The daily budget: the weekly goal shared over the study days, in whole 5-minute steps. */
export function dailyBudgetMinutes(weeklyHours: number, studyDays: readonly Weekday[]): number {
  const days = new Set(studyDays).size;
  if (days === 0 || !(weeklyHours > 0)) return 0;
  return Math.floor((weeklyHours * 60) / days / 5) * 5;
}

