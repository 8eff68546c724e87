// The exam-date planner's guarantees: the budget holds every day, everything due before the exam is
// planned when it fits, and a plan that does not fit says by how much and what to set aside.
import { describe, expect, it } from 'vitest';
import {
  dailyBudgetMinutes,
  dayNumber,
  dayString,
  MINUTES_PER_PAGE,
  planStudy,
  type PlanCard,
  type PlanFile,
  type PlanInput,
  type Weekday,
} from '../../../functions/core/planner.js';

const weekdays: Weekday[] = [1, 2, 3, 4, 5];
const file = (fileId: string, pageCount: number, studiedPages: number[] = []): PlanFile => ({ fileId, name: `${fileId}.pdf`, pageCount, studiedPages });
const card = (id: string, due: string, stability = 5, lastReview: string | null = '2026-11-20T10:00:00Z'): PlanCard => ({
  id,
  srs: { due: `${due}T08:00:00Z`, stability, last_review: lastReview, state: lastReview ? 'review' : 'new' },
});
const base = (over: Partial<PlanInput> = {}): PlanInput => ({
  today: '2026-11-25',
  examDate: '2026-12-16',
  studyDays: weekdays,
  weeklyHours: 7,
  files: [file('bio', 40), file('eco', 24)],
  cards: [],
  missedTopics: [],
  ...over,
});

/** A small deterministic generator, so the property below covers the same cases each run. */
function* seeded(seed: number) {
  let s = seed;
  for (;;) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    yield s / 2 ** 31;
  }
}

