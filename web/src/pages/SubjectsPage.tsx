// `/subjects`: the student's subjects. The streak card is shown here (spec §2); the grid of
// subjects arrives with the subjects area, and the page says so.
import { Link } from 'react-router-dom';
import StreakCard from '../components/StreakCard';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';

export default function SubjectsPage() {
  const { t } = useI18n();
  usePageTitle(t('subjects.title'));
  return (
    <div className="container page">
      <div className="subjects-head">
        <div>
          <h1>{t('subjects.title')}</h1>
          <p>{t('subjects.intro')}</p>
        </div>
        <Link to="/?newSubject=true" className="btn btn-primary">
          + {t('subjects.newSubject')}
        </Link>
      </div>
      <div className="stack">
        <StreakCard />
        <div className="soon-note" role="note">
          <span className="badge">{t('common.comingSoon')}</span>
          <p style={{ margin: 0 }}>{t('subjects.note')}</p>
        </div>
      </div>
    </div>
  );
}
