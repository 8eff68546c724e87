// The planning and progress API (functions/api/progress.ts, plan.ts, todos.ts, statistics.ts) as
// the web app calls it: goals with this week's progress, the study-page heartbeat, the exam date
// and its day-by-day plan (and its calendar file), revision tasks, and statistics (detailed for
// Premium, a summary otherwise). Every request names the browser's time zone, so "today" and
// "this week" are the student's own.
import type { Goals } from '../../../functions/core/goals';
import type { StudyPlan } from '../../../functions/core/planner';
import type { Statistics, StatRange } from '../../../functions/core/statistics';
import { activityBody, examBody, goalsBody, todoBody, todoChangeBody } from '../../../functions/core/schemas';
import { browserTimeZone, withTimeZone } from './timezone';
import { api, request } from './client';

export type { Goals, StudyPlan, Statistics, StatRange };
export type PlanSession = StudyPlan['days'][number]['sessions'][number];

export interface WeekProgress {
  from: string;
  to: string;
  minutes: number;
  goalMinutes: number;
  percent: number;
}

export interface ExamSettings {
  exam_date: string;
  study_days: number[];
}

export type PlanReply =
  | { exam: null; plan: null }
  | { exam: ExamSettings; weekly_hours: number; plan: StudyPlan; files: { file_id: string; name: string }[] };

export interface Todo {
  id: string;
  subject_id: string;
  title: string;
  due_date: string | null;
  done: boolean;
  overdue?: boolean;
  created_at: string;
  done_at: string | null;
  plan: { kind: 'read' | 'review' | 'quiz' | 'final'; file_id: string | null; from_page: number | null; to_page: number | null } | null;
}

export interface StatsSummary {
  range: StatRange;
  from: string;
  to: string;
  total_minutes: number;
  /** Answers given (passed and blank questions apart, as `skipped`). */
  quiz: { answered: number; correct: number; skipped: number };
  reviews: number;
}


const enc = encodeURIComponent;
const subjectPath = (subjectId: string) => `/subjects/${enc(subjectId)}`;
const zoned = (path: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  const zone = browserTimeZone();
  if (zone) params.set('timezone', zone);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

export const progressApi = {
  goals: () => api.get<{ goals: Goals | null; week: WeekProgress }>(zoned('/goals')),
  saveGoals: (goals: Goals) => request<Goals>('PUT', '/goals', goals, { schema: goalsBody }),

  /** A heartbeat: the active time since the last one. Not retried (a late beat is simply lost). */
  activity: (subjectId: string, activeMs: number, opts: { keepalive?: boolean } = {}) => {
    const body = withTimeZone({ active_ms: Math.round(activeMs) });
    return api.post<{ credited_ms: number }>(`${subjectPath(subjectId)}/activity`, body, { retry: false, schema: activityBody, keepalive: opts.keepalive });
  },

  plan: (subjectId: string) => api.get<PlanReply>(zoned(`${subjectPath(subjectId)}/plan`)),
  saveExam: (subjectId: string, exam: ExamSettings) => request<ExamSettings>('PUT', `${subjectPath(subjectId)}/exam`, exam, { schema: examBody }),
  /** The plan as an iCalendar file (text). */
  planCalendar: (subjectId: string) => api.get<string>(zoned(`${subjectPath(subjectId)}/plan.ics`), { text: true }),

  todos: (subjectId: string) => api.getAll<{ todos: Todo[] }>(zoned(`${subjectPath(subjectId)}/todos`), 'todos'),
  /** Not retried: a second try would add the task twice. */
  addTodo: (subjectId: string, body: { title: string; due_date?: string | null }) =>
    api.post<Todo>(`${subjectPath(subjectId)}/todos`, body, { retry: false, schema: todoBody }),
  /** Idempotent on the server: each session of the plan is added once, in place of the plan's open tasks taken before. */
  addPlanTodos: (subjectId: string) => api.post<{ added: number; replaced: number; todos: Todo[] }>(zoned(`${subjectPath(subjectId)}/todos/from-plan`)),
  changeTodo: (subjectId: string, todoId: string, body: { title?: string; due_date?: string | null; done?: boolean }) =>
    api.patch<Todo>(`${subjectPath(subjectId)}/todos/${enc(todoId)}`, body, { schema: todoChangeBody }),
  removeTodo: (subjectId: string, todoId: string) => api.del<void>(`${subjectPath(subjectId)}/todos/${enc(todoId)}`),

  /** Detailed statistics (Premium): a subject's, or the whole account's without a subject. */
  stats: (subjectId: string | null, range: StatRange) => api.get<Statistics>(zoned(subjectId ? `${subjectPath(subjectId)}/stats` : '/stats', { range })),
  summary: (subjectId: string | null) => api.get<StatsSummary>(zoned(subjectId ? `${subjectPath(subjectId)}/stats/summary` : '/stats/summary')),
};
