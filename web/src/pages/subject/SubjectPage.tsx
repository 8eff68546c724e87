// `/subject/{subjectId}`: the subject's tiles. The tools are not available yet; the page says so.
import { Link, useParams } from 'react-router-dom';
import ComingSoon from '../../components/ComingSoon';
import { useI18n } from '../../i18n';
import { subjectTools } from './tools';

export default function SubjectPage() {
  const { t } = useI18n();
  const { subjectId = '' } = useParams();
  return (
    <ComingSoon title={t('subject.title')} note={t('subject.note')}>
      <nav className="tool-grid" aria-label={t('subject.title')}>
        {subjectTools.map(([segment, label]) => (
          <Link key={segment} className="tool-tile" to={`/subject/${encodeURIComponent(subjectId)}/${segment}`}>
            {t(label)}
          </Link>
        ))}
      </nav>
    </ComingSoon>
  );
}
