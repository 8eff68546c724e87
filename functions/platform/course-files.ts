// The operations on a student's course files that span the bucket and the tables, ordered so
// that nothing is left half-written: no object without its record, no record without its object
// once an operation ends, no cap slot held by a file that does not exist.
import { randomBytes } from 'node:crypto';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { AppError } from '../core/errors.js';
import {
  defaultDisplayName,
  effectiveStatus,
  isPdfName,
  looksLikePdf,
  MAX_FILE_BYTES,
  newFileId,
  PDF_CONTENT_TYPE,
  UPLOAD_URL_TTL_SECONDS,
} from '../core/files.js';
import { storage } from './clients.js';
import { config } from './config.js';
import { logger } from './logger.js';
import { currentPlan } from './plan.js';
import {
  beginProcessing,
  deleteFileRecord,
  deleteStoredObject,
  failProcessing,
  findFile,
  insertFileRecord,
  listFileRecords,
  newUploadRecord,
  readObjectHead,
  storedObjectSize,
  type FileRecord,
} from './store/files.js';
import { invalidateCourse } from './course.js';
import { deleteSubjectCards } from './store/cards.js';
import { deleteSubjectPlanning } from './store/progress.js';
import { deleteSubjectConversations } from './store/conversations.js';
import { deletePages } from './store/pages.js';
import { deleteSubjectQuizSessions } from './store/quiz-sessions.js';
import { deleteSubjectExams } from './store/exams.js';
import { deleteSubjectSheets } from './store/sheets.js';
import { deleteSubjectPodcasts } from './store/podcasts.js';
import { getSubjectOrThrow, releaseFileSlot, removeSubjectItem, reserveFileSlot } from './store/subjects.js';

export interface UploadRequest {
  file_name: string;
  size: number;
  content_type: string;
  display_name?: string;
  /** Recognised text of each page (photo mode), kept on the record for extraction. */
  text_pages?: string[];
}

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** Validates the upload, reserves a file slot and returns the record and a presigned POST. */
export async function startUpload(userId: string, subjectId: string, req: UploadRequest, now: Date) {
  if (!isPdfName(req.file_name) || req.content_type !== PDF_CONTENT_TYPE) throw new AppError('pdf_only');
  if (req.size > MAX_FILE_BYTES) throw new AppError('file_too_large');
  if (req.size <= 0) throw new AppError('pdf_invalid');
  // Two independent reads, sent together (currentPlan never throws, so a missing subject still
  // answers subject_not_found).
  const [, { limits }] = await Promise.all([getSubjectOrThrow(userId, subjectId), currentPlan(userId, now)]);
  await reserveFileSlot(userId, subjectId, limits.max_files_per_subject);

  const id = newFileId(now, randomBytes(4).toString('hex'));
  const file = newUploadRecord({
    userId,
    subjectId,
    id,
    fileName: req.file_name,
    displayName: req.display_name?.trim() || defaultDisplayName(req.file_name),
    size: req.size,
    now,
  });
  const key = file.storage_path;
  if (req.text_pages?.some((t) => t.trim().length > 0)) file.supplied_text = req.text_pages;
  try {
    await insertFileRecord(file);
  } catch (err) {
    await releaseFileSlot(userId, subjectId);
    throw new AppError('database_error', { reason: reason(err) });
  }
  try {
    const upload = await createPresignedPost(storage(), {
      Bucket: config().UPLOADS_BUCKET,
      Key: key,
      // The size limit is part of the signed policy: storage itself refuses a larger body.
      Conditions: [
        ['content-length-range', 1, MAX_FILE_BYTES],
        ['eq', '$Content-Type', PDF_CONTENT_TYPE],
      ],
      Fields: { 'Content-Type': PDF_CONTENT_TYPE },
      Expires: UPLOAD_URL_TTL_SECONDS,
    });
    return { file, upload };
  } catch (err) {
    await removeFile(file);
    throw err;
  }
}

/**
 * Called by the browser once the bytes are stored: checks they are really there and really a
 * PDF, then hands the file to extraction. A file that fails the checks is removed entirely.
 */
