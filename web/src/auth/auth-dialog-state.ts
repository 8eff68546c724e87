// The login and sign-up dialog's decisions (./AuthDialog), without the browser: which title, links
// and Google offer each step shows, what a form must hold before it is sent (and the message when
// it does not), what each submit sends to Amplify, where a step goes next, and which message each
// Cognito or API error becomes. Pure functions of their arguments: the dialog calls Amplify and
// React and does what these say, so every choice is unit-tested (test/unit/web/auth-dialog.test.ts).
// Messages are catalogue keys (French by default, "tu"); the dialog translates them. Imports only
// ./auth-steps (relative imports end in .js: the unit tests' TypeScript resolves like Node's).
import { SIGNUP_MIN_PASSWORD, type Step } from './auth-steps.js';

/** The catalogue keys this dialog's decisions name (each one a MessageKey, checked where it is translated). */
export type AuthMessage =
  | 'auth.loginTitle'
  | 'auth.signupTitle'
  | 'auth.verifyTitle'
  | 'auth.forgotTitle'
  | 'auth.toSignup'
  | 'auth.toLogin'
  | 'auth.backToLogin'
  | 'auth.pending'
  | 'auth.loginSubmit'
  | 'auth.signupSubmit'
  | 'auth.verifySubmit'
  | 'auth.forgotSubmit'
  | 'auth.err.login'
  | 'auth.err.tooMany'
  | 'auth.err.emailInvalid'
  | 'auth.err.emailRequired'
  | 'auth.err.passwordShort'
  | 'auth.err.codeFormat'
  | 'auth.err.codeExpired'
  | 'auth.err.codeMismatch'
  | 'auth.err.noPending'
  | 'auth.err.exists'
  | 'auth.err.send'
  | 'auth.err.forgot'
  | 'auth.err.referral'
  | 'common.genericError';

/** An address the dialog accepts: something@domain.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CODE_LENGTH = 6;

/** What the dialog shows in its error box: a catalogue message, or the API's own text. */
export type DialogError = { key: AuthMessage; params?: Record<string, string | number> } | { text: string };

const says = (key: AuthMessage): DialogError => ({ key });

/** The name Amplify gives an error (Cognito's exception name), or '' when there is none. */
export const errorName = (err: unknown): string => (err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '');
const errorText = (err: unknown): string => (err instanceof Error ? err.message : '');

// ---- What each step shows ----

export const STEP_TITLES: Record<Step, AuthMessage> = {
  login: 'auth.loginTitle',
  signup: 'auth.signupTitle',
  verify: 'auth.verifyTitle',
  forgot: 'auth.forgotTitle',
  forgotSent: 'auth.forgotTitle',
};

/** The link under the dialog: from login to sign-up, back, or back to login from the other steps. */
export function footerLink(step: Step): { to: Step; label: AuthMessage } {
  if (step === 'login') return { to: 'signup', label: 'auth.toSignup' };
  if (step === 'signup') return { to: 'login', label: 'auth.toLogin' };
  return { to: 'login', label: 'auth.backToLogin' };
}

/**
 * The Google button: only next to the password forms; usable when the deployment has Google
 * federation, shown disabled with a note on the laptop (so the layout is the real one), absent elsewhere.
 */
export function googleOffer(step: Step, config: { oauth?: unknown; stage?: string }): 'none' | 'enabled' | 'unavailable' {
  if (step !== 'login' && step !== 'signup') return 'none';
  if (config.oauth) return 'enabled';
  return config.stage === 'local' ? 'unavailable' : 'none';
}

/** The submit button's text: "pending" while a request runs, else the step's action. */
export function submitLabel(step: Step, busy: boolean): AuthMessage {
  if (busy) return 'auth.pending';
  if (step === 'login') return 'auth.loginSubmit';
  if (step === 'signup') return 'auth.signupSubmit';
  if (step === 'verify') return 'auth.verifySubmit';
  return 'auth.forgotSubmit';
}

/** The note saying why the dialog opened shows on the step it opened at, unless a notice replaced it. */
export const showsInfo = (initial: { step: Step; info?: string | null }, step: Step, notice: string | null): boolean =>
  Boolean(initial.info) && step === initial.step && !notice;

// ---- What a form must hold ----

/** The code field keeps digits only, at most six (typed or pasted with spaces or dashes). */
export const codeInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
/** Referral codes are case-insensitive and stored upper-case. */
export const referralInput = (raw: string): string => raw.trim().toUpperCase();

/** Login: a valid address and a password that could be one (a short one is simply wrong). */
export function loginProblem(email: string, password: string): DialogError | null {
  if (!EMAIL_RE.test(email.trim())) return says('auth.err.emailInvalid');
  if (password.length < SIGNUP_MIN_PASSWORD) return says('auth.err.login');
  return null;
}

/** Sign-up: a valid address and a password of the minimum length. */
export function signupProblem(email: string, password: string): DialogError | null {
  if (!EMAIL_RE.test(email.trim())) return says('auth.err.emailInvalid');
  if (password.length < SIGNUP_MIN_PASSWORD) return says('auth.err.passwordShort');
  return null;
}

