// The frame of every page: banners, header, the routed page, footer and cookie banner. A loading
// screen covers the page until the session is known or 2.5 s have passed.
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import Header from './Header';
import Footer from './Footer';
import CookieBanner from './CookieBanner';
import OfflineBanner from './OfflineBanner';
import VerifyEmailBanner from './VerifyEmailBanner';
import SessionMessage from './SessionMessage';
import LoadingScreen from './LoadingScreen';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n';
import { useFirstScreenOnly } from './prerendered';

export const SESSION_LOADING_FALLBACK_MS = 2500;

export default function Layout() {
  const { status } = useSession();
  const { t } = useI18n();
  const [waitedEnough, setWaitedEnough] = useState(false);
  const firstScreenOnly = useFirstScreenOnly();

  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), SESSION_LOADING_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);

  if (status === 'loading' && !waitedEnough) return <LoadingScreen />;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <OfflineBanner />
      <SessionMessage />
      <VerifyEmailBanner />
      <Header />
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* Not in the prerendered page (web/src/components/prerendered.ts): it depends on what the
          visitor's browser has stored. */}
      {!firstScreenOnly && <CookieBanner />}
    </div>
  );
}
