// The signed-in session. Amplify Hub events keep it current: a sign-in loads the
// user and the profile, a sign-out clears them, a failed token refresh ends the session with the
// stored 'session expired' message. Tokens are checked every 30 s and refreshed when they expire
// within three ticks.
//
// Every sign-in and sign-out starts a new session generation: a read started in an earlier
// generation never writes its result over a newer state, and a caller never joins it. A read that
// fails for another reason than "no tokens" (a network error while Amplify refreshes, say) is
// retried and, if it keeps failing, leaves a known session as it is. While the login modal finishes
// a sign-in (`beginSignIn`), `signingIn` is true: pages wait before reacting to the new session, so
// that only the modal decides where the student goes.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { amplify, isOAuthReturn, mayHaveStoredSession, whenAmplifyLoads, type AmplifyAuth } from './amplify';
import { call } from '../api/client';
import type { PublicProfile } from '../api/types';
import { authErrorName as errorName, clearSessionExpired, expireSession, isFinalRefreshError, LOGOUT_EVENT } from './expiry';

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
  /** True while a sign-in is being finished by the login modal (see beginSignIn). */
  signingIn: boolean;
  /**
   * Marks a sign-in as in progress until the returned function is called: pages hold their own
   * redirects of a signed-in student and guards do not ask to log in meanwhile.
   */
  beginSignIn(): () => void;
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

type UserFields = Pick<State, 'userId' | 'email' | 'emailVerified'>;

export const READ_RETRY_DELAYS_MS = [300, 1000];

/**
 * The signed-in user, or null when there is no session (no tokens). Any other failure throws, so
 * that a transient error is never taken for a sign-out.
 */
