// The Progress table (functions/platform/tables.ts): a student's study time by day and subject,
// the clock that keeps two tabs from counting the same minute twice, their goals, exam settings
// (with the reminder job's index entries) and tasks.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Goals } from '../../core/goals.js';
import { addAttrs, emptyMonth, monthOver, packMonth, studyDelta, unpackMonth, type MonthCounters, type MonthRollup, type RollupDelta } from '../../core/statistics.js';
import { creditedMs } from '../../core/study-time.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { batchWrite } from './batch.js';
import { logger } from '../logger.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

const table = () => config().tableNames.progress;

export interface DayActivity {
  date: string;
  subject_id: string;
  study_seconds: number;
}

/**
 * Credits the activity a heartbeat (or an answer, a review, a question) claims: the clock moves
 * forward with an update conditional on where it was, so racing tabs credit each moment once.
 * Returns the milliseconds credited.
 */
export async function creditStudyTime(userId: string, subjectId: string, date: string, claimedMs: number, now: Date): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: 'clock' }, ConsistentRead: true }));
    const last = typeof Item?.last_credit_at === 'number' ? Item.last_credit_at : null;
    const credit = creditedMs(last, now.getTime(), claimedMs);
    if (credit <= 0) return 0;
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { user_id: userId, sk: 'clock', last_credit_at: now.getTime() },
          ConditionExpression: last === null ? 'attribute_not_exists(sk)' : 'last_credit_at = :last',
          ExpressionAttributeValues: last === null ? undefined : { ':last': last },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) continue;
      throw err;
    }
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: `day#${date}#${subjectId}` },
        UpdateExpression: 'SET #d = :d, subject_id = :s ADD study_ms :ms',
        ExpressionAttributeNames: { '#d': 'date' },
        ExpressionAttributeValues: { ':d': date, ':s': subjectId, ':ms': credit },
      }),
    );
    // The same milliseconds in the month's roll-up, which the statistics read.
    await addToRollup(userId, subjectId, studyDelta(date, credit));
    return credit;
  }
  return 0;
}

/** Study time per day and subject between two dates (inclusive), in one query. */
export async function studyDays(userId: string, from: string, to: string): Promise<DayActivity[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':u': userId, ':from': `day#${from}`, ':to': `day#${to}#\uffff` },
  });
  return items.map((i) => ({ date: String(i.date), subject_id: String(i.subject_id), study_seconds: Math.round(Number(i.study_ms ?? 0) / 1000) }));
}

export async function readGoals(userId: string): Promise<Goals | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: 'goals' }, ConsistentRead: true }));
  if (!Item) return null;
  return { weekly_hours: Item.weekly_hours, target_grade: Item.target_grade, target_quiz_score: Item.target_quiz_score, current_grade: Item.current_grade ?? null };
}

export async function saveGoals(userId: string, goals: Goals, now: Date): Promise<Goals> {
  await db().send(new PutCommand({ TableName: table(), Item: { user_id: userId, sk: 'goals', ...goals, updated_at: now.toISOString() } }));
  return goals;
}

export interface ExamSettings {
  exam_date: string;
  study_days: number[];
}

export async function readExam(userId: string, subjectId: string): Promise<ExamSettings | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: `exam#${subjectId}` }, ConsistentRead: true }));
  return Item ? { exam_date: String(Item.exam_date), study_days: (Item.study_days as number[]) ?? [] } : null;
}

