// Start-up: unregister any service worker left by an earlier version, load the runtime
// configuration (and the English texts for an English visitor), note Amplify Auth's settings (it
// loads on demand), then render the app: over the landing's prerendered HTML, by hydrating it
// (nothing is created or painted again), or from scratch.
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/global.css';
import { loadConfig } from './config';
import { configureAuth } from './auth/amplify';
import { I18nProvider, currentLang, loadLang } from './i18n';
import { SessionProvider } from './auth/session';
import App from './App';
import { prerenderedPage } from './components/prerendered';
import { isOAuthReturn } from './auth/amplify';
import { SESSION_MESSAGE_KEY } from './auth/expiry';

async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    /* nothing to clean */
  }
}

function StartupError() {
  const fr = currentLang() === 'fr';
  return (
    <div className="loading-screen" role="alert">
      <h1 style={{ fontSize: '1.3rem' }}>{fr ? 'Une erreur est survenue' : 'An error occurred'}</h1>
      <p>{fr ? "L'application n'a pas pu démarrer. Vérifie ta connexion puis recharge la page." : 'The app could not start. Check your connection, then reload the page.'}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {fr ? 'Recharger la page' : 'Reload the page'}
      </button>
    </div>
  );
}

const container = document.getElementById('root') as HTMLElement;
// The landing's prerendered HTML (kept by index.html's gate for a first visit) stays on screen
// while the app starts; the app hydrates it when its first render is sure to be the same markup,
// else replaces it at its first render.
prerenderedPage.showing = container.childElementCount > 0;
if (prerenderedPage.showing) replayPrerenderedPress(container);

/**
 * Whether the app's first render gives exactly the prerendered markup (a French visitor's first
 * visit: the gate already removed it for a stored session or English). Not when the page will
 * show a banner first: offline, a session message to show, a notice passed by the page that sent
 * the visitor here, or a sign-in coming back from the hosted UI. The visitor's screen (reduced
 * motion) and what lies below the first screen come in the render after the hydration.
 */
function matchesPrerender(): boolean {
  if (navigator.onLine === false || isOAuthReturn()) return false;
  try {
    if (localStorage.getItem(SESSION_MESSAGE_KEY)) return false;
  } catch {
    /* nothing stored to show */
  }
  const state = window.history.state as { usr?: unknown } | null;
  return !state?.usr;
}

/** A button's name as the gate (lib/prerender-gate.ts) reads it: its aria-label, else its text. */
const buttonName = (b: Element): string => (b.getAttribute('aria-label') || b.textContent || '').trim();

/**
 * A button of the prerendered landing pressed before the app took over (the gate keeps its name
 * and its position among the buttons of that name in `__revisePressed`): once the app runs that
 * button (hydrated, its `data-pre` mark gone, or replaced by the app's own render), the app's
 * button of that name and position is pressed, so the student's tap opens what it should.
 */
function replayPrerenderedPress(root: HTMLElement): void {
  const w = window as { __revisePressed?: { label: string; index: number } };
  const observer = new MutationObserver(() => {
    const pressed = w.__revisePressed;
    // No press kept yet: one may still come while a part hydrated later (`data-late`) keeps its
    // mark, so the watch ends only once no mark is left (the gate then lets presses through).
    if (!pressed) {
      if (!root.querySelector('[data-pre]')) observer.disconnect();
      return;
    }
    const same = [...root.querySelectorAll('button')].filter((b) => buttonName(b) === pressed.label);
    const target = same[pressed.index] ?? same[0];
    if (!target || target.closest('[data-pre]')) return;
    observer.disconnect();
    delete w.__revisePressed;
    target.click();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-pre'] });
  window.setTimeout(() => observer.disconnect(), 15_000);
}

/** Once the hydration is committed: the page is the app's, its `data-pre` marks go (the gate then
 * lets presses through, and a press it kept is replayed), except on the parts hydrated later
 * (`data-late`), which drop theirs once hydrated (LandingBelow). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    prerenderedPage.hydrating = false;
    for (const el of container.querySelectorAll('[data-pre]:not([data-late])')) el.removeAttribute('data-pre');
  }, []);
  return children;
}

document.documentElement.lang = currentLang();
void unregisterServiceWorkers();

const app = (
  <StrictMode>
    <I18nProvider>
      <SessionProvider>
        <App />
      </SessionProvider>
    </I18nProvider>
  </StrictMode>
);

Promise.all([loadConfig(), loadLang(currentLang())])
  .then(([config]) => {
    configureAuth(config);
    if (prerenderedPage.showing && matchesPrerender()) {
      // The prerendered landing starts the app on the visitor's first interaction (the gate,
      // lib/prerender-gate.ts), who may be waiting for a press to answer: the hydration of the
      // first screen runs at its default priority, in one task (a transition would slice it, and
      // take longer in all); what lies below comes in the transition after it.
      prerenderedPage.hydrating = true;
      hydrateRoot(container, <Hydrated>{app}</Hydrated>);
      return;
    }
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // blocking a phone's main thread for the whole page at once.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  })
  .catch(() => {
    createRoot(container).render(<StartupError />);
  });
