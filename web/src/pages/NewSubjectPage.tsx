// `/?newSubject=true` for a signed-in student: the upload form that creates a subject,
// beside the how-it-works box, the usage meter for subjects and the streak card.
import { Link } from 'react-router-dom';
import StreakCard from '../components/StreakCard';
import UploadForm from '../components/upload/UploadForm';
import { Icon } from '../components/ContentParts';
import { useSubjects, type SubjectList } from '../api/subjects';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { PREMIUM_PATH } from '../components/UpgradeModal';
import '../styles/subjects.css';

function SubjectUsage({ list }: { list: SubjectList }) {
  const { t } = useI18n();
  const max = list.limits.max_subjects;
  const count = list.subjects.length;
  if (max === null) {
    return (
      <section className="card usage-card" aria-label={t('subjects.usageLabel')} data-testid="subject-usage">
        <p className="usage-unlimited">
          <Icon name="infinity" />
          {t('subjects.usageUnlimited')}
        </p>
      </section>
    );
  }
  const full = count >= max;
  return (
    <section className={`card usage-card${full ? ' usage-full' : ''}`} aria-labelledby="usage-title" data-testid="subject-usage">
      <div className="usage-head">
        <h2 id="usage-title">{t('subjects.usageLabel')}</h2>
        <span className="usage-count">{t('subjects.usage', { count: Math.min(count, max), max })}</span>
      </div>
      <div className="progress" role="meter" aria-labelledby="usage-title" aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(count, max)}>
        <span style={{ width: `${Math.min(100, (count / max) * 100)}%` }} />
      </div>
      <p className="hint">{t('subjects.usageHint', { max, files: list.limits.max_files_per_subject ?? '∞' })}</p>
      {full && (
        <p className="usage-full-note">
          {t('subjects.usageFull')} <Link to={PREMIUM_PATH}>{t('subjects.seePremium')}</Link>
        </p>
      )}
    </section>
  );
}

export default function NewSubjectPage() {
  const { t } = useI18n();
  usePageTitle(t('newSubject.title'));
  const { data } = useSubjects();
  return (
    <div className="container page">
      <div className="page-header">
        <h1>{t('newSubject.title')}</h1>
        <p>{t('newSubject.intro')}</p>
      </div>
      <div className="new-subject-layout">
        <section className="card new-subject-form" aria-label={t('upload.title')}>
          <UploadForm subjectCount={data?.subjects.length} limits={data?.limits} />
        </section>
        <aside className="stack new-subject-aside">
          <section className="card how-box" aria-labelledby="how-title">
            <h2 id="how-title">{t('newSubject.howTitle')}</h2>
            <ol className="how-steps">
              <li>{t('newSubject.how1')}</li>
              <li>{t('newSubject.how2')}</li>
              <li>{t('newSubject.how3')}</li>
            </ol>
          </section>
          {data && <SubjectUsage list={data} />}
          <StreakCard />
          <Link to="/subjects" className="btn btn-ghost">
            ← {t('newSubject.toSubjects')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
