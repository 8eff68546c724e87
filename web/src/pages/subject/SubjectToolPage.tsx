// `/subject/{subjectId}/{tool}`: one subject tool (not available yet).
import { Link, useParams } from 'react-router-dom';
import ComingSoon from '../../components/ComingSoon';
import { useI18n } from '../../i18n';
import { subjectTools, type SubjectTool } from './tools';

export default function SubjectToolPage({ tool }: { tool: SubjectTool }) {
  const { t } = useI18n();
  const { subjectId = '' } = useParams();
  const label = subjectTools.find(([segment]) => segment === tool)?.[1] ?? 'subject.title';
  return (
    <ComingSoon title={t(label)} note={t('tool.note')}>
      <p style={{ marginTop: 'var(--space-5)' }}>
        <Link to={`/subject/${encodeURIComponent(subjectId)}`} className="btn btn-secondary">
          ← {t('subject.title')}
        </Link>{' '}
        <Link to="/subjects" className="btn btn-ghost">
          {t('subject.backToSubjects')}
        </Link>
      </p>
    </ComingSoon>
  );
}
