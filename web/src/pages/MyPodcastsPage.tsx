// `/my-podcasts`: the student's saved podcasts (not available yet).
import ComingSoon from '../components/ComingSoon';
import { useI18n } from '../i18n';

export default function MyPodcastsPage() {
  const { t } = useI18n();
  return <ComingSoon title={t('podcasts.title')} note={t('podcasts.note')} />;
}
