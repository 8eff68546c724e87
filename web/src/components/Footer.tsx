// The site footer: the informational pages and the language switch. The back-to-school offer is
// linked while it runs only (its page stays, saying it has ended).
import { Link } from 'react-router-dom';
import Logo from './Logo';
import LanguageSwitcher from './LanguageSwitcher';
import { useI18n } from '../i18n';
import { isOfferOpen } from './content-helpers';

export default function Footer() {
  const { t } = useI18n();
  const links: [string, string][] = [
    ['/how-it-works', t('footer.howItWorks')],
    ['/faq', t('footer.faq')],
    ...(isOfferOpen(new Date()) ? ([['/offre-de-rentree', t('footer.promo')]] as [string, string][]) : []),
    ['/privacy', t('footer.privacy')],
    ['/cookies', t('footer.cookies')],
    ['/contact', t('footer.contact')],
  ];
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-inner">
          <div className="footer-brand">
            <Logo size={28} />
            <p>{t('app.tagline')}</p>
          </div>
          <nav aria-label={t('footer.links')}>
            <ul className="footer-links">
              {links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="footer-bottom">
          {/* The prerendered landing holds the build's year: when the visitor's clock says another,
              the hydration keeps the build's (no error, no fresh render of the page). */}
          <span suppressHydrationWarning>{t('footer.rights', { year: new Date().getFullYear() })}</span>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
