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
//   what is left, at least MIN_SESSION_MINUTES' worth unless fewer pages are left), not packed
//   into the first days; quizzes and practice never take a page's room;
// - when it does not fit, the plan says so with the minutes missing, the weekly hours that make it
//   fit (found by planning at those hours: set them as the goal and the same material fits), and
//   which files to set aside to fit the time there is.
import { addYears, EXAM_DATE_YEARS_AHEAD } from './bounds.js';
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


/** Unread pages of a file as runs of consecutive pages, in the document's order (see core/studied.ts). */
export const unreadRuns = (file: PlanFile): { from: number; to: number }[] => unreadRunsOf(file.pageCount, file.studiedPages);

interface OpenDay extends PlanDay {
  left: number;
}

const add = (day: OpenDay, session: PlanSession) => {
  day.sessions.push(session);
  day.minutes += session.minutes;
  day.left -= session.minutes;
};

/** A reading session is never shorter than this many pages, unless fewer are left. */
const MIN_SESSION_PAGES = Math.ceil(MIN_SESSION_MINUTES / MINUTES_PER_PAGE);

/** The first index of `sorted` (ascending) holding a value ≥ `value`, or its length. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Schedule {
  days: OpenDay[];
  missingMinutes: number;
  readMinutes: number;
  reviewMinutes: number;
  quizMinutes: number;
  finalMinutes: number;
  reviewsBeforeExam: number;
}

/** What is to be planned, whatever the budget: computed once however many budgets are tried. */
interface Material {
  /** The day each review falling due before the exam is due (overdue ones: today). */
  dueDays: number[];
  /** Cards due after the exam that would be forgotten by then. */
  forgottenByExam: number;
  /** The unread pages as runs, files in order; `last`: the file's last run. */
  runs: { fileId: string; from: number; to: number; last: boolean }[];
}

function materialOf(input: PlanInput): Material {
  const today = dayNumber(input.today);
  const exam = dayNumber(input.examDate);
  const examAt = new Date(exam * DAY_MS);
  const dueDays: number[] = [];
  let forgottenByExam = 0;
  for (const card of input.cards) {
    const due = Math.max(today, Math.floor(Date.parse(card.srs.due) / DAY_MS));
    if (due < exam) dueDays.push(due);
    else if (card.srs.state !== 'new' && recallProbability(card.srs, examAt) < REQUEST_RETENTION) forgottenByExam++;
  }
  const runs = input.files.flatMap((f) => unreadRuns(f).map((r, k, all) => ({ fileId: f.fileId, from: r.from, to: r.to, last: k === all.length - 1 })));
  return { dueDays, forgottenByExam, runs };
}

