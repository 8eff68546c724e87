// Privacy policy (/privacy): what Révise processes, why, with whom, for how long, and the
// student's GDPR rights. Plain language; the facts match the product (deletion from the profile
// erases everything, courses never train models, AWS and Stripe as processors).
import { usePageHead } from '../components/PageHead';
import { DocumentPage } from '../components/ContentParts';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

const SECTIONS: { id: string; title: MessageKey; body: MessageKey }[] = [
  { id: 'controller', title: 'privacy.controller.title', body: 'privacy.controller.body' },
  { id: 'data', title: 'privacy.data.title', body: 'privacy.data.body' },
  { id: 'purposes', title: 'privacy.purposes.title', body: 'privacy.purposes.body' },
  { id: 'training', title: 'privacy.training.title', body: 'privacy.training.body' },
  { id: 'processors', title: 'privacy.processors.title', body: 'privacy.processors.body' },
  { id: 'retention', title: 'privacy.retention.title', body: 'privacy.retention.body' },
  { id: 'rights', title: 'privacy.rights.title', body: 'privacy.rights.body' },
  { id: 'security', title: 'privacy.security.title', body: 'privacy.security.body' },
  { id: 'minors', title: 'privacy.minors.title', body: 'privacy.minors.body' },
  { id: 'changes', title: 'privacy.changes.title', body: 'privacy.changes.body' },
];

export default function PrivacyPage() {
  const { t } = useI18n();
  usePageHead({ title: t('head.privacy.title'), description: t('head.privacy.description'), canonical: '/privacy' });
  return (
    <DocumentPage
      className="ct-privacy"
      icon="shield"
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      updatedLabel={t('content.lastUpdated', { date: t('privacy.updated') })}
      tocLabel={t('content.onThisPage')}
      sections={SECTIONS.map((s) => ({ id: s.id, title: t(s.title), body: t(s.body) }))}
    />
  );
}