export async function saveExam(userId: string, subjectId: string, exam: ExamSettings, now: Date): Promise<ExamSettings> {
  await db().send(new PutCommand({ TableName: table(), Item: { user_id: userId, sk: `exam#${subjectId}`, subject_id: subjectId, ...exam, updated_at: now.toISOString() } }));
  // The reminder job's entries (index `by-reminder-day`): one per study weekday, the others
  // removed. Two racing saves may leave a weekday too many; the job reads the exam settings
  // themselves before it writes anything, so such an entry costs a read, never an e-mail.
  const days = new Set(exam.study_days);
  await batchWrite(
    table(),
    WEEKDAYS.map((w) =>
      days.has(w)
        ? { PutRequest: { Item: { ...reminderKey(userId, subjectId, w), subject_id: subjectId, reminder_weekday: String(w), reminder_until: exam.exam_date } } }
        : { DeleteRequest: { Key: reminderKey(userId, subjectId, w) } },
    ),
  );
  return exam;
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const reminderKey = (userId: string, subjectId: string, weekday: number) => ({ user_id: userId, sk: `remind#${weekday}#${subjectId}` });

// Studied pages: a number set per file, kept twice, each where one query of statistics reads it
// with the month roll-ups: the subject's `roll#{subject_id}#studied#{file_id}` (after the
// subject's months, `roll#{subject_id}#{YYYY-MM}`) and the account's
// `rollall#studied#{subject_id}#{file_id}` (after the account's months). Both are `ADD` to a set,
// so writing one twice, or racing, changes nothing.
const STUDIED = 'studied#';
const studiedPrefix = (subjectId: string | null) => rollupKey(subjectId, STUDIED);
/** A file's studied pages: the subject's copy, or (`owner` null) the account's. */
const studiedKey = (owner: string | null, subjectId: string, fileId: string) => (owner ? `${studiedPrefix(owner)}${fileId}` : `${studiedPrefix(null)}${subjectId}#${fileId}`);

/** Marks pages of a file studied (a set: marking a page twice keeps it once). */
export async function markStudied(userId: string, subjectId: string, fileId: string, pages: number[], now: Date): Promise<void> {
  if (!pages.length) return;
  await Promise.all(
    [subjectId, null].map((owner) =>
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: studiedKey(owner, subjectId, fileId) },
          UpdateExpression: 'SET subject_id = :s, file_id = :f, updated_at = :now ADD pages :p',
          ExpressionAttributeValues: { ':s': subjectId, ':f': fileId, ':now': now.toISOString(), ':p': new Set(pages) },
        }),
      ),
    ),
  );
}

const isStudied = (item: Record<string, unknown>) => String(item.sk).includes(`#${STUDIED}`);

/** Studied-page items as pages by file id, in order. */
const studiedOf = (items: Record<string, unknown>[]) =>
  new Map(items.map((i) => [String(i.file_id), [...((i.pages as Set<number> | undefined) ?? [])].map(Number).sort((a, b) => a - b)]));

/** The pages studied in each file of a subject (of every subject: `subjectId` null), by file id. */
export async function studiedPages(userId: string, subjectId: string | null): Promise<Map<string, number[]>> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':u': userId, ':p': studiedPrefix(subjectId) },
    ProjectionExpression: 'sk, file_id, pages',
  });
  return studiedOf(items);
}

/** A deleted subject's exam settings, studied pages and tasks (its study time stays in the history). */
export async function deleteSubjectPlanning(userId: string, subjectId: string): Promise<void> {
  const keys = [
    { user_id: userId, sk: `exam#${subjectId}` },
    ...WEEKDAYS.map((w) => reminderKey(userId, subjectId, w)),
    ...[...(await studiedPages(userId, subjectId)).keys()].flatMap((fileId) => [studiedKey(subjectId, subjectId, fileId), studiedKey(null, subjectId, fileId)].map((sk) => ({ user_id: userId, sk }))),
    ...(await listTodos(userId, subjectId)).map((t) => todoKey(userId, subjectId, t.id)),
  ];
  await batchWrite(table(), keys.map((Key) => ({ DeleteRequest: { Key } })));
}

export interface TodoItem {
  id: string;
  subject_id: string;
  title: string;
  due_date: string | null;
  done: boolean;
  created_at: string;
  done_at: string | null;
  /** A task taken from the plan: what doing it means (reading pages marks them studied). */
  plan: { kind: 'read' | 'review' | 'quiz' | 'final'; file_id: string | null; from_page: number | null; to_page: number | null } | null;
}

