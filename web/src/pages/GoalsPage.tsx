// `/goals`: goals and statistics (not available yet).
import ComingSoon from '../components/ComingSoon';
import { useI18n } from '../i18n';

export default function GoalsPage() {
  const { t } = useI18n();
  return <ComingSoon title={t('goals.title')} note={t('goals.note')} />;
}
