// The login and sign-up dialog's decisions (web/src/auth/auth-dialog-state.ts): what each step
// shows (title, link under the dialog, Google, the submit button's text), what a form must hold
// before it is sent, what sign-up and the e-mails send, where each step goes next, and the
// message a student reads for each refusal from Cognito or the API.
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@core/limits.js';
import {
  accountExists,
  afterConfirm,
  afterLogin,
  afterSignUp,
  codeInput,
  codeProblem,
  confirmError,
  existingAccountError,
  footerLink,
  forgotError,
  forgotProblem,
  googleOffer,
  loginError,
  loginProblem,
  referralError,
  referralInput,
  resendError,
  resendInput,
  showsInfo,
  signupError,
  signupProblem,
  signUpInput,
  STEP_TITLES,
  submitLabel,
} from '../../../web/src/auth/auth-dialog-state.js';
import { SIGNUP_MIN_PASSWORD, type Step } from '../../../web/src/auth/auth-steps.js';

/** An error as Amplify throws it: Cognito's exception name and its message. */
const cognito = (name: string, message = '') => Object.assign(new Error(message), { name });
const goodPassword = 'x'.repeat(SIGNUP_MIN_PASSWORD);
const shortPassword = 'x'.repeat(SIGNUP_MIN_PASSWORD - 1);
const steps: Step[] = ['login', 'signup', 'verify', 'forgot', 'forgotSent'];

describe('what each step of the auth dialog shows', () => {
  it('titles each step, the two forgot-password steps alike', () => {
    expect(steps.map((step) => STEP_TITLES[step])).toEqual(['auth.loginTitle', 'auth.signupTitle', 'auth.verifyTitle', 'auth.forgotTitle', 'auth.forgotTitle']);
  });

  it('links login and sign-up to each other, and every other step back to login', () => {
    expect(footerLink('login')).toEqual({ to: 'signup', label: 'auth.toSignup' });
    expect(footerLink('signup')).toEqual({ to: 'login', label: 'auth.toLogin' });
    for (const step of ['verify', 'forgot', 'forgotSent'] as const) expect(footerLink(step)).toEqual({ to: 'login', label: 'auth.backToLogin' });
  });

  it('offers Google next to the password forms only, disabled with a note on the laptop', () => {
    const google = { oauth: { domain: 'auth.example.com' }, stage: 'prod' };
    expect(googleOffer('login', google)).toBe('enabled');
    expect(googleOffer('signup', google)).toBe('enabled');
    expect(googleOffer('verify', google)).toBe('none');
    expect(googleOffer('forgot', google)).toBe('none');
    expect(googleOffer('login', { stage: 'local' })).toBe('unavailable');
    expect(googleOffer('login', { stage: 'prod' })).toBe('none');
  });

  it("names the submit button after the step's action, and says so while the request runs", () => {
    expect(steps.slice(0, 4).map((step) => submitLabel(step, false))).toEqual(['auth.loginSubmit', 'auth.signupSubmit', 'auth.verifySubmit', 'auth.forgotSubmit']);
    for (const step of steps) expect(submitLabel(step, true)).toBe('auth.pending');
  });

  it('shows why the dialog opened on its first step only, and not under a notice', () => {
    const initial = { step: 'login' as const, info: 'errors.sessionExpired' };
    expect(showsInfo(initial, 'login', null)).toBe(true);
    expect(showsInfo(initial, 'signup', null)).toBe(false);
    expect(showsInfo(initial, 'login', 'auth.verifiedLogin')).toBe(false);
    expect(showsInfo({ step: 'login', info: null }, 'login', null)).toBe(false);
  });
});

describe('what a form must hold before it is sent', () => {
  it('login wants a valid address, and calls a too-short password simply wrong', () => {
    expect(loginProblem('  eleve@example.com ', goodPassword)).toBeNull();
    expect(loginProblem('eleve@example', goodPassword)).toEqual({ key: 'auth.err.emailInvalid' });
    expect(loginProblem('el ve@example.com', goodPassword)).toEqual({ key: 'auth.err.emailInvalid' });
    expect(loginProblem('eleve@example.com', shortPassword)).toEqual({ key: 'auth.err.login' });
  });

  it('sign-up wants a valid address and a password of the minimum length', () => {
    expect(SIGNUP_MIN_PASSWORD).toBe(PASSWORD_MIN_LENGTH);
    expect(signupProblem('eleve@example.com', goodPassword)).toBeNull();
    expect(signupProblem('', goodPassword)).toEqual({ key: 'auth.err.emailInvalid' });
    expect(signupProblem('eleve@example.com', shortPassword)).toEqual({ key: 'auth.err.passwordShort' });
  });

  it('forgot password asks for an address before checking it', () => {
    expect(forgotProblem('   ')).toEqual({ key: 'auth.err.emailRequired' });
    expect(forgotProblem('eleve')).toEqual({ key: 'auth.err.emailInvalid' });
    expect(forgotProblem(' eleve@example.com ')).toBeNull();
  });

  it('keeps six digits of a pasted code and accepts exactly six', () => {
    expect(codeInput('12 34-56')).toBe('123456');
    expect(codeInput('1234567890')).toBe('123456');
    expect(codeInput('abc')).toBe('');
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('12345')).toEqual({ key: 'auth.err.codeFormat' });
    expect(codeProblem('12345a')).toEqual({ key: 'auth.err.codeFormat' });
  });

  it('reads a referral code whatever its case and spaces', () => {
    expect(referralInput('  ab12cd ')).toBe('AB12CD');
    expect(referralInput('   ')).toBe('');
  });
});

