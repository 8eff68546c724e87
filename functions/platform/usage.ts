// Monthly metered features (questions, sheets, quizzes, flashcards, podcasts a month on the free
// plan) and the premium-only gates. One counter per feature and calendar month
// in the Usage table, `{user_id, sk: '{feature}#{YYYY-MM}', usage_count}`. A unit is taken with one
// conditional atomic update, so requests racing each other never go past the limit, and it is
// given back when the work it paid for fails: a failed generation costs nothing.
//
// Months are calendar months in Europe/Paris, the product's home time zone: the counter resets at
// midnight in France on the first of the month, whatever the server's clock zone, and a student
// cannot gain units by claiming another time zone.
//
// Premium is counted against its fair-use ceiling (core/limits.ts) the same way: the conditional
// update refuses the unit past it, with its own message. Scanned pages read by OCR have a counter
// of their own (`ocr_pages#{YYYY-MM}`), taken all at once per file: a file whose scanned pages do
// not fit in what is left of the month takes nothing.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../core/errors.js';
import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY, PRODUCT_TIME_ZONE } from '../core/limits.js';
import { FREE_MONTHLY_LIMITS, PREMIUM_ONLY_FEATURES, type MeteredFeature } from '../core/plans.js';
import type { PremiumFeature, UsageFigure, UsageOverview } from '../core/views.js';
import { db } from './clients.js';
import { config } from './config.js';
import { logger } from './logger.js';
import { currentPlan, type Plan } from './plan.js';
import { isConditionFailure } from './store/profiles.js';

export type { PremiumFeature, UsageFigure, UsageOverview };

export const meteredFeatures = Object.keys(FREE_MONTHLY_LIMITS) as MeteredFeature[];

/** A unit taken for one request: what `refund` needs to give it back (to the same month). */
export interface UsageTicket {
  userId: string;
  feature: MeteredFeature;
  month: string;
  figure: UsageFigure;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM` of the calendar month `now` falls in, in `timeZone`. */
export function monthKey(now: Date, timeZone: string = PRODUCT_TIME_ZONE): string {
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit' });
    monthFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = parts.find((p) => p.type === 'month')?.value;
  return `${year}-${month}`;
}

export const usageSortKey = (feature: MeteredFeature | 'ocr_pages', month: string): string => `${feature}#${month}`;

/** The plan's monthly limit for a feature; null: unlimited (Premium or trial). */
export function monthlyLimit(feature: MeteredFeature, subscribed: boolean): number | null {
  return subscribed ? null : FREE_MONTHLY_LIMITS[feature];
}

export function usageFigure(feature: MeteredFeature, used: number, limit: number | null): UsageFigure {
  const count = Math.max(0, Math.trunc(used));
  return { feature, used: count, limit, remaining: limit === null ? null : Math.max(0, limit - count) };
}

const table = () => config().tableNames.usage;

/** Units used this month (0 when the counter does not exist yet). */
export async function readUsage(userId: string, feature: MeteredFeature | 'ocr_pages', month: string): Promise<number> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: usageSortKey(feature, month) }, ConsistentRead: true }),
  );
  return Number(out.Item?.usage_count ?? 0);
}

/**
 * Takes one unit of `feature` for this month with one conditional `ADD`: the counter must be below
 * the plan's limit, or, on an unlimited plan, below Premium's fair-use ceiling.
 * At the limit: AppError `usage_limit_reached` with the figures for the message; at the ceiling:
 * `fair_use_limit_reached`.
 */
export async function consume(userId: string, feature: MeteredFeature, limit: number | null, now: Date): Promise<UsageTicket> {
  const month = monthKey(now);
  const ceiling = limit ?? PREMIUM_FAIR_USE_MONTHLY[feature];
  const values: Record<string, unknown> = { ':one': 1, ':f': feature, ':m': month, ':now': now.toISOString(), ':limit': ceiling };
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: usageSortKey(feature, month) },
        UpdateExpression: 'SET feature_name = :f, month_year = :m, updated_at = :now ADD usage_count :one',
        ConditionExpression: 'attribute_not_exists(usage_count) OR usage_count < :limit',
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const used = Number(out.Attributes?.usage_count ?? 1);
    return { userId, feature, month, figure: usageFigure(feature, used, limit) };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    if (limit === null) throw new AppError('fair_use_limit_reached', { limit: ceiling });
    const used = await readUsage(userId, feature, month).catch(() => limit);
    throw new AppError('usage_limit_reached', { used: Math.max(used, limit), limit });
  }
}

/** Scanned pages taken for one file: what `releaseOcrPages` needs to give them back. */
export interface OcrTicket {
  userId: string;
  month: string;
  pages: number;
}

const OCR_FEATURE = 'ocr_pages' as const;

