// `/reminders/unsubscribe?token=…`: the study reminder e-mail's link. It works without signing in
// (the token is signed by the server) and asks for one click first, so that a mail client that
// opens links to check them never turns the reminders off on its own.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { unsubscribeBody } from '@core/schemas.js';
import { ApiError, call } from '../api/client';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';

export default function UnsubscribeRemindersPage() {
  const { t } = useI18n();
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask');
  const [error, setError] = useState<string | null>(token ? null : t('unsubscribe.invalid'));

  const confirm = async () => {
    setState('busy');
    setError(null);
    try {
      await call('POST /api/reminders/unsubscribe', {}, { token }, { schema: unsubscribeBody });
      setState('done');
    } catch (err) {
      setState('ask');
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    }
  };

  return (
    <div className="container page page-narrow">
      <div className="card">
        <h1>{t('unsubscribe.title')}</h1>
        {state === 'done' ? (
          <div className="alert alert-success" role="status">
            {t('unsubscribe.done')}
          </div>
        ) : (
          <>
            <p>{t('unsubscribe.ask')}</p>
            {error && (
              <div className="alert alert-error" role="alert">
                {error}
              </div>
            )}
            <p>
              <button type="button" className="btn btn-primary" disabled={!token || state === 'busy'} onClick={() => void confirm()}>
                {state === 'busy' ? t('common.saving') : t('unsubscribe.confirm')}
              </button>
            </p>
          </>
        )}
        <p style={{ marginTop: 'var(--space-4)', marginBottom: 0 }}>
          <Link to="/profile">{t('unsubscribe.profile')}</Link>
        </p>
      </div>
    </div>
  );
}
