// Course files of a subject: presigned uploads, completion, listing, download, per-page text, the
// outline and deletion. The caller reaches only their own files: every key starts with their user id.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { DOCUMENT_MODEL_VERSION, type FileOutline } from '../core/document.js';
import { AppError } from '../core/errors.js';
import { pageOf, pageQuery } from '../core/paging.js';
import { buildDocument } from '../engine/document/build.js';
import { layoutFromText } from '../engine/document/layout.js';
import { checkUploadFields, fileParams, pagesQuery, subjectParams, uploadBody } from '../core/schemas.js';
import { completeUpload, getFileOrThrow, listFiles as listCourseFiles, removeFile, startUpload as beginUpload } from '../platform/course-files.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { parse, Reply, userRoute } from '../platform/http.js';
import { toFileView } from '../platform/store/files.js';
import { listPages, MAX_STORED_PAGE } from '../platform/store/pages.js';
import type { PageText } from '../core/views.js';

const DOWNLOAD_URL_TTL_SECONDS = 300;
/** Pages one answer of the pages route holds at most, and their text in characters. */
export const PAGES_PER_ANSWER = 100;
export const PAGE_TEXT_PER_ANSWER = 1_500_000;

export const listFiles = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user, lang }) => {
  // Newest first (ordered by created_at descending).
  const page = pageOf(await listCourseFiles(user.id, params.subjectId, new Date()), { key: (f) => [f.created_at, f.id], direction: 'desc' }, query);
  return { files: page.items.map((f) => toFileView(f, lang)), ...(page.next ? { next: page.next } : {}) };
});

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
    // A bounded answer (a Lambda's response holds 6 MB): at most PAGES_PER_ANSWER pages and
    // PAGE_TEXT_PER_ANSWER characters of text; `next` is the page to ask from for the rest.
    const from = query.from ?? 1;
    const to = Math.min(query.to ?? (query.from ? query.from : MAX_STORED_PAGE), from + PAGES_PER_ANSWER - 1);
    const pages = await listPages(user.id, params.subjectId, file.id, { from, to });
    const out: PageText[] = [];
    let chars = 0;
    for (const p of pages) {
      if (out.length > 0 && chars + p.text.length > PAGE_TEXT_PER_ANSWER) break;
      chars += p.text.length;
      out.push({ page: p.page, text: p.text, ocr: p.ocr, ...(p.spans ? { spans: p.spans } : {}) });
    }
    const last = out.length ? out[out.length - 1].page : from - 1;
    const wanted = query.to ?? (query.from ? query.from : file.page_count ?? last);
    return { pages: out, ...(last < Math.min(wanted, file.page_count ?? wanted) ? { next: last + 1 } : {}) };
  },
);

/**
 * The file's outline: its headings by level with their page, from the document model. A ready file
 * read before the model has its outline computed from its stored text (numbered titles and
 * capitals only: no typography is left there). A file still being read answers `pending`.
 */
export const getOutline = userRoute({ params: fileParams }, async ({ params, user }): Promise<FileOutline> => {
  const file = await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date());
  const base = { file_id: file.id, file_name: file.display_name };
  if (file.status !== 'ready') return { ...base, entries: [], pending: file.status === 'uploading' || file.status === 'processing', truncated: false };
  if (file.doc_version === DOCUMENT_MODEL_VERSION && file.outline) {
    return { ...base, entries: file.outline, pending: false, truncated: file.outline_truncated === true };
  }
  const pages = await listPages(user.id, params.subjectId, file.id);
  const model = buildDocument(
    pages.map((p) => layoutFromText(p.page, p.text)),
    { textOnly: new Set(pages.map((p) => p.page)) },
  );
  return { ...base, entries: model.outline, pending: false, truncated: model.truncated };
});

export const deleteFile = userRoute({ params: fileParams }, async ({ params, user }) => {
  const file = await getFileOrThrow(user.id, params.subjectId, params.fileId, new Date());
  await removeFile(file);
  return undefined;
});