/**
 * Takes `pages` scanned pages of this month's OCR allowance at once (the free plan's bound, or
 * Premium's fair-use ceiling), with one conditional `ADD`: all of them or none. Past the bound:
 * AppError `ocr_limit_reached` (free) or `fair_use_limit_reached` (Premium), nothing taken.
 */
export async function takeOcrPages(userId: string, pages: number, subscribed: boolean, now: Date): Promise<OcrTicket> {
  const month = monthKey(now);
  const limit = subscribed ? OCR_PAGES_MONTHLY.premium : OCR_PAGES_MONTHLY.free;
  const refuse = async () => {
    if (subscribed) return new AppError('fair_use_limit_reached', { limit });
    const used = await readUsage(userId, OCR_FEATURE, month).catch(() => limit);
    return new AppError('ocr_limit_reached', { pages, left: Math.max(0, limit - used), limit });
  };
  if (pages > limit) throw await refuse();
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: usageSortKey(OCR_FEATURE, month) },
        UpdateExpression: 'SET feature_name = :f, month_year = :m, updated_at = :now ADD usage_count :n',
        ConditionExpression: 'attribute_not_exists(usage_count) OR usage_count <= :most',
        ExpressionAttributeValues: { ':n': pages, ':f': OCR_FEATURE, ':m': month, ':now': now.toISOString(), ':most': limit - pages },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    throw await refuse();
  }
  return { userId, month, pages };
}

/** Gives back the pages a ticket took (OCR failed: nothing was read); failures are logged, not thrown. */
export async function releaseOcrPages(ticket: OcrTicket): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: ticket.userId, sk: usageSortKey(OCR_FEATURE, ticket.month) },
        UpdateExpression: 'ADD usage_count :minus',
        ConditionExpression: 'usage_count >= :n',
        ExpressionAttributeValues: { ':minus': -ticket.pages, ':n': ticket.pages },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) return;
    logger.error({ userId: ticket.userId, err: err instanceof Error ? err.message : String(err) }, 'OCR pages release failed');
  }
}

/** Gives back the unit a ticket took (never below zero); failures are logged, not thrown. */
export async function refund(ticket: UsageTicket): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: ticket.userId, sk: usageSortKey(ticket.feature, ticket.month) },
        UpdateExpression: 'ADD usage_count :minus',
        ConditionExpression: 'usage_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) return;
    logger.error({ userId: ticket.userId, feature: ticket.feature, err: err instanceof Error ? err.message : String(err) }, 'usage refund failed');
  }
}

/**
 * Runs `work` paid by one unit of `feature` under the student's plan: the unit is taken first
 * (429 `usage_limit_reached` at the limit, before any work) and given back if `work` throws.
 */
export async function withUsage<T>(
  userId: string,
  feature: MeteredFeature,
  work: () => Promise<T>,
  opts: { now?: Date; plan?: Plan } = {},
): Promise<{ value: T; usage: UsageFigure }> {
  const now = opts.now ?? new Date();
  const plan = opts.plan ?? (await currentPlan(userId, now));
  const ticket = await consume(userId, feature, monthlyLimit(feature, plan.subscribed), now);
  try {
    return { value: await work(), usage: ticket.figure };
  } catch (err) {
    await refund(ticket);
    throw err;
  }
}

/**
 * Whether a premium-only feature is available: to subscribers, and to anyone when the plan could
 * not be checked (on any error while checking availability, the feature is available).
 */
export const premiumAvailable = (plan: Pick<Plan, 'subscribed' | 'verified'>): boolean => plan.subscribed || !plan.verified;

/** Refuses a premium-only feature to a free account: AppError `premium_only` (403). */
export async function requirePremium(userId: string, feature: PremiumFeature, opts: { now?: Date; plan?: Plan } = {}): Promise<void> {
  const plan = opts.plan ?? (await currentPlan(userId, opts.now ?? new Date()));
  if (!premiumAvailable(plan)) throw new AppError('premium_only', { feature });
  if (!plan.subscribed) logger.warn({ userId, feature }, 'plan unknown: premium feature let through');
}

/** The month's counters of every metered feature and what the plan allows. */
export async function usageOverview(userId: string, now: Date, plan?: Plan): Promise<UsageOverview> {
  const month = monthKey(now);
  const [resolved, counts] = await Promise.all([
    plan ?? currentPlan(userId, now),
    Promise.all(meteredFeatures.map((f) => readUsage(userId, f, month))),
  ]);
  const features = Object.fromEntries(
    meteredFeatures.map((f, i) => {
      const { used, limit, remaining } = usageFigure(f, counts[i], monthlyLimit(f, resolved.subscribed));
      return [f, { used, limit, remaining }];
    }),
  ) as UsageOverview['features'];
  const available = premiumAvailable(resolved);
  const premium = Object.fromEntries(PREMIUM_ONLY_FEATURES.map((f) => [f, available])) as UsageOverview['premium'];
  return { month, subscribed: resolved.subscribed, features, premium };
}
