// The product's URL rules, applied on every navigation:
// - a recovery hash or query (`type=recovery`) goes to /reset-password;
// - an OAuth `code` (with `state`) on `/` goes to /auth/callback;
// - `?ref=CODE` opens the sign-up modal with the code filled in;
// - `?verification_code=…&email=…` opens the modal at the code step and submits the code
//   (a signed-in student confirms the e-mail attribute instead).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthModal } from './AuthModal';
import { useSession } from './session';
import { amplify } from './amplify';

export default function UrlRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const session = useSession();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (session.status === 'loading') return;
    const signature = `${location.pathname}${location.search}${location.hash}`;
    if (handled.current === signature) return;
    handled.current = signature;

    const query = new URLSearchParams(location.search);
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));

    if ((query.get('type') === 'recovery' || hash.get('type') === 'recovery') && location.pathname !== '/reset-password') {
      navigate(`/reset-password${location.search}${location.hash}`, { replace: true });
      return;
    }

    if (location.pathname !== '/') return;

    const oauthCode = query.get('code');
    if (oauthCode && query.has('state')) {
      const target = new URLSearchParams({ code: oauthCode, state: query.get('state') ?? '' });
      navigate(`/auth/callback?${target.toString()}`, { replace: true });
      return;
    }

    const verificationCode = query.get('verification_code');
    const email = query.get('email');
    if (verificationCode && email) {
      query.delete('verification_code');
      query.delete('email');
      const rest = query.toString();
      navigate(rest ? `/?${rest}` : '/', { replace: true });
      if (session.status === 'signedIn') {
        amplify()
          .then(({ confirmUserAttribute }) => confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: verificationCode }))
          .then(() => session.reloadAttributes())
          .catch(() => undefined);
      } else {
        authModal.openVerify({ email, code: verificationCode, autoSubmit: true });
      }
      return;
    }

    const ref = query.get('ref');
    if (ref && session.status === 'signedOut') {
      query.delete('ref');
      const rest = query.toString();
      navigate(rest ? `/?${rest}` : '/', { replace: true });
      authModal.open('signup', { referralCode: ref.trim().toUpperCase() });
    }
  }, [location, navigate, authModal, session]);

  return null;
}