/** The plan at a daily budget: each day's sessions and what found no room. */
function schedule(input: PlanInput, material: Material, budget: number): Schedule {
  const today = dayNumber(input.today);
  const exam = dayNumber(input.examDate);
  const studyDays = new Set(input.studyDays);

  const days: OpenDay[] = [];
  const dayNumbers: number[] = [];
  for (let n = today; n < exam; n++) {
    if (!studyDays.has(weekday(n))) continue;
    const dayBudget = n === today ? Math.max(0, budget - Math.round(input.studiedTodayMinutes ?? 0)) : budget;
    days.push({ date: dayString(n), budgetMinutes: dayBudget, sessions: [], minutes: 0, final: false, left: dayBudget });
    dayNumbers.push(n);
  }
  const finalCount = days.length > FINAL_REVIEW_DAYS * 2 ? FINAL_REVIEW_DAYS : days.length > 2 ? 1 : 0;
  for (const d of days.slice(days.length - finalCount)) d.final = true;

  // 1. Card reviews: each on the first study day on or after it falls due (overdue ones today);
  //    cards that come due after the exam but would be forgotten by then join the final review.
  const reviewsByDay = new Map<number, number>();
  for (const due of material.dueDays) {
    const index = firstAtLeast(dayNumbers, due);
    if (index < days.length) reviewsByDay.set(index, (reviewsByDay.get(index) ?? 0) + 1);
  }
  const finalIndex = days.findIndex((d) => d.final);
  if (material.forgottenByExam && finalIndex >= 0) reviewsByDay.set(finalIndex, (reviewsByDay.get(finalIndex) ?? 0) + material.forgottenByExam);
  let carried = 0;
  let reviewMinutes = 0;
  days.forEach((day, i) => {
    const wanted = carried + (reviewsByDay.get(i) ?? 0);
    const fit = Math.min(wanted, Math.floor(day.left / MINUTES_PER_REVIEW));
    if (fit > 0) {
      const minutes = Math.ceil(fit * MINUTES_PER_REVIEW);
      add(day, { kind: 'review', cards: fit, minutes });
      reviewMinutes += minutes;
    }
    carried = wanted - fit;
  });
  let missingMinutes = Math.ceil(carried * MINUTES_PER_REVIEW);

  // 2. Reading, in each file's order, spread over the days before the final review: each day an
  //    even share of the pages left over the days left with room (at least a session's worth),
  //    and never less than what the later days could not hold — so all of it is read whenever
  //    the days' room allows it, and the last reading days are as full as the first.
  const reading = days.filter((d) => !d.final);
  const capacity = reading.map((d) => (d.left >= Math.max(MIN_SESSION_MINUTES, MINUTES_PER_PAGE) ? Math.floor(d.left / MINUTES_PER_PAGE) : 0));
  const laterCapacity = new Array<number>(reading.length).fill(0);
  const daysWithRoom = new Array<number>(reading.length).fill(0);
  for (let i = reading.length - 1; i >= 0; i--) {
    laterCapacity[i] = i + 1 < reading.length ? laterCapacity[i + 1] + capacity[i + 1] : 0;
    daysWithRoom[i] = (i + 1 < reading.length ? daysWithRoom[i + 1] : 0) + (capacity[i] > 0 ? 1 : 0);
  }
  const queue = material.runs.map((r) => ({ ...r }));
  let next = 0;
  let pagesLeft = queue.reduce((n, r) => n + r.to - r.from + 1, 0);
  /** The reading day on which each file's last unread page is read. */
  const finishedOn = new Map<string, number>();
  let readMinutes = 0;
  reading.forEach((day, i) => {
    if (!pagesLeft || !capacity[i]) return;
    let pages = Math.min(capacity[i], pagesLeft, Math.max(Math.ceil(pagesLeft / daysWithRoom[i]), MIN_SESSION_PAGES, pagesLeft - laterCapacity[i]));
    // No remainder too small for a session of its own: it is read today when today has the room.
    if (pagesLeft - pages > 0 && pagesLeft - pages < MIN_SESSION_PAGES && pagesLeft <= capacity[i]) pages = pagesLeft;
    pagesLeft -= pages;
    while (pages > 0) {
      const run = queue[next];
      const n = Math.min(pages, run.to - run.from + 1);
      add(day, { kind: 'read', fileId: run.fileId, fromPage: run.from, toPage: run.from + n - 1, minutes: n * MINUTES_PER_PAGE });
      readMinutes += n * MINUTES_PER_PAGE;
      pages -= n;
      run.from += n;
      if (run.from > run.to) {
        next++;
        if (run.last) finishedOn.set(run.fileId, i);
      }
    }
  });
  const unreadPages = pagesLeft;
  missingMinutes += unreadPages * MINUTES_PER_PAGE;

  // 3. A quiz on each file read to its end, on that day or the next reading day with room left.
  let quizMinutes = 0;
  for (const file of input.files) {
    const from = finishedOn.get(file.fileId);
    if (from === undefined) continue;
    const day = reading.slice(from).find((d) => d.left >= QUIZ_SESSION_MINUTES);
    if (!day) continue;
    add(day, { kind: 'quiz', fileId: file.fileId, topic: null, page: null, minutes: QUIZ_SESSION_MINUTES });
    quizMinutes += QUIZ_SESSION_MINUTES;
  }

  // 4. Practice on the topics most often missed, in the room left: one a day, spread over the
  //    reading days, the most missed first.
  const topics = [...input.missedTopics].sort((a, b) => b.misses - a.misses || a.page - b.page);
  const practised = new Set<number>();
  topics.forEach((topic, t) => {
    for (let i = Math.floor((t * reading.length) / topics.length); i < reading.length; i++) {
      if (practised.has(i) || reading[i].left < QUIZ_SESSION_MINUTES) continue;
      practised.add(i);
      add(reading[i], { kind: 'quiz', fileId: topic.fileId, topic: topic.topic, page: topic.page, minutes: QUIZ_SESSION_MINUTES });
      quizMinutes += QUIZ_SESSION_MINUTES;
      return;
    }
  });

  // 5. The final review days: the room left goes to each file in turn (its sheet and a mixed quiz).
  let finalMinutes = 0;
  if (input.files.length) {
    let f = 0;
    for (const day of days.filter((d) => d.final)) {
      const share = Math.floor(day.left / Math.max(1, Math.min(input.files.length, Math.floor(day.left / MIN_SESSION_MINUTES))));
      while (day.left >= MIN_SESSION_MINUTES && share >= MIN_SESSION_MINUTES) {
        const minutes = Math.min(share, day.left);
        add(day, { kind: 'final', fileId: input.files[f % input.files.length].fileId, minutes });
        finalMinutes += minutes;
        f++;
      }
    }
  }

  return { days, missingMinutes, readMinutes, reviewMinutes, quizMinutes, finalMinutes, reviewsBeforeExam: material.dueDays.length };
}

