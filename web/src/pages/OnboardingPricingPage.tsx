// `/onboarding/pricing`: the plan comparison at the end of onboarding. Free goes straight to the
// subjects; Premium says plainly that online payment is not open yet, then continues on free.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { InlineLoading } from '../components/LoadingScreen';
import PlanComparison from '../components/PlanComparison';


export default function OnboardingPricingPage() {
  const { t } = useI18n();
  const { profile, profileError } = useSession();
  const navigate = useNavigate();
  const [premiumChosen, setPremiumChosen] = useState(false);
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
      {premiumChosen ? (
        <div className="card" style={{ maxWidth: 560, margin: '0 auto' }} role="status">
          <h2>Premium</h2>
          <p>{t('pricing.premiumSoon')}</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/subjects')} autoFocus>
            {t('pricing.premiumContinue')}
          </button>
        </div>
      ) : (
        <PlanComparison
          onChooseFree={() => navigate('/subjects')}
          onChoosePremium={() => setPremiumChosen(true)}
          freeLabel={t('pricing.free')}
          premiumLabel={t('pricing.premium')}
        />
      )}
    </div>
  );
}
