// Amplify Auth, loaded on demand. The landing page must paint without Amplify's JavaScript, so no
// module imports `aws-amplify` directly: callers `await amplify()`, which loads ./amplify-lib once
// and configures it from the runtime configuration (USER_PASSWORD_AUTH, the flow both Cognito and
// the laptop's user pool accept; Google federation when config.json carries `oauth`).
//
// Whether a visitor has a session at all is known without Amplify: Cognito's tokens live in
// localStorage under `CognitoIdentityServiceProvider.<client id>.*` (Amplify's default store), so
// no such key means signed out, at once; with one, the session waits for Amplify to read it.
import type { WebConfig } from '../config';

export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

export type AmplifyAuth = typeof import('./amplify-lib');

let config: WebConfig | null = null;
let loading: Promise<AmplifyAuth> | null = null;
let loaded: AmplifyAuth | null = null;
const onLoad = new Set<(lib: AmplifyAuth) => void>();

export function configureAuth(value: WebConfig): void {
  config = value;
}

/** Amplify Auth, configured; the first call loads it. */
export function amplify(): Promise<AmplifyAuth> {
  loading ??= import('./amplify-lib')
    .then((lib) => {
      if (!config) throw new Error('amplify() called before configureAuth()');
      lib.configure(config);
      loaded = lib;
      // Listeners attach before any caller's call can emit an event.
      for (const hook of onLoad) hook(lib);
      return lib;
    })
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}

/**
 * Runs `hook` with Amplify as soon as it is loaded (now if it already is), whoever loads it;
 * returns a function that cancels a hook not yet run.
 */
export function whenAmplifyLoads(hook: (lib: AmplifyAuth) => void): () => void {
  if (loaded) {
    hook(loaded);
    return () => {};
  }
  onLoad.add(hook);
  return () => onLoad.delete(hook);
}

/** True when Amplify's store may hold a session (a key of this client's), false when it cannot. */
export function mayHaveStoredSession(): boolean {
  if (!config) return true;
  const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}.`;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(prefix)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** True when the page is the return of a hosted-UI sign-in (Amplify must exchange the code). */
export function isOAuthReturn(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has('code') && params.has('state');
}

/** Runs `task` once the browser is idle after the first paint (or after `timeoutMs`). */
export function afterFirstPaint(task: () => void, timeoutMs = 1500): void {
  const idle = (window as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  const run = () => (idle ? idle(task, { timeout: timeoutMs }) : setTimeout(task, 200));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
