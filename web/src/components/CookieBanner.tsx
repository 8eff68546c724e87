// Cookie information banner; the acceptance is kept in localStorage.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';

export const COOKIE_KEY = 'cookies_accepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_KEY) === 'true';
  } catch {
    return false;
  }
}

export default function CookieBanner() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(() => !accepted());
  if (!visible) return null;
  const accept = () => {
    try {
      localStorage.setItem(COOKIE_KEY, 'true');
    } catch {
      /* the banner still hides for this page */
    }
    setVisible(false);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} <Link to="/cookies">{t('cookies.more')}</Link>
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
