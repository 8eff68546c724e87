// The upload form's running part: its state (subject name, files, notices, error, busy, success,
// the subject an earlier attempt created) and the actions on it, in the order the student sees
// them: each pending file announced to the API, sent to storage with its progress, confirmed; a plan
// limit opens the upgrade modal, a lost session the sign-in; 'Upload successful!' then, 2 s later,
// the form clears and the subject opens. Leaving the page aborts the upload and the redirect.
// The decisions are upload-form-state.ts's; this hook only applies them.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { reloadSubjects, subjectsApi, type Subject } from '../../api/subjects';
import { useSession } from '../../auth/session';
import { useAuthModal } from '../../auth/AuthModal';
import { useI18n } from '../../i18n';
import { isCapError, useUpgradeModal } from '../UpgradeModal';
import { uploadToStorage } from './storage-upload';
import { normalizeSubjectName, subjectNameError, SUBJECT_NAME_MAX } from '@core/subjects.js';
import {
  newEntry,
  newKey,
  pendingEntries,
  POST_UPLOAD_REDIRECT_MS,
  removeEntry,
  sortPicked,
  subjectPath,
  submitProblem,
  updateEntry,
  uploadAnnouncement,
  withFiles,
  type Entry,
  type Outcome,
} from './upload-form-state';

/** What sending one file needs from the form. */
interface SendDeps {
  update(key: string, change: Partial<Entry>): void;
  askToSignIn(): void;
  openUpgrade(message: string): void;
  failedText(err: unknown): string;
}

/** One file: announced to the API, sent to storage with its progress, then confirmed. */
async function sendFile(target: Subject, entry: Entry, signal: AbortSignal, { update, askToSignIn, openUpgrade, failedText }: SendDeps): Promise<Outcome> {
  update(entry.key, { state: 'uploading', loaded: 0, error: null });
  const fail = (message: string): Outcome => {
    update(entry.key, { state: 'error', error: message });
    return 'failed';
  };
  let ticket;
  try {
    ticket = await subjectsApi.startUpload(target.id, uploadAnnouncement(entry));
  } catch (err) {
    if (isCapError(err)) {
      update(entry.key, { state: 'error', error: err.message });
      openUpgrade(err.message);
      return 'stop';
    }
    if (err instanceof ApiError && err.status === 401) {
      askToSignIn();
      update(entry.key, { state: 'ready' });
      return 'stop';
    }
    return fail(failedText(err));
  }
  try {
    await uploadToStorage(ticket.upload, entry.file, entry.file.name, (loaded) => update(entry.key, { loaded }), signal);
  } catch (err) {
    if (signal.aborted) return 'stop';
    return fail(failedText(err));
  }
  update(entry.key, { state: 'finishing', loaded: entry.file.size });
  try {
    await subjectsApi.complete(target.id, ticket.file.id);
  } catch (err) {
    return fail(failedText(err));
  }
  update(entry.key, { state: 'done', loaded: entry.file.size });
  return 'ok';
}

export function useUploadForm(subject: Subject | undefined, subjectCount: number | undefined) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useSession();
  const authModal = useAuthModal();
  const upgrade = useUpgradeModal();

  const [subjectName, setSubjectName] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState(false);
  /** The subject created by an earlier attempt: a retry adds to it. */
  const [created, setCreated] = useState<Subject | null>(null);
  const abort = useRef<AbortController | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const update = (key: string, change: Partial<Entry>) => setEntries((list) => updateEntry(list, key, change));

  const addFiles = (picked: File[]) => {
    if (picked.length === 0) return;
    const sorted = sortPicked(picked);
    setError(null);
    setSuccess(false);
    if (sorted.kind === 'noPdf') {
      setNotices([]);
      setError(t('upload.selectPdf'));
      return;
    }
    const ignored = sorted.ignored > 0 ? [t('upload.ignored', { count: sorted.ignored })] : [];
    setNotices([...ignored, ...sorted.tooLarge.map((name) => t('upload.tooLarge', { name }))]);
    setEntries((list) => withFiles(list, sorted.accepted));
  };

  const addPhotoPdf = (file: File, pages: number, textContent?: string[]) => {
    setError(null);
    setSuccess(false);
    setEntries((list) => [...list, newEntry(file, list, newKey(), { pages, textContent })]);
  };

  const askToSignIn = () => {
    setError(t('upload.signIn'));
    authModal.open('login', { next: `${location.pathname}${location.search}` });
  };

  const failedText = (err: unknown) => t('upload.failed', { reason: err instanceof Error && err.message ? err.message : t('common.genericError') });

  const uploadOne = (target: Subject, entry: Entry, signal: AbortSignal) =>
    sendFile(target, entry, signal, { update, askToSignIn, openUpgrade: (message) => upgrade.open(message), failedText });

  /** The subject the files go to: the page's, the one an earlier attempt made, or a new one (null when that failed). */
  const targetSubject = async (name: string): Promise<Subject | null> => {
    const existing = subject ?? created;
    if (existing) return existing;
    try {
      const made = await subjectsApi.create(name, subjectCount);
      setCreated(made);
      void reloadSubjects();
      return made;
    } catch (err) {
      if (isCapError(err)) upgrade.open(err.message);
      else if (err instanceof ApiError && err.status === 401) askToSignIn();
      else setError(err instanceof ApiError ? err.message : t('upload.createFailed'));
      return null;
    }
  };

  /** Once every file is in: 'Upload successful!', then the cleared form opens the subject. */
  const succeed = (target: Subject) => {
    setSuccess(true);
    const destination = subjectPath(target.id);
    redirectTimer.current = setTimeout(() => {
      setEntries([]);
      setSubjectName('');
      setCreated(null);
      setSuccess(false);
      navigate(destination);
    }, POST_UPLOAD_REDIRECT_MS);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || success) return;
    setError(null);
    setNotices([]);
    const name = normalizeSubjectName(subjectName);
    const pending = pendingEntries(entries);
    const nameNeeded = !subject && !created;
    const problem = submitProblem(pending.length, nameNeeded, name);
    if (problem) {
      setError(t(problem));
      return;
    }
    const nameError = nameNeeded ? subjectNameError(subjectName) : null;
    if (nameError) {
      // The server's own words, from the catalogue, loaded only when needed.
      const { errorMessage } = await import('@core/errors.js');
      setError(errorMessage(nameError, lang, { max: SUBJECT_NAME_MAX }));
      return;
    }
    if (status !== 'signedIn') {
      askToSignIn();
      return;
    }

    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const target = await targetSubject(name);
      if (!target) return;
      let failed = false;
      for (const entry of pending) {
        const outcome = await uploadOne(target, entry, controller.signal);
        if (controller.signal.aborted) return;
        if (outcome !== 'ok') failed = true;
        if (outcome === 'stop') break;
      }
      void reloadSubjects();
      if (failed) setError((current) => current ?? t('upload.partial'));
      else succeed(target);
    } finally {
      if (abort.current === controller) abort.current = null;
      setBusy(false);
    }
  };

  const remove = (key: string) => setEntries((list) => removeEntry(list, key));

  return { subjectName, setSubjectName, entries, notices, error, busy, success, created, addFiles, addPhotoPdf, update, remove, submit };
}
