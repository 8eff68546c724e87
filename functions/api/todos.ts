// Revision tasks of a subject: the student's own, and those taken from the plan (read pages
// 12–18, review 20 cards, a quiz). Overdue tasks come first, then by due date; a plan task to read
// pages, checked off, marks those pages studied, so the plan moves on. Taking the plan's tasks
// again replaces the plan's open tasks with the plan as it is now (the plan re-balances itself:
// a reading moved to another day or cut differently is one task, not two); tasks done and the
// student's own stay.
import { createHash, randomUUID } from 'node:crypto';
import { pageOf, type ListOrder } from '../core/paging.js';
import { subjectParams, timezoneQuery, todoBody, todoChangeBody, todoListQuery, todoParams } from '../core/schemas.js';
import { sessionTitle } from '../core/plan-calendar.js';
import { localDate } from '../core/streak.js';
import { AppError } from '../core/errors.js';
import { Reply, userRoute } from '../platform/http.js';
import { listFileRecords } from '../platform/store/files.js';
import { createTodo, deleteTodo, deleteTodos, listTodos, markStudied, updateTodo, type TodoItem } from '../platform/store/progress.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';
import { currentPlan } from './plan.js';

/** How many days of the plan "add the plan to my tasks" takes. */
export const PLAN_TASK_DAYS = 7;


/** Not done first; among them the overdue, then by due date (undated last), then by creation. */
export function orderTodos(todos: TodoItem[], today: string): (TodoItem & { overdue: boolean })[] {
  return todos
    .map((t) => ({ ...t, overdue: !t.done && t.due_date !== null && t.due_date < today }))
    .sort(
      (a, b) =>
        Number(a.done) - Number(b.done) ||
        Number(b.overdue) - Number(a.overdue) ||
        (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
        a.created_at.localeCompare(b.created_at),
    );
}

/** orderTodos's order as a sort key, for paging. */
const todoOrder: ListOrder<TodoItem & { overdue: boolean }> = {
  key: (t) => [t.done ? '1' : '0', t.overdue ? '0' : '1', t.due_date ?? '9999', t.created_at, t.id],
  direction: 'asc',
};

export const listSubjectTodos = userRoute({ params: subjectParams, query: todoListQuery }, async ({ user, params, query }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(orderTodos(await listTodos(user.id, params.subjectId), localDate(new Date(), query.timezone)), todoOrder, query);
  return { todos: page.items, ...(page.next ? { next: page.next } : {}) };
});

export const addTodo = userRoute({ params: subjectParams, body: todoBody }, async ({ user, params, body }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const now = new Date();
  const todo: TodoItem = { id: randomUUID(), subject_id: params.subjectId, title: body.title, due_date: body.due_date ?? null, done: false, created_at: now.toISOString(), done_at: null, plan: null };
  await createTodo(user.id, todo);
  return new Reply(201, todo);
});

/** The plan's open tasks that a new take of the plan does not hold (done tasks and the student's own are kept). */
export const stalePlanTodos = (todos: readonly TodoItem[], wanted: ReadonlySet<string>): TodoItem[] => todos.filter((t) => t.plan !== null && !t.done && !wanted.has(t.id));

/**
 * The plan's sessions of the coming days as tasks, in place of the plan's open tasks taken before:
 * each session once however often this is asked (its id names its day and what it covers), and an
 * open task the plan no longer holds as such removed.
 */
export const addPlanTodos = userRoute({ params: subjectParams, query: timezoneQuery }, async ({ user, params, query, lang }) => {
  const { plan, fileNames } = await currentPlan(user.id, params.subjectId, query.timezone);
  if (!plan) throw new AppError('plan_not_set');
  const now = new Date();
  const wanted: TodoItem[] = [];
  for (const day of plan.days.slice(0, PLAN_TASK_DAYS)) {
    for (const session of day.sessions) {
      const what = session.kind === 'read' ? `${session.fileId}:${session.fromPage}-${session.toPage}` : session.kind === 'review' ? `${session.cards}` : session.fileId;
      const id = `p${createHash('sha256').update(`${day.date}|${session.kind}|${what}`).digest('hex').slice(0, 20)}`;
      wanted.push({
        id,
        subject_id: params.subjectId,
        title: sessionTitle(session, fileNames, lang),
        due_date: day.date,
        done: false,
        created_at: now.toISOString(),
        done_at: null,
        plan: {
          kind: session.kind,
          file_id: session.kind === 'review' ? null : session.fileId,
          from_page: session.kind === 'read' ? session.fromPage : null,
          to_page: session.kind === 'read' ? session.toPage : null,
        },
      });
    }
  }
  const stale = stalePlanTodos(await listTodos(user.id, params.subjectId), new Set(wanted.map((t) => t.id)));
  await deleteTodos(user.id, params.subjectId, stale.map((t) => t.id));
  let added = 0;
  for (const todo of wanted) if (await createTodo(user.id, todo)) added++;
  return { added, replaced: stale.length, todos: orderTodos(await listTodos(user.id, params.subjectId), localDate(now, query.timezone)) };
});

export const changeTodo = userRoute(
  { params: todoParams, body: todoChangeBody },
  async ({ user, params, body }) => {
    await getSubjectOrThrow(user.id, params.subjectId);
    const now = new Date();
    const changed = await updateTodo(user.id, params.subjectId, params.todoId, body, now);
    if (!changed) throw new AppError('not_found');
    const { before, after } = changed;
    const plan = after.plan;
    if (after.done && !before.done && plan?.kind === 'read' && plan.file_id && plan.from_page && plan.to_page) {
      const file = (await listFileRecords(user.id, params.subjectId)).find((f) => f.id === plan.file_id);
      if (file) {
        const pages = Array.from({ length: plan.to_page - plan.from_page + 1 }, (_, i) => plan.from_page! + i).filter((p) => p <= (file.page_count ?? 0));
        await markStudied(user.id, params.subjectId, file.id, pages, now);
      }
    }
    return after;
  },
);

export const removeTodo = userRoute({ params: todoParams }, async ({ user, params }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  if (!(await deleteTodo(user.id, params.subjectId, params.todoId))) throw new AppError('not_found');
  return undefined;
});
