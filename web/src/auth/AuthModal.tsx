// The login and sign-up modal (spec §2, §4, §5, §8): e-mail and password, optional referral code,
// Google, the 6-digit e-mail code with resend, and the forgot-password request. Mounted once by the
// app; any page opens it with `useAuthModal().open(mode, { referralCode, next })`. The dialog itself
// (./AuthDialog, with the calls to Amplify) loads when it first opens, not with the landing page.
import { PASSWORD_MIN_LENGTH } from '../../../functions/core/bounds';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MessageKey } from '../i18n';
import { getPending } from './pending-signup';
import { afterFirstPaint } from './amplify';

export type AuthMode = 'signup' | 'login';
export type Step = 'signup' | 'login' | 'verify' | 'forgot' | 'forgotSent';

export interface OpenOptions {
  referralCode?: string;
  next?: string;
  /** The modal opens because the session expired: it says so. */
  sessionExpired?: boolean;
}

interface VerifyOptions {
  email: string;
  code?: string;
  autoSubmit?: boolean;
}

interface AuthModalApi {
  open(mode: AuthMode, opts?: OpenOptions): void;
  close(): void;
  /** Opens the modal at the code step (the e-mail's verification link). */
  openVerify(opts: VerifyOptions): void;
  /** Opens the modal at the forgot-password step. */
  openForgot(email?: string): void;
}

export interface ModalState {
  step: Step;
  email: string;
  referralCode: string;
  next?: string;
  code: string;
  autoSubmit: boolean;
  notice: MessageKey | null;
  /** A neutral note shown above the form (why the modal opened). */
  info?: MessageKey | null;
  /** Bumps on every open so the form state starts fresh. */
  key: number;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export const EMAIL_SENT_FLAG_MS = 5000;
export const SIGNUP_MIN_PASSWORD = PASSWORD_MIN_LENGTH;

const loadDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadDialog);

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null);
  const counter = useRef(0);
  // Fetched once the page has painted, so that the first click opens the dialog at once.
  useEffect(() => afterFirstPaint(() => void loadDialog().catch(() => undefined)), []);

  const open = useCallback((mode: AuthMode, opts?: OpenOptions) => {
    counter.current += 1;
    setState({
      step: mode,
      email: '',
      referralCode: opts?.referralCode ?? '',
      next: opts?.next,
      code: '',
      autoSubmit: false,
      notice: null,
      info: opts?.sessionExpired ? 'errors.sessionExpired' : null,
      key: counter.current,
    });
  }, []);

  const openVerify = useCallback((opts: VerifyOptions) => {
    counter.current += 1;
    const pending = getPending(opts.email);
    setState({
      step: 'verify',
      email: opts.email,
      referralCode: pending?.referralCode ?? '',
      code: opts.code ?? '',
      autoSubmit: Boolean(opts.autoSubmit && opts.code),
      notice: null,
      key: counter.current,
    });
  }, []);

  const openForgot = useCallback((email?: string) => {
    counter.current += 1;
    setState({ step: 'forgot', email: email ?? '', referralCode: '', code: '', autoSubmit: false, notice: null, key: counter.current });
  }, []);

  const close = useCallback(() => setState(null), []);
  const value = useMemo(() => ({ open, close, openVerify, openForgot }), [open, close, openVerify, openForgot]);

  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <AuthDialog key={state.key} initial={state} onClose={close} />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return value;
}

