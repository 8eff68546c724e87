// The error screen for uncaught render errors ('Unexpected Application Error!').
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useI18n } from '../i18n';

export default function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container page page-narrow">
      <div className="card">
        <h1>{notFound ? t('errors.notFoundTitle') : t('errors.unexpected')}</h1>
        <p className="muted">{notFound ? t('errors.notFoundText') : t('errors.unexpectedHint')}</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </button>
          <a className="btn btn-secondary" href="/">
            {t('errors.home')}
          </a>
        </div>
      </div>
    </div>
  );
}
