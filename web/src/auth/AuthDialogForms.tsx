// What the login and sign-up dialog (./AuthDialog) shows at each step: the heading, the notes
// above the form, the e-mail and password form (login and sign-up, with the referral code), the
// 6-digit code form with resend, the forgot-password form and its confirmation, the Google
// button and the link under the dialog. Rendering only: the state and every choice come from the
// dialog and ./auth-dialog-state. Ids, classes, roles, labels and texts are the ones the
// prerendered dialog (./PrerenderedAuthDialog) copies and the journeys look for: keep them.
import type { FormEvent, ReactNode, RefObject } from 'react';
import Logo from '../components/Logo';
import { useI18n, type MessageKey } from '../i18n';
import { SIGNUP_MIN_PASSWORD, type Step } from './auth-steps';
import { footerLink, googleOffer, STEP_TITLES, submitLabel } from './auth-dialog-state';

const spaced = { marginBottom: 'var(--space-4)' };

export function AuthHeading({ step, titleId, email }: { step: Step; titleId: string; email: string }) {
  const { t } = useI18n();
  return (
    <div className="modal-head">
      <Logo size={40} markOnly />
      <h2 id={titleId}>{t(STEP_TITLES[step])}</h2>
      {step === 'verify' && <p>{t('auth.codeSentTo', { email: email.trim() })}</p>}
      {step === 'forgot' && <p>{t('auth.forgotIntro')}</p>}
    </div>
  );
}

/** A notice after an action (success), or the reason the dialog opened (info). */
export function AuthNote({ message, tone }: { message: MessageKey; tone: 'success' | 'info' }) {
  const { t } = useI18n();
  return (
    <div className={`alert alert-${tone}`} role="status" style={spaced}>
      {t(message)}
    </div>
  );
}

export function ErrorBox({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <div id={id} className="alert alert-error" role="alert">
      {error}
    </div>
  ) : null;
}

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

interface GoogleProps {
  step: Step;
  config: { oauth?: unknown; stage?: string };
  busy: boolean;
  titleId: string;
  onGoogle(): void;
}

export function GoogleButton({ step, config, busy, titleId, onGoogle }: GoogleProps) {
  const { t } = useI18n();
  const offer = googleOffer(step, config);
  if (offer === 'none') return null;
  const noteId = `${titleId}-google`;
  return (
    <>
      <div className="divider">{t('auth.or')}</div>
      <button
        type="button"
        className="btn btn-secondary btn-block google-btn"
        onClick={onGoogle}
        disabled={offer !== 'enabled' || busy}
        aria-describedby={offer === 'enabled' ? undefined : noteId}
      >
        <GoogleIcon />
        {t('auth.google')}
      </button>
      {offer === 'unavailable' && (
        <p id={noteId} className="hint" style={{ textAlign: 'center' }}>
          {t('auth.googleLocal')}
        </p>
      )}
    </>
  );
}

export function MailboxNote({ url }: { url: string | undefined }) {
  const { t } = useI18n();
  if (!url) return null;
  return (
    <p className="hint">
      {t('auth.mailboxNote')}{' '}
      <a href={url} target="_blank" rel="noreferrer">
        {t('auth.mailboxLink')}
      </a>
    </p>
  );
}

function SubmitButton({ step, busy }: { step: Step; busy: boolean }) {
  const { t } = useI18n();
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
      {t(submitLabel(step, busy))}
    </button>
  );
}

interface FieldProps {
  value: string;
  onChange(value: string): void;
}

function ReferralField({ value, onChange }: FieldProps) {
  const { t } = useI18n();
  return (
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="auth-referral-hint" className="hint">
        {t('auth.referralHint')}
      </p>
    </div>
  );
}

interface CredentialsProps {
  formRef: RefObject<HTMLFormElement | null>;
  step: 'login' | 'signup';
  email: FieldProps;
  password: FieldProps;
  referral: FieldProps;
  onSubmit(e: FormEvent): void;
  onForgot(): void;
  describedBy: string | undefined;
  busy: boolean;
  /** The error box, then the Google button, placed around the submit button. */
  errorBox: ReactNode;
  google: ReactNode;
}

/** Login and sign-up: e-mail, password (with "forgot" on login), the referral code on sign-up. */
export function CredentialsForm({ formRef, step, email, password, referral, onSubmit, onForgot, describedBy, busy, errorBox, google }: CredentialsProps) {
  const { t } = useI18n();
  const signup = step === 'signup';
  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-describedby={describedBy}>
      <div className="field">
        <label htmlFor="auth-email">{t('auth.email')}</label>
        <input id="auth-email" className="input" type="email" name="email" autoComplete="email" required value={email.value} onChange={(e) => email.onChange(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="auth-password">{t('auth.password')}</label>
        <input
          id="auth-password"
          className="input"
          type="password"
          name="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          minLength={SIGNUP_MIN_PASSWORD}
          aria-describedby={signup ? 'auth-password-hint' : undefined}
          value={password.value}
          onChange={(e) => password.onChange(e.target.value)}
        />
        {signup && (
          <p id="auth-password-hint" className="hint">
            {t('auth.passwordHint')}
          </p>
        )}
        {!signup && (
          <div className="field-row-end">
            <button type="button" className="link-btn" onClick={onForgot}>
              {t('auth.forgotLink')}
            </button>
          </div>
        )}
      </div>
      {signup && <ReferralField {...referral} />}
      {errorBox}
      <SubmitButton step={step} busy={busy} />
      {google}
    </form>
  );
}

interface VerifyProps {
  code: FieldProps;
  onSubmit(e: FormEvent): void;
  onResend(): void;
  describedBy: string | undefined;
  busy: boolean;
  emailSent: boolean;
  errorBox: ReactNode;
  mailbox: ReactNode;
}

/** The 6-digit code from the e-mail, with "resend" (held while "E-mail sent" shows). */
export function VerifyForm({ code, onSubmit, onResend, describedBy, busy, emailSent, errorBox, mailbox }: VerifyProps) {
  const { t } = useI18n();
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={describedBy}>
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
          value={code.value}
          onChange={(e) => code.onChange(e.target.value)}
        />
      </div>
      {errorBox}
      <SubmitButton step="verify" busy={busy} />
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
  );
}

interface ForgotProps {
  email: FieldProps;
  onSubmit(e: FormEvent): void;
  describedBy: string | undefined;
  busy: boolean;
  errorBox: ReactNode;
}

export function ForgotForm({ email, onSubmit, describedBy, busy, errorBox }: ForgotProps) {
  const { t } = useI18n();
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={describedBy}>
      <div className="field">
        <label htmlFor="auth-forgot-email">{t('auth.email')}</label>
        <input id="auth-forgot-email" className="input" type="email" autoComplete="email" required value={email.value} onChange={(e) => email.onChange(e.target.value)} />
      </div>
      {errorBox}
      <SubmitButton step="forgot" busy={busy} />
    </form>
  );
}

export function ForgotSent({ email, mailbox }: { email: string; mailbox: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="form">
      <div className="alert alert-success" role="status">
        {t('auth.forgotSent', { email: email.trim() })}
      </div>
      {mailbox}
    </div>
  );
}

export function AuthFooter({ step, go }: { step: Step; go(step: Step): void }) {
  const { t } = useI18n();
  const link = footerLink(step);
  return (
    <div className="modal-foot">
      {/* Keyed by its text: each link is its own element, as when they were three (focus is not carried over). */}
      <button key={link.label} type="button" className="link-btn" onClick={() => go(link.to)}>
        {t(link.label)}
      </button>
    </div>
  );
}
