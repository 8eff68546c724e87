import { describe, expect, it } from 'vitest';
import { addYears, calendarDay, checkExamDate, examDateWindow, formatDay, roundedNumber, steppedNumber, toStep } from '../../../functions/core/bounds.js';
import { POSITION_SECONDS } from '../../../functions/core/limits.js';
import { AppError, errorMessage } from '../../../functions/core/errors.js';
import { GOAL_BOUNDS, goalsSchema } from '../../../functions/core/goals.js';
import { examBody, podcastPositionBody, todoBody } from '../../../functions/core/schemas.js';

/** The message a refused exam date gets, in both languages, or 'ok'. */
function examDateVerdict(date: string, today: string): string | { code: string; fr: string; en: string } {
  try {
    checkExamDate(date, today);
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, fr: errorMessage(err.code, 'fr', err.params), en: errorMessage(err.code, 'en', err.params) };
  }
}

describe('the exam date', () => {
  it('is accepted from today to the same day two years ahead, both included', () => {
    expect(examDateWindow('2026-05-12')).toEqual({ min: '2026-05-12', max: '2028-05-12' });
    expect(examDateVerdict('2026-05-12', '2026-05-12')).toBe('ok');
    expect(examDateVerdict('2028-05-12', '2026-05-12')).toBe('ok');
  });

  it('in the past is refused, saying from when, in the caller\'s language', () => {
    expect(examDateVerdict('2026-05-11', '2026-05-12')).toEqual({
      code: 'exam_date_past',
      fr: "La date de l'examen est déjà passée (au plus tôt aujourd'hui, le 12 mai 2026).",
      en: 'The exam date has already passed (today, 12 May 2026, at the earliest).',
    });
    expect(examDateVerdict('0001-01-01', '2026-05-12')).toMatchObject({ code: 'exam_date_past' });
  });

  it('beyond two years is refused, saying the last day', () => {
    expect(examDateVerdict('2028-05-13', '2026-05-12')).toEqual({
      code: 'exam_date_too_far',
      fr: "La date de l'examen est trop lointaine (au plus tard le 12 mai 2028, dans deux ans).",
      en: 'The exam date is too far ahead (12 May 2028 at the latest, two years from now).',
    });
    expect(examDateVerdict('9999-12-31', '2026-05-01')).toMatchObject({ code: 'exam_date_too_far', fr: expect.stringContaining('1er mai 2028') });
  });

  it('two years after 29 February is 28 February', () => {
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
    expect(addYears('2026-12-31', 2)).toBe('2028-12-31');
  });

  it('must be a real day before its window is even looked at', () => {
    const base = { study_days: [1] };
    expect(examBody.safeParse({ ...base, exam_date: '2027-02-29' }).success).toBe(false);
    expect(examBody.safeParse({ ...base, exam_date: '+275760-09-13' }).success).toBe(false);
    expect(examBody.safeParse({ ...base, exam_date: '2028-02-29', timezone: 'Pacific/Kiritimati' }).success).toBe(true);
  });
});

describe('calendar days (a task\'s due date)', () => {
  it('are real days from 1 January 2000 to 31 December 2099', () => {
    for (const d of ['2000-01-01', '2024-02-29', '2099-12-31']) expect(calendarDay.safeParse(d).success, d).toBe(true);
    for (const d of ['1999-12-31', '2100-01-01', '2023-02-29', '2024-13-01', '9999-12-31', '0001-01-01', '2024-1-1', '', '2024-01-01T00:00:00Z']) {
      expect(calendarDay.safeParse(d).success, d).toBe(false);
    }
    expect(todoBody.safeParse({ title: 'Relire', due_date: null }).success).toBe(true);
  });

  it('are said as a reader would: "1er mai", "12 May"', () => {
    expect(formatDay('2028-05-01', 'fr')).toBe('1er mai 2028');
    expect(formatDay('2028-05-12', 'fr')).toBe('12 mai 2028');
    expect(formatDay('2028-05-12', 'en')).toBe('12 May 2028');
  });
});

describe('stepped numbers (goals)', () => {
  const grade = steppedNumber(GOAL_BOUNDS.grade);

  it('keep the exact multiple of their step, never -0', () => {
    expect(grade.parse(11.5)).toBe(11.5);
    expect(grade.parse(6.499999999999999)).toBe(6.5);
    expect(Object.is(grade.parse(-0), 0)).toBe(true);
  });

  it('refuse what is off the step, however close to a multiple: no denormal, no underflow reaches storage', () => {
    for (const v of [12.3, 1e-200, 5e-324, 1e-320, -5e-324, 0.25]) expect(grade.safeParse(v).success, String(v)).toBe(false);
    for (const v of [1e308, -1e308, Infinity, -Infinity, NaN, 20.5, -0.5]) expect(grade.safeParse(v).success, String(v)).toBe(false);
  });

  it('apply to every goal', () => {
    const goals = { weekly_hours: 6.5, target_grade: 15, target_quiz_score: 80 };
    expect(goalsSchema.parse({ ...goals, current_grade: -0 })).toEqual({ ...goals, current_grade: 0 });
    for (const field of ['weekly_hours', 'target_grade', 'target_quiz_score']) {
      expect(goalsSchema.safeParse({ ...goals, [field]: 1e-200 }).success, field).toBe(false);
    }
  });
});

describe('rounded numbers (a listening position)', () => {
  it('are kept to the tenth of a second: a denormal becomes 0', () => {
    const seconds = roundedNumber(POSITION_SECONDS);
    expect(seconds.parse(12.34)).toBe(12.3);
    expect(seconds.parse(1e-320)).toBe(0);
    expect(Object.is(seconds.parse(-0), 0)).toBe(true);
    expect(seconds.parse(3_600)).toBe(3_600);
    expect(podcastPositionBody.parse({ segment: 2, seconds: 5e-324 })).toEqual({ segment: 2, seconds: 0 });
  });

  it('still refuse what is out of range or not finite', () => {
    for (const v of [3_600.01, -0.01, 1e308, Infinity, NaN]) expect(podcastPositionBody.safeParse({ segment: 0, seconds: v }).success, String(v)).toBe(false);
  });

  it('are written as their step is (0.1 × 3 is 0.3)', () => {
    expect(toStep(0.30000000000000004, 0.1)).toBe(0.3);
    expect(toStep(2.25, 0.5)).toBe(2.5);
  });
});