/** Forgot password: an address, and a valid one. */
export function forgotProblem(email: string): DialogError | null {
  const mail = email.trim();
  if (!mail) return says('auth.err.emailRequired');
  if (!EMAIL_RE.test(mail)) return says('auth.err.emailInvalid');
  return null;
}

/** The e-mail's code: exactly six digits. */
export const codeProblem = (code: string): DialogError | null => (new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) ? null : says('auth.err.codeFormat'));

// ---- What each submit sends ----

export const signUpInput = (email: string, password: string, lang: string) => ({
  username: email,
  password,
  options: { userAttributes: { email }, clientMetadata: { lang } },
});
/** A new code by e-mail, and the forgot-password e-mail: both in the student's language. */
export const resendInput = (email: string, lang: string) => ({ username: email, options: { clientMetadata: { lang } } });
export const resetInput = resendInput;

// ---- Where a step goes next ----

/** After a password sign-in: signed in, or an account whose e-mail was never confirmed (a new code, the code step). */
export function afterLogin(result: { isSignedIn: boolean; nextStep: { signInStep: string } }): 'signedIn' | 'confirmEmail' | 'refused' {
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmEmail';
  return result.isSignedIn ? 'signedIn' : 'refused';
}

/** After sign-up: accounts confirmed at once (auto-confirm) sign in; the others go to the code step. */
export const afterSignUp = (result: { nextStep: { signUpStep: string } }): 'signIn' | 'verify' => (result.nextStep.signUpStep === 'DONE' ? 'signIn' : 'verify');

/**
 * After the code is accepted: sign in with the password typed at sign-up when this tab has it,
 * go on when the session already signed in, else (confirmed from another tab or device) ask for
 * the password once on the login step.
 */
export function afterConfirm(signedIn: boolean, pendingPassword: string | null | undefined): 'signIn' | 'finish' | 'askLogin' {
  if (pendingPassword && !signedIn) return 'signIn';
  return signedIn ? 'finish' : 'askLogin';
}

// ---- Which message each error becomes ----

/** A refused sign-in says only "wrong password" (whether the account exists is not revealed). */
export const loginError = (err: unknown): DialogError => says(errorName(err) === 'LimitExceededException' ? 'auth.err.tooMany' : 'auth.err.login');

/** The referral check before sign-up: an unknown code names it; another API error says its own text. */
export function referralError(apiError: { status: number; message: string } | null, code: string): DialogError {
  if (apiError?.status === 404) return { key: 'auth.err.referral', params: { code } };
  return apiError ? { text: apiError.message } : says('common.genericError');
}

/** Sign-up refused because the address has an account: a new code is tried (it may be unconfirmed). */
export const accountExists = (err: unknown): boolean => errorName(err) === 'UsernameExistsException';

/** Sign-up refused for another reason. */
export function signupError(err: unknown): DialogError {
  const name = errorName(err);
  if (name === 'InvalidPasswordException') return says('auth.err.passwordShort');
  if (name === 'CodeDeliveryFailureException') return says('auth.err.send');
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return says('auth.err.tooMany');
  if (name === 'InvalidParameterException' && /email/i.test(errorText(err))) return says('auth.err.emailInvalid');
  return says('common.genericError');
}

/** No new code for an existing address: either it is confirmed (log in instead) or sending failed. */
export function existingAccountError(resendErr: unknown): { error: DialogError; confirmed: boolean } {
  const confirmed = /confirm/i.test(errorText(resendErr)) || errorName(resendErr) === 'InvalidParameterException';
  return { error: says(confirmed ? 'auth.err.exists' : 'auth.err.send'), confirmed };
}

/**
 * A refused code. An address already confirmed (the link opened twice) counts as accepted (null);
 * an expired code also forgets the sign-up kept in this browser (the student signs up again).
 */
export function confirmError(err: unknown): { error: DialogError; forgetPending: boolean } | null {
  const name = errorName(err);
  if (name === 'NotAuthorizedException' && /confirm/i.test(errorText(err))) return null;
  if (name === 'ExpiredCodeException') return { error: says('auth.err.codeExpired'), forgetPending: true };
  if (name === 'UserNotFoundException') return { error: says('auth.err.noPending'), forgetPending: false };
  if (name === 'CodeMismatchException') return { error: says('auth.err.codeMismatch'), forgetPending: false };
  if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') return { error: says('auth.err.tooMany'), forgetPending: false };
  return { error: says('common.genericError'), forgetPending: false };
}

/** "Resend the code" refused. */
export function resendError(err: unknown): DialogError {
  const name = errorName(err);
  if (name === 'UserNotFoundException') return says('auth.err.noPending');
  if (name === 'LimitExceededException') return says('auth.err.tooMany');
  return says('auth.err.send');
}

/** The forgot-password request refused: an unknown address still shows "sent" (not revealed). */
export function forgotError(err: unknown): DialogError | 'sent' {
  const name = errorName(err);
  if (name === 'UserNotFoundException') return 'sent';
  if (name === 'LimitExceededException') return says('auth.err.tooMany');
  return says('auth.err.forgot');
}
