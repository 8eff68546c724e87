// A student's study history for the tests and the planning benchmark: quiz answers and card
// reviews spread evenly over the last days and over the subjects (several a day in each), as the
// activity path records them (functions/platform/activity.ts): answers right, wrong and skipped,
// open answers with a score, both difficulties, the same pages missed again, reviews with and
// without FSRS's predicted recall.
import { dayNumber, dayString } from '../../functions/core/calendar.js';
import { addToRollups, rollupsOf, studyDelta, type MonthRollup, type StatQuizRecord, type StatReviewRecord } from '../../functions/core/statistics.js';
import { localDate } from '../../functions/core/streak.js';
import type { HistoryRecord } from '../../functions/platform/store/progress.js';

export interface HistoryShape {
  subjects: readonly string[];
  /** The last day (`YYYY-MM-DD`) and how many days before it, itself included, hold records. */
  today: string;
  days: number;
  reviews: number;
  quizzes: number;
  /** Files quizzed (`f0`, `f1`, … named `Chapitre 0`, …), pages of each, questions asked. */
  files?: number;
  pages?: number;
  topics?: number;
}

const ratings = ['again', 'hard', 'good', 'easy'] as const;

/** The answers and reviews, each with the id the activity path would give it. */
export function studyHistory(shape: HistoryShape): { id: string; record: HistoryRecord }[] {
  const { subjects, today, days, files = 4, pages = 30, topics = 40 } = shape;
  const first = dayNumber(today) - (days - 1);
  // The i-th of `count` records: its day (evenly spread, oldest first) and an instant in it.
  const at = (i: number, count: number, hour: string) => new Date(Date.parse(`${dayString(first + Math.floor((i * days) / count))}T${hour}:00:00Z`) + i * 1000).toISOString();
  const out: { id: string; record: HistoryRecord }[] = [];
  for (let i = 0; i < shape.reviews; i++) {
    const subject_id = subjects[i % subjects.length];
    out.push({ id: `r${i}`, record: { kind: 'review', at: at(i, shape.reviews, '09'), subject_id, card_id: `c${i % 800}`, rating: ratings[i % 4], predicted: i % 5 ? 0.9 - (i % 7) / 20 : null } });
  }
  for (let i = 0; i < shape.quizzes; i++) {
    const subject_id = subjects[i % subjects.length];
    const file = i % files;
    const open = i % 3 === 0;
    out.push({
      id: `q${i}`,
      record: {
        kind: 'quiz',
        at: at(i, shape.quizzes, '17'),
        subject_id,
        file_id: `f${file}`,
        type: open ? 'open' : 'mcq',
        difficulty: i % 2 ? 'easy' : 'hard',
        correct: i % 5 === 0 ? null : !open && i % 4 !== 1,
        score: open ? (i * 37) % 101 : null,
        topic: `Question ${i % topics}`,
        pages: [{ file_id: `f${file}`, file_name: `Chapitre ${file}`, page: 1 + (i % pages) }],
      },
    });
  }
  return out;
}

/** The records dated in the student's calendar (Paris, as the activity path does without a zone). */
export const datedHistory = (history: { record: HistoryRecord }[]): (StatQuizRecord | StatReviewRecord)[] =>
  history.map(({ record }) => ({ ...record, date: localDate(new Date(record.at)) }) as StatQuizRecord | StatReviewRecord);

/** The month roll-ups the activity path leaves for these records and study days (one subject's, or all of them). */
export function rollupsFor(history: { record: HistoryRecord }[], studyMs: { date: string; ms: number }[]): MonthRollup[] {
  const rollups = new Map(rollupsOf(datedHistory(history)).map((r) => [r.month, r]));
  for (const d of studyMs) addToRollups(rollups, studyDelta(d.date, d.ms));
  return [...rollups.values()];
}
