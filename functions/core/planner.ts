// The exam-date plan: what to do each study day until the exam, from what the student still has to
// learn and what they will forget. Pure: the caller passes today's date, the material and the cards,
// and gets the same plan for the same inputs; a plan is computed again from the current state each
// time it is read, so it re-balances by itself when the student falls behind or gets ahead.
//
// Guarantees (tested in test/unit/core/planner.test.ts):
// - a day never holds more minutes than the daily budget;
// - when everything fits, every unread page is read before the final review days, and every card
//   review falling due before the exam is scheduled on or after its due day;
// - when it does not fit, the plan says so with the minutes missing, the weekly hours that would
//   make it fit, and which files to set aside to fit the time there is.
import { dayNumber, dayString, weekdayOf } from './calendar.js';
import { recallProbability, REQUEST_RETENTION, type SrsState } from './srs.js';

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
  /** Weekly hours that would make the whole plan fit (rounded up to the half hour). */
  weeklyHoursNeeded: number;
  /** Files whose unread pages, set aside, would let the rest fit (largest remainder first). */
  setAside: { fileId: string; name: string; unreadPages: number }[];
}

export interface StudyPlan {
  days: PlanDay[];
  fits: boolean;
  shortfall: PlanShortfall | null;
  totals: { readMinutes: number; reviewMinutes: number; quizMinutes: number; finalMinutes: number; unreadPages: number; reviewsBeforeExam: number };
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

/** Unread pages of a file as runs of consecutive pages, in the document's order. */
export function unreadRuns(file: PlanFile): { from: number; to: number }[] {
  const studied = new Set(file.studiedPages);
  const runs: { from: number; to: number }[] = [];
  for (let p = 1; p <= file.pageCount; p++) {
    if (studied.has(p)) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === p - 1) last.to = p;
    else runs.push({ from: p, to: p });
  }
  return runs;
}

interface OpenDay extends PlanDay {
  left: number;
}

const add = (day: OpenDay, session: PlanSession) => {
  day.sessions.push(session);
  day.minutes += session.minutes;
  day.left -= session.minutes;
};

