// Back from checkout (success_url /profile?success=true, cancel_url ?canceled=true): the notice is
// the first thing on the page, where the student lands; the address is cleaned, and the status is
// read again until the webhook has made the student Premium (a few seconds at most with Stripe).
// Guarantees: nothing is shown without those parameters, and no timer or listener outlives the page.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { SUBSCRIPTION_REFRESH_EVENT } from '../../auth/session';
import { useI18n } from '../../i18n';
import { CHECKOUT_REFRESH_MS, CHECKOUT_REFRESH_TRIES, checkoutNotice, checkoutReturn, premiumLanded } from './profile-state';

export default function CheckoutNotice() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => checkoutReturn(params));
  const [premium, setPremium] = useState(false);

  useEffect(() => {
    if (!returned) return;
    setParams({}, { replace: true });
    if (returned !== 'success') return;
    let live = true;
    const read = () => {
      call('GET /api/subscription', {})
        .then((s) => {
          if (live) setPremium(premiumLanded(s));
        })
        .catch(() => undefined);
    };
    read();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, read);
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      window.dispatchEvent(new Event(SUBSCRIPTION_REFRESH_EVENT));
      if (tries >= CHECKOUT_REFRESH_TRIES) clearInterval(timer);
    }, CHECKOUT_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, read);
    };
  }, [returned, setParams]);

  const notice = checkoutNotice(returned, premium);
  if (!notice) return null;
  return (
    <div className={`alert alert-${notice.tone}`} role="status" data-testid="checkout-notice">
      {t(notice.key)}
    </div>
  );
}
