// `/profile`: the page composing its sections, in this order: the checkout notice, the account,
// the details (language, level, specialization, school), the subscription and promo code, study
// reminders, referral, password change, the export of every subject's cards, the download of all
// the student's data and account deletion. Guarantees: a loading state until the profile is read,
// an error with a retry when it cannot be, and each section on its own otherwise.
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n';
import { usePageTitle } from '../../components/usePageTitle';
import { InlineLoading } from '../../components/LoadingScreen';
import DataExportCard from '../../components/profile/DataExportCard';
import CardsExportCard from '../../components/profile/CardsExportCard';
import CheckoutNotice from './CheckoutNotice';
import AccountCard from './AccountCard';
import DetailsCard from './DetailsCard';
import SubscriptionCard from './SubscriptionCard';
import RemindersCard from './RemindersCard';
import ReferralCard from './ReferralCard';
import PasswordCard from './PasswordCard';
import DeleteCard from './DeleteCard';

export default function ProfilePage() {
  const { t } = useI18n();
  const session = useSession();
  usePageTitle(t('profile.title'));

  if (!session.profile) {
    if (!session.profileError) return <InlineLoading />;
    return (
      <div className="container page page-narrow">
        <h1>{t('profile.title')}</h1>
        <div className="alert alert-error" role="alert">
          <p>{t('profile.loadError')}</p>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <button type="button" className="btn btn-secondary" onClick={() => void session.reloadProfile()}>
            {t('common.retry')}
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="container page page-narrow">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      <CheckoutNotice />
      <AccountCard />
      <DetailsCard profile={session.profile} />
      <SubscriptionCard />
      <RemindersCard profile={session.profile} />
      <ReferralCard />
      <PasswordCard />
      <CardsExportCard />
      <DataExportCard />
      <DeleteCard />
    </div>
  );
}
