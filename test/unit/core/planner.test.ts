// The exam-date planner's guarantees: the budget holds every day, everything due before the exam is
// planned when it fits, the reading is spread over every study day, and a plan that does not fit
// says by how much, the weekly hours at which it does fit (it does, at those hours), and what to set
// aside.
import { describe, expect, it } from 'vitest';
import { GOAL_BOUNDS } from '../../../functions/core/goals.js';
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
    // The hours named are the fewest a goal can name at which it fits.
    const needed = plan.shortfall!.weeklyHoursNeeded!;
    expect(planStudy(base({ examDate: '2026-12-02', weeklyHours: needed, files: [file('bio', 120), file('eco', 30), file('droit', 10)] })).fits).toBe(true);
    expect(planStudy(base({ examDate: '2026-12-02', weeklyHours: needed - 0.5, files: [file('bio', 120), file('eco', 30), file('droit', 10)] })).fits).toBe(false);
  });

  it('names weekly hours at which the plan fits, for any subject, exam and pages (the final review days included)', () => {
    const random = seeded(2323);
    const next = () => random.next().value as number;
    let named = 0;
    for (let i = 0; i < 250; i++) {
      const start = dayNumber('2026-11-25') + Math.floor(next() * 7);
      const input: PlanInput = {
        today: dayString(start),
        examDate: dayString(start + 1 + Math.floor(next() * 120)),
        studyDays: [0, 1, 2, 3, 4, 5, 6].filter(() => next() < 0.5) as Weekday[],
        weeklyHours: 1 + Math.floor(next() * 12) / 2,
        files: Array.from({ length: 1 + Math.floor(next() * 6) }, (_, f) =>
          file(`f${f}`, 1 + Math.floor(next() * 250), Array.from({ length: 30 }, (_, p) => p + 1).filter(() => next() < 0.3)),
        ),
        cards: Array.from({ length: Math.floor(next() * 300) }, (_, c) => card(`c${c}`, dayString(start - 10 + Math.floor(next() * 130)), 0.5 + next() * 60)),
        missedTopics: Array.from({ length: Math.floor(next() * 8) }, (_, m) => ({ fileId: 'f0', topic: `t${m}`, page: 1 + m, misses: 1 + Math.floor(next() * 5) })),
      };
      const plan = planStudy(input);
      if (plan.fits) continue;
      const hours = plan.shortfall!.weeklyHoursNeeded;
      if (hours === null) {
        // Only when even the most a goal allows does not fit.
        expect(planStudy({ ...input, weeklyHours: GOAL_BOUNDS.weeklyHours.max }).fits, `case ${i}`).toBe(false);
        continue;
      }
      named++;
      expect(hours, `case ${i}`).toBeGreaterThan(input.weeklyHours);
      expect(hours % GOAL_BOUNDS.weeklyHours.step).toBe(0);
      expect(hours).toBeLessThanOrEqual(GOAL_BOUNDS.weeklyHours.max);
      const atNamed = planStudy({ ...input, weeklyHours: hours });
      expect(atNamed.fits, `case ${i}: ${hours} h named`).toBe(true);
      expect(atNamed.shortfall).toBeNull();
    }
    expect(named).toBeGreaterThan(50);
  });

  it('spreads the reading over every study day before the final review, an even share each', () => {
    // Three weeks of weekdays (15 study days) and a 6-hour weekly goal for 64 pages.
    const plan = planStudy(base({ today: '2026-11-30', examDate: '2026-12-19', weeklyHours: 6 }));
    expect(plan.fits).toBe(true);
    expect(plan.days).toHaveLength(15);
    // Every study day holds something, and the page counts the days it lists.
    expect(plan.days.every((d) => d.sessions.length > 0)).toBe(true);
    expect(plan.totals.studyDays).toBe(15);
    const reading = plan.days.filter((d) => !d.final).map((d) => d.sessions.filter((s) => s.kind === 'read').reduce((n, s) => n + s.minutes / MINUTES_PER_PAGE, 0));
    expect(reading).toHaveLength(13);
    // 64 pages over 13 days: 4 or 5 a day, never 20 one day and none the next.
    expect(Math.max(...reading) - Math.min(...reading)).toBeLessThanOrEqual(1);
    expect(reading.reduce((a, b) => a + b, 0)).toBe(64);
  });

  it('spreads it evenly for any material that fits, and counts the days it fills', () => {
    const random = seeded(77);
    const next = () => random.next().value as number;
    let spread = 0;
    for (let i = 0; i < 200; i++) {
      const start = dayNumber('2026-11-25');
      const input: PlanInput = {
        today: dayString(start),
        examDate: dayString(start + 1 + Math.floor(next() * 60)),
        studyDays: [0, 1, 2, 3, 4, 5, 6].filter(() => next() < 0.6) as Weekday[],
        weeklyHours: 1 + Math.floor(next() * 30) / 2,
        files: Array.from({ length: 1 + Math.floor(next() * 3) }, (_, f) => file(`f${f}`, 1 + Math.floor(next() * 120), [2, 5, 9].filter(() => next() < 0.5))),
        cards: [],
        missedTopics: [],
      };
      const plan = planStudy(input);
      expect(plan.totals.studyDays).toBe(plan.days.filter((d) => d.sessions.length > 0).length);
      const readingDays = plan.days.filter((d) => !d.final);
      const pages = readingDays.map((d) => d.sessions.filter((s) => s.kind === 'read').reduce((n, s) => n + s.minutes / MINUTES_PER_PAGE, 0));
      const total = pages.reduce((a, b) => a + b, 0);
      if (!plan.fits || total < 3 * readingDays.length) continue;
      spread++;
      expect(Math.max(...pages) - Math.min(...pages), `case ${i}: ${pages.join(' ')}`).toBeLessThanOrEqual(1);
    }
    expect(spread).toBeGreaterThan(20);
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

describe('an exam date stored before dates were bounded', () => {
  it('is planned over two years at most: the plan stays a size a page and a function can answer', () => {
    const plan = planStudy(base({ examDate: '9999-12-31', weeklyHours: 6, files: [file('bio', 400)] }));
    const last = plan.days[plan.days.length - 1].date;
    expect(last < '2028-12-31').toBe(true);
    expect(JSON.stringify(plan).length).toBeLessThan(1_000_000);
  });
});
