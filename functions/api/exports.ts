// "Télécharger mes données": start an export of the whole account (one at a time, a few a day:
// functions/core/data-export.ts), follow its progress, and download it: the download route answers
// a signed storage link of a few minutes, for the caller's own finished export only and only for
// the day after it is ready. Another student's export is not found (the records are keyed by
// student), whatever its id.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { EXPORT_DOWNLOAD_HOURS, EXPORT_LINK_SECONDS, exportDay, exportView } from '../core/data-export.js';
import { AppError } from '../core/errors.js';
import { idSchema } from '../core/schemas.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { Reply, userRoute } from '../platform/http.js';
import { startDataExportJob } from '../platform/jobs.js';
import { logger } from '../platform/logger.js';
import { newItemId } from '../platform/store/drafts.js';
import { abandonExport, createExport, getExport, listExports } from '../platform/store/exports.js';

const exportParams = z.object({ exportId: idSchema });
/** The export takes nothing: whose account comes from the token alone (a `user_id` in the body is refused). */
const startBody = z.object({}).strict();

export const startExport = userRoute({ body: startBody }, async ({ user, lang }) => {
  const now = new Date();
  const id = newItemId(now);
  const day = exportDay(now);
  const record = await createExport(user.id, id, lang, day, now);
  try {
    await startDataExportJob({ user_id: user.id, export_id: id });
  } catch (err) {
    logger.error({ exportId: id, err: err instanceof Error ? err.message : String(err) }, 'export job not queued');
    await abandonExport(user.id, id, day, new Date());
    throw new AppError('internal');
  }
  return new Reply(202, exportView(record, now));
});

export const listMyExports = userRoute({}, async ({ user }) => {
  const now = new Date();
  return { exports: (await listExports(user.id)).map((r) => exportView(r, now)) };
});

export const getMyExport = userRoute({ params: exportParams }, async ({ params, user }) => {
  const record = await getExport(user.id, params.exportId);
  if (!record) throw new AppError('export_not_found');
  return exportView(record, new Date());
});

export const downloadExport = userRoute({ params: exportParams }, async ({ params, user }) => {
  const now = new Date();
  const record = await getExport(user.id, params.exportId);
  if (!record) throw new AppError('export_not_found');
  const view = exportView(record, now);
  if (view.status === 'expired') throw new AppError('export_expired', { hours: EXPORT_DOWNLOAD_HOURS });
  if (view.status !== 'ready') throw new AppError('export_not_ready');
  const left = Math.floor((record.download_until ?? 0) - now.getTime() / 1000);
  const url = await getSignedUrl(
    storage(),
    new GetObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: record.key,
      ResponseContentType: 'application/zip',
      ResponseContentDisposition: `attachment; filename="revise-${view.created_at.slice(0, 10)}.zip"`,
    }),
    { expiresIn: Math.max(1, Math.min(EXPORT_LINK_SECONDS, left)) },
  );
  return { url, download_until: view.download_until };
});
