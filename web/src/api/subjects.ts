// The subjects and files API (functions/api/subjects.ts, files.ts: files, their pages and outline)
// as the web app calls it, and the one shared list of the student's subjects: the grid, the
// subject tab bar and the subject pages read the same list, and a creation or deletion anywhere
// refreshes it everywhere.
import { useEffect, useSyncExternalStore } from 'react';
import type { Subject } from '../../../functions/core/subjects';
import type { FileStatus } from '../../../functions/core/files';
import type { FileView, PageText, PlanLimits } from '../../../functions/core/views';
import type { FileOutline, OutlineEntry } from '../../../functions/core/document';
import { checkUploadFields, createSubjectBody, uploadBody } from '../../../functions/core/schemas';
import { api } from './client';
import { useSession } from '../auth/session';

export type { Subject, FileStatus, FileView, PageText, FileOutline, OutlineEntry };
export type SubjectLimits = PlanLimits;

export interface SubjectList {
  /** Newest first. */
  subjects: Subject[];
  limits: SubjectLimits;
}

export interface UploadTicket {
  file: FileView;
  /** A presigned POST: every field goes into the form, then the file, last. */
  upload: { url: string; fields: Record<string, string> };
}

export interface StartUploadBody {
  file_name: string;
  size: number;
  content_type: string;
  display_name?: string;
  text_pages?: string[];
}

const enc = encodeURIComponent;
const subjectPath = (subjectId: string) => `/subjects/${enc(subjectId)}`;
const filePath = (subjectId: string, fileId: string) => `${subjectPath(subjectId)}/files/${enc(fileId)}`;

export const subjectsApi = {
  list: () => api.getAll<SubjectList>('/subjects', 'subjects'),
  create: (name: string, colorIndex?: number) =>
    api.post<Subject>('/subjects', colorIndex === undefined ? { name } : { name, color_index: colorIndex }, { schema: createSubjectBody }),
  get: (subjectId: string) => api.get<Subject>(subjectPath(subjectId)),
  remove: (subjectId: string) => api.del<void>(subjectPath(subjectId)),
  files: (subjectId: string) => api.getAll<{ files: FileView[] }>(`${subjectPath(subjectId)}/files`, 'files'),
  /**
   * Not retried: a second ticket would leave an upload in progress that counts against the cap.
   * `text_pages`: the recognised text of each page (photo mode), within SUPPLIED_TEXT_LIMITS.
   */
  startUpload: (subjectId: string, body: StartUploadBody) => api.post<UploadTicket>(`${subjectPath(subjectId)}/uploads`, body, { retry: false, schema: uploadBody, precheck: checkUploadFields }),
  complete: (subjectId: string, fileId: string) => api.post<FileView>(`${filePath(subjectId, fileId)}/complete`),
  file: (subjectId: string, fileId: string) => api.get<FileView>(filePath(subjectId, fileId)),
  download: (subjectId: string, fileId: string) => api.get<{ url: string }>(`${filePath(subjectId, fileId)}/download`),
  pages: (subjectId: string, fileId: string, from: number, to: number) =>
    api.get<{ pages: PageText[] }>(`${filePath(subjectId, fileId)}/pages?from=${from}&to=${to}`),
  /** The file's headings by level with their page (`pending` while it is still being read). */
  outline: (subjectId: string, fileId: string) => api.get<FileOutline>(`${filePath(subjectId, fileId)}/outline`),
  removeFile: (subjectId: string, fileId: string) => api.del<void>(filePath(subjectId, fileId)),
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
