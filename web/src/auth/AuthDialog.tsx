// The login and sign-up dialog opened by <AuthModalProvider> (./AuthModal): e-mail and password,
// optional referral code, Google, the 6-digit e-mail code with resend, and the forgot-password
// request. Loaded after the page's first paint. When it takes over the prerendered landing's
// dialog (./prerendered-dialog), it starts with what the visitor typed there, puts the caret back
// where it was, removes that dialog as it commits (no opening animation played again), and sends
// a form the visitor already submitted. This component holds the form's state and wires it:
// decisions live in ./auth-dialog-state, the actions' sequences in ./auth-dialog-flows, the hooks
// that reach outside the form in ./auth-dialog-hooks, and what each step shows in ./AuthDialogForms.
// It imports nothing from ./AuthModal (the shapes both use are in ./auth-modal-types).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Dialog from '../components/Dialog';
import { getConfig } from '../config';
import { useI18n, type MessageKey } from '../i18n';
import { amplify } from './amplify';
import type { ModalState, Step } from './auth-modal-types';
import { codeInput, showsInfo, type DialogError } from './auth-dialog-state';
import { resendCode, startGoogle, submitCode, submitForgot, submitLogin, submitSignup, type FlowContext } from './auth-dialog-flows';
import { usePrerenderedHandover, useEmailSentFlag, useSignInHold } from './auth-dialog-hooks';
import { AuthFooter, AuthHeading, AuthNote, CredentialsForm, ErrorBox, ForgotForm, ForgotSent, GoogleButton, MailboxNote, VerifyForm } from './AuthDialogForms';

export default function AuthDialog({ initial, onClose }: { initial: ModalState; onClose(): void }) {
  const { t, lang } = useI18n();
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
  const [emailSent, flagEmailSent] = useEmailSentFlag();
  const { signedIn, finishSignIn, passwordSignIn } = useSignInHold(initial.next, onClose);

  const go = (next: Step) => {
    setError(null);
    setNotice(null);
    setStep(next);
  };
  const ctx: FlowContext = {
    lang,
    show: (e: DialogError | null) => setError(e === null ? null : 'text' in e ? e.text : t(e.key, e.params)),
    setBusy,
    go,
    flagEmailSent,
    signIn: passwordSignIn,
    finish: finishSignIn,
    signedIn,
    askLogin: () => {
      setPassword('');
      setStep('login');
      setError(null);
      setNotice('auth.verifiedLogin');
    },
  };

  const formRef = useRef<HTMLFormElement>(null);
  usePrerenderedHandover(formRef, initial.handover);

  // The e-mail's link carries the code: submit it once, as if typed.
  const autoSubmitted = useRef(false);
  const submitCodeRef = useRef((value: string) => submitCode(ctx, email, value));
  submitCodeRef.current = (value: string) => submitCode(ctx, email, value);
  useEffect(() => {
    if (initial.step === 'verify' && initial.autoSubmit && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void submitCodeRef.current(initial.code);
    }
  }, [initial.step, initial.autoSubmit, initial.code]);

  const submit = (action: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    void action();
  };
  const describedBy = error ? errorId : undefined;
  const errorBox = <ErrorBox id={errorId} error={error} />;
  const mailbox = <MailboxNote url={config.mailboxUrl} />;
  const emailField = { value: email, onChange: setEmail };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('auth.close')} focusKey={step}>
      <AuthHeading step={step} titleId={titleId} email={email} />
      {notice && <AuthNote message={notice} tone="success" />}
      {initial.info && showsInfo(initial, step, notice) && <AuthNote message={initial.info} tone="info" />}

      {(step === 'login' || step === 'signup') && (
        <CredentialsForm
          formRef={formRef}
          step={step}
          email={emailField}
          password={{ value: password, onChange: setPassword }}
          referral={{ value: referralCode, onChange: setReferralCode }}
          onSubmit={submit(() => (step === 'login' ? submitLogin(ctx, email, password) : submitSignup(ctx, email, password, referralCode)))}
          onForgot={() => go('forgot')}
          describedBy={describedBy}
          busy={busy}
          errorBox={errorBox}
          google={<GoogleButton step={step} config={config} busy={busy} titleId={titleId} onGoogle={() => void startGoogle(ctx, initial.next)} />}
        />
      )}
      {step === 'verify' && (
        <VerifyForm
          code={{ value: code, onChange: (value) => setCode(codeInput(value)) }}
          onSubmit={submit(() => submitCode(ctx, email, code.trim()))}
          onResend={() => void resendCode(ctx, email)}
          describedBy={describedBy}
          busy={busy}
          emailSent={emailSent}
          errorBox={errorBox}
          mailbox={mailbox}
        />
      )}
      {step === 'forgot' && <ForgotForm email={emailField} onSubmit={submit(() => submitForgot(ctx, email))} describedBy={describedBy} busy={busy} errorBox={errorBox} />}
      {step === 'forgotSent' && <ForgotSent email={email} mailbox={mailbox} />}

      <AuthFooter step={step} go={go} />
    </Dialog>
  );
}