const fitsIn = (s: Schedule) => s.missingMinutes === 0 && s.days.length > 0;

/**
 * The fewest weekly hours a goal can name (half hours, within the goals' bounds) above `weeklyHours`
 * at which the plan fits, found by planning at them; null when even the most a goal allows does not.
 */
function hoursThatFit(input: PlanInput, material: Material): number | null {
  const { min, max, step } = GOAL_BOUNDS.weeklyHours;
  const fitsAt = (hours: number) => fitsIn(schedule(input, material, dailyBudgetMinutes(hours, input.studyDays)));
  // Candidates are multiples of the step: k × step for k in (lo, hi].
  let lo = Math.max(Math.ceil(min / step) - 1, Math.floor(input.weeklyHours / step));
  let hi = Math.floor(max / step);
  if (lo >= hi || !fitsAt(hi * step)) return null;
  // fitsAt(hi × step) holds throughout, so the hours named are hours the plan was seen to fit at.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fitsAt(mid * step)) hi = mid;
    else lo = mid;
  }
  return hi * step;
}

export function planStudy(asked: PlanInput): StudyPlan {
  // An exam date stored before dates were bounded (year 9999) is planned over the window a new one
  // may take: the plan, and the page and coach that read it, stay a bounded size.
  const horizon = addYears(asked.today, EXAM_DATE_YEARS_AHEAD);
  const input = asked.examDate > horizon ? { ...asked, examDate: horizon } : asked;
  const material = materialOf(input);
  const planned = schedule(input, material, dailyBudgetMinutes(input.weeklyHours, input.studyDays));
  const { days, missingMinutes, readMinutes, reviewMinutes } = planned;
  const fits = fitsIn(planned);
  const unreadOf = (f: PlanFile) => unreadPageCount(f.pageCount, f.studiedPages);
  let shortfall: PlanShortfall | null = null;
  if (!fits) {
    const setAside: PlanShortfall['setAside'] = [];
    let toFree = missingMinutes;
    const byRemainder = input.files
      .map((f) => ({ fileId: f.fileId, name: f.name, unreadPages: unreadOf(f) }))
      .filter((f) => f.unreadPages > 0)
      .sort((a, b) => b.unreadPages - a.unreadPages || a.name.localeCompare(b.name));
    for (const f of byRemainder) {
      if (toFree <= 0) break;
      setAside.push(f);
      toFree -= f.unreadPages * MINUTES_PER_PAGE;
    }
    shortfall = { missingMinutes: missingMinutes || readMinutes + reviewMinutes, weeklyHoursNeeded: hoursThatFit(input, material), setAside };
  }

  return {
    days: days.map(({ left: _left, ...day }) => day),
    fits,
    shortfall,
    totals: {
      readMinutes,
      reviewMinutes,
      quizMinutes: planned.quizMinutes,
      finalMinutes: planned.finalMinutes,
      unreadPages: input.files.reduce((n, f) => n + unreadOf(f), 0),
      reviewsBeforeExam: planned.reviewsBeforeExam,
      studyDays: days.filter((d) => d.sessions.length > 0).length,
    },
  };
}
