// Build-time rendering of the whole landing (header, hero, the sections below it, the footer) for
// a French visitor: the same route table, providers and texts as the app, rendered to
// HTML once by the build (web/vite.config.ts) and written into index.html, so a phone paints the
// page before any script has loaded and a visitor who never acts (or a crawler) reads all of it.
// `prerender` waits for the lazy sections below the hero (renderToString would leave
// their Suspense boundary at its fallback); their HTML comes inline, between the boundary's
// comment markers, which the app hydrates once their chunk has arrived. `renderAuthDialog` writes
// the login and sign-up dialog, hidden, to go after the landing's root: the page's gate opens it on
// the first tap, before the app runs (web/src/auth/PrerenderedAuthDialog.tsx). Only run in Node by
// the build.
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './App';
import { configureAuth } from './auth/amplify';
import { prerenderedPage } from './components/prerendered';
import { SessionProvider } from './auth/session';
import type { WebConfig } from './config';
import { I18nProvider } from './i18n';
import PrerenderedAuthDialog from './auth/PrerenderedAuthDialog';

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
  const { prelude } = await prerender(
    <StrictMode>
      <I18nProvider>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </I18nProvider>
    </StrictMode>,
    // Every boundary inline, however large (React outlines large ones, to be moved in by a script).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  // The page is complete: no streaming script may be left for the browser to run (the cloud's
  // Content-Security-Policy allows only the gate).
  const streamed = /<(script|template)\b[^>]*>/.exec(html);
  if (streamed) throw new Error(`The prerendered landing is incomplete: it holds ${streamed[0]}`);
  return html;
}

/** The hidden login and sign-up dialog, in French, that the gate opens before the app runs. */
export function renderAuthDialog(): string {
  return renderToStaticMarkup(<PrerenderedAuthDialog />);
}
