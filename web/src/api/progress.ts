// The planning and progress API (functions/api/progress.ts, plan.ts, todos.ts, statistics.ts) as
// the web app calls it: goals with this week's progress, the study-page heartbeat, the exam date
// and its day-by-day plan (and its calendar file), revision tasks, and statistics (detailed for
// Premium, a summary otherwise). Every request names the browser's time zone, so "today" and
// "this week" are the student's own.
import type { Goals } from '@core/goals.js';
import type { StudyPlan } from '@core/planner.js';
import type { Statistics, StatRange } from '@core/statistics.js';
import { activityBody, examBody, goalsBody, todoBody, todoChangeBody } from '@core/schemas.js';
import { browserTimeZone, withTimeZone } from './timezone';
import type { BodyOf, ExamSettings, PlanReply, StatsSummary, Todo, WeekProgress } from '@core/contract.js';
import { call, callAll } from './client';

export type { Goals, StudyPlan, Statistics, StatRange, ExamSettings, PlanReply, StatsSummary, Todo, WeekProgress };
export type PlanSession = StudyPlan['days'][number]['sessions'][number];

const zone = () => {
  const timezone = browserTimeZone();
  return timezone ? { timezone } : {};
};

export const progressApi = {
  goals: () => call('GET /api/goals', zone()),
  saveGoals: (goals: Goals) => call('PUT /api/goals', {}, goals, { schema: goalsBody }),

  /** A heartbeat: the active time since the last one. Not retried (a late beat is simply lost). */
  activity: (subjectId: string, activeMs: number, opts: { keepalive?: boolean } = {}) => {
    const body = withTimeZone({ active_ms: Math.round(activeMs) });
    return call('POST /api/subjects/{subjectId}/activity', { subjectId }, body, { retry: false, schema: activityBody, keepalive: opts.keepalive });
  },

  plan: (subjectId: string) => call('GET /api/subjects/{subjectId}/plan', { subjectId, ...zone() }),
  saveExam: (subjectId: string, exam: ExamSettings) => call('PUT /api/subjects/{subjectId}/exam', { subjectId }, exam, { schema: examBody }),
  /** The plan as an iCalendar file (text). */
  planCalendar: (subjectId: string) => call('GET /api/subjects/{subjectId}/plan.ics', { subjectId, ...zone() }, undefined, { text: true }),

  todos: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/todos', { subjectId, ...zone() }, 'todos'),
  /** Not retried: a second try would add the task twice. */
  addTodo: (subjectId: string, body: BodyOf<'POST /api/subjects/{subjectId}/todos'>) => call('POST /api/subjects/{subjectId}/todos', { subjectId }, body, { retry: false, schema: todoBody }),
  /** Idempotent on the server: each session of the plan is added once, in place of the plan's open tasks taken before. */
  addPlanTodos: (subjectId: string) => call('POST /api/subjects/{subjectId}/todos/from-plan', { subjectId, ...zone() }),
  changeTodo: (subjectId: string, todoId: string, body: BodyOf<'PATCH /api/subjects/{subjectId}/todos/{todoId}'>) =>
    call('PATCH /api/subjects/{subjectId}/todos/{todoId}', { subjectId, todoId }, body, { schema: todoChangeBody }),
  removeTodo: (subjectId: string, todoId: string) => call('DELETE /api/subjects/{subjectId}/todos/{todoId}', { subjectId, todoId }),

  /** Detailed statistics (Premium): a subject's, or the whole account's without a subject. */
  stats: (subjectId: string | null, range: StatRange) =>
    subjectId ? call('GET /api/subjects/{subjectId}/stats', { subjectId, range, ...zone() }) : call('GET /api/stats', { range, ...zone() }),
  summary: (subjectId: string | null) => (subjectId ? call('GET /api/subjects/{subjectId}/stats/summary', { subjectId, ...zone() }) : call('GET /api/stats/summary', zone())),
};
