// Course files: storage paths, names, the PDF check, and the file's life cycle
// (uploading → processing → ready | failed). Pure rules, shared by the API, the extraction
// pipeline and the web app.
import { MAX_FILE_SIZE_MB } from './plans.js';
import { utf8Bytes } from './text.js';

export const MAX_FILE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;
export const PDF_CONTENT_TYPE = 'application/pdf';
/** Longest file name, display name and content type an upload may give. */
export const FILE_NAME_MAX = 255;
export const DISPLAY_NAME_MAX = 200;
export const CONTENT_TYPE_MAX = 100;
/** How long a presigned upload stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** An upload not completed by then is abandoned: its record and object are removed. */
export const UPLOAD_ABANDONED_AFTER_MS = (UPLOAD_URL_TTL_SECONDS + 5 * 60) * 1000;
/** A file still processing after this is failed (nothing stays stuck). */
export const PROCESSING_TIMEOUT_MS = 20 * 60 * 1000;
/** The longest an extraction runs (the cloud function's time-out). */
export const EXTRACTION_TIME_LIMIT_MS = 15 * 60 * 1000;
/**
 * How long a file being read belongs to the invocation that took it: another delivery of its
 * storage event meanwhile is a duplicate and is ignored; the same invocation retried, or any
 * delivery once the lease has run out (that reader is gone), takes it up.
 */
export const PROCESSING_LEASE_MS = EXTRACTION_TIME_LIMIT_MS + 60 * 1000;
/** A page's text counts only with at least 3 words; fewer sends the page to OCR. */
export const MIN_WORDS_PER_PAGE = 3;

export type FileStatus = 'uploading' | 'processing' | 'ready' | 'failed';

/** OCR languages in Tesseract's notation: the first is preferred where the two disagree. */
export type OcrLanguages = 'fra+eng' | 'eng+fra';

/** The OCR languages for a student: French first unless the profile is in English (fra+eng, else eng+fra). */
export function ocrLanguages(profileLanguage: string | null | undefined): OcrLanguages {
  return profileLanguage === 'en' ? 'eng+fra' : 'fra+eng';
}

/**
 * Text supplied with an upload (photo mode's OCR in the browser), page by page: what the file
 * record can carry until extraction uses it. Beyond these, the client sends none and the server
 * reads the PDF itself.
 */
export const SUPPLIED_TEXT_LIMITS = { pages: 500, charsPerPage: 20_000, bytes: 200_000 } as const;

/** Whether page texts fit SUPPLIED_TEXT_LIMITS. */
export function suppliedTextFits(pages: readonly string[]): boolean {
  if (pages.length > SUPPLIED_TEXT_LIMITS.pages) return false;
  if (pages.some((p) => p.length > SUPPLIED_TEXT_LIMITS.charsPerPage)) return false;
  return pages.reduce((sum, p) => sum + utf8Bytes(p), 0) <= SUPPLIED_TEXT_LIMITS.bytes;
}

/** Characters other than letters, digits, dot and hyphen become underscores. */
export function sanitizeFileName(name: string): string {
  const base = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return base.replace(/[^A-Za-z0-9.-]/g, '_').slice(-120) || 'file.pdf';
}

/** The display name a student sees by default: the file name without its extension. */
export function defaultDisplayName(fileName: string): string {
  const name = fileName.replace(/^.*[\\/]/, '');
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim() || name;
}

/** `{timestamp}-{random}`: unique, and sorts by creation time. */
export function newFileId(now: Date, random: string): string {
  return `${now.getTime()}-${random}`;
}

/** Where a file is stored: `{user id}/{subject id}/{timestamp}-{random}-{sanitised file name}`. */
export function storagePath(userId: string, subjectId: string, fileId: string, fileName: string): string {
  return `${userId}/${subjectId}/${fileId}-${sanitizeFileName(fileName)}`;
}

/** The parts of a storage path, or null for a key that is not one. */
export function parseStoragePath(key: string): { userId: string; subjectId: string; fileId: string } | null {
  const m = /^([^/]+)\/([^/]+)\/(\d{10,16}-[a-z0-9]{6,32})-[^/]+$/.exec(key);
  return m ? { userId: m[1], subjectId: m[2], fileId: m[3] } : null;
}

/** True when the bytes start like a PDF (`%PDF-` within the first 1024 bytes, as readers allow). */
export function looksLikePdf(head: Uint8Array): boolean {
  let text = '';
  for (const byte of head.subarray(0, 1024)) text += String.fromCharCode(byte);
  return text.includes('%PDF-');
}

export function isPdfName(fileName: string): boolean {
  return /\.pdf$/i.test(fileName.trim());
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

/**
 * The status a student sees: an upload never completed past its window reads as abandoned
 * (null: the record is to be removed), processing past its time-out reads as failed.
 */
export function effectiveStatus(
  file: { status: FileStatus; created_at: string; processing_started_at?: string | null },
  now: Date,
): FileStatus | null {
  if (file.status === 'uploading' && now.getTime() - Date.parse(file.created_at) > UPLOAD_ABANDONED_AFTER_MS) return null;
  if (file.status === 'processing') {
    const since = Date.parse(file.processing_started_at ?? file.created_at);
    if (now.getTime() - since > PROCESSING_TIMEOUT_MS) return 'failed';
  }
  return file.status;
}
