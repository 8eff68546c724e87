// A valid request for every route that reads a body or a query, and the extreme values a careless
// or hostile client sends instead of each of its fields: the input of the request-bounds property
// tests (test/unit/api/request-bounds.test.ts through the handlers, test/integration/
// request-bounds.test.ts through the laptop host). A route added to the table with a body and no
// sample here fails those tests, so that no request schema escapes them.
import { addYears } from '../../functions/core/bounds.js';
import { dayNumber, dayString } from '../../functions/core/calendar.js';
import { localDate } from '../../functions/core/streak.js';

export interface RequestSample {
  /** Query string parameters. */
  query?: Record<string, string>;
  /** A JSON body. */
  body?: Record<string, unknown>;
}

/** Today in Paris, and a day some way ahead of it: a valid exam date and due date. */
export const today = (): string => localDate(new Date(), 'Europe/Paris');
export const daysAhead = (n: number): string => dayString(dayNumber(today()) + n);

/** Valid requests by route key (`METHOD /path`). `{}`: the route takes no body or query at all. */
export function requestSamples(): Record<string, RequestSample> {
  const tz = 'Europe/Paris';
  return {
    'GET /api/referrals/check': { query: { code: 'ABC123' } },
    'POST /api/reminders/unsubscribe': { body: { token: 'not-a-real-token' } },
    'POST /api/referrals': { body: { code: 'ABC123' } },
    'PATCH /api/profile': { body: { language: 'fr', education_level: 'licence', specialization: 'Biologie', school: 'Lycée', study_reminders: false } },
    'POST /api/onboarding': { body: { language: 'fr', education_level: 'licence', specialization: 'Biologie', school: null } },
    'POST /api/checkout': { body: { mode: 'subscription', success_url: '/profile?success=true', cancel_url: '/profile?canceled=true' } },
    'POST /api/billing-portal': { body: { return_url: '/profile' } },
    'POST /api/promo': { body: { code: 'NOPE' } },
    'POST /api/streak': { body: { timezone: tz } },
    'POST /api/exports': {},
    'POST /api/subjects': { body: { name: 'Biologie', color_index: 2 } },
    'POST /api/subjects/{subjectId}/uploads': { body: { file_name: 'cours.pdf', size: 1000, content_type: 'application/pdf', display_name: 'Cours', text_pages: ['Une page'] } },
    'POST /api/subjects/{subjectId}/files/{fileId}/complete': {},
    'GET /api/subjects/{subjectId}/files/{fileId}/pages': { query: { from: '1', to: '2' } },
    'POST /api/subjects/{subjectId}/questions': { body: { question: 'Qu’est-ce que la photosynthèse ?', mode: 'course', conversation_id: 'c1', file_id: 'f1' } },
    'PUT /api/subjects/{subjectId}/conversations/{conversationId}': { body: { title: 'Titre' } },
    'POST /api/subjects/{subjectId}/sheets': { body: { file_id: 'f1' } },
    'PUT /api/subjects/{subjectId}/sheets/{sheetId}': { body: { title: 'Titre' } },
    'POST /api/subjects/{subjectId}/quiz-sessions': { body: { file_id: 'f1', difficulty: 'easy' } },
    'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions': { body: { type: 'mcq' } },
    'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions/{questionId}/answer': { body: { choice: 1, timezone: tz } },
    'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/end': {},
    'POST /api/subjects/{subjectId}/decks': { body: { file_id: 'f1', count: 10 } },
    'GET /api/subjects/{subjectId}/cards': { query: { due: '1', limit: '50' } },
    'POST /api/subjects/{subjectId}/cards': { body: { front: 'Recto', back: 'Verso' } },
    'GET /api/subjects/{subjectId}/cards/export': { query: { format: 'csv' } },
    'GET /api/cards/export': { query: { format: 'apkg' } },
    'PATCH /api/subjects/{subjectId}/cards/{cardId}': { body: { front: 'Recto', back: 'Verso' } },
    'POST /api/subjects/{subjectId}/cards/{cardId}/review': { body: { rating: 'good', reps: 3, timezone: tz } },
    'GET /api/goals': { query: { timezone: tz } },
    'PUT /api/goals': { body: { weekly_hours: 6.5, target_grade: 15, target_quiz_score: 80, current_grade: 11.5 } },
    'POST /api/subjects/{subjectId}/activity': { body: { active_ms: 30_000, timezone: tz } },
    'PUT /api/subjects/{subjectId}/exam': { body: { exam_date: daysAhead(30), study_days: [1, 3, 5], timezone: tz } },
    'GET /api/subjects/{subjectId}/plan': { query: { timezone: tz } },
    'GET /api/subjects/{subjectId}/plan.ics': { query: { timezone: tz } },
    'POST /api/subjects/{subjectId}/files/{fileId}/studied': { body: { pages: [1, 2] } },
    'GET /api/subjects/{subjectId}/todos': { query: { timezone: tz, limit: '50' } },
    'POST /api/subjects/{subjectId}/todos': { body: { title: 'Relire le cours', due_date: daysAhead(7) } },
    'POST /api/subjects/{subjectId}/todos/from-plan': { query: { timezone: tz } },
    'PATCH /api/subjects/{subjectId}/todos/{todoId}': { body: { title: 'Relire le cours', due_date: daysAhead(7), done: true } },
    'GET /api/subjects/{subjectId}/stats': { query: { range: '7d', timezone: tz } },
    'GET /api/subjects/{subjectId}/stats/summary': { query: { timezone: tz } },
    'GET /api/stats': { query: { range: '30d', timezone: tz } },
    'GET /api/stats/summary': { query: { timezone: tz } },
    'POST /api/subjects/{subjectId}/exams': { body: { file_ids: ['f1'], minutes: 20, format: 'mcq', timezone: tz } },
    'PUT /api/subjects/{subjectId}/exams/{examId}/answers/{questionId}': { body: { choice: 1, time_ms: 1_000 } },
    'POST /api/subjects/{subjectId}/exams/{examId}/submit': {},
    'GET /api/subjects/{subjectId}/coach': { query: { timezone: tz } },
    'POST /api/subjects/{subjectId}/coach/messages': { body: { message: 'Que réviser ?', timezone: tz } },
    'POST /api/subjects/{subjectId}/cases': { body: { file_id: 'f1' } },
    'POST /api/subjects/{subjectId}/cases/{caseId}/questions/{questionId}/answer': { body: { answer: 'Ma réponse' } },
    'POST /api/subjects/{subjectId}/podcasts': { body: { file_id: 'f1', duration: 'short', style: 'host' } },
    'POST /api/podcasts/{podcastId}/save': {},
    'PUT /api/podcasts/{podcastId}/position': { body: { segment: 1, seconds: 2.5 } },
    // Paged lists (core/paging.ts): `limit` fed extreme values like any number.
    'GET /api/subjects': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/files': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/conversations': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/sheets': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/exams': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/cases': { query: { limit: '50' } },
    'GET /api/subjects/{subjectId}/podcasts': { query: { limit: '50' } },
    'GET /api/podcasts': { query: { limit: '50' } },
  };
}

