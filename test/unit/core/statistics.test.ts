// Statistics from month roll-ups: a month read live (its attributes), packed (the compact string a
// month that is over keeps), packed by the earlier version (its attributes as JSON) or folded from
// the history records all give the same figures; a record added after packing counts with it.
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
    expect(expected.all.quiz.answered).toBe(120);
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
