// Any path outside the route table.
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';

export default function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <div className="container page page-narrow">
      <div className="card">
        <h1>{t('errors.notFoundTitle')}</h1>
        <p className="muted">{t('errors.notFoundText')}</p>
        <Link className="btn btn-primary" to="/">
          {t('errors.home')}
        </Link>
      </div>
    </div>
  );
}
