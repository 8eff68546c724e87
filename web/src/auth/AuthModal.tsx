// The login and sign-up modal: e-mail and password, optional referral code,
// Google, the 6-digit e-mail code with resend, and the forgot-password request. Mounted once by the
// app; any page opens it with `useAuthModal().open(mode, { referralCode, next })`. The dialog itself
// (./AuthDialog, with the calls to Amplify) loads after the page's first paint, not with the
// landing page, and once loaded opens in the same frame as the tap. On the prerendered landing,
// the dialog the gate opened before the app ran (./prerendered-dialog) is taken over here: the
// app's dialog opens at the same step with what the visitor typed, in one task. The shapes it shares
// with the dialog live in ./auth-modal-types, so the dialog never imports this module back.
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { getPending } from './pending-signup';
import { afterFirstPaint } from './amplify';
import { requestCheckout } from './pending-actions';
import { listenForPrerenderedPresses, openPrerendered, prerenderedDialog, readPrerendered, releasePage, removePrerendered } from './prerendered-dialog';
import type { AuthMode, ModalState, OpenOptions, Step } from './auth-modal-types';

export type { AuthMode, ModalState, OpenOptions, Step } from './auth-modal-types';

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

const AuthModalContext = createContext<AuthModalApi | null>(null);

type DialogComponent = ComponentType<{ initial: ModalState; onClose(): void }>;
/** The dialog once its chunk has run: rendered directly, in the frame of the tap (a lazy
 * component would suspend on its first render, and React holds a revealed boundary back). */
let loadedDialog: DialogComponent | null = null;
const loadDialog = () =>
  import('./AuthDialog').then((module) => {
    loadedDialog = module.default;
    return module;
  });
const LazyAuthDialog = lazy(loadDialog);
/** Whether the lazy component was ever rendered: then it stays the one (never swapped while open). */
let lazyRendered = false;

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null);
  const counter = useRef(0);
  // Fetched once the page has painted, so that the first click opens the dialog at once.
  useEffect(() => {
    if (!prerenderedDialog()) afterFirstPaint(() => void loadDialog().catch(() => undefined));
  }, []);

  // Takes over the prerendered landing's dialog if it is open: one task from here (what is typed
  // is read, the app's dialog is rendered and focused, the prerendered one put away as it commits).
  const takeOver = useCallback(() => {
    const pre = openPrerendered();
    if (!pre) return;
    const handover = readPrerendered(pre);
    releasePage(pre);
    requestCheckout(pre.action === 'premium');
    counter.current += 1;
    const step: Step = pre.forgot ? 'forgot' : pre.mode;
    flushSync(() =>
      setState({ step, email: handover.email, referralCode: handover.referral, code: '', autoSubmit: false, notice: null, key: counter.current, handover }),
    );
  }, []);

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

  // The prerendered landing's dialog (opened before the app ran, or still closed): taken over once
  // the app's dialog has loaded; until then the visitor goes on typing in it. Closed, it is
  // removed. A call to action the gate still keeps (a part of the page hydrated later) opens the
  // app's dialog from then on.
  useEffect(() => {
    if (!prerenderedDialog()) return;
    let live = true;
    const stop = listenForPrerenderedPresses((action) => {
      requestCheckout(action === 'premium');
      open(action === 'login' ? 'login' : 'signup');
    });
    loadDialog().then(
      () => {
        if (!live) return;
        if (openPrerendered()) takeOver();
        else removePrerendered();
      },
      () => {
        // The dialog's chunk could not be had (offline): the app's dialog will load when asked.
        if (live && !openPrerendered()) removePrerendered();
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [open, takeOver]);

  const Dialog: DialogComponent = !lazyRendered && loadedDialog ? loadedDialog : LazyAuthDialog;
  if (state && Dialog === LazyAuthDialog) lazyRendered = true;

  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <Dialog key={state.key} initial={state} onClose={close} />
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

