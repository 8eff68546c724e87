// The landing, rendered to HTML by the build (web/src/prerender.tsx) and hydrated by the app in
// the browser (web/src/main.tsx): the flags both sides read, and the hook that keeps what depends
// on the visitor's browser (the cookie banner) for the render after the hydration, so that the
// app's first render matches the HTML node for node.
import { startTransition, useEffect, useState } from 'react';

/**
 * `showing`: the page on screen was painted from the build's prerendered HTML (set for the build's
 * render, and by main.tsx when the app takes over such a page), until the first typed headline has
 * mounted. `building`: the build is rendering it. `hydrating`: the app's first render is hydrating
 * that HTML (main.tsx sets it, and clears it once the hydration is committed).
 */
export const prerenderedPage = { showing: false, building: false, hydrating: false };

/**
 * True while only what the HTML holds renders: in the build, and during the app's hydration of
 * the prerendered HTML; the next render (a transition, yielding to the browser) adds the rest.
 * Always false otherwise.
 */
export function useFirstScreenOnly(): boolean {
  const [only, setOnly] = useState(() => prerenderedPage.building || prerenderedPage.hydrating);
  useEffect(() => {
    if (only) startTransition(() => setOnly(false));
  }, [only]);
  return only;
}
