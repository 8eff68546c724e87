// The site header: logo; signed in, links to how-it-works, subjects, goals and profile;
// signed out, how-it-works and a login button. Below 820 px the links fold into a menu.
import { useEffect, useState } from 'react';
import { NavLink, Link, useLocation } from 'react-router-dom';
import Logo from './Logo';
import LanguageSwitcher from './LanguageSwitcher';
import { useI18n } from '../i18n';
import { useSession } from '../auth/session';
import { useAuthModal } from '../auth/AuthModal';

export default function Header() {
  const { t } = useI18n();
  const { status } = useSession();
  const authModal = useAuthModal();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const link = (to: string, label: string) => (
    <NavLink to={to} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
      {label}
    </NavLink>
  );

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <Logo size={34} />
        </Link>
        <button
          type="button"
          className="icon-btn menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="main-nav" className={`main-nav${menuOpen ? ' open' : ''}`} aria-label={t('nav.main')}>
          {link('/how-it-works', t('nav.howItWorks'))}
          {status === 'signedIn' && (
            <>
              {link('/subjects', t('nav.subjects'))}
              {link('/goals', t('nav.goals'))}
              {link('/profile', t('nav.profile'))}
            </>
          )}
          <LanguageSwitcher />
          {status === 'signedOut' && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => authModal.open('login')}>
              {t('nav.login')}
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
