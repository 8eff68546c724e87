// Start-up: unregister any service worker left by an earlier version (spec §1), load the runtime
// configuration (and the English texts for an English visitor), note Amplify Auth's settings (it
// loads on demand), then render the app.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/global.css';
import { loadConfig } from './config';
import { configureAuth } from './auth/amplify';
import { I18nProvider, currentLang, loadLang } from './i18n';
import { SessionProvider } from './auth/session';
import App from './App';
import { prerenderedPage } from './components/ContentParts';

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
// until the app's first render replaces it with the same markup.
prerenderedPage.showing = container.childElementCount > 0;
if (prerenderedPage.showing) replayPrerenderedPress(container);

/**
 * A button of the prerendered landing pressed before the app took over (the gate keeps its name,
 * its aria-label or its text, in `__revisePressed`): once the app's own markup has replaced it, the app's button of the same
 * text is pressed, so the student's tap opens what it should.
 */
function replayPrerenderedPress(root: HTMLElement): void {
  const w = window as { __revisePressed?: string };
  const observer = new MutationObserver(() => {
    if (root.querySelector('[data-pre]')) return;
    const label = w.__revisePressed;
    if (!label) return observer.disconnect();
    const target = [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') || b.textContent || '').trim() === label);
    if (!target) return;
    observer.disconnect();
    delete w.__revisePressed;
    target.click();
  });
  observer.observe(root, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 15_000);
}
const root = createRoot(container);
document.documentElement.lang = currentLang();
void unregisterServiceWorkers();

Promise.all([loadConfig(), loadLang(currentLang())])
  .then(([config]) => {
    configureAuth(config);
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // blocking a phone's main thread for the whole page at once.
    startTransition(() => {
      root.render(
        <StrictMode>
          <I18nProvider>
            <SessionProvider>
              <App />
            </SessionProvider>
          </I18nProvider>
        </StrictMode>,
      );
    });
  })
  .catch(() => {
    root.render(<StartupError />);
  });
