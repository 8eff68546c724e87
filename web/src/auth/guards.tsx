// Route guards: signed-in pages send visitors to `/` with the login modal open (and `next` set to
// the page they wanted); pages of the study space send students who have not finished onboarding
// to /onboarding.
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSession, wasSignOutIntentional } from './session';
import { sessionHasExpired } from './expiry';
import { useAuthModal } from './AuthModal';
import { InlineLoading } from '../components/LoadingScreen';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signingIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const authModal = useAuthModal();

  // Runs when the session becomes signed out, not on every render; not while the login modal is
  // finishing a sign-in (it is open already and decides where the student goes).
  const wanted = useRef({ location, navigate, authModal });
  wanted.current = { location, navigate, authModal };
  useEffect(() => {
    if (status !== 'signedOut' || signingIn) return;
    const { location: at, navigate: go, authModal: modal } = wanted.current;
    go('/', { replace: true });
    if (!wasSignOutIntentional()) modal.open('login', { next: `${at.pathname}${at.search}`, sessionExpired: sessionHasExpired() });
  }, [status, signingIn]);

  if (status !== 'signedIn') return <InlineLoading />;
  return <>{children}</>;
}

/** Inside RequireAuth: waits for the profile, then sends unfinished onboarding to /onboarding. */
export function RequireOnboarded({ children }: { children: ReactNode }) {
  const { profile, profileError } = useSession();
  if (!profile && !profileError) return <InlineLoading />;
  if (profile && !profile.onboarding_completed) return <Navigate to="/onboarding" replace />;
  return <>{children}</>;
}

export function SignedInPage({ children, onboarded = true }: { children: ReactNode; onboarded?: boolean }) {
  return <RequireAuth>{onboarded ? <RequireOnboarded>{children}</RequireOnboarded> : children}</RequireAuth>;
}
