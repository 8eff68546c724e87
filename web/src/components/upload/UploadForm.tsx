// The upload form: subject name (or the subject, fixed), PDF
// selection, an editable display name per file, photo mode, submit. Each file is announced to the
// API (with the page texts photo mode read, when it read some), sent straight to storage with its
// own progress bar, then confirmed; 'Upload successful!' then, 2 s later, the form clears and the
// subject opens. A plan limit opens the upgrade modal. This file only renders: the running part is
// use-upload-form.ts, the decisions upload-form-state.ts (unit-tested).
import { useId, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Subject, SubjectLimits } from '../../api/subjects';
import { useI18n } from '../../i18n';
import '../../styles/subjects.css';
import { Icon } from '../ContentParts';
import PhotoMode from './PhotoMode';
import UploadEntryItem from './UploadEntryItem';
import { subjectPath } from './upload-form-state';
import { useUploadForm } from './use-upload-form';
import { SUBJECT_NAME_MAX } from '@core/subjects.js';

export { POST_UPLOAD_REDIRECT_MS } from './upload-form-state';

interface UploadFormProps {
  /** The subject files are added to; without it the form creates the subject from its name. */
  subject?: Subject;
  /** How many subjects the student has: a new subject takes the next colour theme. */
  subjectCount?: number;
  limits?: SubjectLimits | null;
}

export default function UploadForm({ subject, subjectCount, limits }: UploadFormProps) {
  const { t } = useI18n();
  const ids = useId();
  const form = useUploadForm(subject, subjectCount);
  const { entries, error, busy, success, created } = form;
  const locked = busy || success;
  const target = subject ?? created;
  const someUploaded = entries.some((entry) => entry.state === 'done');

  return (
    <form className="upload-form form" onSubmit={form.submit} noValidate aria-describedby={error ? `${ids}-error` : undefined}>
      {subject ? (
        <FixedSubject subject={subject} fileCap={limits?.max_files_per_subject ?? null} />
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
            value={created ? created.name : form.subjectName}
            readOnly={Boolean(created)}
            disabled={locked}
            onChange={(e) => form.setSubjectName(e.target.value)}
            aria-describedby={`${ids}-name-hint`}
          />
          <p id={`${ids}-name-hint`} className="hint">
            {t('upload.subjectNameHint')}
          </p>
        </div>
      )}

      <FileDropzone ids={ids} locked={locked} busy={busy} onFiles={form.addFiles} />

      <PhotoMode disabled={locked} onPdf={form.addPhotoPdf} />

      {form.notices.length > 0 && (
        <div className="alert alert-warning" role="status">
          {form.notices.map((n) => (
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
            {entries.map((entry) => (
              <UploadEntryItem
                key={entry.key}
                entry={entry}
                ids={ids}
                busy={busy}
                locked={locked}
                onRename={(displayName) => form.update(entry.key, { displayName })}
                onRemove={() => form.remove(entry.key)}
              />
            ))}
          </ul>
        </section>
      )}

      {error && (
        <div id={`${ids}-error`} className="alert alert-error" role="alert">
          <p>{error}</p>
          {target && someUploaded && (
            <p>
              <Link to={subjectPath(target.id)}>{t('upload.toSubject')}</Link>
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

/** On a subject's own page: its name, fixed, and how many files it holds of the plan's cap. */
function FixedSubject({ subject, fileCap }: { subject: Subject; fileCap: number | null }) {
  const { t } = useI18n();
  return (
    <div className="field">
      <span className="label">{t('upload.subjectLabel')}</span>
      <p className="upload-subject-fixed">{subject.name}</p>
      {fileCap !== null && <p className="hint">{t('upload.fileUsage', { count: subject.fileCount, max: fileCap })}</p>}
    </div>
  );
}

/** The PDF picker: a label around a hidden file input, which files can also be dropped on. */
function FileDropzone({ ids, locked, busy, onFiles }: { ids: string; locked: boolean; busy: boolean; onFiles(files: File[]): void }) {
  const { t } = useI18n();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) onFiles(Array.from(e.dataTransfer.files));
  };
  return (
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
          className="visually-hidden"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          disabled={locked}
          aria-describedby={`${ids}-drop-hint`}
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
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
  );
}
