// Shown while the browser reports no network ('No internet connection…').
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';

export default function OfflineBanner() {
  const { t } = useI18n();
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    const on = () => setOffline(false);
    const off = () => setOffline(true);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  if (!offline) return null;
  return (
    <div className="banner banner-offline" role="alert">
      {t('errors.offline')}
    </div>
  );
}