const todoKey = (userId: string, subjectId: string, id: string) => ({ user_id: userId, sk: `todo#${subjectId}#${id}` });

const toTodo = (i: Record<string, unknown>): TodoItem => ({
  id: String(i.id),
  subject_id: String(i.subject_id),
  title: String(i.title),
  due_date: (i.due_date as string | undefined) ?? null,
  done: Boolean(i.done),
  created_at: String(i.created_at),
  done_at: (i.done_at as string | undefined) ?? null,
  plan: (i.plan as TodoItem['plan'] | undefined) ?? null,
});

export async function listTodos(userId: string, subjectId: string): Promise<TodoItem[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':u': userId, ':p': `todo#${subjectId}#` },
    ConsistentRead: true,
  });
  return items.map(toTodo);
}

/** Creates a task; false when one with this id exists already (a plan task added twice). */
export async function createTodo(userId: string, todo: TodoItem): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...todoKey(userId, todo.subject_id, todo.id), ...todo },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Changes a task that exists; null when it does not. Returns the task before and after. */
export async function updateTodo(
  userId: string,
  subjectId: string,
  id: string,
  change: { title?: string; due_date?: string | null; done?: boolean },
  now: Date,
): Promise<{ before: TodoItem; after: TodoItem } | null> {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (change.title !== undefined) {
    sets.push('title = :title');
    values[':title'] = change.title;
  }
  if (change.due_date !== undefined) {
    sets.push('due_date = :due');
    values[':due'] = change.due_date;
  }
  if (change.done !== undefined) {
    sets.push('done = :done', 'done_at = :doneAt');
    values[':done'] = change.done;
    values[':doneAt'] = change.done ? now.toISOString() : null;
  }
  if (!sets.length) {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: todoKey(userId, subjectId, id), ConsistentRead: true }));
    return Item ? { before: toTodo(Item), after: toTodo(Item) } : null;
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: todoKey(userId, subjectId, id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = toTodo(out.Attributes ?? {});
    return { before, after: { ...before, ...change, done_at: change.done === undefined ? before.done_at : (values[':doneAt'] as string | null) } };
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Removes open tasks (the plan's, replaced by a new take of it): each only while it is still not
 * done, so a task ticked off in the meantime stays.
 */
export async function deleteTodos(userId: string, subjectId: string, ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      try {
        await db().send(
          new DeleteCommand({ TableName: table(), Key: todoKey(userId, subjectId, id), ConditionExpression: 'done = :open', ExpressionAttributeValues: { ':open': false } }),
        );
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }),
  );
}

export async function deleteTodo(userId: string, subjectId: string, id: string): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), Key: todoKey(userId, subjectId, id), ConditionExpression: 'attribute_exists(sk)' }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * What a student did, kept for good in a compact record (quiz sessions expire after 30 days; the
 * statistics read this): `hist#{subject_id}#{ISO time}#{id}`.
 */
export type HistoryRecord =
  | {
      kind: 'quiz';
      at: string;
      subject_id: string;
      file_id: string;
      type: 'mcq' | 'open';
      difficulty: 'easy' | 'hard';
      /** null: skipped ("I don't know"). */
      correct: boolean | null;
      /** The open answer's score (0–100). */
      score: number | null;
      /** The question asked (shortened), and the pages it cites. */
      topic: string;
      pages: { file_id: string; file_name: string; page: number }[];
    }
  | {
      kind: 'review';
      at: string;
      subject_id: string;
      card_id: string;
      rating: 'again' | 'hard' | 'good' | 'easy';
      /** FSRS's predicted recall at the review (null for a new card). */
      predicted: number | null;
    };

