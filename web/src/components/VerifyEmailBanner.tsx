// Reminds a signed-in student whose e-mail is not verified to verify it: dismissible,
// with a resend button; the verification state is re-read every 5 minutes.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { useSession } from '../auth/session';
import { amplify } from '../auth/amplify';

export const VERIFY_RECHECK_MS = 5 * 60 * 1000;
const DISMISS_KEY = 'verify_banner_dismissed';

export default function VerifyEmailBanner() {
  const { t } = useI18n();
  const { status, emailVerified, reloadAttributes } = useSession();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return sessionStorage.getItem(DISMISS_KEY) === 'true';
    } catch {
      return false;
    }
  });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = status === 'signedIn' && !emailVerified;

  useEffect(() => {
    if (!show) return;
    const id = setInterval(() => void reloadAttributes(), VERIFY_RECHECK_MS);
    return () => clearInterval(id);
  }, [show, reloadAttributes]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  if (!show || dismissed) return null;

  const resend = async () => {
    setError(false);
    try {
      await (await amplify()).sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      setSent(true);
      timer.current = setTimeout(() => setSent(false), 5000);
    } catch {
      setError(true);
    }
  };

  return (
    <div className="banner banner-verify" role="status">
      <span>{error ? t('verify.failed') : t('verify.text')}</span>
      {sent ? (
        <strong>{t('verify.sent')}</strong>
      ) : (
        <button type="button" className="link-btn" onClick={resend}>
          {t('verify.resend')}
        </button>
      )}
      <button
        type="button"
        className="link-btn"
        onClick={() => {
          try {
            sessionStorage.setItem(DISMISS_KEY, 'true');
          } catch {
            /* dismissed for this page only */
          }
          setDismissed(true);
        }}
      >
        {t('verify.dismiss')}
      </button>
    </div>
  );
}
