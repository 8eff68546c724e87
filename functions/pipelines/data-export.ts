// The data export job ("Télécharger mes données"), queued by `POST /api/exports` (an asynchronous
// Lambda invocation in the cloud, the laptop host's Lambda stand-in on the laptop). It takes the
// export with an update conditional on its status (queued, or running with its lease over), so a
// duplicated event writes nothing twice; writes the zip (functions/platform/data-export.ts, a
// stream from the tables and the bucket to a multipart upload); removes the student's earlier
// export zips (one kept per student); and records ready (downloadable for a day) or failed, which
// releases the student's one running export. A run that dies reads as failed once its lease is over;
// a zip finished after its record went (the account deleted meanwhile) is removed, not kept.
import { DeleteObjectCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { writeStudentExport } from '../platform/data-export.js';
import type { DataExportEvent } from '../platform/jobs.js';
import { logger } from '../platform/logger.js';
import { claimExportRun, finishExport, getExport, recordExportProgress } from '../platform/store/exports.js';

const eventSchema = z.object({ user_id: z.string().min(1), export_id: z.string().min(1) });

export interface DataExportResult {
  export_id: string;
  outcome: 'ready' | 'failed' | 'skipped';
  size?: number;
}

/** Removes the student's export zips other than `keep`. */
async function removeEarlierZips(userId: string, keep: string): Promise<void> {
  const bucket = config().UPLOADS_BUCKET;
  const out = await storage().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `exports/${userId}/` }));
  const old = (out.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k) && k !== keep);
  if (old.length) await storage().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: old.map((Key) => ({ Key })), Quiet: true } }));
}

export async function handler(event: DataExportEvent): Promise<DataExportResult> {
  const { user_id: userId, export_id: id } = eventSchema.parse(event);
  const record = await getExport(userId, id);
  if (!record || !(await claimExportRun(userId, id, new Date()))) {
    logger.info({ exportId: id }, 'export already taken or over');
    return { export_id: id, outcome: 'skipped' };
  }
  try {
    const outcome = await writeStudentExport({ userId, key: record.key, lang: record.lang, now: new Date() }, (p) => recordExportProgress(userId, id, p));
    await removeEarlierZips(userId, record.key).catch((err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'earlier export zips not removed'));
    if (!(await finishExport(userId, id, { status: 'ready', size: outcome.size, progress: outcome.progress }, new Date()))) {
      // The record is gone (the account was deleted while the zip was written) or no longer this
      // run's: the zip it would have named is not kept.
      await storage().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: record.key }));
      logger.info({ exportId: id }, 'export over before its zip was written: zip removed');
      return { export_id: id, outcome: 'skipped' };
    }
    logger.info({ exportId: id, size: outcome.size }, 'export ready');
    return { export_id: id, outcome: 'ready', size: outcome.size };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    logger.error({ exportId: id, err: message }, 'export failed');
    await finishExport(userId, id, { status: 'failed', error: message === 'export_too_large' ? 'too_large' : 'failed' }, new Date());
    // A zip written before the failure (its record could not say ready) is not kept.
    await storage()
      .send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: record.key }))
      .catch(() => undefined);
    return { export_id: id, outcome: 'failed' };
  }
}
