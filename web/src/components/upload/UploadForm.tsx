// The upload form: subject name (or the subject, fixed), PDF
// selection, an editable display name per file, photo mode, submit. Each file is announced to the
// API (with the page texts photo mode read, when it read some), sent straight to storage with its
// own progress bar, then confirmed; 'Upload successful!' then, 2 s later, the form clears and the
// subject opens. A plan limit opens the upgrade modal.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useLocation, useNavigate, Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { reloadSubjects, subjectsApi, type Subject, type SubjectLimits } from '../../api/subjects';
import { useSession } from '../../auth/session';
import { useAuthModal } from '../../auth/AuthModal';
import { useI18n } from '../../i18n';
import '../../styles/subjects.css';
import { isCapError, useUpgradeModal } from '../UpgradeModal';
import { Icon } from '../ContentParts';
import PhotoMode from './PhotoMode';
import { formatFileSize } from '../subject-helpers';
import { uploadToStorage } from './storage-upload';
import { textPagesForUpload } from './page-text';
import { defaultDisplayName, DISPLAY_NAME_MAX, isPdfName, MAX_FILE_BYTES, PDF_CONTENT_TYPE } from '@core/files.js';
import { normalizeSubjectName, subjectNameError, SUBJECT_NAME_MAX } from '@core/subjects.js';

/** The page opens the subject 2 s after 'Upload successful!'. */
export const POST_UPLOAD_REDIRECT_MS = 2000;

type EntryState = 'ready' | 'uploading' | 'finishing' | 'done' | 'error';

interface Entry {
  key: string;
  file: File;
  displayName: string;
  /** Pages of a PDF made in photo mode. */
  photoPages?: number;
  /** The text photo mode read on each page of that PDF (optional textContent from OCR). */
  textContent?: string[];
  state: EntryState;
  loaded: number;
  error: string | null;
}

type Outcome = 'ok' | 'failed' | 'stop';

interface UploadFormProps {
  /** The subject files are added to; without it the form creates the subject from its name. */
  subject?: Subject;
  /** How many subjects the student has: a new subject takes the next colour theme. */
  subjectCount?: number;
  limits?: SubjectLimits | null;
}

const isPdfFile = (file: File) => file.type === PDF_CONTENT_TYPE || isPdfName(file.name);
const percentOf = (entry: Entry) => (entry.file.size > 0 ? Math.round((entry.loaded / entry.file.size) * 100) : entry.state === 'done' ? 100 : 0);
let keySeed = 0;
const newKey = () => `f${Date.now().toString(36)}-${(keySeed += 1)}`;

