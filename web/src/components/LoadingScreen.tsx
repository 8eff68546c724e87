// Full-page and inline loading states.
import Logo from './Logo';
import { useI18n } from '../i18n';

export default function LoadingScreen() {
  const { t } = useI18n();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Logo size={48} />
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export function InlineLoading() {
  const { t } = useI18n();
  return (
    <div className="loading-inline" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
