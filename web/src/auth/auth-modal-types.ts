// What the login and sign-up modal (./AuthModal) and its dialog (./AuthDialog) agree on: how it is
// opened and the state a dialog opens with (the steps and limits come from ./auth-steps). It exists
// so that neither imports the other: the modal loads the dialog lazily, the dialog only needs these
// shapes. Types only: no React, no behaviour.
import type { MessageKey } from '../i18n';
import type { Handover } from './prerendered-dialog';
import type { Step } from './auth-steps';

export type { AuthMode, Step } from './auth-steps';

export interface OpenOptions {
  referralCode?: string;
  next?: string;
  /** The modal opens because the session expired: it says so. */
  sessionExpired?: boolean;
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
  /** Taking over the prerendered dialog: what the visitor typed there, where, and a submit made. */
  handover?: Handover;
}
