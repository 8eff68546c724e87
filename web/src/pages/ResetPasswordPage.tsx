// `/reset-password`: the link from the reset e-mail carries `code` and `email`.
// States: checking → form (or error when the link lacks them) → done, then `/` after 1.2 s.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { amplify } from '../auth/amplify';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { useAuthModal } from '../auth/AuthModal';
import { FormFeedback } from '../components/FormFeedback';

export const RESET_MIN_PASSWORD = 8;
export const REDIRECT_AFTER_RESET_MS = 1200;

type State = 'checking' | 'error' | 'form' | 'done';

export default function ResetPasswordPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const [params] = useSearchParams();
  usePageTitle(t('reset.title'));

  const [state, setState] = useState<State>('checking');
  const [link, setLink] = useState<{ code: string; email: string } | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const code = params.get('code')?.trim() ?? '';
    const email = params.get('email')?.trim() ?? '';
    if (!code || !email) {
      setState('error');
      return;
    }
    setLink({ code, email });
    setState('form');
  }, [params]);

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!link) return;
    if (password.length < RESET_MIN_PASSWORD) return setError(t('reset.tooShort'));
    if (password !== confirm) return setError(t('reset.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await (await amplify()).confirmResetPassword({ username: link.email, confirmationCode: link.code, newPassword: password });
      setState('done');
    } catch (err) {
      setBusy(false);
      const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
      setError(name === 'CodeMismatchException' || name === 'ExpiredCodeException' ? t('reset.expired') : t('reset.failed'));
    }
  };

  return (
    <div className="center-page">
      <div className="card center-card">
        <h1>{t('reset.title')}</h1>
        {state === 'checking' && (
          <p className="muted" role="status">
            {t('reset.checking')}
          </p>
        )}
        {state === 'error' && (
          <>
            <div className="alert alert-error" role="alert">
              {t('reset.invalid')}
            </div>
            <p style={{ marginTop: 'var(--space-4)' }}>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  navigate('/', { replace: true });
                  authModal.openForgot(params.get('email') ?? undefined);
                }}
              >
                {t('reset.restart')}
              </button>
            </p>
          </>
        )}
        {state === 'form' && link && (
          <form className="form" onSubmit={submit} noValidate>
            <p className="muted" style={{ margin: 0 }}>
              {t('reset.for', { email: link.email })}
            </p>
            <div className="field">
              <label htmlFor="reset-new">{t('reset.newPassword')}</label>
              <input
                id="reset-new"
                className="input"
                type="password"
                autoComplete="new-password"
                aria-describedby="reset-new-hint"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id="reset-new-hint" className="hint">
                {t('reset.newPasswordHint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor="reset-confirm">{t('reset.confirm')}</label>
              <input id="reset-confirm" className="input" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </div>
            <FormFeedback error={error} />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t('common.saving') : t('reset.submit')}
            </button>
          </form>
        )}
        {state === 'form' && link && error === t('reset.expired') && (
          <p style={{ marginTop: 'var(--space-4)' }}>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                navigate('/', { replace: true });
                authModal.openForgot(link.email);
              }}
            >
              {t('reset.restart')}
            </button>
          </p>
        )}
        {state === 'done' && (
          <div className="alert alert-success" role="status">
            {t('reset.done')}
          </div>
        )}
      </div>
    </div>
  );
}
