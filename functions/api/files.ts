// Course files of a subject: presigned uploads, completion, listing, download, per-page text and
// deletion. The caller reaches only their own files: every key starts with their user id.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { SUPPLIED_TEXT_LIMITS, suppliedTextFits } from '../core/files.js';
import { completeUpload, getFileOrThrow, listFiles as listCourseFiles, removeFile, startUpload as beginUpload } from '../platform/course-files.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { parse, Reply, userRoute } from '../platform/http.js';
import { toFileView } from '../platform/store/files.js';
import { listPages } from '../platform/store/pages.js';

const subjectParams = z.object({ subjectId: z.string().min(1).max(64) });
const fileParams = subjectParams.extend({ fileId: z.string().min(1).max(64) });
const DOWNLOAD_URL_TTL_SECONDS = 300;

const uploadBody = z
  .object({
    file_name: z.string().trim().min(1).max(255),
    size: z.number().int().nonnegative(),
    content_type: z.string().trim().min(1).max(100),
    display_name: z.string().trim().max(200).optional(),
    /** Recognised text of each page, from photo mode; overrides extraction (spec §4). */
    text_pages: z
      .array(z.string())
      .refine(suppliedTextFits, {
        message: `at most ${SUPPLIED_TEXT_LIMITS.pages} pages of ${SUPPLIED_TEXT_LIMITS.charsPerPage} characters, ${SUPPLIED_TEXT_LIMITS.bytes} bytes in all`,
      })
      .optional(),
  })
  .strict();

export const listFiles = userRoute({ params: subjectParams }, async ({ params, user, lang }) => ({
  files: (await listCourseFiles(user.id, params.subjectId, new Date())).map((f) => toFileView(f, lang)),
}));

/** Room for the supplied page texts once written as JSON (escapes included). */
const UPLOAD_BODY_LIMIT = 512 * 1024;

export const startUpload = userRoute({ params: subjectParams, body: z.unknown(), bodyLimit: UPLOAD_BODY_LIMIT }, async ({ params, body, user, lang }) => {
  const fields = (body ?? {}) as Record<string, unknown>;
  // Spec §8: a missing file, size or subject gets its own message, before any other check.
  if (['file_name', 'size', 'content_type'].some((k) => fields[k] === undefined || fields[k] === null || fields[k] === '')) {
    throw new AppError('upload_params_missing');
  }
  const req = parse(uploadBody, fields);
  const { file, upload } = await beginUpload(user.id, params.subjectId, req, new Date());
  return new Reply(201, { file: toFileView(file, lang), upload: { url: upload.url, fields: upload.fields } });
});

export const completeUploadFile = userRoute({ params: fileParams }, async ({ params, user, lang }) =>
  toFileView(await completeUpload(user.id, params.subjectId, params.fileId, new Date()), lang),
);

export const getFile = userRoute({ params: fileParams }, async ({ params, user, lang }) =>
  toFileView(await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date()), lang),
);

export const downloadFile = userRoute({ params: fileParams }, async ({ params, user }) => {
  const file = await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date());
  if (file.status === 'uploading') throw new AppError('file_not_found');
  const url = await getSignedUrl(
    storage(),
    new GetObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: file.storage_path,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: `inline; filename="${file.storage_path.split('/').pop()}"`,
    }),
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
  );
  return { url };
});

export const getPages = userRoute(
  {
    params: fileParams,
    query: z
      .object({ from: z.coerce.number().int().min(1).optional(), to: z.coerce.number().int().min(1).optional() })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not exceed to' }),
  },
  async ({ params, query, user }) => {
    const file = await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date());
    const range = query.from || query.to ? { from: query.from ?? 1, to: query.to ?? query.from ?? 1 } : undefined;
    const pages = await listPages(user.id, params.subjectId, file.id, range);
    return { pages: pages.map((p) => ({ page: p.page, text: p.text, ocr: p.ocr })) };
  },
);

export const deleteFile = userRoute({ params: fileParams }, async ({ params, user }) => {
  const file = await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date());
  await removeFile(file);
  return undefined;
});

