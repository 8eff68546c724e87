// `/auth/callback`: the return from Google through the Cognito hosted UI. Amplify's OAuth
// listener exchanges the code; this page waits for the session, runs the after-sign-in steps and
// goes to onboarding or the subjects. Opened without a code (a bookmark, a link cut short, a
// sign-in cancelled at Google), there is nothing to wait for: back to the landing, which says so.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { amplify } from '../auth/amplify';
import { useSession } from '../auth/session';
import { afterSignIn, landingPath } from '../auth/after-sign-in';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import type { RouteNotice } from '../components/SessionMessage';

const CALLBACK_TIMEOUT_MS = 15_000;

export default function AuthCallbackPage() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const done = useRef(false);
  const refreshRef = useRef(session.refresh);
  refreshRef.current = session.refresh;
  usePageTitle(t('callback.title'));

  useEffect(() => {
    const finish = async () => {
      if (done.current || !(await isSignedIn()) || done.current) return;
      done.current = true;
      const { profile, checkoutUrl, notice } = await afterSignIn(null, () => refreshRef.current());
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else navigate(landingPath(profile, takeNext()), { replace: true, state: notice });
    };
    // The code as the page was opened with it (Amplify replaces the address only once signed in).
    const query = new URLSearchParams(window.location.search);
    let stopped = false;
    let stop = () => {};
    void amplify().then(({ Hub }) => {
      if (stopped) return;
      stop = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signInWithRedirect') void finish();
        if (payload.event === 'signInWithRedirect_failure') setFailed(true);
      });
      if (!query.get('code')) {
        void isSignedIn().then((signedIn) => {
          if (done.current) return;
          if (signedIn) {
            void finish();
            return;
          }
          done.current = true;
          const state: RouteNotice = { notice: query.has('error') ? 'callback.failed' : 'callback.missingCode' };
          navigate('/', { replace: true, state });
        });
      } else {
        void finish();
      }
    });
    const timer = setTimeout(() => {
      if (!done.current) setFailed(true);
    }, CALLBACK_TIMEOUT_MS);
    return () => {
      stopped = true;
      stop();
      clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <div className="center-page">
      <div className="card center-card" style={{ textAlign: 'center' }}>
        {failed ? (
          <>
            <div className="alert alert-error" role="alert">
              {t('callback.failed')}
            </div>
            <p style={{ marginTop: 'var(--space-4)' }}>
              <a className="btn btn-secondary" href="/">
                {t('errors.home')}
              </a>
            </p>
          </>
        ) : (
          <div className="loading-inline" role="status" style={{ padding: 'var(--space-5) 0' }}>
            <div className="spinner" aria-hidden="true" />
            <span>{t('callback.title')}</span>
          </div>
        )}
      </div>
    </div>
  );
}

/** The page the student wanted before leaving for Google (set by the login modal). */
function takeNext(): string | null {
  try {
    const next = sessionStorage.getItem('auth_next');
    sessionStorage.removeItem('auth_next');
    return next;
  } catch {
    return null;
  }
}

async function isSignedIn(): Promise<boolean> {
  try {
    return Boolean((await (await amplify()).fetchAuthSession()).tokens?.accessToken);
  } catch {
    return false;
  }
}
