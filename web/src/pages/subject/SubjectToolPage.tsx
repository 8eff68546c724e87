// `/subject/{subjectId}/{tool}` for a tool that comes with a later part of the product: its name
// and an honest note, under the subject tab bar.
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { usePageTitle } from '../../components/usePageTitle';
import { subjectPath, useSubject } from './SubjectLayout';
import { comingSoonTools, type ComingSoonTool } from './tools';

export default function SubjectToolPage({ tool }: { tool: ComingSoonTool }) {
  const { t } = useI18n();
  const { subject } = useSubject();
  const label = comingSoonTools.find(([segment]) => segment === tool)?.[1] ?? 'subject.title';
  usePageTitle(`${t(label)} · ${subject.name}`);
  return (
    <section className="stack" aria-labelledby="tool-title">
      <h2 id="tool-title" className="subject-section-title">
        {t(label)}
      </h2>
      <div className="soon-note" role="note">
        <span className="badge">{t('common.comingSoon')}</span>
        <p style={{ margin: 0 }}>{t('tool.note')}</p>
      </div>
      <p>
        <Link to={subjectPath(subject.id)} className="btn btn-secondary">
          ← {t('subject.backToSubject')}
        </Link>
      </p>
    </section>
  );
}
