// The subjects and files API (functions/api/subjects.ts, files.ts: files, their pages and outline)
// as the web app calls it, and the one shared list of the student's subjects: the grid, the
// subject tab bar and the subject pages read the same list, and a creation or deletion anywhere
// refreshes it everywhere.
import { useEffect, useSyncExternalStore } from 'react';
import type { Subject } from '@core/subjects.js';
import type { FileStatus } from '@core/files.js';
import type { FileView, PageText, PlanLimits } from '@core/views.js';
import type { FileOutline, OutlineEntry } from '@core/document.js';
import { checkUploadFields, createSubjectBody, uploadBody } from '@core/schemas.js';
import type { BodyOf, ResponseOf } from '@core/contract.js';
import { call, callAll } from './client';
import { useSession } from '../auth/session';

export type { Subject, FileStatus, FileView, PageText, FileOutline, OutlineEntry };
export type SubjectLimits = PlanLimits;

/** The student's subjects, newest first, and the plan's caps. */
export type SubjectList = Omit<ResponseOf<'GET /api/subjects'>, 'next'>;

/** A new file and its presigned POST: every field goes into the form, then the file, last. */
export type UploadTicket = ResponseOf<'POST /api/subjects/{subjectId}/uploads'>;

export type StartUploadBody = BodyOf<'POST /api/subjects/{subjectId}/uploads'>;

export const subjectsApi = {
  list: () => callAll('GET /api/subjects', {}, 'subjects'),
  create: (name: string, colorIndex?: number) =>
    call('POST /api/subjects', {}, colorIndex === undefined ? { name } : { name, color_index: colorIndex }, { schema: createSubjectBody }),
  get: (subjectId: string) => call('GET /api/subjects/{subjectId}', { subjectId }),
  remove: (subjectId: string) => call('DELETE /api/subjects/{subjectId}', { subjectId }),
  files: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/files', { subjectId }, 'files'),
  /**
   * Not retried: a second ticket would leave an upload in progress that counts against the cap.
   * `text_pages`: the recognised text of each page (photo mode), within SUPPLIED_TEXT_LIMITS.
   */
  startUpload: (subjectId: string, body: StartUploadBody) =>
    call('POST /api/subjects/{subjectId}/uploads', { subjectId }, body, { retry: false, schema: uploadBody, precheck: checkUploadFields }),
  complete: (subjectId: string, fileId: string) => call('POST /api/subjects/{subjectId}/files/{fileId}/complete', { subjectId, fileId }),
  file: (subjectId: string, fileId: string) => call('GET /api/subjects/{subjectId}/files/{fileId}', { subjectId, fileId }),
  download: (subjectId: string, fileId: string) => call('GET /api/subjects/{subjectId}/files/{fileId}/download', { subjectId, fileId }),
  pages: (subjectId: string, fileId: string, from: number, to: number) => call('GET /api/subjects/{subjectId}/files/{fileId}/pages', { subjectId, fileId, from, to }),
  /** The file's headings by level with their page (`pending` while it is still being read). */
  outline: (subjectId: string, fileId: string) => call('GET /api/subjects/{subjectId}/files/{fileId}/outline', { subjectId, fileId }),
  removeFile: (subjectId: string, fileId: string) => call('DELETE /api/subjects/{subjectId}/files/{fileId}', { subjectId, fileId }),
};

// ---------- The shared list of subjects ----------

export interface SubjectsState {
  /** Whose list this is: a sign-in as someone else starts over. */
  userId: string | null;
  data: SubjectList | null;
  error: unknown;
  loading: boolean;
}

let state: SubjectsState = { userId: null, data: null, error: null, loading: false };
let inflight: Promise<void> | null = null;
let generation = 0;
const listeners = new Set<() => void>();

function setState(next: Partial<SubjectsState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Reloads the list (for `userId`); concurrent calls share one request. */
export function reloadSubjects(userId: string | null = state.userId): Promise<void> {
  if (userId !== state.userId) {
    generation += 1;
    inflight = null;
    setState({ userId, data: null, error: null, loading: false });
  }
  if (!userId) return Promise.resolve();
  if (inflight) return inflight;
  const mine = generation;
  setState({ loading: true });
  inflight = subjectsApi
    .list()
    .then(
      (data) => {
        if (mine === generation) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (mine === generation) setState({ error, loading: false });
      },
    )
    .finally(() => {
      if (mine === generation) inflight = null;
    });
  return inflight;
}

/** Applies a change the server already made (a new or deleted subject) without waiting for a reload. */
export function updateSubjects(change: (list: SubjectList) => SubjectList): void {
  if (state.data) setState({ data: change(state.data) });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/** The signed-in student's subjects, loaded on first use and shared by every page. */
export function useSubjects(): SubjectsState & { reload(): Promise<void> } {
  const { userId } = useSession();
  const current = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (state.userId !== userId || (!state.data && !inflight)) void reloadSubjects(userId);
  }, [userId]);
  const mine = current.userId === userId ? current : { userId, data: null, error: null, loading: Boolean(userId) };
  return { ...mine, reload: () => reloadSubjects(userId) };
}