describe('exam-date planner', () => {
  it('shares the weekly goal over the study days', () => {
    expect(dailyBudgetMinutes(7, weekdays)).toBe(80);
    expect(dailyBudgetMinutes(10, [0, 1, 2, 3, 4, 5, 6])).toBe(85);
    expect(dailyBudgetMinutes(5, [])).toBe(0);
  });

  it('plans only study days before the exam, and reads every page in order before the final review', () => {
    const plan = planStudy(base());
    expect(plan.fits).toBe(true);
    expect(plan.shortfall).toBeNull();
    for (const d of plan.days) {
      expect(weekdays).toContain(((dayNumber(d.date) + 4) % 7) as Weekday);
      expect(d.date < '2026-12-16' && d.date >= '2026-11-25').toBe(true);
    }
    const reads = plan.days.flatMap((d) => d.sessions.flatMap((s) => (s.kind === 'read' ? [{ ...s, date: d.date, final: d.final }] : [])));
    for (const id of ['bio', 'eco']) {
      const pages = reads.filter((r) => r.fileId === id).flatMap((r) => Array.from({ length: r.toPage - r.fromPage + 1 }, (_, i) => r.fromPage + i));
      expect(pages).toEqual(Array.from({ length: id === 'bio' ? 40 : 24 }, (_, i) => i + 1));
    }
    expect(reads.every((r) => !r.final)).toBe(true);
    const finals = plan.days.filter((d) => d.final);
    expect(finals.map((d) => d.date)).toEqual(['2026-12-14', '2026-12-15']);
    expect(finals.every((d) => d.sessions.some((s) => s.kind === 'final'))).toBe(true);
  });

  it('schedules each review falling due before the exam on or after its due day, and what will be forgotten by the exam at the end', () => {
    const cards = [card('a', '2026-11-20'), card('b', '2026-11-28'), card('c', '2026-12-03'), card('d', '2027-01-30', 3), card('e', '2027-03-01', 400)];
    const plan = planStudy(base({ cards }));
    const reviews = plan.days.flatMap((d) => d.sessions.flatMap((s) => (s.kind === 'review' ? [{ date: d.date, cards: s.cards }] : [])));
    expect(plan.totals.reviewsBeforeExam).toBe(3);
    // Overdue: today. 28 November is a Saturday: the Monday after. 3 December: that Thursday.
    expect(reviews.slice(0, 3)).toEqual([
      { date: '2026-11-25', cards: 1 },
      { date: '2026-11-30', cards: 1 },
      { date: '2026-12-03', cards: 1 },
    ]);
    // d (stability 3 days) is due after the exam but will be forgotten by then; e (400 days) will not.
    expect(reviews.slice(3)).toEqual([{ date: '2026-12-14', cards: 1 }]);
  });

  it('never plans more minutes than the daily budget, whatever it is given', () => {
    const random = seeded(42);
    const next = () => random.next().value as number;
    for (let i = 0; i < 300; i++) {
      const start = dayNumber('2026-11-25');
      const input: PlanInput = {
        today: dayString(start),
        examDate: dayString(start + 1 + Math.floor(next() * 70)),
        studyDays: [0, 1, 2, 3, 4, 5, 6].filter(() => next() < 0.6) as Weekday[],
        weeklyHours: Math.round(next() * 40 * 2) / 2,
        files: Array.from({ length: 1 + Math.floor(next() * 4) }, (_, f) => file(`f${f}`, 1 + Math.floor(next() * 300), [1, 2, 3].filter(() => next() < 0.5))),
        cards: Array.from({ length: Math.floor(next() * 400) }, (_, c) => card(`c${c}`, dayString(start - 10 + Math.floor(next() * 90)), 0.5 + next() * 60)),
        missedTopics: Array.from({ length: Math.floor(next() * 6) }, (_, m) => ({ fileId: 'f0', topic: `t${m}`, page: 1 + m, misses: 1 + Math.floor(next() * 5) })),
        studiedTodayMinutes: Math.floor(next() * 90),
      };
      const plan = planStudy(input);
      for (const d of plan.days) {
        expect(d.minutes, `case ${i}, ${d.date}`).toBeLessThanOrEqual(d.budgetMinutes);
        expect(d.sessions.reduce((n, s) => n + s.minutes, 0)).toBe(d.minutes);
        for (const s of d.sessions) expect(s.minutes).toBeGreaterThan(0);
      }
      if (plan.fits) expect(plan.totals.unreadPages * MINUTES_PER_PAGE).toBeLessThanOrEqual(plan.totals.readMinutes);
    }
  });

  it('says plainly when the material does not fit: how many minutes are missing, the weekly hours needed, what to set aside', () => {
    const plan = planStudy(base({ examDate: '2026-12-02', weeklyHours: 2, files: [file('bio', 120), file('eco', 30), file('droit', 10)] }));
    expect(plan.fits).toBe(false);
    const read = plan.totals.readMinutes;
    expect(plan.shortfall!.missingMinutes).toBe((160 * MINUTES_PER_PAGE - read));
    // One week to the exam: all of it within that week.
    expect(plan.shortfall!.weeklyHoursNeeded).toBeGreaterThanOrEqual((160 * MINUTES_PER_PAGE) / 60);
    expect(plan.shortfall!.setAside[0]).toEqual({ fileId: 'bio', name: 'bio.pdf', unreadPages: 120 });
    const freed = plan.shortfall!.setAside.reduce((n, f) => n + f.unreadPages * MINUTES_PER_PAGE, 0);
    expect(freed).toBeGreaterThanOrEqual(plan.shortfall!.missingMinutes);
  });

  it('re-balances from the current state: pages studied leave the plan, time studied today shrinks today', () => {
    const before = planStudy(base());
    const after = planStudy(base({ files: [file('bio', 40, Array.from({ length: 20 }, (_, i) => i + 1)), file('eco', 24)], studiedTodayMinutes: 30 }));
    expect(after.totals.readMinutes).toBe(before.totals.readMinutes - 20 * MINUTES_PER_PAGE);
    expect(after.days[0].budgetMinutes).toBe(before.days[0].budgetMinutes - 30);
    const firstRead = after.days.flatMap((d) => d.sessions).find((s) => s.kind === 'read');
    expect(firstRead).toMatchObject({ fileId: 'bio', fromPage: 21 });
  });

  it('with no study day before the exam, plans nothing and says it does not fit', () => {
    const plan = planStudy(base({ examDate: '2026-11-25' }));
    expect(plan.days).toEqual([]);
    expect(plan.fits).toBe(false);
    expect(plan.shortfall!.missingMinutes).toBe(64 * MINUTES_PER_PAGE);
  });
});