export function planStudy(input: PlanInput): StudyPlan {
  const today = dayNumber(input.today);
  const exam = dayNumber(input.examDate);
  const budget = dailyBudgetMinutes(input.weeklyHours, input.studyDays);
  const studyDays = new Set(input.studyDays);

  const days: OpenDay[] = [];
  for (let n = today; n < exam; n++) {
    if (!studyDays.has(weekday(n))) continue;
    const dayBudget = n === today ? Math.max(0, budget - Math.round(input.studiedTodayMinutes ?? 0)) : budget;
    days.push({ date: dayString(n), budgetMinutes: dayBudget, sessions: [], minutes: 0, final: false, left: dayBudget });
  }
  const finalCount = days.length > FINAL_REVIEW_DAYS * 2 ? FINAL_REVIEW_DAYS : days.length > 2 ? 1 : 0;
  for (const d of days.slice(days.length - finalCount)) d.final = true;

  // 1. Card reviews: each on the first study day on or after it falls due (overdue ones today);
  //    cards that come due after the exam but would be forgotten by then join the final review.
  const examAt = new Date(exam * DAY_MS);
  const reviewsByDay = new Map<number, number>();
  let reviewsBeforeExam = 0;
  let forgottenByExam = 0;
  for (const card of input.cards) {
    const due = Math.max(today, Math.floor(Date.parse(card.srs.due) / DAY_MS));
    if (due < exam) {
      reviewsBeforeExam++;
      const index = days.findIndex((d) => dayNumber(d.date) >= due);
      if (index >= 0) reviewsByDay.set(index, (reviewsByDay.get(index) ?? 0) + 1);
    } else if (card.srs.state !== 'new' && recallProbability(card.srs, examAt) < REQUEST_RETENTION) {
      forgottenByExam++;
    }
  }
  const finalIndex = days.findIndex((d) => d.final);
  if (forgottenByExam && finalIndex >= 0) reviewsByDay.set(finalIndex, (reviewsByDay.get(finalIndex) ?? 0) + forgottenByExam);
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

  // 2. Reading, in each file's order, on the days before the final review; a quiz on the file
  //    once its last pages are read, when there is room.
  const reading = days.filter((d) => !d.final);
  let dayIndex = 0;
  let readMinutes = 0;
  let quizMinutes = 0;
  const unread = new Map<string, number>();
  for (const file of input.files) {
    for (const run of unreadRuns(file)) {
      let from = run.from;
      while (from <= run.to) {
        while (dayIndex < reading.length && reading[dayIndex].left < Math.max(MIN_SESSION_MINUTES, MINUTES_PER_PAGE)) dayIndex++;
        if (dayIndex >= reading.length) break;
        const day = reading[dayIndex];
        const pages = Math.min(run.to - from + 1, Math.floor(day.left / MINUTES_PER_PAGE));
        add(day, { kind: 'read', fileId: file.fileId, fromPage: from, toPage: from + pages - 1, minutes: pages * MINUTES_PER_PAGE });
        readMinutes += pages * MINUTES_PER_PAGE;
        from += pages;
      }
      if (from <= run.to) unread.set(file.fileId, (unread.get(file.fileId) ?? 0) + run.to - from + 1);
    }
    const day = reading[dayIndex];
    if (!unread.has(file.fileId) && unreadRuns(file).length && day && day.left >= QUIZ_SESSION_MINUTES) {
      add(day, { kind: 'quiz', fileId: file.fileId, topic: null, page: null, minutes: QUIZ_SESSION_MINUTES });
      quizMinutes += QUIZ_SESSION_MINUTES;
    }
  }
  const unreadPages = [...unread.values()].reduce((a, b) => a + b, 0);
  missingMinutes += unreadPages * MINUTES_PER_PAGE;

  // 3. Practice on the topics most often missed, in the room left, most missed first.
  const topics = [...input.missedTopics].sort((a, b) => b.misses - a.misses || a.page - b.page);
  let t = 0;
  for (const day of reading) {
    if (t >= topics.length) break;
    if (day.left < QUIZ_SESSION_MINUTES) continue;
    const topic = topics[t++];
    add(day, { kind: 'quiz', fileId: topic.fileId, topic: topic.topic, page: topic.page, minutes: QUIZ_SESSION_MINUTES });
    quizMinutes += QUIZ_SESSION_MINUTES;
  }

  // 4. The final review days: the room left goes to each file in turn (its sheet and a mixed quiz).
  let finalMinutes = 0;
  const finals = days.filter((d) => d.final);
  if (input.files.length) {
    let f = 0;
    for (const day of finals) {
      const share = Math.floor(day.left / Math.max(1, Math.min(input.files.length, Math.floor(day.left / MIN_SESSION_MINUTES))));
      while (day.left >= MIN_SESSION_MINUTES && share >= MIN_SESSION_MINUTES) {
        const minutes = Math.min(share, day.left);
        add(day, { kind: 'final', fileId: input.files[f % input.files.length].fileId, minutes });
        finalMinutes += minutes;
        f++;
      }
    }
  }

  const fits = missingMinutes === 0 && days.length > 0;
  let shortfall: PlanShortfall | null = null;
  if (!fits) {
    const needed = readMinutes + reviewMinutes + missingMinutes;
    const weeks = Math.max(1, (exam - today) / 7);
    const perWeek = studyDays.size ? needed / weeks : needed;
    const setAside: PlanShortfall['setAside'] = [];
    let toFree = missingMinutes;
    const byRemainder = input.files
      .map((f) => ({ fileId: f.fileId, name: f.name, unreadPages: unreadRuns(f).reduce((n, r) => n + r.to - r.from + 1, 0) }))
      .filter((f) => f.unreadPages > 0)
      .sort((a, b) => b.unreadPages - a.unreadPages || a.name.localeCompare(b.name));
    for (const f of byRemainder) {
      if (toFree <= 0) break;
      setAside.push(f);
      toFree -= f.unreadPages * MINUTES_PER_PAGE;
    }
    shortfall = { missingMinutes: missingMinutes || needed, weeklyHoursNeeded: Math.ceil((perWeek / 60) * 2) / 2, setAside };
  }

  return {
    days: days.map(({ left: _left, ...day }) => day),
    fits,
    shortfall,
    totals: { readMinutes, reviewMinutes, quizMinutes, finalMinutes, unreadPages: input.files.reduce((n, f) => n + unreadRuns(f).reduce((m, r) => m + r.to - r.from + 1, 0), 0), reviewsBeforeExam },
  };
}