/** A history record as stored: `hist#{subject_id}#{ISO time}#{id}`. */
export const historyItem = (userId: string, id: string, record: HistoryRecord): Record<string, unknown> => ({ user_id: userId, sk: `hist#${record.subject_id}#${record.at}#${id}`, ...record });

/** Records an answer or a review once: false when this record exists already (a retried write). */
export async function recordHistory(userId: string, id: string, record: HistoryRecord): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: historyItem(userId, id, record),
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The sort key of a subject's month roll-up, or of the whole account's (`subjectId` null). */
const rollupKey = (subjectId: string | null, month: string) => (subjectId ? `roll#${subjectId}#${month}` : `rollall#${month}`);

/** One atomic update adding a delta to one month roll-up item. */
async function addToRollupItem(userId: string, subjectId: string | null, delta: RollupDelta): Promise<void> {
  const names: Record<string, string> = { '#month': 'month', '#writes': 'writes' };
  const values: Record<string, unknown> = { ':m': delta.month, ':one': 1 };
  const sets = ['#month = :m'];
  if (subjectId) {
    values[':s'] = subjectId;
    sets.push('subject_id = :s');
  }
  // `writes` counts the updates, so that packing the month (below) knows nothing came in between.
  const adds: string[] = ['#writes :one'];
  let i = 0;
  for (const [attr, value] of [...Object.entries(delta.numbers), ...Object.entries(delta.sets).map(([k, v]) => [k, new Set(v)] as const)]) {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = value;
    adds.push(`#a${i} :a${i}`);
    i++;
  }
  for (const [attr, value] of Object.entries(delta.names)) {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = value;
    sets.push(`#a${i} = :a${i}`);
    i++;
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, sk: rollupKey(subjectId, delta.month) },
      UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Adds a record's counters to its month's roll-up (`roll#{subject_id}#{YYYY-MM}`) and to the whole
 * account's (`rollall#{YYYY-MM}`, what the account's statistics read in one query), each in one
 * atomic update: racing records add up in both, so the account's equals the sum of its subjects'.
 */
export async function addToRollup(userId: string, subjectId: string, delta: RollupDelta): Promise<void> {
  await Promise.all([addToRollupItem(userId, subjectId, delta), addToRollupItem(userId, null, delta)]);
}

/**
 * Month roll-ups from a month (all of them without one), a subject's or (`subjectId` null) the
 * whole account's, and the pages studied there, in one query: the studied pages sort after the
 * months. A month that is over is packed on the way (see packRollup).
 */
export async function readRollupsAndStudied(userId: string, subjectId: string | null, fromMonth: string | null, now: Date = new Date()): Promise<{ rollups: MonthCounters[]; studied: Map<string, number[]> }> {
  const prefix = rollupKey(subjectId, '');
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':u': userId, ':from': `${prefix}${fromMonth ?? ''}`, ':to': `${prefix}\uffff` },
  });
  const months = items.filter((i) => !isStudied(i));
  const rollups = months.map(toMonthCounters);
  await Promise.all(months.map((item, i) => (monthOver(rollups[i].month, now) && hasCounters(item) ? packRollup(item, rollups[i]) : undefined)));
  return { rollups, studied: studiedOf(items.filter(isStudied)) };
}

/** Month roll-ups from a month (all of them without one), a subject's or (`subjectId` null) the whole account's, in one query. */
export async function readRollups(userId: string, subjectId: string | null, fromMonth: string | null, now: Date = new Date()): Promise<MonthCounters[]> {
  return (await readRollupsAndStudied(userId, subjectId, fromMonth, now)).rollups;
}

/** A month roll-up as stored (what the atomic updates leave), a subject's or (`subjectId` null) the account's. */
export function rollupItem(userId: string, subjectId: string | null, rollup: MonthRollup): Record<string, unknown> {
  const attrs = Object.fromEntries(Object.entries(rollup.attrs).map(([k, v]) => [k, Array.isArray(v) ? new Set(v) : v]));
  return { user_id: userId, sk: rollupKey(subjectId, rollup.month), ...(subjectId ? { subject_id: subjectId } : {}), month: rollup.month, ...attrs };
}

