// The login and sign-up dialog opened by <AuthModalProvider> (./AuthModal): e-mail and password,
// optional referral code, Google, the 6-digit e-mail code with resend, and the forgot-password
// request. Loaded after the page's first paint. When it takes over the prerendered landing's
// dialog (./prerendered-dialog), it starts with what the visitor typed there, puts the caret back
// where it was, removes that dialog as it commits (no opening animation played again), and sends
// a form the visitor already submitted.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import Dialog from '../components/Dialog';
import Logo from '../components/Logo';
import { ApiError, call } from '../api/client';
import { getConfig } from '../config';
import { useI18n, type MessageKey } from '../i18n';
import { useSession } from './session';
import { amplify, AUTH_FLOW } from './amplify';
import { afterSignIn, landingPath } from './after-sign-in';
import { getPending, pendingPassword, removePending, savePending } from './pending-signup';
import { EMAIL_SENT_FLAG_MS, SIGNUP_MIN_PASSWORD, type ModalState, type Step } from './AuthModal';
import { AUTH_FIELDS, removePrerendered } from './prerendered-dialog';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const errorName = (err: unknown): string => (err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '');
const errorText = (err: unknown): string => (err instanceof Error ? err.message : '');

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

export default function AuthDialog({ initial, onClose }: { initial: ModalState; onClose(): void }) {
  const { t, lang } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const config = getConfig();
  const titleId = useId();
  const errorId = useId();
  // Amplify loads once the dialog is on screen, while the student types.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => void amplify().catch(() => undefined), 0));
    return () => cancelAnimationFrame(frame);
  }, []);

  const [step, setStep] = useState<Step>(initial.step);
  const [email, setEmail] = useState(initial.email);
  const [password, setPassword] = useState(initial.handover?.password ?? '');
  const [referralCode, setReferralCode] = useState(initial.referralCode);
  const [code, setCode] = useState(initial.code);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(initial.notice);
  const [busy, setBusy] = useState(false);
  const [emailSent, setEmailSent] = useState(false);
  const autoSubmitted = useRef(false);
  const sentTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (sentTimer.current) clearTimeout(sentTimer.current);
  }, []);

  const go = (next: Step) => {
    setError(null);
    setNotice(null);
    setStep(next);
  };

  const flagEmailSent = () => {
    setEmailSent(true);
    if (sentTimer.current) clearTimeout(sentTimer.current);
    sentTimer.current = setTimeout(() => setEmailSent(false), EMAIL_SENT_FLAG_MS);
  };

  // From the moment a password is sent until this modal has taken the student where they go, the
  // session is told a sign-in is in progress: the page behind does not redirect on its own (the
  // session turns signed-in as soon as Amplify has the tokens, while the streak update may still
  // take seconds) and guards do not open another login modal.
  const endHold = useRef<(() => void) | null>(null);
  const holdSignIn = () => {
    endHold.current ??= session.beginSignIn();
  };
  const releaseSignIn = () => {
    endHold.current?.();
    endHold.current = null;
  };
  useEffect(
    () => () => {
      endHold.current?.();
      endHold.current = null;
    },
    [],
  );

  const finishSignIn = async (signedInEmail: string, toOnboarding: boolean) => {
    holdSignIn();
    let leaving = false;
    try {
      const { profile, checkoutUrl, notice } = await afterSignIn(signedInEmail, session.refresh);
      if (checkoutUrl) {
        // The checkout the visitor asked for (checkout requested): the modal stays open and the sign-in held
        // (no page redirects behind it) until the browser has left.
        leaving = true;
        window.location.assign(checkoutUrl);
        return;
      }
      // Router updates are transitions: flushSync puts the new page on screen before the modal
      // closes and the hold ends, so the page behind never gets to redirect first.
      await navigate(toOnboarding ? '/onboarding' : landingPath(profile, initial.next), { replace: true, flushSync: true, state: notice });
    } finally {
      if (!leaving) {
        flushSync(onClose);
        releaseSignIn();
      }
    }
  };

  const passwordSignIn = async (username: string, pwd: string) => {
    holdSignIn();
    try {
      const result = await (await amplify()).signIn({ username, password: pwd, options: { authFlowType: AUTH_FLOW } });
      if (!result.isSignedIn) releaseSignIn();
      return result;
    } catch (err) {
      releaseSignIn();
      throw err;
    }
  };

  // ---- Login ----
  const onLogin = async (e: FormEvent) => {
    e.preventDefault();
    const mail = email.trim();
    if (!EMAIL_RE.test(mail)) return setError(t('auth.err.emailInvalid'));
    if (password.length < SIGNUP_MIN_PASSWORD) return setError(t('auth.err.login'));
    setBusy(true);
    setError(null);
    try {
      const result = await passwordSignIn(mail, password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        // The account exists but its e-mail was never confirmed: send a fresh code.
        savePending(mail, password, getPending(mail)?.referralCode ?? null);
        try {
          await (await amplify()).resendSignUpCode({ username: mail, options: { clientMetadata: { lang } } });
          flagEmailSent();
        } catch {
          /* the code step offers "resend" */
        }
        setBusy(false);
        go('verify');
        return;
      }
      if (!result.isSignedIn) throw new Error(result.nextStep.signInStep);
      await finishSignIn(mail, false);
    } catch (err) {
      setBusy(false);
      setError(errorName(err) === 'LimitExceededException' ? t('auth.err.tooMany') : t('auth.err.login'));
    }
  };

  // ---- Sign-up ----
  const onSignup = async (e: FormEvent) => {
    e.preventDefault();
    const mail = email.trim();
    const referral = referralCode.trim().toUpperCase();
    if (!EMAIL_RE.test(mail)) return setError(t('auth.err.emailInvalid'));
    if (password.length < SIGNUP_MIN_PASSWORD) return setError(t('auth.err.passwordShort'));
    setBusy(true);
    setError(null);
    try {
      if (referral) {
        try {
          await call('GET /api/referrals/check', { code: referral });
        } catch (err) {
          setBusy(false);
          if (err instanceof ApiError && err.status === 404) return setError(t('auth.err.referral', { code: referral }));
          return setError(err instanceof ApiError ? err.message : t('common.genericError'));
        }
      }
      savePending(mail, password, referral || null);
      const result = await (await amplify()).signUp({
        username: mail,
        password,
        options: { userAttributes: { email: mail }, clientMetadata: { lang } },
      });
      if (result.nextStep.signUpStep === 'DONE') {
        await passwordSignIn(mail, password);
        await finishSignIn(mail, true);
        return;
      }
      setBusy(false);
      go('verify');
    } catch (err) {
      const name = errorName(err);
      if (name === 'UsernameExistsException') {
        try {
          await (await amplify()).resendSignUpCode({ username: mail, options: { clientMetadata: { lang } } });
          // A code could be sent: the account exists but is not confirmed yet.
          setBusy(false);
          flagEmailSent();
          go('verify');
        } catch (resendErr) {
          setBusy(false);
          const confirmed = /confirm/i.test(errorText(resendErr)) || errorName(resendErr) === 'InvalidParameterException';
          setError(confirmed ? t('auth.err.exists') : t('auth.err.send'));
          if (confirmed) removePending(mail);
        }
        return;
      }
      setBusy(false);
      if (name === 'InvalidPasswordException') setError(t('auth.err.passwordShort'));
      else if (name === 'CodeDeliveryFailureException') setError(t('auth.err.send'));
      else if (name === 'LimitExceededException' || name === 'TooManyRequestsException') setError(t('auth.err.tooMany'));
      else if (name === 'InvalidParameterException' && /email/i.test(errorText(err))) setError(t('auth.err.emailInvalid'));
      else setError(t('common.genericError'));
    }
  };

  // ---- Code ----
  const submitCode = async (value: string) => {
      const mail = email.trim();
      if (!/^\d{6}$/.test(value)) {
        setError(t('auth.err.codeFormat'));
        return;
      }
      setBusy(true);
      setError(null);
      try {
        await (await amplify()).confirmSignUp({ username: mail, confirmationCode: value });
      } catch (err) {
        const name = errorName(err);
        const already = name === 'NotAuthorizedException' && /confirm/i.test(errorText(err));
        if (!already) {
          setBusy(false);
          if (name === 'ExpiredCodeException') {
            removePending(mail);
            setError(t('auth.err.codeExpired'));
          } else if (name === 'UserNotFoundException') setError(t('auth.err.noPending'));
          else if (name === 'CodeMismatchException') setError(t('auth.err.codeMismatch'));
          else if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') setError(t('auth.err.tooMany'));
          else setError(t('common.genericError'));
          return;
        }
      }
      const pwd = pendingPassword(mail);
      if (pwd && session.status !== 'signedIn') {
        try {
          await passwordSignIn(mail, pwd);
          await finishSignIn(mail, true);
          return;
        } catch {
          /* fall through to the login form */
        }
      } else if (session.status === 'signedIn') {
        await finishSignIn(mail, true);
        return;
      }
      // Confirmed from a link in another tab: the password is not known here, log in once.
      setBusy(false);
      setPassword('');
      setStep('login');
      setError(null);
      setNotice('auth.verifiedLogin');
  };

  // Taking over the prerendered dialog: in the commit that shows this one (before the browser
  // paints or handles another key), the focus goes back to the field the visitor was in, caret
  // and selection as they were, the prerendered dialog goes, and this one appears as if it had
  // always been there.
  const formRef = useRef<HTMLFormElement>(null);
  const handover = initial.handover;
  useLayoutEffect(() => {
    if (!handover) return;
    const modal = formRef.current?.closest<HTMLElement>('.modal');
    const backdrop = modal?.parentElement;
    for (const el of [modal, backdrop]) if (el) el.style.animation = 'none';
    if (handover.focus) {
      const input = document.getElementById(AUTH_FIELDS[handover.focus.field]) as HTMLInputElement | null;
      input?.focus({ preventScroll: true });
      const { start, end } = handover.focus;
      try {
        if (input && start !== null && end !== null) input.setSelectionRange(start, end);
      } catch {
        /* an e-mail field has no selection API: the caret stays at the end */
      }
    }
    removePrerendered();
  }, [handover]);
  // A form submitted before the app ran is sent now.
  useEffect(() => {
    if (handover?.submit) formRef.current?.requestSubmit();
  }, [handover]);

  // The e-mail's link carries the code: submit it once, as if typed.
  const submitCodeRef = useRef(submitCode);
  submitCodeRef.current = submitCode;
  useEffect(() => {
    if (initial.step === 'verify' && initial.autoSubmit && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void submitCodeRef.current(initial.code);
    }
  }, [initial.step, initial.autoSubmit, initial.code]);

  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    void submitCode(code.trim());
  };

  const onResend = async () => {
    setError(null);
    try {
      await (await amplify()).resendSignUpCode({ username: email.trim(), options: { clientMetadata: { lang } } });
      flagEmailSent();
    } catch (err) {
      const name = errorName(err);
      if (name === 'UserNotFoundException') setError(t('auth.err.noPending'));
      else if (name === 'LimitExceededException') setError(t('auth.err.tooMany'));
      else setError(t('auth.err.send'));
    }
  };

  // ---- Forgot password ----
  const onForgot = async (e: FormEvent) => {
    e.preventDefault();
    const mail = email.trim();
    if (!mail) return setError(t('auth.err.emailRequired'));
    if (!EMAIL_RE.test(mail)) return setError(t('auth.err.emailInvalid'));
    setBusy(true);
    setError(null);
    try {
      await (await amplify()).resetPassword({ username: mail, options: { clientMetadata: { lang } } });
      setBusy(false);
      go('forgotSent');
    } catch (err) {
      setBusy(false);
      // Whether an account exists is not revealed.
      if (errorName(err) === 'UserNotFoundException') go('forgotSent');
      else if (errorName(err) === 'LimitExceededException') setError(t('auth.err.tooMany'));
      else setError(t('auth.err.forgot'));
    }
  };

  const onGoogle = async () => {
    setError(null);
    try {
      if (initial.next) sessionStorage.setItem('auth_next', initial.next);
      await (await amplify()).signInWithRedirect({ provider: 'Google' });
    } catch {
      setError(t('auth.err.login'));
    }
  };

  const titles: Record<Step, MessageKey> = {
    login: 'auth.loginTitle',
    signup: 'auth.signupTitle',
    verify: 'auth.verifyTitle',
    forgot: 'auth.forgotTitle',
    forgotSent: 'auth.forgotTitle',
  };

  const errorBox = error ? (
    <div id={errorId} className="alert alert-error" role="alert">
      {error}
    </div>
  ) : null;
  const describedBy = error ? errorId : undefined;

  const mailbox = config.mailboxUrl ? (
    <p className="hint">
      {t('auth.mailboxNote')}{' '}
      <a href={config.mailboxUrl} target="_blank" rel="noreferrer">
        {t('auth.mailboxLink')}
      </a>
    </p>
  ) : null;

  const google =
    step === 'login' || step === 'signup' ? (
      config.oauth || config.stage === 'local' ? (
        <>
          <div className="divider">{t('auth.or')}</div>
          <button
            type="button"
            className="btn btn-secondary btn-block google-btn"
            onClick={onGoogle}
            disabled={!config.oauth || busy}
            aria-describedby={config.oauth ? undefined : `${titleId}-google`}
          >
            <GoogleIcon />
            {t('auth.google')}
          </button>
          {!config.oauth && (
            <p id={`${titleId}-google`} className="hint" style={{ textAlign: 'center' }}>
              {t('auth.googleLocal')}
            </p>
          )}
        </>
      ) : null
    ) : null;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('auth.close')} focusKey={step}>
      <div className="modal-head">
        <Logo size={40} markOnly />
        <h2 id={titleId}>{t(titles[step])}</h2>
        {step === 'verify' && <p>{t('auth.codeSentTo', { email: email.trim() })}</p>}
        {step === 'forgot' && <p>{t('auth.forgotIntro')}</p>}
      </div>

      {notice && (
        <div className="alert alert-success" role="status" style={{ marginBottom: 'var(--space-4)' }}>
          {t(notice)}
        </div>
      )}
      {initial.info && step === initial.step && !notice && (
        <div className="alert alert-info" role="status" style={{ marginBottom: 'var(--space-4)' }}>
          {t(initial.info)}
        </div>
      )}

      {(step === 'login' || step === 'signup') && (
        <form ref={formRef} className="form" onSubmit={step === 'login' ? onLogin : onSignup} noValidate aria-describedby={describedBy}>
          <div className="field">
            <label htmlFor="auth-email">{t('auth.email')}</label>
            <input
              id="auth-email"
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="auth-password">{t('auth.password')}</label>
            <input
              id="auth-password"
              className="input"
              type="password"
              name="password"
              autoComplete={step === 'signup' ? 'new-password' : 'current-password'}
              required
              minLength={SIGNUP_MIN_PASSWORD}
              aria-describedby={step === 'signup' ? 'auth-password-hint' : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {step === 'signup' && (
              <p id="auth-password-hint" className="hint">
                {t('auth.passwordHint')}
              </p>
            )}
            {step === 'login' && (
              <div className="field-row-end">
                <button type="button" className="link-btn" onClick={() => go('forgot')}>
                  {t('auth.forgotLink')}
                </button>
              </div>
            )}
          </div>
          {step === 'signup' && (
            <div className="field">
              <label htmlFor="auth-referral">
                {t('auth.referral')} <span className="optional">({t('common.optional')})</span>
              </label>
              <input
                id="auth-referral"
                className="input"
                type="text"
                name="referral"
                autoComplete="off"
                autoCapitalize="characters"
                aria-describedby="auth-referral-hint"
                value={referralCode}
                onChange={(e) => setReferralCode(e.target.value)}
              />
              <p id="auth-referral-hint" className="hint">
                {t('auth.referralHint')}
              </p>
            </div>
          )}
          {errorBox}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('auth.pending') : step === 'login' ? t('auth.loginSubmit') : t('auth.signupSubmit')}
          </button>
          {google}
        </form>
      )}

      {step === 'verify' && (
        <form className="form" onSubmit={onVerify} noValidate aria-describedby={describedBy}>
          <div className="field">
            <label htmlFor="auth-code">{t('auth.code')}</label>
            <input
              id="auth-code"
              className="input input-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </div>
          {errorBox}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('auth.pending') : t('auth.verifySubmit')}
          </button>
          <div className="row" style={{ justifyContent: 'center' }}>
            <button type="button" className="link-btn" onClick={onResend} disabled={busy || emailSent}>
              {t('auth.resend')}
            </button>
            {emailSent && (
              <span className="badge" role="status">
                {t('auth.emailSent')}
              </span>
            )}
          </div>
          {mailbox}
        </form>
      )}

      {step === 'forgot' && (
        <form className="form" onSubmit={onForgot} noValidate aria-describedby={describedBy}>
          <div className="field">
            <label htmlFor="auth-forgot-email">{t('auth.email')}</label>
            <input
              id="auth-forgot-email"
              className="input"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {errorBox}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('auth.pending') : t('auth.forgotSubmit')}
          </button>
        </form>
      )}

      {step === 'forgotSent' && (
        <div className="form">
          <div className="alert alert-success" role="status">
            {t('auth.forgotSent', { email: email.trim() })}
          </div>
          {mailbox}
        </div>
      )}

      <div className="modal-foot">
        {step === 'login' && (
          <button type="button" className="link-btn" onClick={() => go('signup')}>
            {t('auth.toSignup')}
          </button>
        )}
        {step === 'signup' && (
          <button type="button" className="link-btn" onClick={() => go('login')}>
            {t('auth.toLogin')}
          </button>
        )}
        {(step === 'forgot' || step === 'forgotSent' || step === 'verify') && (
          <button type="button" className="link-btn" onClick={() => go('login')}>
            {t('auth.backToLogin')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
