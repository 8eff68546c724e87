// File records in DynamoDB (`{user_id, sk: {subject_id}#{file_id}}`) and their objects in the
// uploads bucket. Status changes are conditional on the status they leave, so duplicate storage
// events and retries cannot move a file backwards.
import type { OutlineEntry } from '../../core/document.js';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { errorMessage, type ErrorCode, type Lang } from '../../core/errors.js';
import { parseStoragePath, PDF_CONTENT_TYPE, PROCESSING_LEASE_MS, storagePath, type FileStatus } from '../../core/files.js';
import type { FileView } from '../../core/views.js';
import { storage, db } from '../clients.js';
import { config } from '../config.js';
import { isConditionFailure } from './profiles.js';
import { releaseFileSlot } from './subjects.js';
import { queryAll } from './query.js';

export interface FileRecord {
  user_id: string;
  sk: string;
  id: string;
  subject_id: string;
  name: string;
  display_name: string;
  storage_path: string;
  size: number;
  content_type: string;
  status: FileStatus;
  error_code: string | null;
  error_params?: Record<string, string | number> | null;
  text_content: string | null;
  language: 'fr' | 'en' | 'und' | null;
  page_count: number | null;
  successful_pages: number | null;
  ocr_pages: number | null;
  created_at: string;
  updated_at: string;
  processing_started_at: string | null;
  /** The invocation reading the file, and when it took it (claimProcessing's lease). */
  processing_owner?: string;
  processing_leased_at?: string;
  /**
   * Text supplied with the upload, page by page (photo mode's OCR in the browser); extraction
   * uses it in place of its own reading, then removes it from the record.
   */
  supplied_text?: string[];
  /** The file's outline (its headings with their page), from the document model. */
  outline?: OutlineEntry[];
  /** The outline stops at MAX_OUTLINE_ENTRIES. */
  outline_truncated?: boolean;
  /** The document model version the pages were built with (absent: before the model). */
  doc_version?: number;
  /**
   * Set when the file failed: its slot toward the per-subject cap was given back then, so
   * deleting it later must not give it back again.
   */
  slot_released?: boolean;
}

export type { FileView };

/** Characters of text kept on the record; the whole text lives page by page in Pages. */
export const TEXT_CONTENT_MAX = 50_000;

export const fileSortKey = (subjectId: string, fileId: string): string => `${subjectId}#${fileId}`;

/** The record of a new upload, as it is written before its object is stored (status uploading). */
export function newUploadRecord(f: { userId: string; subjectId: string; id: string; fileName: string; displayName: string; size: number; now: Date }): FileRecord {
  return {
    user_id: f.userId,
    sk: fileSortKey(f.subjectId, f.id),
    id: f.id,
    subject_id: f.subjectId,
    name: f.fileName,
    display_name: f.displayName,
    storage_path: storagePath(f.userId, f.subjectId, f.id, f.fileName),
    size: f.size,
    content_type: PDF_CONTENT_TYPE,
    status: 'uploading',
    error_code: null,
    text_content: null,
    language: null,
    page_count: null,
    successful_pages: null,
    ocr_pages: null,
    created_at: f.now.toISOString(),
    updated_at: f.now.toISOString(),
    processing_started_at: null,
  };
}

const table = () => config().tableNames.files;

export function toFileView(file: FileRecord, lang: Lang): FileView {
  const code = file.error_code as ErrorCode | null;
  return {
    id: file.id,
    subject_id: file.subject_id,
    name: file.name,
    display_name: file.display_name,
    size: file.size,
    status: file.status,
    error: code ? { code, message: errorMessage(code, lang, file.error_params ?? {}) } : null,
    language: file.language ?? null,
    page_count: file.page_count ?? null,
    created_at: file.created_at,
  };
}

export async function findFile(userId: string, subjectId: string, fileId: string): Promise<FileRecord | null> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: fileSortKey(subjectId, fileId) }, ConsistentRead: true }),
  );
  return (out.Item as FileRecord | undefined) ?? null;
}

export async function getFileByStoragePath(key: string): Promise<FileRecord | null> {
  const parts = parseStoragePath(key);
  if (!parts) return null;
  const file = await findFile(parts.userId, parts.subjectId, parts.fileId);
  return file && file.storage_path === key ? file : null;
}

