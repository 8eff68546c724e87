// The profile's account section: the e-mail the student signed in with, and signing out (back to
// the home page, replacing /profile in the history).
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n';

export default function AccountCard() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">{t('profile.account')}</h2>
      <dl className="kv">
        <dt>{t('profile.emailLabel')}</dt>
        <dd>{session.email}</dd>
      </dl>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={async () => {
          await session.signOut();
          navigate('/', { replace: true });
        }}
      >
        {t('profile.signOut')}
      </button>
    </section>
  );
}
