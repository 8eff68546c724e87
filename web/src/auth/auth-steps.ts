// The steps of the login and sign-up dialog and the limits it applies, shared by the modal
// (./AuthModal), the dialog (./AuthDialog, ./auth-dialog-state) and the prerendered dialog
// (./PrerenderedAuthDialog). No imports but the server's limits, so the dialog's unit-tested
// decisions and the landing's prerendered markup read the same values without pulling anything in.
import { PASSWORD_MIN_LENGTH } from '@core/limits.js';

export type AuthMode = 'signup' | 'login';
export type Step = 'signup' | 'login' | 'verify' | 'forgot' | 'forgotSent';

/** How long "E-mail sent" stays next to the resend button (and the button stays disabled). */
export const EMAIL_SENT_FLAG_MS = 5000;
export const SIGNUP_MIN_PASSWORD = PASSWORD_MIN_LENGTH;
