// What happens when a session cannot be recovered: the local session is cleared, the
// message 'Votre session a expiré. Veuillez vous reconnecter.' is stored so the next screen can
// show it, and a logout event lets the rest of the app react.
import { amplify } from './amplify';
import { currentLang, translate } from '../i18n';

export const SESSION_MESSAGE_KEY = 'session_message';
export const LOGOUT_EVENT = 'revise:logout';

let expiring: Promise<void> | null = null;
let expired = false;

export const authErrorName = (err: unknown): string =>
  err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';

/** Amplify's token-refresh failures after which the stored tokens are gone for good. */
const FINAL_REFRESH_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

/** A refresh failure that ends the session (a network error or a throttled call does not). */
export const isFinalRefreshError = (err: unknown): boolean => FINAL_REFRESH_ERRORS.some((name) => authErrorName(err).startsWith(name));

/** True between an expiry and the next sign-in (the login modal then says why it opened). */
export const sessionHasExpired = (): boolean => expired;
export const clearSessionExpired = (): void => {
  expired = false;
};

export function expireSession(): Promise<void> {
  expiring ??= (async () => {
    expired = true;
    try {
      localStorage.setItem(SESSION_MESSAGE_KEY, translate(currentLang(), 'errors.sessionExpired'));
    } catch {
      /* storage unavailable: the logout still happens */
    }
    try {
      await (await amplify()).signOut();
    } catch {
      /* the tokens are already unusable; Amplify clears its local store either way */
    }
    window.dispatchEvent(new Event(LOGOUT_EVENT));
  })().finally(() => {
    expiring = null;
  });
  return expiring;
}

/** Reads and forgets the stored session message. */
export function takeSessionMessage(): string | null {
  try {
    const message = localStorage.getItem(SESSION_MESSAGE_KEY);
    if (message) localStorage.removeItem(SESSION_MESSAGE_KEY);
    return message;
  } catch {
    return null;
  }
}
