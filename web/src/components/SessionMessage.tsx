// Shows a message once at the top of the page: the stored 'session expired' message after an
// unrecoverable token error, or the notice a page left when it sent the student elsewhere
// (`navigate(path, { state: { notice } })`, e.g. a sign-in callback opened without its code).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n, type MessageKey } from '../i18n';
import { LOGOUT_EVENT, takeSessionMessage } from '../auth/expiry';

/** A catalogue message (`notice`), or a text already in the UI language (`text`, a success if `success`). */
export interface RouteNotice {
  notice?: MessageKey;
  text?: string;
  success?: boolean;
}

export default function SessionMessage() {
  const { t } = useI18n();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(() => takeSessionMessage());
  const [dismissedNotice, setDismissedNotice] = useState<string | null>(null);
  useEffect(() => {
    const onLogout = () => {
      const m = takeSessionMessage();
      if (m) setMessage(m);
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, []);
  const state = location.state as RouteNotice | null;
  const notice = state?.notice ? t(state.notice) : state?.text;
  if (notice && dismissedNotice !== location.key) {
    return (
      <div className={state?.success ? 'banner banner-success' : 'banner banner-session'} role={state?.success ? 'status' : 'alert'}>
        <span>{notice}</span>
        <button type="button" className="link-btn" onClick={() => setDismissedNotice(location.key)}>
          {t('common.close')}
        </button>
      </div>
    );
  }
  if (!message) return null;
  return (
    <div className="banner banner-session" role="alert">
      <span>{t('errors.sessionExpired')}</span>
      <button type="button" className="link-btn" onClick={() => setMessage(null)}>
        {t('common.close')}
      </button>
    </div>
  );
}
