// The login and sign-up dialog's hooks that touch the world outside its form (./AuthDialog): the
// sign-in hold (from the moment a password is sent until the dialog has taken the student where
// they go, the session is told a sign-in is in progress, so the page behind does not redirect on
// its own and guards open no other login dialog), the "e-mail sent" flag's timer, and the takeover
// of the prerendered landing's dialog (focus and caret back where they were, that dialog removed
// in the same commit, a form already submitted sent again). Each cleans up after itself on unmount.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useSession } from './session';
import { amplify, AUTH_FLOW } from './amplify';
import { afterSignIn, landingPath } from './after-sign-in';
import { EMAIL_SENT_FLAG_MS } from './auth-steps';
import { AUTH_FIELDS, removePrerendered, type Handover } from './prerendered-dialog';

/** Password sign-in and the way out of the dialog once signed in, with the session's hold around both. */
export function useSignInHold(next: string | undefined, onClose: () => void) {
  const session = useSession();
  const navigate = useNavigate();
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
      await navigate(toOnboarding ? '/onboarding' : landingPath(profile, next), { replace: true, flushSync: true, state: notice });
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

  return { signedIn: session.status === 'signedIn', finishSignIn, passwordSignIn };
}

/** "E-mail sent": true for EMAIL_SENT_FLAG_MS after each flag, the timer restarted by a new one. */
export function useEmailSentFlag(): [boolean, () => void] {
  const [emailSent, setEmailSent] = useState(false);
  const sentTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (sentTimer.current) clearTimeout(sentTimer.current);
  }, []);
  const flagEmailSent = () => {
    setEmailSent(true);
    if (sentTimer.current) clearTimeout(sentTimer.current);
    sentTimer.current = setTimeout(() => setEmailSent(false), EMAIL_SENT_FLAG_MS);
  };
  return [emailSent, flagEmailSent];
}

/**
 * Taking over the prerendered dialog: in the commit that shows this one (before the browser
 * paints or handles another key), the focus goes back to the field the visitor was in, caret
 * and selection as they were, the prerendered dialog goes, and this one appears as if it had
 * always been there. A form submitted before the app ran is sent now.
 */
export function usePrerenderedHandover(formRef: RefObject<HTMLFormElement | null>, handover: Handover | undefined): void {
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
  }, [formRef, handover]);
  useEffect(() => {
    if (handover?.submit) formRef.current?.requestSubmit();
  }, [formRef, handover]);
}
