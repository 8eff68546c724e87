// `/my-podcasts`: the student's saved podcasts across subjects, newest first, each opening
// in its subject's podcast page (`?podcast=`) or deleted after a confirmation. Saving is Premium:
// a free student is told where drafts stay and what Premium keeps.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { podcastApi, type PodcastView } from '../api/podcasts';
import { useSubjects } from '../api/subjects';
import ConfirmDialog from '../components/ConfirmDialog';
import { Icon } from '../components/ContentParts';
import RetryAlert from '../components/RetryAlert';
import { useLoaded } from '../components/useLoaded';
import { usePageTitle } from '../components/usePageTitle';
import { clock } from '../components/podcast/player-state';
import { useErrorText } from '../components/study/useErrorText';
import { useFeatureUsage } from '../components/study/useFeatureUsage';
import { useI18n } from '../i18n';
import '../styles/study.css';
import '../styles/podcast.css';

const readSaved = () => podcastApi.saved().then(({ podcasts }) => podcasts);
const NO_KEY = 'saved';

const podcastHref = (p: Pick<PodcastView, 'id' | 'subject_id'>): string =>
  `/subject/${encodeURIComponent(p.subject_id)}/podcast?podcast=${encodeURIComponent(p.id)}`;

export default function MyPodcastsPage() {
  const { t, formatDate } = useI18n();
  usePageTitle(t('podcasts.title'));
  const { value: podcasts, error, reload, update } = useLoaded(NO_KEY, readSaved);
  const { data } = useSubjects();
  const allowance = useFeatureUsage('podcast_generation');
  const errorText = useErrorText();
  const [toDelete, setToDelete] = useState<PodcastView | null>(null);

  const subjectName = (id: string) => data?.subjects.find((s) => s.id === id)?.name ?? '';
  const locked = allowance.premium?.podcast_save === false;

  const remove = async (p: PodcastView) => {
    try {
      await podcastApi.remove(p.id);
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    }
    update((list) => list?.filter((x) => x.id !== p.id) ?? null);
    setToDelete(null);
  };

  return (
    <div className="container page">
      <div className="page-header">
        <h1>{t('podcasts.title')}</h1>
        <p className="muted">{t('podcasts.intro')}</p>
      </div>
      {locked && (
        <p className="soon-note podcasts-locked" role="note">
          <span className="badge study-premium-badge">
            <Icon name="lock" />
            {t('study.premium')}
          </span>
          <span>{t('podcasts.locked')}</span>
        </p>
      )}
      {podcasts === null && !error && <p className="muted">{t('app.loading')}</p>}
      {error && <RetryAlert message={t('podcasts.loadError')} onRetry={() => void reload()} />}
      {podcasts?.length === 0 && (
        <div className="empty-state">
          <p>{t('podcasts.empty')}</p>
          <Link to="/subjects" className="btn btn-primary">
            {t('subject.backToSubjects')}
          </Link>
        </div>
      )}
      {podcasts && podcasts.length > 0 && (
        <ul className="podcast-cards" aria-label={t('podcasts.title')}>
          {podcasts.map((p) => (
            <li key={p.id} className="card podcast-card" data-testid="my-podcast">
              <span className="podcast-card-icon" aria-hidden="true">
                <Icon name="headphones" />
              </span>
              <div className="podcast-card-body">
                <h2 className="podcast-card-title">{p.title}</h2>
                <p className="podcast-card-meta">
                  {subjectName(p.subject_id)}
                  {' · '}
                  {t(`podcast.duration.${p.duration}`)}
                  {p.duration_seconds !== null && ` (${clock(p.duration_seconds)})`}
                  {' · '}
                  {formatDate(p.created_at)}
                </p>
              </div>
              <div className="podcast-card-actions">
                <Link to={podcastHref(p)} className="btn btn-primary btn-sm" aria-label={t('podcasts.openLabel', { title: p.title })}>
                  <Icon name="play" />
                  {t('podcasts.open')}
                </Link>
                <button type="button" className="icon-btn" aria-label={t('podcast.deleteLabel', { title: p.title })} onClick={() => setToDelete(p)}>
                  <Icon name="trash" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmDialog
          title={t('podcast.deleteTitle', { title: toDelete.title })}
          text={t('podcast.deleteText')}
          confirmLabel={t('podcast.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => remove(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
