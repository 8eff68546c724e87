// Statistics of a subject (or the whole account) over a range: study time per day, quiz scores
// over time and by difficulty, the open answers' average, card reviews per day with FSRS's
// predicted recall beside the recall the student actually showed, the pages and topics most often
// missed, and the files not yet studied. Pure: computed from the day records and the history the
// stores read (functions/platform/store/progress.ts).
import { dayNumber, dayString } from './calendar.js';
import { PASSING_SCORE } from './limits.js';

export const statRanges = ['7d', '30d', 'all'] as const;
export type StatRange = (typeof statRanges)[number];

export interface StatQuizRecord {
  kind: 'quiz';
  at: string;
  date: string;
  file_id: string;
  difficulty: 'easy' | 'hard';
  type: 'mcq' | 'open';
  correct: boolean | null;
  score: number | null;
  topic: string;
  pages: { file_id: string; file_name: string; page: number }[];
}

export interface StatReviewRecord {
  kind: 'review';
  date: string;
  rating: 'again' | 'hard' | 'good' | 'easy';
  predicted: number | null;
}

export interface StatFile {
  file_id: string;
  name: string;
  studied_pages: number;
  page_count: number;
}

export interface Statistics {
  range: StatRange;
  from: string;
  to: string;
  study: { date: string; minutes: number }[];
  total_minutes: number;
  quiz: {
    answered: number;
    correct: number;
    skipped: number;
    percent: number | null;
    by_day: { date: string; answered: number; correct: number; percent: number }[];
    by_difficulty: Record<'easy' | 'hard', { answered: number; correct: number; percent: number | null }>;
    open_average: number | null;
  };
  reviews: {
    total: number;
    by_day: { date: string; count: number }[];
    /** Mean recall FSRS predicted at the reviews, and the share of those reviews the student recalled. */
    retention: { predicted: number | null; actual: number | null; reviews: number };
  };
  /** Pages most often missed (wrong or "I don't know"), most first: each opens the viewer there. */
  missed: { file_id: string; file_name: string; page: number; misses: number; topics: string[] }[];
  unstudied_files: { file_id: string; name: string; page_count: number }[];
}

/**
 * The pages of the questions missed (wrong, "I don't know", or an open answer under the passing
 * score), with how often and the topics asked there, most missed first.
 */
export function missedPages(quizzes: Pick<StatQuizRecord, 'correct' | 'score' | 'topic' | 'pages'>[]): Statistics['missed'] {
  const pages = new Map<string, Statistics['missed'][number]>();
  for (const q of quizzes) {
    if (q.correct === true || (q.score !== null && q.score >= PASSING_SCORE)) continue;
    for (const p of q.pages) {
      const key = `${p.file_id}#${p.page}`;
      const entry = pages.get(key) ?? { file_id: p.file_id, file_name: p.file_name, page: p.page, misses: 0, topics: [] };
      entry.misses++;
      if (!entry.topics.includes(q.topic)) entry.topics.push(q.topic);
      pages.set(key, entry);
    }
  }
  return [...pages.values()].sort((a, b) => b.misses - a.misses || a.file_name.localeCompare(b.file_name) || a.page - b.page);
}

/** The first day of a range ending today (all history: the first day with a record, or today). */
export function rangeStart(range: StatRange, today: string, firstRecord: string | null): string {
  if (range === '7d') return dayString(dayNumber(today) - 6);
  if (range === '30d') return dayString(dayNumber(today) - 29);
  return firstRecord && firstRecord < today ? firstRecord : today;
}

const percent = (correct: number, answered: number): number | null => (answered ? Math.round((correct / answered) * 100) : null);

export function computeStatistics(input: {
  range: StatRange;
  today: string;
  days: { date: string; study_seconds: number }[];
  history: (StatQuizRecord | StatReviewRecord)[];
  files: StatFile[];
}): Statistics {
  const first = [...input.days.map((d) => d.date), ...input.history.map((h) => h.date)].sort()[0] ?? null;
  const from = rangeStart(input.range, input.today, first);
  const to = input.today;
  const inRange = (date: string) => date >= from && date <= to;

  const minutesByDay = new Map<string, number>();
  for (const d of input.days) if (inRange(d.date)) minutesByDay.set(d.date, (minutesByDay.get(d.date) ?? 0) + d.study_seconds / 60);
  const study: Statistics['study'] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const date = dayString(n);
    study.push({ date, minutes: Math.round(minutesByDay.get(date) ?? 0) });
  }

  const quizzes = input.history.filter((h): h is StatQuizRecord => h.kind === 'quiz' && inRange(h.date));
  const reviews = input.history.filter((h): h is StatReviewRecord => h.kind === 'review' && inRange(h.date));

  const judged = quizzes.filter((q) => q.correct !== null);
  const correct = judged.filter((q) => q.correct).length;
  const quizDays = new Map<string, { answered: number; correct: number }>();
  for (const q of quizzes) {
    const day = quizDays.get(q.date) ?? { answered: 0, correct: 0 };
    day.answered++;
    if (q.correct) day.correct++;
    quizDays.set(q.date, day);
  }
  const difficulty = (d: 'easy' | 'hard') => {
    const of = quizzes.filter((q) => q.difficulty === d);
    const right = of.filter((q) => q.correct).length;
    return { answered: of.length, correct: right, percent: percent(right, of.length) };
  };
  const scores = quizzes.filter((q) => q.type === 'open' && q.score !== null).map((q) => q.score as number);

  const reviewDays = new Map<string, number>();
  for (const r of reviews) reviewDays.set(r.date, (reviewDays.get(r.date) ?? 0) + 1);
  const predictedReviews = reviews.filter((r) => r.predicted !== null);

  const quizzedFiles = new Set(input.history.filter((h): h is StatQuizRecord => h.kind === 'quiz').map((q) => q.file_id));

  return {
    range: input.range,
    from,
    to,
    study,
    total_minutes: study.reduce((n, d) => n + d.minutes, 0),
    quiz: {
      answered: quizzes.length,
      correct,
      skipped: quizzes.length - judged.length,
      percent: percent(correct, quizzes.length),
      by_day: [...quizDays].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => ({ date, ...d, percent: percent(d.correct, d.answered) ?? 0 })),
      by_difficulty: { easy: difficulty('easy'), hard: difficulty('hard') },
      open_average: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    },
    reviews: {
      total: reviews.length,
      by_day: [...reviewDays].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count })),
      retention: {
        predicted: predictedReviews.length ? Math.round((predictedReviews.reduce((n, r) => n + (r.predicted as number), 0) / predictedReviews.length) * 100) / 100 : null,
        actual: predictedReviews.length ? Math.round((predictedReviews.filter((r) => r.rating !== 'again').length / predictedReviews.length) * 100) / 100 : null,
        reviews: predictedReviews.length,
      },
    },
    missed: missedPages(quizzes).slice(0, 10),
    unstudied_files: input.files.filter((f) => f.studied_pages === 0 && !quizzedFiles.has(f.file_id)).map((f) => ({ file_id: f.file_id, name: f.name, page_count: f.page_count })),
  };
}
