// At-least-once deliveries (webhooks, scheduled runs, state-machine retries) acted on once. A
// caller names the event or request by a key; the first delivery records it with a conditional
// put (`in_progress`, under a lease), does the work, and stores the result (`done`); a replay finds
// the record and gets the first result back instead of acting again. A delivery that arrives while
// the first is still working gets `request_in_progress` (409), so the sender retries later; if the
// first one dies, its lease runs out and the next delivery takes over. A failed attempt removes its
// record, so a retry starts afresh.
//
// The extraction of uploads does not use it: its claim is a lease on the file record itself, so
// the claim and the status it guards change in the same item (two items would need a transaction,
// which dynalite does not have).
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../core/errors.js';
import { db } from './clients.js';
import { config } from './config.js';
import { isConditionFailure } from './store/profiles.js';

/** How long a finished key is remembered (Stripe retries for 3 days; schedules run monthly). */
export const IDEMPOTENCY_TTL_SECONDS = 30 * 24 * 3600;

export interface OnceOptions {
  /** How long a delivery may work before another may take over (default 5 minutes). */
  leaseSeconds?: number;
  /** How long the outcome is remembered. */
  ttlSeconds?: number;
  now?: () => Date;
  /**
   * Where the record lives: by default the Idempotency table under `key`; or an item of the
   * student's own partition (erased with the account), e.g. the day's reminder claim in Progress.
   */
  item?: { table: string; key: Record<string, string> };
}

export interface OnceResult<T> {
  result: T;
  /** True when the work had already been done and this is its stored result. */
  replay: boolean;
}

/** Runs `work` once for `key`; a later call with the same key returns the stored result. */
export async function once<T>(key: string, work: () => Promise<T>, opts: OnceOptions = {}): Promise<OnceResult<T>> {
  const table = opts.item?.table ?? config().tableNames.idempotency;
  const Key: Record<string, string> = opts.item?.key ?? { key };
  const now = opts.now ?? (() => new Date());
  const start = now();
  const token = randomUUID();
  const epoch = Math.floor(start.getTime() / 1000);
  try {
    await db().send(
      new PutCommand({
        TableName: table,
        Item: {
          ...Key,
          state: 'in_progress',
          token,
          lease_until: epoch + (opts.leaseSeconds ?? 300),
          started_at: start.toISOString(),
          expires_at: epoch + (opts.ttlSeconds ?? IDEMPOTENCY_TTL_SECONDS),
        },
        // New, or an earlier attempt whose lease ran out without finishing.
        ConditionExpression: 'attribute_not_exists(#k) OR (#s = :working AND lease_until < :now)',
        ExpressionAttributeNames: { '#k': Object.keys(Key)[0], '#s': 'state' },
        ExpressionAttributeValues: { ':working': 'in_progress', ':now': epoch },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const out = await db().send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
    if (out.Item?.state === 'done') return { result: (out.Item.result === undefined ? undefined : JSON.parse(out.Item.result as string)) as T, replay: true };
    throw new AppError('request_in_progress');
  }

  let result: T;
  try {
    result = await work();
  } catch (err) {
    await db()
      .send(
        new DeleteCommand({
          TableName: table,
          Key,
          ConditionExpression: '#t = :token',
          ExpressionAttributeNames: { '#t': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      )
      .catch(() => undefined);
    throw err;
  }
  await db().send(
    new UpdateCommand({
      TableName: table,
      Key,
      UpdateExpression: 'SET #s = :done, finished_at = :at, #r = :result REMOVE lease_until',
      ConditionExpression: '#t = :token',
      ExpressionAttributeNames: { '#s': 'state', '#r': 'result', '#t': 'token' },
      ExpressionAttributeValues: { ':done': 'done', ':at': now().toISOString(), ':result': JSON.stringify(result ?? null), ':token': token },
    }),
  );
  return { result, replay: false };
}
