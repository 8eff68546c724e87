// Export records of the Exports table (tables.ts): one export at a time per student (the `active`
// item, claimed by a conditional put and released by a delete conditional on its export), a daily
// count (`day#…`, one conditional ADD under the limit, given back when the start fails), and each
// export's record, whose every change is conditional on the status it leaves: a duplicated or
// late job run changes nothing once the export is over.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EXPORT_DAILY_LIMIT, EXPORT_DOWNLOAD_HOURS, EXPORT_RECORD_DAYS, EXPORT_RUN_LEASE_SECONDS, type ExportProgress, type ExportRecordView, type ExportStatus } from '../../core/data-export.js';
import { AppError } from '../../core/errors.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { isConditionFailure } from './profiles.js';

export interface ExportRecord extends ExportRecordView {
  user_id: string;
  sk: string;
  status: ExportStatus;
  /** The zip's key in the uploads bucket. */
  key: string;
  /** The language of the README. */
  lang: 'fr' | 'en';
  expires_at: number;
}

const table = () => config().tableNames.exports;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const exportSortKey = (id: string) => `export#${id}`;
/** Under a prefix of its own, which the bucket's lifecycle rule expires (lib/storage.ts); account deletion erases it too. */
export const exportObjectKey = (userId: string, id: string) => `exports/${userId}/${id}.zip`;

/**
 * Claims the student's one running export and counts it against today's limit, then writes the
 * record as queued. Refused with `export_in_progress` while another runs (its lease alive), and
 * with `export_daily_limit` past the day's limit (the claim is then released).
 */
export async function createExport(userId: string, id: string, lang: 'fr' | 'en', day: string, now: Date): Promise<ExportRecord> {
  const nowS = seconds(now);
  const keep = nowS + EXPORT_RECORD_DAYS * 86_400;
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { user_id: userId, sk: 'active', export_id: id, lease_until: nowS + EXPORT_RUN_LEASE_SECONDS, expires_at: keep },
        ConditionExpression: 'attribute_not_exists(sk) OR lease_until < :now',
        ExpressionAttributeValues: { ':now': nowS },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('export_in_progress');
    throw err;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: `day#${day}` },
        UpdateExpression: 'ADD #count :one SET expires_at = :keep',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': EXPORT_DAILY_LIMIT, ':keep': keep },
      }),
    );
  } catch (err) {
    await releaseActive(userId, id);
    if (isConditionFailure(err)) throw new AppError('export_daily_limit', { limit: EXPORT_DAILY_LIMIT });
    throw err;
  }
  const record: ExportRecord = {
    user_id: userId,
    sk: exportSortKey(id),
    id,
    status: 'queued',
    key: exportObjectKey(userId, id),
    lang,
    day,
    created_at: now.toISOString(),
    progress: { done: 0, total: 0 },
    run_until: nowS + EXPORT_RUN_LEASE_SECONDS,
    expires_at: keep,
  } as ExportRecord;
  await db().send(new PutCommand({ TableName: table(), Item: record }));
  return record;
}

/** The start failed before the job could run: the record failed, the claim released, the day's count given back. */
export async function abandonExport(userId: string, id: string, day: string, now: Date): Promise<void> {
  await finishExport(userId, id, { status: 'failed', error: 'start_failed' }, now).catch(() => undefined);
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: `day#${day}` },
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(() => undefined);
}

export async function releaseActive(userId: string, id: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: { user_id: userId, sk: 'active' },
        ConditionExpression: 'export_id = :id',
        ExpressionAttributeValues: { ':id': id },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function getExport(userId: string, id: string): Promise<ExportRecord | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: exportSortKey(id) }, ConsistentRead: true }));
  return (out.Item as ExportRecord | undefined) ?? null;
}

/** The student's exports, newest first (records are kept a few days). */
export async function listExports(userId: string, limit = 10): Promise<ExportRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':u': userId, ':p': 'export#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items as ExportRecord[] | undefined) ?? [];
}

/** The job takes a queued export (or one whose run died, its lease over): false when another run has it or it is over. */
export async function claimExportRun(userId: string, id: string, now: Date): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: exportSortKey(id) },
        UpdateExpression: 'SET #status = :running, run_until = :until, started_at = :now',
        ConditionExpression: '#status = :queued OR (#status = :running AND run_until < :nowS)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':queued': 'queued',
          ':until': seconds(now) + EXPORT_RUN_LEASE_SECONDS,
          ':now': now.toISOString(),
          ':nowS': seconds(now),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function recordExportProgress(userId: string, id: string, progress: ExportProgress): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: exportSortKey(id) },
        UpdateExpression: 'SET progress = :p',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':p': progress, ':running': 'running' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The run's end: ready (open for a day from now) or failed; then the claim is released. */
export async function finishExport(
  userId: string,
  id: string,
  outcome: { status: 'ready'; size: number; progress: ExportProgress } | { status: 'failed'; error: string },
  now: Date,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':status': outcome.status, ':now': now.toISOString(), ':queued': 'queued', ':running': 'running' };
  let set = 'SET #status = :status, finished_at = :now';
  if (outcome.status === 'ready') {
    set += ', #size = :size, progress = :progress, download_until = :until';
    Object.assign(values, { ':size': outcome.size, ':progress': outcome.progress, ':until': seconds(now) + EXPORT_DOWNLOAD_HOURS * 3600 });
  } else {
    set += ', #error = :error';
    values[':error'] = outcome.error;
  }
  let changed = true;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: exportSortKey(id) },
        UpdateExpression: set,
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status', ...(outcome.status === 'failed' ? { '#error': 'error' } : { '#size': 'size' }) },
        ExpressionAttributeValues: values,
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    changed = false;
  }
  await releaseActive(userId, id);
  return changed;
}