export async function listFileRecords(userId: string, subjectId: string): Promise<FileRecord[]> {
  const items: FileRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'user_id = :u AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':u': userId, ':prefix': `${subjectId}#` },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as FileRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A ready file as statistics show it: no text, no storage fields. */
export interface ReadyFileSummary {
  id: string;
  subject_id: string;
  display_name: string;
  page_count: number;
}

/**
 * The ready files of a subject (of every subject: `subjectId` null), newest first, in one query of
 * the index `summaries`, which holds only the fields a listing shows: a record's text (up to
 * 50,000 characters) is never read, not even by the store (a projection on the table would still
 * read it). An index is read eventually consistently: in the cloud, a file that became ready a
 * moment ago may be missing from one read; the next one has it.
 */
export async function listReadyFileSummaries(userId: string, subjectId: string | null): Promise<ReadyFileSummary[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'summaries',
    KeyConditionExpression: subjectId ? 'user_id = :u AND begins_with(sk, :prefix)' : 'user_id = :u',
    ExpressionAttributeValues: subjectId ? { ':u': userId, ':prefix': `${subjectId}#` } : { ':u': userId },
    ExpressionAttributeNames: { '#id': 'id', '#status': 'status' },
    ProjectionExpression: '#id, subject_id, display_name, #status, page_count',
    ScanIndexForward: false,
  });
  return items
    .filter((i) => i.status === 'ready')
    .map((i) => ({ id: String(i.id), subject_id: String(i.subject_id), display_name: String(i.display_name), page_count: Number(i.page_count ?? 0) }));
}

export async function insertFileRecord(file: FileRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: file, ConditionExpression: 'attribute_not_exists(sk)' }));
}

/** Deletes the record; returns it as it was, or null when it was already gone. */
export async function deleteFileRecord(file: Pick<FileRecord, 'user_id' | 'subject_id' | 'id'>): Promise<FileRecord | null> {
  const out = await db().send(
    new DeleteCommand({
      TableName: table(),
      Key: { user_id: file.user_id, sk: fileSortKey(file.subject_id, file.id) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return (out.Attributes as FileRecord | undefined) ?? null;
}

async function transition(
  file: FileRecord,
  from: FileStatus[],
  set: Record<string, unknown>,
  remove: string[] = [],
): Promise<FileRecord | null> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const removed = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  const allowed = from.map((s, i) => {
    values[`:from${i}`] = s;
    return `:from${i}`;
  });
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: file.user_id, sk: fileSortKey(file.subject_id, file.id) },
        UpdateExpression: `SET ${sets.join(', ')}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
        ConditionExpression: `attribute_exists(sk) AND #status IN (${allowed.join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as FileRecord;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** uploading → processing, once the upload is complete; null when the file has moved on. */
export async function beginProcessing(file: FileRecord, now: Date): Promise<FileRecord | null> {
  return transition(file, ['uploading'], { status: 'processing', processing_started_at: now.toISOString(), updated_at: now.toISOString() });
}

/**
 * The extraction takes the file for `owner` (its invocation): from uploading or processing, but a
 * file another reader holds is taken only once that reader's lease has run out. The same owner
 * (a retried invocation) takes it again. Null when the file is final, gone or held: a duplicate
 * event.
 */
export async function claimProcessing(file: FileRecord, now: Date, owner: string): Promise<FileRecord | null> {
  const started = file.status === 'processing' && file.processing_started_at ? file.processing_started_at : now.toISOString();
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: file.user_id, sk: fileSortKey(file.subject_id, file.id) },
        UpdateExpression: 'SET #status = :processing, #owner = :owner, #leased = :now, #started = :started, #updated = :now',
        ConditionExpression:
          'attribute_exists(sk) AND (#status = :uploading OR (#status = :processing AND (attribute_not_exists(#owner) OR #owner = :owner OR #leased < :expired)))',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#owner': 'processing_owner',
          '#leased': 'processing_leased_at',
          '#started': 'processing_started_at',
          '#updated': 'updated_at',
        },
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':uploading': 'uploading',
          ':owner': owner,
          ':now': now.toISOString(),
          ':started': started,
          ':expired': new Date(now.getTime() - PROCESSING_LEASE_MS).toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as FileRecord;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

export async function finishProcessing(
  file: FileRecord,
  result: {
    text_content: string;
    language: 'fr' | 'en' | 'und';
    page_count: number;
    successful_pages: number;
    ocr_pages: number;
    outline: OutlineEntry[];
    outline_truncated: boolean;
    doc_version: number;
  },
  now: Date,
): Promise<void> {
  await transition(file, ['processing'], {
    status: 'ready',
    error_code: null,
    text_content: result.text_content.slice(0, TEXT_CONTENT_MAX),
    language: result.language,
    page_count: result.page_count,
    successful_pages: result.successful_pages,
    ocr_pages: result.ocr_pages,
    outline: result.outline,
    outline_truncated: result.outline_truncated,
    doc_version: result.doc_version,
    updated_at: now.toISOString(),
  }, ['supplied_text', 'processing_owner', 'processing_leased_at']);
}

/**
 * Ready files whose pages were built by an older document model (or before it), up to `limit`,
 * found by a scan of the files table (a maintenance job's read: it runs rarely, and stops finding
 * anything once every file is rebuilt).
 */
export async function listStaleDocuments(version: number, limit: number): Promise<FileRecord[]> {
  const out: FileRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: '#status = :ready AND (attribute_not_exists(#version) OR #version < :version)',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'doc_version' },
        ExpressionAttributeValues: { ':ready': 'ready', ':version': version },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) if (out.length < limit) out.push(item as FileRecord);
    start = page.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out;
}

