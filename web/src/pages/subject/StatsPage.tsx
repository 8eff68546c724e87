// `/subject/{id}/stats`: the subject's statistics (charts for Premium, the summary and the way to
// Premium otherwise), see StatisticsPanel.
import StatisticsPanel from '../../components/progress/StatisticsPanel';
import SubjectSection from './SubjectSection';
import { useSubject } from './SubjectLayout';

export default function StatsPage() {
  const { subject } = useSubject();
  return (
    <SubjectSection tool="stats">
      <StatisticsPanel key={subject.id} subjectId={subject.id} />
    </SubjectSection>
  );
}
