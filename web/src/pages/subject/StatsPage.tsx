// `/subject/{id}/stats`: the subject's statistics (charts for Premium, the summary and the way to
// Premium otherwise), see StatisticsPanel.
import StatisticsPanel from '../../components/progress/StatisticsPanel';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { useSubject } from './SubjectLayout';

export default function StatsPage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  usePageTitle(`${t('tool.stats')} · ${subject.name}`);
  return (
    <section className="stack" aria-labelledby="stats-title">
      <h2 id="stats-title" className="subject-section-title">
        {t('tool.stats')}
      </h2>
      <StatisticsPanel key={subject.id} subjectId={subject.id} />
    </section>
  );
}