/**
 * Fields whose value is rounded to its step rather than refused (core/bounds.ts `roundedNumber`):
 * a tiny positive number there is kept as 0, not refused.
 */
export const ROUNDED_FIELDS = new Set(['PUT /api/podcasts/{podcastId}/position seconds']);

/** Fields whose date must also lie from today to two years ahead (core/bounds.ts `checkExamDate`). */
export const EXAM_DATE_FIELDS = new Set(['PUT /api/subjects/{subjectId}/exam exam_date']);

/** Numbers, written as JSON text, that no field accepts: denormals, underflows, overflows, non-finite (`1e999` parses as Infinity). */
export const EXTREME_NUMBERS = ['5e-324', '-5e-324', '1e-320', '1e-200', '1e308', '-1e308', '1e999', '-1e999'] as const;
/** Not JSON at all, but what a careless encoder writes. */
export const NOT_JSON_NUMBERS = ['NaN', 'Infinity', '-Infinity'] as const;
/** Tiny, of the numbers above: rounded to 0 in a rounded field. */
export const TINY = new Set(['5e-324', '-5e-324', '1e-320', '1e-200']);
/** Zeros: valid or refused depending on the field, never a 500. */
export const ZEROS = ['0', '-0', '0.0', '-0e0'] as const;

/** Dates no field accepts: impossible, out of the calendar's bounds, or not dates. */
export const EXTREME_DATES = ['9999-12-31', '0001-01-01', '1999-12-31', '2100-01-01', '2024-02-30', '+275760-09-13', '2024-1-1', ''] as const;
/** Dates a calendar field accepts but an exam date does not: past, beyond two years. */
export const examOutOfWindow = (): string[] => ['2020-01-01', daysAhead(-1), dayString(dayNumber(addYears(today(), 2)) + 1), '2099-12-31'];

export interface Leaf {
  /** Dotted path of the field (`pages.0`). */
  field: string;
  /** The sample's value there. */
  value: unknown;
}

/** Every leaf of a body: each field, each array element. */
export function leavesOf(value: unknown, prefix = ''): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, prefix ? `${prefix}.${i}` : String(i)));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leavesOf(v, prefix ? `${prefix}.${k}` : k));
  return [{ field: prefix, value }];
}

/** The body as JSON text with the leaf at `field` replaced by `raw` (JSON text, or not JSON at all). */
export function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = '\u0000raw\u0000';
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = field.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys[keys.length - 1]] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

/** Route path with every `{param}` filled. */
export const fillPath = (path: string, values: Record<string, string> = {}): string => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `${name}-x1`);

/** The path parameters of a route, filled as `fillPath` fills them. */
export function pathParams(path: string, values: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) out[name] = values[name] ?? `${name}-x1`;
  return out;
}

/** English a French message must not hold (zod's own words above all), and French an English one must not. */
export const ENGLISH_WORDS = /\b(expected|received|Too big|Too small|Invalid|Unrecognized|must|required|at most|at least|characters|items)\b/;
export const FRENCH_WORDS = /(Données|attendu|au plus|au moins|caractères|éléments|champ|doit)/;
