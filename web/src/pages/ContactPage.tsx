// Contact (/contact): one e-mail address, no form; what to include, and where the common requests
// (forgotten password, data rights, account deletion) are handled directly in the app.
import { usePageHead } from '../components/PageHead';
import { Icon, Prose, type IconName } from '../components/ContentParts';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

const TOPICS: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'user', title: 'contact.topics.account.title', text: 'contact.topics.account.text' },
  { icon: 'shield', title: 'contact.topics.data.title', text: 'contact.topics.data.text' },
  { icon: 'bulb', title: 'contact.topics.bug.title', text: 'contact.topics.bug.text' },
  { icon: 'school', title: 'contact.topics.schools.title', text: 'contact.topics.schools.text' },
];

export default function ContactPage() {
  const { t } = useI18n();
  const address = t('contact.email.address');
  usePageHead({ title: t('head.contact.title'), description: t('head.contact.description'), canonical: '/contact' });

  return (
    <div className="ct-page ct-contact">
      <header className="ct-page-header">
        <div className="container ct-narrow">
          <span className="ct-icon-badge ct-icon-badge-lg">
            <Icon name="mail" />
          </span>
          <h1>{t('contact.title')}</h1>
          <p className="ct-lead">{t('contact.intro')}</p>
        </div>
      </header>

      <div className="container ct-contact-grid">
        <section className="ct-card ct-mail-card" aria-labelledby="contact-email">
          <h2 id="contact-email">{t('contact.email.title')}</h2>
          <p className="ct-mail-address">
            <a href={`mailto:${address}`}>{address}</a>
          </p>
          <p>{t('contact.email.text')}</p>
          <a className="btn btn-primary" href={`mailto:${address}`}>
            <Icon name="mail" />
            {t('contact.email.cta')}
          </a>
        </section>
        <section className="ct-card" aria-labelledby="contact-tips">
          <h2 id="contact-tips">{t('contact.tips.title')}</h2>
          <Prose text={t('contact.tips.body')} className="ct-checklist" />
        </section>
      </div>

      <section className="ct-section ct-section-last" aria-labelledby="contact-topics">
        <div className="container">
          <div className="ct-section-head">
            <h2 id="contact-topics">{t('contact.topics.title')}</h2>
            <Prose text={t('contact.faqHint')} />
          </div>
          <ul className="ct-feature-grid ct-feature-grid-2">
            {TOPICS.map((topic) => (
              <li className="ct-feature" key={topic.title}>
                <span className="ct-icon-badge">
                  <Icon name={topic.icon} />
                </span>
                <div>
                  <h3>{t(topic.title)}</h3>
                  <p>{t(topic.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
