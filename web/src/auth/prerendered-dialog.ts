// The login and sign-up dialog of the prerendered landing, as the app finds it when it starts: the
// build writes it, hidden, after the landing's HTML (./PrerenderedAuthDialog, web/src/prerender.tsx);
// the page's gate script (lib/prerender-gate.ts) opens it on a call to action before the app runs,
// switches between sign-up and login, and keeps a submit for later. The app hands it over to its
// own dialog (./AuthModal): the same step, what the visitor typed, the field they were in with its
// caret, and a submit they already made; then it is removed, in the same task, so no keystroke
// falls between the two. The ids and attributes here are the contract between the three.

/** The hidden wrapper of the prerendered dialog (outside the app's root). */
export const PRE_AUTH_ID = 'pre-auth';
/** Its fields, by the name the app's dialog gives the same field. */
export const PRE_AUTH_FIELDS = { email: 'pre-auth-email', password: 'pre-auth-password', referral: 'pre-auth-referral' } as const;
/** The app's dialog fields, by the same names. */
export const AUTH_FIELDS = { email: 'auth-email', password: 'auth-password', referral: 'auth-referral' } as const;

export type PreAuthAction = 'signup' | 'premium' | 'login';
export type PreAuthField = keyof typeof PRE_AUTH_FIELDS;

/** What the gate keeps in `window.__revisePreAuth` while the prerendered dialog is open. */
export interface PreAuthState {
  /** The call to action pressed ('premium' also asks for the checkout after sign-in). */
  action: PreAuthAction;
  /** The form shown now (the visitor may have switched). */
  mode: 'signup' | 'login';
  /** The visitor asked for the forgot-password step. */
  forgot?: boolean;
  /** The visitor submitted the form. */
  submit?: boolean;
  /** The button that opened the dialog (focus goes back to it on close). */
  opener?: HTMLElement | null;
}

/** What the app's dialog starts with when it takes over. */
export interface Handover {
  email: string;
  password: string;
  referral: string;
  /** The field that had the focus, with its selection. */
  focus: { field: PreAuthField; start: number | null; end: number | null } | null;
  submit: boolean;
}

type PreAuthWindow = Window & {
  __revisePreAuth?: PreAuthState | null;
  /** Set by the app once it runs: the gate then opens the app's own dialog. */
  __reviseAuthOpen?: (action: PreAuthAction) => void;
};

const scope = () => window as PreAuthWindow;

export function prerenderedDialog(): HTMLElement | null {
  return document.getElementById(PRE_AUTH_ID);
}

/** The open prerendered dialog's state, or null when it is closed or absent (the gate keeps it
 * laid out but invisible while closed). */
export function openPrerendered(): PreAuthState | null {
  const el = prerenderedDialog();
  const state = scope().__revisePreAuth;
  return el && !el.hidden && el.style.visibility !== 'hidden' && state ? state : null;
}

/** Lets the gate open the app's dialog for a call to action it still keeps (a part hydrated late). */
export function listenForPrerenderedPresses(open: (action: PreAuthAction) => void): () => void {
  scope().__reviseAuthOpen = open;
  return () => {
    if (scope().__reviseAuthOpen === open) delete scope().__reviseAuthOpen;
  };
}

/** Reads what the visitor typed, and where the caret is, in the prerendered dialog. */
export function readPrerendered(state: PreAuthState): Handover {
  const value = (field: PreAuthField) => (document.getElementById(PRE_AUTH_FIELDS[field]) as HTMLInputElement | null)?.value ?? '';
  let focus: Handover['focus'] = null;
  for (const field of Object.keys(PRE_AUTH_FIELDS) as PreAuthField[]) {
    const input = document.getElementById(PRE_AUTH_FIELDS[field]) as HTMLInputElement | null;
    if (input && document.activeElement === input) {
      let start: number | null = null;
      let end: number | null = null;
      try {
        start = input.selectionStart;
        end = input.selectionEnd;
      } catch {
        /* an e-mail field has no selection API */
      }
      focus = { field, start, end };
    }
  }
  return { email: value('email'), password: value('password'), referral: value('referral'), focus, submit: Boolean(state.submit) };
}

/**
 * Readies the page for the app's dialog: the page behind is usable again, its scrolling as before
 * the prerendered dialog opened, and the focus on the button that opened it (the app's dialog
 * gives it back there when it closes).
 */
export function releasePage(state: PreAuthState): void {
  const root = document.getElementById('root');
  if (root) root.inert = false;
  document.body.style.overflow = '';
  if (state.opener && document.contains(state.opener)) state.opener.focus({ preventScroll: true });
}

/** Removes the prerendered dialog for good (the app's dialog is on screen, or it is not needed). */
export function removePrerendered(): void {
  prerenderedDialog()?.remove();
  scope().__revisePreAuth = null;
}
