// Shows the stored 'session expired' message once, after an unrecoverable token error.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { LOGOUT_EVENT, takeSessionMessage } from '../auth/expiry';

export default function SessionMessage() {
  const { t } = useI18n();
  const [message, setMessage] = useState<string | null>(() => takeSessionMessage());
  useEffect(() => {
    const onLogout = () => {
      const m = takeSessionMessage();
      if (m) setMessage(m);
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, []);
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
