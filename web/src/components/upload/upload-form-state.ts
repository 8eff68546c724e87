// The upload form's decisions, without the browser: which picked files join the list (PDFs only,
// none over the size limit, no file twice, each with a display name no other file has), what each
// file's line shows (progress bar, its words, its remove button), which problem stops a submit
// before anything is sent, and what is announced to the API for a file. UploadForm.tsx and
// use-upload-form.ts only render and run what this module decides; test/unit/web/upload-form.test.ts
// checks it without a browser.
import { defaultDisplayName, isPdfName, MAX_FILE_BYTES, PDF_CONTENT_TYPE } from '@core/files.js';
import { textPagesForUpload } from './page-text.js';

/** The page opens the subject 2 s after 'Upload successful!'. */
export const POST_UPLOAD_REDIRECT_MS = 2000;

export type EntryState = 'ready' | 'uploading' | 'finishing' | 'done' | 'error';

/** What the form needs of a picked file (a browser File has it all). */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

export interface Entry<F extends PickedFile = File> {
  key: string;
  file: F;
  displayName: string;
  /** Pages of a PDF made in photo mode. */
  photoPages?: number;
  /** The text photo mode read on each page of that PDF (optional textContent from OCR). */
  textContent?: string[];
  state: EntryState;
  loaded: number;
  error: string | null;
}

/** How one file's upload ended: stop means the others are not tried (plan limit, signed out, left). */
export type Outcome = 'ok' | 'failed' | 'stop';

export const isPdfFile = (file: PickedFile): boolean => file.type === PDF_CONTENT_TYPE || isPdfName(file.name);

/** The percentage its progress bar shows. */
export const percentOf = (entry: Entry<PickedFile>): number =>
  entry.file.size > 0 ? Math.round((entry.loaded / entry.file.size) * 100) : entry.state === 'done' ? 100 : 0;

let keySeed = 0;
export const newKey = (): string => `f${Date.now().toString(36)}-${(keySeed += 1)}`;

/** `wanted`, or `wanted (2)`, `wanted (3)`… : the first that no file of the list is called. */
export function uniqueDisplayName(wanted: string, list: readonly Entry<PickedFile>[]): string {
  const taken = new Set(list.map((e) => e.displayName));
  if (!taken.has(wanted)) return wanted;
  let n = 2;
  while (taken.has(`${wanted} (${n})`)) n += 1;
  return `${wanted} (${n})`;
}

/** A picked selection sorted: no PDF at all, or the PDFs kept and what was left out (for the notices). */
export type Sorted<F extends PickedFile> = { kind: 'noPdf' } | { kind: 'files'; accepted: F[]; ignored: number; tooLarge: string[] };

export function sortPicked<F extends PickedFile>(picked: readonly F[]): Sorted<F> {
  const pdfs = picked.filter(isPdfFile);
  if (pdfs.length === 0) return { kind: 'noPdf' };
  const accepted: F[] = [];
  const tooLarge: string[] = [];
  for (const file of pdfs) {
    if (file.size > MAX_FILE_BYTES) tooLarge.push(file.name);
    else accepted.push(file);
  }
  return { kind: 'files', accepted, ignored: picked.length - pdfs.length, tooLarge };
}

/** A new line of the list, ready to send, named after its file unless that name is taken. */
export function newEntry<F extends PickedFile>(file: F, list: readonly Entry<PickedFile>[], key: string, photo?: { pages: number; textContent?: string[] }): Entry<F> {
  const displayName = uniqueDisplayName(defaultDisplayName(file.name), list);
  return { key, file, displayName, ...(photo ? { photoPages: photo.pages, textContent: photo.textContent } : {}), state: 'ready', loaded: 0, error: null };
}

/** The list with the accepted files added, except those already in it (same name, size and date). */
export function withFiles<F extends PickedFile>(list: readonly Entry<F>[], accepted: readonly F[], makeKey: () => string = newKey): Entry<F>[] {
  const next = [...list];
  for (const file of accepted) {
    const same = next.some((e) => e.file.name === file.name && e.file.size === file.size && e.file.lastModified === file.lastModified);
    if (same) continue;
    next.push(newEntry(file, next, makeKey()));
  }
  return next;
}

export const updateEntry = <F extends PickedFile>(list: readonly Entry<F>[], key: string, change: Partial<Entry<F>>): Entry<F>[] =>
  list.map((e) => (e.key === key ? { ...e, ...change } : e));

export const removeEntry = <F extends PickedFile>(list: readonly Entry<F>[], key: string): Entry<F>[] => list.filter((e) => e.key !== key);

/** The files a submit sends: all but those already uploaded. */
export const pendingEntries = <F extends PickedFile>(list: readonly Entry<F>[]): Entry<F>[] => list.filter((entry) => entry.state !== 'done');

/**
 * What stops a submit before anything is sent, as its message key, or null. The name is asked for
 * only where it can be typed: not on a subject's own page, nor once the subject exists.
 */
export function submitProblem(pendingCount: number, nameNeeded: boolean, normalizedName: string): 'upload.missingName' | 'upload.missing' | 'upload.missingFiles' | null {
  const nameMissing = nameNeeded && !normalizedName;
  if (pendingCount > 0 && !nameMissing) return null;
  return pendingCount > 0 ? 'upload.missingName' : nameMissing ? 'upload.missing' : 'upload.missingFiles';
}

/** A file's progress bar shows while it is sent (or waits its turn), and after a failure once bytes went. */
export const showsProgress = (entry: Entry<PickedFile>, busy: boolean): boolean => (entry.state === 'error' ? entry.loaded > 0 : entry.state !== 'ready' || busy);

/** The words beside a progress bar (none for a failed file: its error shows below). */
export function progressWords(state: EntryState): 'upload.stateWaiting' | 'upload.stateUploading' | 'upload.stateFinishing' | 'upload.stateDone' | null {
  switch (state) {
    case 'ready':
      return 'upload.stateWaiting';
    case 'uploading':
      return 'upload.stateUploading';
    case 'finishing':
      return 'upload.stateFinishing';
    case 'done':
      return 'upload.stateDone';
    case 'error':
      return null;
  }
}

/** A file can be renamed or removed until it is uploaded, and never while the form sends. */
export const isEditable = (entry: Entry<PickedFile>, locked: boolean): boolean => !locked && entry.state !== 'done';

/** The name a file goes by in labels: its display name, or the file's own when that is empty. */
export const labelOf = (entry: Entry<PickedFile>): string => entry.displayName || entry.file.name;

/** What the API is told of a file before it is sent (beyond what the server takes, no text: it reads the PDF itself). */
export function uploadAnnouncement(entry: Entry<PickedFile>): { file_name: string; size: number; content_type: typeof PDF_CONTENT_TYPE; display_name: string; text_pages?: string[] } {
  const textPages = textPagesForUpload(entry.textContent, entry.photoPages);
  return {
    file_name: entry.file.name,
    size: entry.file.size,
    content_type: PDF_CONTENT_TYPE,
    display_name: entry.displayName.trim() || defaultDisplayName(entry.file.name),
    ...(textPages ? { text_pages: textPages } : {}),
  };
}

/** Where the form goes once every file is uploaded. */
export const subjectPath = (subjectId: string): string => `/subject/${encodeURIComponent(subjectId)}`;