async function readUser(): Promise<UserFields | null> {
  const { fetchAuthSession, fetchUserAttributes, getCurrentUser } = await amplify();
  const session = await fetchAuthSession();
  if (!session.tokens?.accessToken) return null;
  let user: Awaited<ReturnType<typeof getCurrentUser>>;
  try {
    user = await getCurrentUser();
  } catch (err) {
    // The tokens were cleared between the two reads (a sign-out or an expiry).
    if (errorName(err) === 'UserUnAuthenticatedException') return null;
    throw err;
  }
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** readUser, tried again after a transient failure. */
async function readUserPatiently(): Promise<UserFields | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await readUser();
    } catch (err) {
      if (attempt >= READ_RETRY_DELAYS_MS.length) throw err;
      await sleep(READ_RETRY_DELAYS_MS[attempt]);
    }
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // A visitor without stored tokens is signed out at once: the landing page paints without
  // waiting for Amplify, which loads when the login dialog opens (or a page needs it).
  const [knownSignedOut] = useState(() => !mayHaveStoredSession() && !isOAuthReturn());
  const [state, setState] = useState<State>(knownSignedOut ? signedOutState : { ...signedOutState, status: 'loading' });
  const [signInHolds, setSignInHolds] = useState(0);
  // The session generation: bumped by every sign-in and sign-out.
  const generation = useRef(0);
  const inflight = useRef<{ generation: number; promise: Promise<PublicProfile | null> } | null>(null);
  const statusRef = useRef<SessionStatus>('loading');
  statusRef.current = state.status;

  const newGeneration = useCallback(() => {
    generation.current += 1;
  }, []);

  const signedOut = useCallback(() => {
    newGeneration();
    setState(signedOutState);
  }, [newGeneration]);

  const loadProfile = useCallback(async (): Promise<PublicProfile | null> => {
    try {
      return await call('GET /api/profile', {});
    } catch {
      return null;
    }
  }, []);

  const refreshRef = useRef<() => Promise<PublicProfile | null>>(() => Promise.resolve(null));
  const refresh = useCallback((): Promise<PublicProfile | null> => {
    const started = generation.current;
    // Joining is only for a read of the same generation: one started before a sign-in (or a
    // sign-out) would answer for a session that no longer exists.
    if (inflight.current?.generation === started) return inflight.current.promise;
    const stale = () => generation.current !== started;
    const promise = (async (): Promise<PublicProfile | null> => {
      let user: UserFields | null;
      try {
        user = await readUserPatiently();
      } catch {
        if (stale()) return refreshRef.current();
        // Still failing: a known session stays as it is; an unknown one is taken as signed out.
        setState((s) => (s.status === 'loading' ? signedOutState : s));
        return null;
      }
      if (stale()) return refreshRef.current();
      if (!user) {
        setState(signedOutState);
        return null;
      }
      signedOutOnPurpose = false;
      clearSessionExpired();
      // Signed in is known as soon as the user is: the profile follows.
      setState((s) => ({ ...s, ...user, status: 'signedIn', profile: s.userId === user.userId ? s.profile : null, profileError: false }));
      const profile = await loadProfile();
      if (stale()) return refreshRef.current();
      setState((s) => (s.userId === user.userId ? { ...s, profile: profile ?? s.profile, profileError: !profile } : s));
      return profile;
    })().finally(() => {
      if (inflight.current?.promise === promise) inflight.current = null;
    });
    inflight.current = { generation: started, promise };
    return promise;
  }, [loadProfile]);
  refreshRef.current = refresh;

  const reloadProfile = useCallback(async () => {
    const started = generation.current;
    const profile = await loadProfile();
    if (generation.current !== started) return;
    setState((s) => (s.status === 'signedIn' ? { ...s, profile: profile ?? s.profile, profileError: !profile } : s));
  }, [loadProfile]);

  const reloadAttributes = useCallback(async () => {
    const started = generation.current;
    let user: UserFields | null;
    try {
      user = await readUser();
    } catch {
      return;
    }
    if (user && generation.current === started) setState((s) => (s.status === 'signedIn' && s.userId === user.userId ? { ...s, ...user } : s));
  }, []);

  const signOut = useCallback(async () => {
    signedOutOnPurpose = true;
    try {
      await (await amplify()).signOut();
    } catch {
      /* local tokens are cleared even when revocation fails */
    }
    signedOut();
  }, [signedOut]);

  const beginSignIn = useCallback(() => {
    let ended = false;
    setSignInHolds((n) => n + 1);
    return () => {
      if (ended) return;
      ended = true;
      setSignInHolds((n) => n - 1);
    };
  }, []);

  // Initial session, then Hub events (once Amplify is loaded: at once when tokens may be stored,
  // on demand otherwise; the listener is attached before the call that loaded it can emit).
  useEffect(() => {
    let stop = () => {};
    const listen = ({ Hub }: AmplifyAuth) => {
      stop = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'signInWithRedirect':
            newGeneration();
            void refresh().then(() => {
              setTimeout(() => window.dispatchEvent(new Event(SUBSCRIPTION_REFRESH_EVENT)), 1000);
            });
            break;
          case 'signedOut':
            signedOut();
            break;
          case 'tokenRefresh':
            void reloadAttributes();
            break;
          case 'tokenRefresh_failure': {
            // A network error keeps the tokens (Amplify tries again later); only a refused refresh
            // token ends the session.
            const error = (payload.data as { error?: unknown } | undefined)?.error;
            if (statusRef.current === 'signedIn' && isFinalRefreshError(error)) void expireSession();
            break;
          }
          default:
            break;
        }
      });
    };
    const cancel = whenAmplifyLoads(listen);
    if (!knownSignedOut) void refresh();
    window.addEventListener(LOGOUT_EVENT, signedOut);
    return () => {
      cancel();
      stop();
      window.removeEventListener(LOGOUT_EVENT, signedOut);
    };
  }, [refresh, reloadAttributes, newGeneration, signedOut, knownSignedOut]);

  // Token refresh tick.
  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const timer = setInterval(async () => {
      try {
        const { fetchAuthSession } = await amplify();
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
      } catch (err) {
        // A refused refresh token ends the session; a network error is tried again next tick.
        if (isFinalRefreshError(err)) await expireSession();
      }
    }, TOKEN_TICK_MS);
    return () => clearInterval(timer);
  }, [state.status]);

  const signingIn = signInHolds > 0;
  const value = useMemo<SessionValue>(
    () => ({ ...state, reloadProfile, signOut, refresh, reloadAttributes, signingIn, beginSignIn }),
    [state, reloadProfile, signOut, refresh, reloadAttributes, signingIn, beginSignIn],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