describe('what the dialog sends', () => {
  it("signs up with the address as user name and e-mail, in the student's language", () => {
    expect(signUpInput('eleve@example.com', goodPassword, 'fr')).toEqual({
      username: 'eleve@example.com',
      password: goodPassword,
      options: { userAttributes: { email: 'eleve@example.com' }, clientMetadata: { lang: 'fr' } },
    });
    expect(resendInput('eleve@example.com', 'en')).toEqual({ username: 'eleve@example.com', options: { clientMetadata: { lang: 'en' } } });
  });
});

describe('where each step goes next', () => {
  it('sends an unconfirmed account to the code step, a signed-in one on, and refuses the rest', () => {
    expect(afterLogin({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })).toBe('confirmEmail');
    expect(afterLogin({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })).toBe('signedIn');
    expect(afterLogin({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } })).toBe('refused');
  });

  it('signs in at once an account confirmed on creation, else asks for the code', () => {
    expect(afterSignUp({ nextStep: { signUpStep: 'DONE' } })).toBe('signIn');
    expect(afterSignUp({ nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } })).toBe('verify');
  });

  it('after the code, signs in with the password typed here, or asks for it once', () => {
    expect(afterConfirm(false, goodPassword)).toBe('signIn');
    expect(afterConfirm(true, goodPassword)).toBe('finish');
    expect(afterConfirm(true, null)).toBe('finish');
    expect(afterConfirm(false, null)).toBe('askLogin');
  });
});

describe('the message each refusal becomes', () => {
  it('a refused login says "wrong password" unless the student must wait', () => {
    expect(loginError(cognito('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({ key: 'auth.err.login' });
    expect(loginError(cognito('UserNotFoundException'))).toEqual({ key: 'auth.err.login' });
    expect(loginError(cognito('LimitExceededException'))).toEqual({ key: 'auth.err.tooMany' });
  });

  it('an unknown referral code is named; other API errors say their own text', () => {
    expect(referralError({ status: 404, message: 'not found' }, 'AB12')).toEqual({ key: 'auth.err.referral', params: { code: 'AB12' } });
    expect(referralError({ status: 429, message: 'Trop de requêtes' }, 'AB12')).toEqual({ text: 'Trop de requêtes' });
    expect(referralError(null, 'AB12')).toEqual({ key: 'common.genericError' });
  });

  it('maps sign-up refusals, and tells an existing account from the others', () => {
    expect(accountExists(cognito('UsernameExistsException'))).toBe(true);
    expect(accountExists(cognito('InvalidPasswordException'))).toBe(false);
    expect(signupError(cognito('InvalidPasswordException'))).toEqual({ key: 'auth.err.passwordShort' });
    expect(signupError(cognito('CodeDeliveryFailureException'))).toEqual({ key: 'auth.err.send' });
    expect(signupError(cognito('TooManyRequestsException'))).toEqual({ key: 'auth.err.tooMany' });
    expect(signupError(cognito('InvalidParameterException', 'Invalid email address format.'))).toEqual({ key: 'auth.err.emailInvalid' });
    expect(signupError(cognito('InvalidParameterException', 'Something else'))).toEqual({ key: 'common.genericError' });
    expect(signupError(new Error('offline'))).toEqual({ key: 'common.genericError' });
  });

  it('an existing, confirmed account says so and forgets the sign-up; a failed e-mail says it was not sent', () => {
    expect(existingAccountError(cognito('InvalidParameterException', 'User is already confirmed.'))).toEqual({ error: { key: 'auth.err.exists' }, confirmed: true });
    expect(existingAccountError(cognito('NotAuthorizedException', 'User is already confirmed.'))).toEqual({ error: { key: 'auth.err.exists' }, confirmed: true });
    expect(existingAccountError(cognito('CodeDeliveryFailureException'))).toEqual({ error: { key: 'auth.err.send' }, confirmed: false });
  });

  it('accepts a code for an address already confirmed, and forgets the sign-up when the code expired', () => {
    expect(confirmError(cognito('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'))).toBeNull();
    expect(confirmError(cognito('NotAuthorizedException', 'Not allowed'))).toEqual({ error: { key: 'common.genericError' }, forgetPending: false });
    expect(confirmError(cognito('ExpiredCodeException'))).toEqual({ error: { key: 'auth.err.codeExpired' }, forgetPending: true });
    expect(confirmError(cognito('CodeMismatchException'))).toEqual({ error: { key: 'auth.err.codeMismatch' }, forgetPending: false });
    expect(confirmError(cognito('UserNotFoundException'))).toEqual({ error: { key: 'auth.err.noPending' }, forgetPending: false });
    expect(confirmError(cognito('TooManyFailedAttemptsException'))).toEqual({ error: { key: 'auth.err.tooMany' }, forgetPending: false });
  });

  it('maps a refused resend', () => {
    expect(resendError(cognito('UserNotFoundException'))).toEqual({ key: 'auth.err.noPending' });
    expect(resendError(cognito('LimitExceededException'))).toEqual({ key: 'auth.err.tooMany' });
    expect(resendError(new Error('offline'))).toEqual({ key: 'auth.err.send' });
  });

  it('does not reveal whether an address has an account when a password is forgotten', () => {
    expect(forgotError(cognito('UserNotFoundException'))).toBe('sent');
    expect(forgotError(cognito('LimitExceededException'))).toEqual({ key: 'auth.err.tooMany' });
    expect(forgotError(new Error('offline'))).toEqual({ key: 'auth.err.forgot' });
  });
});