/**
 * A ready file's document rebuilt: its outline, text summary and model version replaced, provided
 * the file is still the one that was read (ready, not changed since: `updated_at` as read). Its
 * `updated_at` moves, so that every built course of the subject is built again. Null when the
 * file moved on or is gone.
 */
export async function replaceDocument(
  file: FileRecord,
  result: { text_content: string; outline: OutlineEntry[]; outline_truncated: boolean; doc_version: number },
  now: Date,
): Promise<FileRecord | null> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: file.user_id, sk: fileSortKey(file.subject_id, file.id) },
        UpdateExpression: 'SET #text = :text, #outline = :outline, #truncated = :truncated, #version = :version, #updated = :now',
        ConditionExpression: 'attribute_exists(sk) AND #status = :ready AND #updated = :read',
        ExpressionAttributeNames: {
          '#text': 'text_content',
          '#outline': 'outline',
          '#truncated': 'outline_truncated',
          '#version': 'doc_version',
          '#updated': 'updated_at',
          '#status': 'status',
        },
        ExpressionAttributeValues: {
          ':text': result.text_content.slice(0, TEXT_CONTENT_MAX),
          ':outline': result.outline,
          ':truncated': result.outline_truncated,
          ':version': result.doc_version,
          ':now': now.toISOString(),
          ':ready': 'ready',
          ':read': file.updated_at,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as FileRecord;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * uploading/processing → failed, with the message to show. A failed file no longer holds a slot
 * toward the per-subject cap: the one invocation whose conditional update makes it failed gives
 * the slot back (a duplicate event or a concurrent time-out finds it failed already and does
 * nothing), and marks the record so that deleting it later does not give it back twice.
 */
export async function failProcessing(
  file: FileRecord,
  errorCode: ErrorCode,
  now: Date,
  params: Record<string, string | number> = {},
): Promise<void> {
  const failed = await transition(file, ['uploading', 'processing'], {
    status: 'failed',
    error_code: errorCode,
    error_params: params,
    slot_released: true,
    updated_at: now.toISOString(),
  }, ['supplied_text', 'processing_owner', 'processing_leased_at']);
  if (failed) await releaseFileSlot(file.user_id, file.subject_id);
}

export async function deleteStoredObject(key: string): Promise<void> {
  await storage().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
}

/** Size of the stored object, or null when there is none. */
export async function storedObjectSize(key: string): Promise<number | null> {
  try {
    const out = await storage().send(new HeadObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
    return out.ContentLength ?? 0;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}

export async function readObjectHead(key: string, bytes = 1024): Promise<Uint8Array> {
  const out = await storage().send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Range: `bytes=0-${bytes - 1}` }));
  return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
}

