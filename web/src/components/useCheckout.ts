// Starting Premium from any button (upgrade modal, onboarding pricing, profile): creates the
// checkout session and sends the browser to it; a failure is shown inline by the caller with the
// spec's message (§8), and so is a visitor who is not signed in.
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../functions/core/errors';
import { createCheckout } from '../api/billing';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n';

export function useCheckout() {
  const { status } = useSession();
  const { lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(async () => {
    setError(null);
    if (status !== 'signedIn') {
      setError(errorMessage('checkout_not_signed_in', lang));
      return;
    }
    setBusy(true);
    try {
      window.location.assign(await createCheckout());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }, [status, lang]);
  return { start, busy, error };
}
