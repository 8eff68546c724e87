import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessage } from '../../../functions/core/errors.js';
import { createExamBody } from '../../../functions/core/exam.js';
import { goalsSchema } from '../../../functions/core/goals.js';
import { describeIssues, refinement } from '../../../functions/core/validation.js';
import { parse } from '../../../functions/platform/http.js';

/** The `invalid_input` message a body gets from a schema, in both languages. */
function said(schema: z.ZodType, value: unknown): { fr: string; en: string } {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('accepted');
  const details = describeIssues(result.error.issues, value);
  return { fr: errorMessage('invalid_input', 'fr', { details }), en: errorMessage('invalid_input', 'en', { details }) };
}

describe('validation messages', () => {
  it('say the goal bounds in the caller\'s language only (issue 23: "weekly_hours: Too big: expected number to be <=60")', () => {
    expect(said(goalsSchema, { weekly_hours: 100, target_grade: 12.3, target_quiz_score: 80 })).toEqual({
      fr: 'Données invalides : weekly_hours : au plus 60 ; target_grade : doit être un multiple de 0,5',
      en: 'Invalid input: weekly_hours: at most 60; target_grade: must be a multiple of 0.5',
    });
  });

  it('tell a missing field from a wrong one, and name unknown fields', () => {
    expect(said(goalsSchema, { weekly_hours: 'six', target_grade: 15, admin: true })).toEqual({
      fr: 'Données invalides : weekly_hours : un nombre est attendu ; target_quiz_score : champ obligatoire ; champ inconnu : admin',
      en: 'Invalid input: weekly_hours: a number is expected; target_quiz_score: required; unknown field: admin',
    });
  });

  it('list the values a choice accepts, literals of a union included', () => {
    expect(said(createExamBody, { minutes: 30, format: 'oral' })).toEqual({
      fr: 'Données invalides : minutes : une de ces valeurs : 20, 60, 120 ; format : une de ces valeurs : mcq, open, mixed',
      en: 'Invalid input: minutes: one of: 20, 60, 120; format: one of: mcq, open, mixed',
    });
  });

  it('say lengths, list sizes, whole and finite numbers, one issue a field', () => {
    const schema = z
      .object({ title: z.string().min(1).max(3), code: z.string().min(2), tags: z.array(z.string()).min(1).max(2), n: z.number().int().max(1_000), x: z.number(), ok: z.boolean() })
      .strict();
    expect(said(schema, { title: '', code: 'a', tags: ['a', 'b', 'c'], n: 1e308, x: Infinity, ok: 'yes' })).toEqual({
      fr: 'Données invalides : title : ne doit pas être vide ; code : au moins 2 caractères ; tags : au plus 2 éléments ; n : au plus 1\u202f000 ; x : un nombre fini est attendu',
      en: 'Invalid input: title: must not be empty; code: at least 2 characters; tags: at most 2 items; n: at most 1,000; x: a finite number is expected',
    });
    expect(said(schema, { title: 'abcd', code: 'ab', tags: [], n: 1.5, x: 1, ok: 'yes' }).en).toBe(
      'Invalid input: title: at most 3 characters; tags: at least 1 item; n: a whole number is expected; ok: true or false is expected',
    );
  });

  it('carry our own checks\' messages in both languages', () => {
    const schema = z.object({ from: z.number(), to: z.number() }).refine((q) => q.from <= q.to, refinement('from ne doit pas dépasser to', 'from must not exceed to'));
    expect(said(schema, { from: 5, to: 2 })).toEqual({ fr: 'Données invalides : from ne doit pas dépasser to', en: 'Invalid input: from must not exceed to' });
  });

  it('reach the API\'s error the same way (functions/platform/http.ts parse)', () => {
    let thrown: unknown;
    try {
      parse(goalsSchema, { weekly_hours: 5e-324, target_grade: 15, target_quiz_score: 80 });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: 'invalid_input', status: 400 });
    const { code, params } = thrown as { code: 'invalid_input'; params: Record<string, never> };
    expect(errorMessage(code, 'fr', params)).toBe('Données invalides : weekly_hours : au moins 1');
    expect(errorMessage(code, 'en', params)).toBe('Invalid input: weekly_hours: at least 1');
  });
});
