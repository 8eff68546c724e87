// What a navigation does to the page's scroll, decided without a browser. Guarantees: a new
// page (PUSH or REPLACE to another pathname or anchor) opens at its top, or at its anchor when the
// URL has one; back and forward (POP) return to the position kept for that entry; a change of the
// query string alone never moves the page.
export interface Place {
  /** The history entry's key. */
  key: string;
  pathname: string;
  hash: string;
}

export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

/** The key of an entry the app did not make: the tab's first page, or a plain `#anchor` link's. */
export const UNKEYED = 'default';

export type ScrollAction = { to: 'stay' } | { to: 'top' } | { to: 'anchor'; hash: string } | { to: 'position'; top: number };

/**
 * `before` is the place left (null at the app's first render), `kept` the position kept for the
 * entry arrived at, if any (a reload or back/forward).
 */
export function scrollAction(before: Place | null, after: Place, kind: NavigationKind, kept: number | undefined): ScrollAction {
  let saved = kept;
  const fresh: ScrollAction = after.hash && after.hash !== '#' ? { to: 'anchor', hash: after.hash } : { to: 'top' };
  // Entries without a key of their own share one (a page typed into the tab later, a skip link's
  // `#main`): a position kept under it may be another entry's, so an anchor wins, and at the first
  // render nothing is restored.
  if (after.key === UNKEYED && (!before || fresh.to === 'anchor')) saved = undefined;
  if (!before) {
    // The tab opened or reloaded: the browser starts at the top, only a kept position or an anchor moves it.
    if (saved !== undefined) return { to: 'position', top: saved };
    return fresh.to === 'anchor' ? fresh : { to: 'stay' };
  }
  if (before.key === after.key) return { to: 'stay' };
  if (kind === 'POP') return saved !== undefined ? { to: 'position', top: saved } : fresh;
  if (before.pathname === after.pathname && before.hash === after.hash) return { to: 'stay' };
  return fresh;
}