export default function UploadForm({ subject, subjectCount, limits }: UploadFormProps) {
  const { t, lang } = useI18n();
  const ids = useId();
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
  const [dragging, setDragging] = useState(false);
  /** The subject created by an earlier attempt: a retry adds to it. */
  const [created, setCreated] = useState<Subject | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const update = (key: string, change: Partial<Entry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const uniqueDisplayName = (wanted: string, list: Entry[]) => {
    const taken = new Set(list.map((e) => e.displayName));
    if (!taken.has(wanted)) return wanted;
    let n = 2;
    while (taken.has(`${wanted} (${n})`)) n += 1;
    return `${wanted} (${n})`;
  };

  const addFiles = (picked: File[]) => {
    if (picked.length === 0) return;
    const messages: string[] = [];
    const pdfs = picked.filter(isPdfFile);
    const ignored = picked.length - pdfs.length;
    setError(null);
    setSuccess(false);
    if (pdfs.length === 0) {
      setNotices([]);
      setError(t('upload.selectPdf'));
      return;
    }
    if (ignored > 0) messages.push(t('upload.ignored', { count: ignored }));
    const accepted: File[] = [];
    for (const file of pdfs) {
      if (file.size > MAX_FILE_BYTES) messages.push(t('upload.tooLarge', { name: file.name }));
      else accepted.push(file);
    }
    setNotices(messages);
    setEntries((list) => {
      const next = [...list];
      for (const file of accepted) {
        const same = next.some((e) => e.file.name === file.name && e.file.size === file.size && e.file.lastModified === file.lastModified);
        if (same) continue;
        next.push({ key: newKey(), file, displayName: uniqueDisplayName(defaultDisplayName(file.name), next), state: 'ready', loaded: 0, error: null });
      }
      return next;
    });
  };

  const addPhotoPdf = (file: File, pages: number, textContent?: string[]) => {
    setError(null);
    setSuccess(false);
    setEntries((list) => [
      ...list,
      {
        key: newKey(),
        file,
        displayName: uniqueDisplayName(defaultDisplayName(file.name), list),
        photoPages: pages,
        textContent,
        state: 'ready',
        loaded: 0,
        error: null,
      },
    ]);
  };

  const askToSignIn = () => {
    setError(t('upload.signIn'));
    authModal.open('login', { next: `${location.pathname}${location.search}` });
  };

  const reasonOf = (err: unknown) => (err instanceof Error && err.message ? err.message : t('common.genericError'));

  const uploadOne = async (target: Subject, entry: Entry, signal: AbortSignal): Promise<Outcome> => {
    update(entry.key, { state: 'uploading', loaded: 0, error: null });
    const fail = (message: string): Outcome => {
      update(entry.key, { state: 'error', error: message });
      return 'failed';
    };
    let ticket;
    // Beyond what the server takes, no text is sent: the server reads the PDF itself.
    const textPages = textPagesForUpload(entry.textContent, entry.photoPages);
    try {
      ticket = await subjectsApi.startUpload(target.id, {
        file_name: entry.file.name,
        size: entry.file.size,
        content_type: PDF_CONTENT_TYPE,
        display_name: entry.displayName.trim() || defaultDisplayName(entry.file.name),
        ...(textPages ? { text_pages: textPages } : {}),
      });
    } catch (err) {
      if (isCapError(err)) {
        update(entry.key, { state: 'error', error: err.message });
        upgrade.open(err.message);
        return 'stop';
      }
      if (err instanceof ApiError && err.status === 401) {
        askToSignIn();
        update(entry.key, { state: 'ready' });
        return 'stop';
      }
      return fail(t('upload.failed', { reason: reasonOf(err) }));
    }
    try {
      await uploadToStorage(ticket.upload, entry.file, entry.file.name, (loaded) => update(entry.key, { loaded }), signal);
    } catch (err) {
      if (signal.aborted) return 'stop';
      return fail(t('upload.failed', { reason: reasonOf(err) }));
    }
    update(entry.key, { state: 'finishing', loaded: entry.file.size });
    try {
      await subjectsApi.complete(target.id, ticket.file.id);
    } catch (err) {
      return fail(t('upload.failed', { reason: reasonOf(err) }));
    }
    update(entry.key, { state: 'done', loaded: entry.file.size });
    return 'ok';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || success) return;
    setError(null);
    setNotices([]);
    const name = normalizeSubjectName(subjectName);
    const pending = entries.filter((entry) => entry.state !== 'done');
    // The name is asked for only where it can be typed: not on a subject's own page, nor once the
    // subject exists.
    const nameMissing = !subject && !created && !name;
    if (pending.length === 0 || nameMissing) {
      setError(t(pending.length > 0 ? 'upload.missingName' : nameMissing ? 'upload.missing' : 'upload.missingFiles'));
      return;
    }
    const nameError = !subject && !created ? subjectNameError(subjectName) : null;
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
      let target = subject ?? created;
      if (!target) {
        try {
          target = await subjectsApi.create(name, subjectCount);
          setCreated(target);
          void reloadSubjects();
        } catch (err) {
          if (isCapError(err)) upgrade.open(err.message);
          else if (err instanceof ApiError && err.status === 401) askToSignIn();
          else setError(err instanceof ApiError ? err.message : t('upload.createFailed'));
          return;
        }
      }
      let failed = false;
      for (const entry of pending) {
        const outcome = await uploadOne(target, entry, controller.signal);
        if (controller.signal.aborted) return;
        if (outcome !== 'ok') failed = true;
        if (outcome === 'stop') break;
      }
      void reloadSubjects();
      if (failed) {
        setError((current) => current ?? t('upload.partial'));
        return;
      }
      setSuccess(true);
      const destination = `/subject/${encodeURIComponent(target.id)}`;
      redirectTimer.current = setTimeout(() => {
        setEntries([]);
        setSubjectName('');
        setCreated(null);
        setSuccess(false);
        navigate(destination);
      }, POST_UPLOAD_REDIRECT_MS);
    } finally {
      if (abort.current === controller) abort.current = null;
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) addFiles(Array.from(e.dataTransfer.files));
  };

  const locked = busy || success;
  const target = subject ?? created;
  const fileCap = limits?.max_files_per_subject ?? null;
  const someUploaded = entries.some((entry) => entry.state === 'done');

  return (
    <form className="upload-form form" onSubmit={submit} noValidate aria-describedby={error ? `${ids}-error` : undefined}>
      {subject ? (
        <div className="field">
          <span className="label">{t('upload.subjectLabel')}</span>
          <p className="upload-subject-fixed">{subject.name}</p>
          {fileCap !== null && <p className="hint">{t('upload.fileUsage', { count: subject.fileCount, max: fileCap })}</p>}
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('upload.subjectName')}</label>
          <input
            id={`${ids}-name`}
            className="input"
            type="text"
            maxLength={SUBJECT_NAME_MAX}
            autoComplete="off"
            placeholder={t('upload.subjectNamePlaceholder')}
            value={created ? created.name : subjectName}
            readOnly={Boolean(created)}
            disabled={locked}
            onChange={(e) => setSubjectName(e.target.value)}
            aria-describedby={`${ids}-name-hint`}
          />
          <p id={`${ids}-name-hint`} className="hint">
            {t('upload.subjectNameHint')}
          </p>
        </div>
      )}

      <div className="field">
        <span className="label" id={`${ids}-files-label`}>
          {t('upload.files')}
        </span>
        <label
          className={`dropzone${dragging ? ' dragging' : ''}${locked ? ' disabled' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            if (!locked) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <input
            ref={inputRef}
            className="visually-hidden"
            type="file"
            accept="application/pdf,.pdf"
            multiple
            disabled={locked}
            aria-describedby={`${ids}-drop-hint`}
            onChange={(e) => {
              addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Icon name="upload" className="dropzone-icon" />
          <span className="dropzone-title">{t('upload.choose')}</span>
          <span id={`${ids}-drop-hint`} className="dropzone-hint">
            {t('upload.dropHint')}
          </span>
        </label>
      </div>

      <PhotoMode disabled={locked} onPdf={addPhotoPdf} />

      {notices.length > 0 && (
        <div className="alert alert-warning" role="status">
          {notices.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      )}

      {entries.length > 0 && (
        <section className="upload-list" aria-labelledby={`${ids}-list`}>
          <h3 id={`${ids}-list`} className="upload-list-title">
            {t('upload.selected')}
          </h3>
          <ul>
            {entries.map((entry) => {
              const percent = percentOf(entry);
              const showProgress = entry.state === 'error' ? entry.loaded > 0 : entry.state !== 'ready' || busy;
              return (
                <li key={entry.key} className={`upload-item upload-item-${entry.state}`} data-testid="upload-item">
                  <div className="upload-item-main">
                    <Icon name={entry.photoPages ? 'scan' : 'sheet'} className="upload-item-icon" />
                    <div className="upload-item-fields">
                      <label className="visually-hidden" htmlFor={`${ids}-${entry.key}`}>
                        {t('upload.displayNameFor', { name: entry.file.name })}
                      </label>
                      <input
                        id={`${ids}-${entry.key}`}
                        className="input input-compact"
                        type="text"
                        maxLength={DISPLAY_NAME_MAX}
                        value={entry.displayName}
                        disabled={locked || entry.state === 'done'}
                        onChange={(e) => update(entry.key, { displayName: e.target.value })}
                      />
                      <p className="upload-item-meta">
                        <span>{entry.file.name}</span>
                        <span>{formatFileSize(entry.file.size, lang)}</span>
                        {entry.photoPages ? <span>{t('upload.fromPhotos', { count: entry.photoPages })}</span> : null}
                      </p>
                    </div>
                    {!locked && entry.state !== 'done' && (
                      <button
                        type="button"
                        className="icon-btn icon-btn-sm"
                        aria-label={t('upload.removeFile', { name: entry.displayName || entry.file.name })}
                        onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                      >
                        <Icon name="cross" />
                      </button>
                    )}
                  </div>
                  {showProgress && (
                    <div className="upload-progress">
                      <div
                        className="progress"
                        role="progressbar"
                        aria-label={t('upload.progress', { name: entry.displayName || entry.file.name })}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={percent}
                      >
                        <span style={{ width: `${percent}%` }} />
                      </div>
                      <span className="upload-progress-text" aria-hidden={entry.state === 'uploading'}>
                        {entry.state === 'ready' && t('upload.stateWaiting')}
                        {entry.state === 'uploading' && t('upload.stateUploading', { percent })}
                        {entry.state === 'finishing' && t('upload.stateFinishing')}
                        {entry.state === 'done' && t('upload.stateDone')}
                      </span>
                    </div>
                  )}
                  {entry.error && (
                    <p className="upload-item-error" role="alert">
                      {entry.error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {error && (
        <div id={`${ids}-error`} className="alert alert-error" role="alert">
          <p>{error}</p>
          {target && someUploaded && (
            <p>
              <Link to={`/subject/${encodeURIComponent(target.id)}`}>{t('upload.toSubject')}</Link>
            </p>
          )}
        </div>
      )}
      {success && (
        <div className="alert alert-success" role="status">
          {t('upload.success')}
        </div>
      )}

      <div className="upload-actions">
        <button type="submit" className="btn btn-primary" disabled={locked}>
          {busy ? t('upload.submitting') : subject ? t('upload.submit') : t('upload.submitNew')}
        </button>
      </div>
    </form>
  );
}