/** The attributes of a roll-up item that are not counters. */
const ROLLUP_FIELDS = new Set(['user_id', 'sk', 'subject_id', 'month', 'writes', 'packed']);

const hasCounters = (item: Record<string, unknown>) => Object.keys(item).some((k) => !ROLLUP_FIELDS.has(k));

/** A stored roll-up item (its packed counters and those added since) decoded for reading. */
function toMonthCounters(item: Record<string, unknown>): MonthCounters {
  const month = String(item.month);
  const added: Record<string, unknown> = {};
  for (const key in item) if (!ROLLUP_FIELDS.has(key)) added[key] = item[key];
  return addAttrs(typeof item.packed === 'string' ? unpackMonth(month, item.packed) : emptyMonth(month), added);
}

/**
 * Packs a month's roll-up: its counters become one JSON string (`packed`), so that the statistics
 * read one attribute instead of hundreds. One put conditional on the update count read, so a
 * record added meanwhile is never lost (the put fails; the next read packs again); a record added
 * afterwards lands beside the packed string and is counted with it. A failure is only logged.
 */
async function packRollup(item: Record<string, unknown>, rollup: MonthCounters): Promise<void> {
  const writes = typeof item.writes === 'number' ? item.writes : null;
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          user_id: item.user_id,
          sk: item.sk,
          ...(item.subject_id ? { subject_id: item.subject_id } : {}),
          month: rollup.month,
          packed: packMonth(rollup),
          ...(writes === null ? {} : { writes }),
        },
        ConditionExpression: writes === null ? 'attribute_not_exists(#writes)' : '#writes = :writes',
        ExpressionAttributeNames: { '#writes': 'writes' },
        ExpressionAttributeValues: writes === null ? undefined : { ':writes': writes },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) logger.warn({ sk: item.sk, err: err instanceof Error ? err.message : String(err) }, 'roll-up not packed');
  }
}

/** A subject's history (or the whole account's) since an instant. */
export async function readHistory(userId: string, subjectId: string | null, since: string | null): Promise<HistoryRecord[]> {
  const prefix = subjectId ? `hist#${subjectId}#` : 'hist#';
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: since && subjectId ? 'user_id = :u AND sk BETWEEN :from AND :to' : 'user_id = :u AND begins_with(sk, :p)',
    ExpressionAttributeValues: since && subjectId ? { ':u': userId, ':from': `${prefix}${since}`, ':to': `${prefix}\uffff` } : { ':u': userId, ':p': prefix },
  });
  const records = items.map(({ user_id: _u, sk: _sk, ...r }) => r as unknown as HistoryRecord);
  return since && !subjectId ? records.filter((r) => r.at >= since) : records;
}

/**
 * The plans to remind about on a day: the index entries of `weekday` whose exam is after `today`,
 * grouped by student (one e-mail per student, whatever the number of subjects). One query of the
 * sparse index `by-reminder-day`: no scan, and past exams fall outside the key range.
 */
export async function plansToRemind(weekday: number, today: string): Promise<Map<string, string[]>> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'by-reminder-day',
    KeyConditionExpression: 'reminder_weekday = :w AND reminder_until > :today',
    ExpressionAttributeValues: { ':w': String(weekday), ':today': today },
    ProjectionExpression: 'user_id, subject_id',
  });
  const byStudent = new Map<string, string[]>();
  for (const i of items) {
    const list = byStudent.get(String(i.user_id)) ?? [];
    list.push(String(i.subject_id));
    byStudent.set(String(i.user_id), list);
  }
  return byStudent;
}

/** Where the day's reminder e-mail of a student is claimed (functions/platform/idempotency.ts's record). */
export const reminderClaim = (userId: string, date: string) => ({ table: table(), key: { user_id: userId, sk: `reminder#${date}` } });
