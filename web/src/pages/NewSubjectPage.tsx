// `/?newSubject=true` for a signed-in student: the new-subject screen. Upload itself is not
// available yet, and the page says so.
import { Link } from 'react-router-dom';
import ComingSoon from '../components/ComingSoon';
import StreakCard from '../components/StreakCard';
import { useI18n } from '../i18n';

export default function NewSubjectPage() {
  const { t } = useI18n();
  return (
    <ComingSoon title={t('newSubject.title')} note={t('newSubject.note')} before={<div style={{ marginBottom: 'var(--space-5)' }}><StreakCard /></div>}>
      <p style={{ marginTop: 'var(--space-5)' }}>
        <Link to="/subjects" className="btn btn-secondary">
          {t('newSubject.toSubjects')}
        </Link>
      </p>
    </ComingSoon>
  );
}
