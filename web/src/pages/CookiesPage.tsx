// Cookies and local storage (/cookies): Révise sets no advertising or analytics cookie; this page
// lists every item the app keeps in the browser, what it is for and how long it stays.
import { usePageHead } from '../components/PageHead';
import { DocumentPage } from '../components/ContentParts';
import { COOKIE_KEY } from '../components/CookieBanner';
import { SESSION_MESSAGE_KEY } from '../auth/expiry';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

/** Every key the app writes to the browser's storage (kept in step with the shell's modules). */
const STORED_ITEMS: { names: string[]; purpose: MessageKey; duration: MessageKey }[] = [
  { names: ['language'], purpose: 'cookiesPage.language.purpose', duration: 'cookiesPage.language.duration' },
  { names: [COOKIE_KEY], purpose: 'cookiesPage.consent.purpose', duration: 'cookiesPage.consent.duration' },
  { names: ['CognitoIdentityServiceProvider.*'], purpose: 'cookiesPage.session.purpose', duration: 'cookiesPage.session.duration' },
  { names: ['pending_signups'], purpose: 'cookiesPage.pending.purpose', duration: 'cookiesPage.pending.duration' },
  { names: [SESSION_MESSAGE_KEY], purpose: 'cookiesPage.message.purpose', duration: 'cookiesPage.message.duration' },
  { names: ['auth_next', 'verify_banner_dismissed'], purpose: 'cookiesPage.tab.purpose', duration: 'cookiesPage.tab.duration' },
];

export default function CookiesPage() {
  const { t } = useI18n();
  usePageHead({ title: t('head.cookies.title'), description: t('head.cookies.description'), canonical: '/cookies' });

  const table = (
    <div className="ct-table-wrap">
      <table className="ct-table">
        <caption className="visually-hidden">{t('cookiesPage.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cookiesPage.col.name')}</th>
            <th scope="col">{t('cookiesPage.col.purpose')}</th>
            <th scope="col">{t('cookiesPage.col.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {STORED_ITEMS.map((item) => (
            <tr key={item.names.join()}>
              <th scope="row" data-label={t('cookiesPage.col.name')}>
                {item.names.map((name) => (
                  <code key={name}>{name}</code>
                ))}
              </th>
              <td data-label={t('cookiesPage.col.purpose')}>{t(item.purpose)}</td>
              <td data-label={t('cookiesPage.col.duration')}>{t(item.duration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <DocumentPage
      className="ct-cookies"
      icon="cookie"
      title={t('cookiesPage.title')}
      intro={t('cookiesPage.intro')}
      updatedLabel={t('content.lastUpdated', { date: t('cookiesPage.updated') })}
      tocLabel={t('content.onThisPage')}
      sections={[
        { id: 'stored', title: t('cookiesPage.table.title'), extra: table },
        { id: 'consent', title: t('cookiesPage.exempt.title'), body: t('cookiesPage.exempt.body') },
        { id: 'payment', title: t('cookiesPage.payment.title'), body: t('cookiesPage.payment.body') },
        { id: 'control', title: t('cookiesPage.control.title'), body: t('cookiesPage.control.body') },
      ]}
    />
  );
}
