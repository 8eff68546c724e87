// The monthly usage job (counters reset per calendar month, key YYYY-MM), run at midnight in France on the
// 1st by EventBridge Scheduler in the cloud and by croner on the laptop, which also runs it when it
// starts so that a month missed while it was off is caught up. Each past month is closed once
// (the idempotency helper records `monthly-usage#{YYYY-MM}`): every open counter of the month
// becomes a field of the student's summary item `summary#{YYYY-MM}` (kept for statistics), then the
// counter is removed. It also ends the free trials whose end has passed (the plan fields go back
// to the provider's subscription, or to not subscribed). Requests never depend on it: limits are
// keyed by the current month, and an ended trial already reads as such (core/subscription.ts).
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { once } from '../platform/idempotency.js';
import { logger } from '../platform/logger.js';
import { endExpiredTrials } from '../platform/store/billing.js';
import { isConditionFailure } from '../platform/store/profiles.js';
import { queryAll } from '../platform/store/query.js';
import { monthKey } from '../platform/usage.js';

/** How many months back a run looks for counters still open (a laptop off for most of a year). */
export const CATCH_UP_MONTHS = 12;

export interface MonthClosed {
  month: string;
  counters: number;
  students: number;
}

export interface MonthlyUsageResult {
  /** Months closed by this run (a month already closed by an earlier run is not listed). */
  closed: MonthClosed[];
  /** Free trials (promo codes, referral months) that had ended and were closed by this run. */
  trialsEnded: number;
}

/** `YYYY-MM` of the `back`-th month before `month`. */
export function previousMonth(month: string, back = 1): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Moves one counter into its month's summary, then removes it unless it changed meanwhile. */
async function closeCounter(table: string, userId: string, sk: string, month: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { Item } = await db().send(new GetCommand({ TableName: table, Key: { user_id: userId, sk }, ConsistentRead: true }));
    if (!Item) return false;
    const feature = String(Item.feature_name ?? sk.split('#')[0]);
    const count = Number(Item.usage_count ?? 0);
    await db().send(
      new UpdateCommand({
        TableName: table,
        Key: { user_id: userId, sk: `summary#${month}` },
        UpdateExpression: 'SET summary_month = :m, #f = :c',
        ExpressionAttributeNames: { '#f': feature },
        ExpressionAttributeValues: { ':m': month, ':c': Math.max(0, count) },
      }),
    );
    try {
      await db().send(
        new DeleteCommand({
          TableName: table,
          Key: { user_id: userId, sk },
          ConditionExpression: 'usage_count = :c',
          ExpressionAttributeValues: { ':c': Item.usage_count },
        }),
      );
      return true;
    } catch (err) {
      // A refund or a late request changed it: summarise the new figure.
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(`usage counter ${sk} kept changing while its month was closed`);
}

export async function closeMonth(month: string): Promise<MonthClosed> {
  const table = config().tableNames.usage;
  const counters = await queryAll({
    TableName: table,
    IndexName: 'by-month',
    KeyConditionExpression: 'month_year = :m',
    ExpressionAttributeValues: { ':m': month },
  });
  const students = new Set<string>();
  let closed = 0;
  for (const c of counters) {
    const userId = String(c.user_id);
    if (await closeCounter(table, userId, String(c.sk), month)) {
      closed++;
      students.add(userId);
    }
  }
  return { month, counters: closed, students: students.size };
}

/** Closes every past month still open, up to CATCH_UP_MONTHS back from the month of `now`. */
export async function closePastMonths(now: Date): Promise<MonthlyUsageResult> {
  const current = monthKey(now);
  const closed: MonthClosed[] = [];
  for (let back = CATCH_UP_MONTHS; back >= 1; back--) {
    const month = previousMonth(current, back);
    const { result, replay } = await once(`monthly-usage#${month}`, () => closeMonth(month), { leaseSeconds: 15 * 60 });
    if (!replay) closed.push(result);
  }
  if (closed.some((c) => c.counters > 0)) logger.info({ closed }, 'usage months closed');
  // Idempotent by itself: an ended trial leaves the index of open trials.
  const trialsEnded = await endExpiredTrials(now);
  if (trialsEnded) logger.info({ trialsEnded }, 'free trials ended');
  return { closed, trialsEnded };
}

/** The scheduled event: EventBridge Scheduler's input carries the scheduled time; croner's too. */
export async function handler(event?: { scheduledTime?: string } | null): Promise<MonthlyUsageResult> {
  const at = event?.scheduledTime ? new Date(event.scheduledTime) : new Date();
  return closePastMonths(Number.isNaN(at.getTime()) ? new Date() : at);
}
