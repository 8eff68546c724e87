// Statistics from month roll-ups: a month read live (its attributes), packed (the compact string a
// month that is over keeps), packed by the earlier version (its attributes as JSON) or folded from
// the history records all give the same figures; a record added after packing counts with it. A
// question passed or left blank is not an answer; a file is studied when the plan has nothing left
// to read in it.
import { describe, expect, it } from 'vitest';
import {
  addAttrs,
  computeStatistics,
  monthCounters,
  packMonth,
  rollupDelta,
  studyDaysOfRollups,
  unpackMonth,
  type MonthCounters,
  type MonthRollup,
  type StatQuizRecord,
  type StatRange,
} from '../../../functions/core/statistics.js';
import { datedHistory, rollupsFor, studyHistory } from '../../support/history.js';

const today = '2026-03-14';
const history = studyHistory({ subjects: ['s1', 's2'], today, days: 75, reviews: 300, quizzes: 120, files: 3, pages: 6, topics: 9 });
const study = Array.from({ length: 75 }, (_, d) => ({ date: `2026-${String(1 + Math.floor(d / 31)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')}`, ms: 60_000 * (1 + (d % 7)) }));
const live: MonthRollup[] = rollupsFor(history, study);

const statsOf = (months: MonthCounters[]) =>
  Object.fromEntries((['7d', '30d', 'all'] as StatRange[]).map((range) => [range, computeStatistics({ range, today, days: studyDaysOfRollups(months), rollups: months, files: [] })]));

describe('month roll-ups', () => {
  it('give the same figures live, packed, packed by the earlier version and from the history', () => {
    const decoded = live.map(monthCounters);
    const packed = decoded.map((m) => unpackMonth(m.month, packMonth(m)));
    const packedAsAttrs = live.map((r) => unpackMonth(r.month, JSON.stringify(r.attrs)));
    const expected = statsOf(decoded);
    expect(statsOf(packed)).toEqual(expected);
    expect(statsOf(packedAsAttrs)).toEqual(expected);
    const fromHistory = Object.fromEntries(
      (['7d', '30d', 'all'] as StatRange[]).map((range) => [range, computeStatistics({ range, today, days: studyDaysOfRollups(decoded), history: datedHistory(history), files: [] })]),
    );
    expect(fromHistory).toEqual(expected);
    // 120 questions, one in five passed: 96 answers.
    expect(expected.all.quiz.answered).toBe(96);
    expect(expected.all.quiz.skipped).toBe(24);
    expect(expected.all.quiz.by_difficulty.easy.answered + expected.all.quiz.by_difficulty.hard.answered).toBe(96);
    expect(expected.all.reviews.total).toBe(300);
    expect(expected.all.missed[0].misses).toBeGreaterThan(1);
    expect(expected.all.missed[0].topics.length).toBeGreaterThan(0);
    expect(expected['7d'].study.length).toBe(7);
  });

  it('count a record added after the month was packed, beside the packed counters', () => {
    const january = history.filter(({ record }) => datedHistory([{ record }])[0].date.startsWith('2026-01'));
    const [first, ...rest] = january;
    const packedEarly = unpackMonth('2026-01', packMonth(monthCounters(rollupsFor(rest, [])[0])));
    const delta = rollupDelta(datedHistory([first])[0]);
    const late = addAttrs(packedEarly, { ...delta.numbers, ...delta.sets, ...delta.names });
    const all = monthCounters(rollupsFor(january, [])[0]);
    expect(rest.length).toBeGreaterThan(10);
    expect(statsOf([late]).all).toEqual(statsOf([all]).all);
  });

  it('pack a month far smaller than its attributes, as arrays of numbers', () => {
    const month = live.find((r) => r.month === '2026-02')!;
    const packed = packMonth(monthCounters(month));
    expect(packed.startsWith('{"v":2,')).toBe(true);
    expect(packed.length).toBeLessThan(JSON.stringify(month.attrs).length * 0.6);
  });
});

describe('what statistics call answered and studied', () => {
  const exam = (i: number, correct: boolean | null): StatQuizRecord => ({
    kind: 'quiz',
    at: `${today}T10:00:0${i % 10}.000Z`,
    date: today,
    file_id: 'bio',
    difficulty: 'hard',
    type: 'mcq',
    correct,
    score: null,
    topic: `Question ${i}`,
    pages: [{ file_id: 'bio', file_name: 'Biologie', page: 1 + (i % 3) }],
  });

  it('count an exam of 13 questions with 4 answered (1 right) as 1 out of 4, 9 skipped', () => {
    const history = Array.from({ length: 13 }, (_, i) => exam(i, i === 0 ? true : i < 4 ? false : null));
    const stats = computeStatistics({ range: '7d', today, days: [], history, files: [] });
    expect(stats.quiz).toMatchObject({ answered: 4, correct: 1, skipped: 9, percent: 25 });
    expect(stats.quiz.by_day).toEqual([{ date: today, answered: 4, correct: 1, percent: 25 }]);
    expect(stats.quiz.by_difficulty.hard).toEqual({ answered: 4, correct: 1, percent: 25 });
    // The blanks are still misses of their pages.
    expect(stats.missed.reduce((n, m) => n + m.misses, 0)).toBe(12);
    // A day of blanks alone has no score to draw.
    expect(computeStatistics({ range: '7d', today, days: [], history: [exam(1, null)], files: [] }).quiz).toMatchObject({ answered: 0, skipped: 1, percent: null, by_day: [] });
  });

  it('list as not yet studied every file with pages the plan still has to read, quizzed or not', () => {
    const history = [exam(0, true)];
    const files = [
      { file_id: 'bio', name: 'Biologie', page_count: 10, studied_pages: [1, 2, 3, 4, 5, 6, 7] },
      { file_id: 'eco', name: 'Économie', page_count: 3, studied_pages: [1, 2, 3] },
      { file_id: 'droit', name: 'Droit', page_count: 4, studied_pages: [] },
    ];
    const stats = computeStatistics({ range: 'all', today, days: [], history, files });
    expect(stats.unstudied_files).toEqual([
      { file_id: 'bio', name: 'Biologie', page_count: 10, unread_pages: 3, first_unread_page: 8 },
      { file_id: 'droit', name: 'Droit', page_count: 4, unread_pages: 4, first_unread_page: 1 },
    ]);
  });
});
