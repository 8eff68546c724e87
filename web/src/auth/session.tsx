// The signed-in session (spec §4, §8). Amplify Hub events keep it current: a sign-in loads the
// user and the profile, a sign-out clears them, a failed token refresh ends the session with the
// stored 'session expired' message. Tokens are checked every 30 s and refreshed when they expire
// within three ticks.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { api } from '../api/client';
import type { PublicProfile } from '../api/types';
import { clearSessionExpired, expireSession, LOGOUT_EVENT } from './expiry';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionValue {
  status: SessionStatus;
  userId: string | null;
  email: string | null;
  emailVerified: boolean;
  profile: PublicProfile | null;
  /** True when the last profile read failed (the profile stays null). */
  profileError: boolean;
  reloadProfile(): Promise<void>;
  signOut(): Promise<void>;
  /** Re-reads the Amplify session and the profile; resolves with the profile (null if signed out). */
  refresh(): Promise<PublicProfile | null>;
  /** Re-reads the user's attributes (email_verified). */
  reloadAttributes(): Promise<void>;
}

interface State {
  status: SessionStatus;
  userId: string | null;
  email: string | null;
  emailVerified: boolean;
  profile: PublicProfile | null;
  profileError: boolean;
}

const signedOutState: State = { status: 'signedOut', userId: null, email: null, emailVerified: false, profile: null, profileError: false };

export const TOKEN_TICK_MS = 30_000;
export const REFRESH_WITHIN_TICKS = 3;
export const SUBSCRIPTION_REFRESH_EVENT = 'subscription:refresh';

const SessionContext = createContext<SessionValue | null>(null);

// Set when the student signs out on purpose, so guards go home without asking to log in again.
let signedOutOnPurpose = false;
export const wasSignOutIntentional = (): boolean => signedOutOnPurpose;

async function readUser(): Promise<Pick<State, 'userId' | 'email' | 'emailVerified'> | null> {
  try {
    const session = await fetchAuthSession();
    if (!session.tokens?.accessToken) return null;
    const user = await getCurrentUser();
    let email: string | null = user.signInDetails?.loginId ?? null;
    let emailVerified = true;
    try {
      const attrs = await fetchUserAttributes();
      email = attrs.email ?? email;
      emailVerified = attrs.email_verified === undefined ? true : attrs.email_verified === 'true';
    } catch {
      const claim = session.tokens.idToken?.payload;
      if (typeof claim?.email === 'string') email = claim.email;
      if (claim && 'email_verified' in claim) emailVerified = claim.email_verified === true || claim.email_verified === 'true';
    }
    return { userId: user.userId, email, emailVerified };
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ ...signedOutState, status: 'loading' });
  const inflight = useRef<Promise<PublicProfile | null> | null>(null);
  const statusRef = useRef<SessionStatus>('loading');
  statusRef.current = state.status;

  const loadProfile = useCallback(async (): Promise<PublicProfile | null> => {
    try {
      return await api.get<PublicProfile>('/profile');
    } catch {
      return null;
    }
  }, []);

  const refresh = useCallback((): Promise<PublicProfile | null> => {
    inflight.current ??= (async () => {
      const user = await readUser();
      if (!user) {
        setState(signedOutState);
        return null;
      }
      signedOutOnPurpose = false;
      clearSessionExpired();
      // Signed in is known as soon as the user is: the profile follows.
      setState((s) => ({ ...s, ...user, status: 'signedIn', profile: s.userId === user.userId ? s.profile : null, profileError: false }));
      const profile = await loadProfile();
      setState((s) => (s.userId === user.userId ? { ...s, profile: profile ?? s.profile, profileError: !profile } : s));
      return profile;
    })().finally(() => {
      inflight.current = null;
    });
    return inflight.current;
  }, [loadProfile]);

  const reloadProfile = useCallback(async () => {
    const profile = await loadProfile();
    setState((s) => (s.status === 'signedIn' ? { ...s, profile: profile ?? s.profile, profileError: !profile } : s));
  }, [loadProfile]);

  const reloadAttributes = useCallback(async () => {
    const user = await readUser();
    if (user) setState((s) => (s.status === 'signedIn' ? { ...s, ...user } : s));
  }, []);

  const signOut = useCallback(async () => {
    signedOutOnPurpose = true;
    try {
      await amplifySignOut();
    } catch {
      /* local tokens are cleared even when revocation fails */
    }
    setState(signedOutState);
  }, []);

  // Initial session, then Hub events.
  useEffect(() => {
    void refresh();
    const stop = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'signInWithRedirect':
          void refresh().then(() => {
            setTimeout(() => window.dispatchEvent(new Event(SUBSCRIPTION_REFRESH_EVENT)), 1000);
          });
          break;
        case 'signedOut':
          setState(signedOutState);
          break;
        case 'tokenRefresh':
          void reloadAttributes();
          break;
        case 'tokenRefresh_failure':
          if (statusRef.current === 'signedIn') void expireSession();
          break;
        default:
          break;
      }
    });
    const onLogout = () => setState(signedOutState);
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => {
      stop();
      window.removeEventListener(LOGOUT_EVENT, onLogout);
    };
  }, [refresh, reloadAttributes]);

  // Token refresh tick.
  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const timer = setInterval(async () => {
      try {
        const session = await fetchAuthSession();
        const exp = session.tokens?.accessToken?.payload.exp;
        if (!session.tokens) {
          await expireSession();
          return;
        }
        if (typeof exp === 'number' && exp * 1000 - Date.now() < TOKEN_TICK_MS * REFRESH_WITHIN_TICKS) {
          const fresh = await fetchAuthSession({ forceRefresh: true });
          if (!fresh.tokens?.accessToken) await expireSession();
        }
      } catch {
        await expireSession();
      }
    }, TOKEN_TICK_MS);
    return () => clearInterval(timer);
  }, [state.status]);

  const value = useMemo<SessionValue>(
    () => ({ ...state, reloadProfile, signOut, refresh, reloadAttributes }),
    [state, reloadProfile, signOut, refresh, reloadAttributes],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
