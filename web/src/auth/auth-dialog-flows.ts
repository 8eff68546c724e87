// What each of the login and sign-up dialog's actions does, in order (./AuthDialog): the calls to
// Amplify and the API, the sign-up kept in this browser (./pending-signup), and what the dialog
// shows at each turn. Every choice (validation, what is sent, where a step goes next, which
// message an error becomes) is taken by ./auth-dialog-state; these functions only sequence the
// calls and hand the outcome to the dialog through a FlowContext. The order of the calls and of
// the dialog's updates is the dialog's contract with the journeys: keep it when editing.
import { ApiError, call } from '../api/client';
import type { Lang } from '../i18n';
import { amplify, type AmplifyAuth } from './amplify';
import type { Step } from './auth-modal-types';
import { getPending, pendingPassword, removePending, savePending } from './pending-signup';
import {
  accountExists,
  afterConfirm,
  afterLogin,
  afterSignUp,
  codeProblem,
  confirmError,
  existingAccountError,
  forgotError,
  forgotProblem,
  loginError,
  loginProblem,
  referralError,
  referralInput,
  resendError,
  resendInput,
  resetInput,
  signupError,
  signupProblem,
  signUpInput,
  type DialogError,
} from './auth-dialog-state';

export type SignInResult = Awaited<ReturnType<AmplifyAuth['signIn']>>;

/** What a flow may do to the dialog (one per render, so it sees that render's session). */
export interface FlowContext {
  lang: Lang;
  /** Shows an error in the form's box, or clears it. */
  show(error: DialogError | null): void;
  setBusy(busy: boolean): void;
  /** Moves to another step, clearing the error and the notice. */
  go(step: Step): void;
  /** "E-mail sent" next to the resend button for a few seconds. */
  flagEmailSent(): void;
  /** A password sign-in, with the session told a sign-in is in progress. */
  signIn(username: string, password: string): Promise<SignInResult>;
  /** Takes the signed-in student where they go, then closes the dialog. */
  finish(email: string, toOnboarding: boolean): Promise<void>;
  signedIn: boolean;
  /** The e-mail is confirmed but the password is not known here: the login step, with a notice. */
  askLogin(): void;
}

const sendCode = async (email: string, lang: Lang) => (await amplify()).resendSignUpCode(resendInput(email, lang));

export async function submitLogin(ctx: FlowContext, email: string, password: string): Promise<void> {
  const mail = email.trim();
  const problem = loginProblem(email, password);
  if (problem) return ctx.show(problem);
  ctx.setBusy(true);
  ctx.show(null);
  try {
    const result = await ctx.signIn(mail, password);
    const next = afterLogin(result);
    if (next === 'confirmEmail') {
      // The account exists but its e-mail was never confirmed: send a fresh code.
      savePending(mail, password, getPending(mail)?.referralCode ?? null);
      try {
        await sendCode(mail, ctx.lang);
        ctx.flagEmailSent();
      } catch {
        /* the code step offers "resend" */
      }
      ctx.setBusy(false);
      ctx.go('verify');
      return;
    }
    if (next === 'refused') throw new Error(result.nextStep.signInStep);
    await ctx.finish(mail, false);
  } catch (err) {
    ctx.setBusy(false);
    ctx.show(loginError(err));
  }
}

/** The referral code, when one was typed, must exist before the account is created. */
async function referralRefused(referral: string): Promise<DialogError | null> {
  if (!referral) return null;
  try {
    await call('GET /api/referrals/check', { code: referral });
    return null;
  } catch (err) {
    return referralError(err instanceof ApiError ? { status: err.status, message: err.message } : null, referral);
  }
}

/** The address already has an account: when a code can be sent it is unconfirmed (the code step). */
async function retryExisting(ctx: FlowContext, mail: string): Promise<void> {
  try {
    await sendCode(mail, ctx.lang);
    ctx.setBusy(false);
    ctx.flagEmailSent();
    ctx.go('verify');
  } catch (resendErr) {
    ctx.setBusy(false);
    const { error, confirmed } = existingAccountError(resendErr);
    ctx.show(error);
    if (confirmed) removePending(mail);
  }
}

export async function submitSignup(ctx: FlowContext, email: string, password: string, referralCode: string): Promise<void> {
  const mail = email.trim();
  const referral = referralInput(referralCode);
  const problem = signupProblem(email, password);
  if (problem) return ctx.show(problem);
  ctx.setBusy(true);
  ctx.show(null);
  try {
    const refused = await referralRefused(referral);
    if (refused) {
      ctx.setBusy(false);
      return ctx.show(refused);
    }
    savePending(mail, password, referral || null);
    const result = await (await amplify()).signUp(signUpInput(mail, password, ctx.lang));
    if (afterSignUp(result) === 'signIn') {
      await ctx.signIn(mail, password);
      await ctx.finish(mail, true);
      return;
    }
    ctx.setBusy(false);
    ctx.go('verify');
  } catch (err) {
    if (accountExists(err)) return retryExisting(ctx, mail);
    ctx.setBusy(false);
    ctx.show(signupError(err));
  }
}

export async function submitCode(ctx: FlowContext, email: string, code: string): Promise<void> {
  const mail = email.trim();
  const problem = codeProblem(code);
  if (problem) return ctx.show(problem);
  ctx.setBusy(true);
  ctx.show(null);
  try {
    await (await amplify()).confirmSignUp({ username: mail, confirmationCode: code });
  } catch (err) {
    const refused = confirmError(err);
    if (refused) {
      ctx.setBusy(false);
      if (refused.forgetPending) removePending(mail);
      return ctx.show(refused.error);
    }
  }
  const pwd = pendingPassword(mail);
  const next = afterConfirm(ctx.signedIn, pwd);
  if (next === 'signIn' && pwd) {
    try {
      await ctx.signIn(mail, pwd);
      await ctx.finish(mail, true);
      return;
    } catch {
      /* fall through to the login form */
    }
  } else if (next === 'finish') {
    await ctx.finish(mail, true);
    return;
  }
  // Confirmed from a link in another tab: the password is not known here, log in once.
  ctx.setBusy(false);
  ctx.askLogin();
}

export async function resendCode(ctx: FlowContext, email: string): Promise<void> {
  ctx.show(null);
  try {
    await sendCode(email.trim(), ctx.lang);
    ctx.flagEmailSent();
  } catch (err) {
    ctx.show(resendError(err));
  }
}

export async function submitForgot(ctx: FlowContext, email: string): Promise<void> {
  const mail = email.trim();
  const problem = forgotProblem(email);
  if (problem) return ctx.show(problem);
  ctx.setBusy(true);
  ctx.show(null);
  try {
    await (await amplify()).resetPassword(resetInput(mail, ctx.lang));
    ctx.setBusy(false);
    ctx.go('forgotSent');
  } catch (err) {
    ctx.setBusy(false);
    const outcome = forgotError(err);
    if (outcome === 'sent') ctx.go('forgotSent');
    else ctx.show(outcome);
  }
}

/** Google: the page to come back to is kept for the return from the redirect. */
export async function startGoogle(ctx: FlowContext, next: string | undefined): Promise<void> {
  ctx.show(null);
  try {
    if (next) sessionStorage.setItem('auth_next', next);
    await (await amplify()).signInWithRedirect({ provider: 'Google' });
  } catch {
    ctx.show({ key: 'auth.err.login' });
  }
}
