// Build-time rendering of the landing's first screen (header and hero) for a French visitor
// (spec §2's first paint): the same route table, providers and texts as the app, rendered to HTML
// once by the build
// (web/vite.config.ts) and written into index.html, so a phone paints the hero before any script
// has loaded. The app then renders over it with identical markup. Only run in Node by the build.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './App';
import { configureAuth } from './auth/amplify';
import { prerenderedPage } from './components/prerendered';
import { SessionProvider } from './auth/session';
import type { WebConfig } from './config';
import { I18nProvider } from './i18n';

/** A first visit: nothing stored (no session, no language, no cookie choice). */
function emptyStorage(): Storage {
  return { length: 0, clear: () => undefined, getItem: () => null, key: () => null, removeItem: () => undefined, setItem: () => undefined };
}

export async function renderLanding(origin: string): Promise<string> {
  const scope = globalThis as Record<string, unknown>;
  scope.localStorage ??= emptyStorage();
  scope.sessionStorage ??= emptyStorage();
  scope.window ??= { location: new URL('/', origin), addEventListener: () => undefined, removeEventListener: () => undefined };
  // Any client id: with nothing stored, the visitor is known signed out at once, as in the browser.
  configureAuth({ userPoolClientId: 'prerender' } as unknown as WebConfig);
  prerenderedPage.showing = true;
  prerenderedPage.building = true;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL('/', origin)));
  if (context instanceof Response) throw new Error(`The landing answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <I18nProvider>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
