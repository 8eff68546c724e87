// The profile's subscription section: the plan (free, trial or Premium), its status, the trial's or
// the period's end, the card on file, the way to Premium for free and trial accounts, the billing
// portal when there is a customer, and the promo code form. Guarantees: read again whenever the
// subscription may have changed (SUBSCRIPTION_REFRESH_EVENT, a redeemed code), and a failed read
// is said instead of a blank card.
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/client';
import type { SubscriptionInfo } from '../../api/types';
import { SUBSCRIPTION_REFRESH_EVENT } from '../../auth/session';
import { useI18n } from '../../i18n';
import { useCheckout, useRedirectTo } from '../../components/useCheckout';
import { createPortalSession } from '../../api/billing';
import PromoForm from '../../components/PromoForm';
import { subscriptionView } from './profile-state';

export default function SubscriptionCard() {
  const { t } = useI18n();
  const [sub, setSub] = useState<SubscriptionInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const checkout = useCheckout();
  const portal = useRedirectTo(createPortalSession);

  const load = useCallback(() => {
    call('GET /api/subscription', {})
      .then((s) => {
        setSub(s);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    load();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
    return () => window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
  }, [load]);

  return (
    <section className="card" aria-labelledby="sub-title" aria-busy={!sub && !failed} data-testid="subscription-card">
      <h2 id="sub-title">{t('profile.subscription')}</h2>
      {failed ? (
        <div className="alert alert-error" role="alert">
          {t('profile.subscriptionError')}
        </div>
      ) : !sub ? (
        <p className="muted">{t('profile.subscriptionLoading')}</p>
      ) : (
        <SubscriptionDetails sub={sub} checkout={checkout} portal={portal} />
      )}
      <PromoForm onRedeemed={load} />
    </section>
  );
}

type Redirect = ReturnType<typeof useRedirectTo>;

/** The subscription once read: what it is, until when, and the buttons to change it. */
function SubscriptionDetails({ sub, checkout, portal }: { sub: SubscriptionInfo; checkout: Redirect; portal: Redirect }) {
  const { t, formatDate } = useI18n();
  const view = subscriptionView(sub);
  return (
    <>
      <p className="plan-pill">
        {t(view.plan)}
        {view.badge && <span className="badge">Premium</span>}
      </p>
      <p className="muted">{t('profile.status', { status: 'key' in view.status ? t(view.status.key) : view.status.raw })}</p>
      {view.trialEnd && <p>{t('profile.trialEnd', { date: formatDate(view.trialEnd) })}</p>}
      {view.periodEnd && <p data-testid="period-end">{t(view.periodEnd.key, { date: formatDate(view.periodEnd.date) })}</p>}
      {view.card && <p data-testid="payment-method">{t('profile.card', { card: view.card })}</p>}
      <div className="upgrade-actions">
        {view.canSubscribe ? (
          <button type="button" className="btn btn-primary" disabled={checkout.busy} onClick={() => void checkout.start()}>
            {checkout.busy ? t('upgrade.ctaBusy') : t('profile.subscribe')}
          </button>
        ) : null}
        {view.canManage && (
          <button type="button" className="btn btn-secondary" disabled={portal.busy} onClick={() => void portal.start()}>
            {t('profile.manage')}
          </button>
        )}
      </div>
      {(checkout.error || portal.error) && (
        <div className="alert alert-error" role="alert">
          {checkout.error ?? portal.error}
        </div>
      )}
    </>
  );
}
