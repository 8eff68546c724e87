// `/onboarding/pricing`: the plan comparison at the end of onboarding. Free goes straight to the
// subjects; Premium goes to the checkout (a failure is shown here, and free stays available).
import { Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { InlineLoading } from '../components/LoadingScreen';
import PlanComparison from '../components/PlanComparison';
import { useCheckout } from '../components/useCheckout';

export default function OnboardingPricingPage() {
  const { t } = useI18n();
  const { profile, profileError } = useSession();
  const navigate = useNavigate();
  const checkout = useCheckout();
  usePageTitle(t('pricing.title'));

  if (!profile && !profileError) return <InlineLoading />;
  if (profile && !profile.onboarding_completed) return <Navigate to="/onboarding" replace />;

  return (
    <div className="container page">
      <div style={{ maxWidth: 520, margin: '0 auto var(--space-5)', textAlign: 'center' }}>
        <div className="steps" aria-hidden="true">
          <span className="done" />
          <span className="done" />
        </div>
        <p className="eyebrow">{t('onboarding.step', { n: 2 })}</p>
        <h1>{t('pricing.title')}</h1>
        <p className="muted">{t('pricing.intro')}</p>
      </div>
      {checkout.error && (
        <div className="alert alert-error" role="alert" style={{ maxWidth: 560, margin: '0 auto var(--space-4)' }}>
          {checkout.error}
        </div>
      )}
      <PlanComparison
        onChooseFree={() => navigate('/subjects')}
        onChoosePremium={() => void checkout.start()}
        freeLabel={t('pricing.free')}
        premiumLabel={checkout.busy ? t('upgrade.ctaBusy') : t('pricing.premium')}
      />
    </div>
  );
}
