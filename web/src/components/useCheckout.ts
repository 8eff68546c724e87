// Leaving for Stripe from any button (upgrade modal, onboarding pricing, profile): asks the server
// for the page (checkout or customer portal) and sends the browser there; a failure is shown
// inline by the caller with the product's checkout message. A visitor (a session that ended) is asked to
// log in, with the "checkout requested" flag set so the checkout opens right after
// authentication.
import { useCallback, useState } from 'react';
import { errorMessage } from '@core/errors.js';
import { createCheckout } from '../api/billing';
import { useAuthModal } from '../auth/AuthModal';
import { requestCheckout } from '../auth/pending-actions';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n';

/** `start()` fetches the URL and goes there; `busy` until the browser leaves, `error` if it cannot. */
export function useRedirectTo(getUrl: () => Promise<string>, refuse?: () => string | null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(async () => {
    setError(null);
    const refused = refuse?.() ?? null;
    if (refused) {
      setError(refused);
      return;
    }
    setBusy(true);
    try {
      window.location.assign(await getUrl());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }, [getUrl, refuse]);
  return { start, busy, error };
}

export function useCheckout() {
  const { status } = useSession();
  const { lang } = useI18n();
  const auth = useAuthModal();
  const refuse = useCallback(() => {
    if (status === 'signedIn') return null;
    requestCheckout();
    auth.open('login');
    return errorMessage('checkout_not_signed_in', lang);
  }, [status, lang, auth]);
  return useRedirectTo(createCheckout, refuse);
}
