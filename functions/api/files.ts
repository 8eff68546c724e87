// Course files of a subject: presigned uploads, completion, listing, download, per-page text and
// deletion. The caller reaches only their own files: every key starts with their user id.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { checkUploadFields, fileParams, pagesQuery, subjectParams, uploadBody } from '../core/schemas.js';
import { completeUpload, getFileOrThrow, listFiles as listCourseFiles, removeFile, startUpload as beginUpload } from '../platform/course-files.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { parse, Reply, userRoute } from '../platform/http.js';
import { toFileView } from '../platform/store/files.js';
import { listPages } from '../platform/store/pages.js';

const DOWNLOAD_URL_TTL_SECONDS = 300;

export const listFiles = userRoute({ params: subjectParams }, async ({ params, user, lang }) => ({
  files: (await listCourseFiles(user.id, params.subjectId, new Date())).map((f) => toFileView(f, lang)),
}));

/** Room for the supplied page texts once written as JSON (escapes included). */
const UPLOAD_BODY_LIMIT = 512 * 1024;

export const startUpload = userRoute({ params: subjectParams, body: z.unknown(), bodyLimit: UPLOAD_BODY_LIMIT }, async ({ params, body, user, lang }) => {
  const req = parse(uploadBody, checkUploadFields(body));
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
    query: pagesQuery,
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