export async function completeUpload(userId: string, subjectId: string, fileId: string, now: Date): Promise<FileRecord> {
  const file = await findFile(userId, subjectId, fileId);
  if (!file) throw new AppError('file_not_found');
  if (file.status !== 'uploading') return file;
  // The first bytes are asked for together with the size (one round trip instead of two); the
  // read is judged only when the size says it matters (missing, empty or too large objects are
  // refused on their size alone, whatever the read answered).
  const head = readObjectHead(file.storage_path);
  head.catch(() => undefined);
  const size = await storedObjectSize(file.storage_path);
  if (size === null) throw new AppError('upload_missing');
  if (size > MAX_FILE_BYTES) {
    await removeFile(file);
    throw new AppError('file_too_large');
  }
  if (size === 0 || !looksLikePdf(await head)) {
    await removeFile(file);
    throw new AppError(size === 0 ? 'pdf_invalid' : 'pdf_only');
  }
  return (await beginProcessing(file, now)) ?? ((await findFile(userId, subjectId, fileId)) as FileRecord);
}

/**
 * Removes a file: its object first (storage before record), then its record, its pages and its cap slot (unless
 * it failed, which gave the slot back already).
 * A storage failure leaves the record in place and says why.
 */
export async function removeFile(file: FileRecord): Promise<void> {
  try {
    await deleteStoredObject(file.storage_path);
  } catch (err) {
    logger.warn({ fileId: file.id, err: reason(err) }, 'object deletion failed');
    throw new AppError('storage_delete_failed', { reason: reason(err) });
  }
  // Record before pages: an extraction still running finds the record gone and drops its pages.
  const existed = await deleteFileRecord(file);
  invalidateCourse(file.user_id, file.subject_id);
  await deletePages(file.user_id, file.subject_id, file.id);
  // A failed file gave its slot back when it failed.
  if (existed && !existed.slot_released) await releaseFileSlot(file.user_id, file.subject_id);
}

/**
 * Applies the time rules to a file read from the table: an upload abandoned past its window is
 * removed (returns null), processing past its time-out becomes failed.
 */
export async function settle(file: FileRecord, now: Date): Promise<FileRecord | null> {
  const status = effectiveStatus(file, now);
  if (status === null) {
    await removeFile(file).catch((err) => logger.warn({ fileId: file.id, err: reason(err) }, 'abandoned upload cleanup failed'));
    return null;
  }
  if (status === 'failed' && file.status === 'processing') {
    await failProcessing(file, 'processing_timeout', now);
    return { ...file, status: 'failed', error_code: 'processing_timeout' };
  }
  return file;
}

export async function listFiles(userId: string, subjectId: string, now: Date): Promise<FileRecord[]> {
  await getSubjectOrThrow(userId, subjectId);
  const files = await Promise.all((await listFileRecords(userId, subjectId)).map((f) => settle(f, now)));
  return files.filter((f): f is FileRecord => f !== null);
}

export async function getFileOrThrow(userId: string, subjectId: string, fileId: string, now: Date): Promise<FileRecord> {
  const found = await findFile(userId, subjectId, fileId);
  const file = found && (await settle(found, now));
  if (!file) throw new AppError('file_not_found');
  return file;
}

/**
 * Deletes a subject with every file in it (objects first), its conversations, revision sheets,
 * podcasts (audio first), quiz sessions, flashcards, exam date and studied pages, then the subject itself (last, so that a failure half-way leaves it to delete again).
 */
export async function removeSubject(userId: string, subjectId: string): Promise<void> {
  const subject = await getSubjectOrThrow(userId, subjectId);
  for (const file of await listFileRecords(userId, subjectId)) {
    try {
      await removeFile(file);
    } catch (err) {
      throw new AppError('subject_delete_failed', { reason: err instanceof AppError ? String(err.params.reason ?? err.code) : reason(err) });
    }
  }
  await deletePages(userId, subjectId);
  await deleteSubjectConversations(userId, subjectId);
  await deleteSubjectSheets(userId, subjectId);
  await deleteSubjectPodcasts(userId, subjectId, new Date());
  await deleteSubjectQuizSessions(userId, subjectId);
  await deleteSubjectExams(userId, subjectId);
  await deleteSubjectCards(userId, subjectId);
  await deleteSubjectPlanning(userId, subjectId);
  invalidateCourse(userId, subjectId);
  await removeSubjectItem(subject);
}
