// `/subjects`: the streak card, then the student's subjects as cards coloured by their
// theme (file count, add-file, my files, delete with confirmation) and a new-subject card; an
// empty state when there are none. A subject with review cards due says how many. A deletion says
// 'Matière supprimée avec succès !' for 3 s.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import StreakCard from '../components/StreakCard';
import ConfirmDialog from '../components/ConfirmDialog';
import { Icon } from '../components/ContentParts';
import { InlineLoading } from '../components/LoadingScreen';
import RetryAlert from '../components/RetryAlert';
import { fileCountLabel } from '../components/subject-helpers';
import { ApiError } from '../api/client';
import { subjectsApi, useSubjects, type Subject } from '../api/subjects';
import { colorTheme } from '@core/subjects.js';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { useDueCounts } from '../components/cards/useDueCounts';
import '../styles/subjects.css';
import '../styles/cards.css';

/** Success messages stay 3 s. */
export const SUCCESS_MESSAGE_MS = 3000;

const path = (s: Subject, tool?: string) => `/subject/${encodeURIComponent(s.id)}${tool ? `/${tool}` : ''}`;

function SubjectCard({ subject, dueCards, onDelete }: { subject: Subject; dueCards: number; onDelete(): void }) {
  const { t } = useI18n();
  return (
    <li className={`subject-card subject-theme-${colorTheme(subject.color_index)}`} data-testid="subject-card">
      <div className="subject-card-band">
        <h2 className="subject-card-name">
          <Link to={path(subject)} className="subject-card-link" aria-label={t('subjects.open', { name: subject.name })}>
            {subject.name}
          </Link>
        </h2>
        <button type="button" className="subject-card-delete" aria-label={t('subjects.deleteLabel', { name: subject.name })} onClick={onDelete}>
          <Icon name="trash" />
        </button>
      </div>
      <div className="subject-card-body">
        <p className="subject-card-count" data-testid="subject-file-count">
          <Icon name="folder" />
          {fileCountLabel(t, subject.fileCount)}
        </p>
        {dueCards > 0 && (
          <Link to={path(subject, 'flashcards')} className="due-badge subject-card-due" data-testid="subject-due-cards">
            <Icon name="cards" />
            {dueCards === 1 ? t('subjects.dueOne') : t('subjects.dueMany', { count: dueCards })}
          </Link>
        )}
        <div className="subject-card-actions">
          <Link to={path(subject, 'upload')} className="btn btn-secondary btn-sm" aria-label={t('subjects.addFileLabel', { name: subject.name })}>
            <Icon name="plus" />
            {t('subjects.addFile')}
          </Link>
          <Link to={path(subject, 'files')} className="btn btn-ghost btn-sm" aria-label={t('subjects.myFilesLabel', { name: subject.name })}>
            {t('subjects.myFiles')}
          </Link>
        </div>
      </div>
    </li>
  );
}

export default function SubjectsPage() {
  const { t } = useI18n();
  usePageTitle(t('subjects.title'));
  const { data, error, reload } = useSubjects();
  const dueCounts = useDueCounts();
  const [toDelete, setToDelete] = useState<Subject | null>(null);
  const [deleted, setDeleted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // The list may have changed elsewhere (another tab or device): look again on arrival.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => void reloadRef.current(), []);

  const confirmDelete = async (subject: Subject) => {
    try {
      await subjectsApi.remove(subject.id);
    } catch (err) {
      throw new Error(err instanceof ApiError && err.message ? t('subjects.deleteFailedReason', { reason: err.message }) : t('subjects.deleteFailed'), { cause: err });
    }
    setToDelete(null);
    await reload();
    setDeleted(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setDeleted(false), SUCCESS_MESSAGE_MS);
  };

  let content;
  if (!data) {
    content = error ? (
      <RetryAlert message={error instanceof ApiError ? error.message : t('subjects.networkError')} onRetry={() => void reload()} />
    ) : (
      <InlineLoading />
    );
  } else if (data.subjects.length === 0) {
    content = (
      <div className="empty-state empty-state-large">
        <Icon name="folder" className="empty-state-icon" />
        <h2>{t('subjects.emptyTitle')}</h2>
        <p className="muted">{t('subjects.emptyText')}</p>
        <Link to="/?newSubject=true" className="btn btn-primary">
          <Icon name="plus" />
          {t('subjects.emptyCta')}
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className="subject-grid" aria-label={t('subjects.listLabel')}>
        {data.subjects.map((subject) => (
          <SubjectCard key={subject.id} subject={subject} dueCards={dueCounts?.get(subject.id)?.due ?? 0} onDelete={() => setToDelete(subject)} />
        ))}
        <li className="subject-card subject-card-new">
          <Link to="/?newSubject=true" className="subject-card-new-link">
            <span className="subject-card-new-icon" aria-hidden="true">
              <Icon name="plus" />
            </span>
            <span className="subject-card-new-title">{t('subjects.newSubject')}</span>
            <span className="subject-card-new-hint">{t('subjects.newSubjectHint')}</span>
          </Link>
        </li>
      </ul>
    );
  }

  return (
    <div className="container page">
      <div className="subjects-head">
        <div>
          <h1>{t('subjects.title')}</h1>
          <p>{t('subjects.intro')}</p>
        </div>
        <Link to="/?newSubject=true" className="btn btn-primary">
          <Icon name="plus" />
          {t('subjects.newSubject')}
        </Link>
      </div>
      <div className="stack">
        <StreakCard />
        {deleted && (
          <div className="alert alert-success" role="status">
            {t('subjects.deleted')}
          </div>
        )}
        {content}
      </div>
      {toDelete && (
        <ConfirmDialog
          title={t('subjects.deleteTitle', { name: toDelete.name })}
          text={t('subjects.deleteText')}
          confirmLabel={t('subjects.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => confirmDelete(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
