// Where the page stands after a navigation. Guarantees: a new page (PUSH or REPLACE to another
// pathname) opens at its top, or at its anchor when the URL has a hash; back and forward (POP)
// bring the student back where they stood on that entry, also after a reload of the tab; a change
// of the query string alone (`?tab=`, `?mode=`, `?session=`…) never moves the page. A page drawn a
// moment later (lazy code, data) is waited for, until the student scrolls themselves.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { scrollAction, type Place } from './navigation-scroll';

const STORAGE_KEY = 'revise.scroll';
/** How long a position or an anchor is waited for while the page is still being drawn. */
const SETTLE_MS = 2000;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Positions): void {
  try {
    // The newest entries are enough to go back through.
    const kept = Object.entries(positions).slice(-100);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    /* a private window without storage: positions live for this page only */
  }
}

/** The element an anchor names (`#id`), if the page holds it. */
function anchorTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* the hash as written */
  }
  return document.getElementById(id);
}

/**
 * Tries `attempt` on every frame until it says it is done, the student scrolls, touches or types
 * themselves, or SETTLE_MS pass. Returns what stops it.
 */
function untilSettled(attempt: () => boolean): () => void {
  if (attempt()) return () => undefined;
  let frame = 0;
  const started = performance.now();
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true });
  const tick = () => {
    if (attempt() || performance.now() - started > SETTLE_MS) stop();
    else frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return stop;
}

const scrollTop = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

export default function ScrollOnNavigate() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Positions | null>(null);
  const previous = useRef<Place | null>(null);

  // The browser's own restoration would jump before the page is drawn: the app restores instead.
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // The position of the entry on screen, kept as the student scrolls. A scroll event always comes
  // after the render that changed the entry: the page shortened by a new route, or moved by the
  // reset below, is counted to the new entry, never to the one the student left.
  useEffect(() => {
    positions.current ??= readPositions();
    const save = () => {
      const key = previous.current?.key;
      if (key && positions.current) positions.current[key] = window.scrollY;
    };
    const persist = () => {
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const before = previous.current;
    const after: Place = { key: location.key, pathname: location.pathname, hash: location.hash };
    previous.current = after;
    if (before && before.key !== after.key) writePositions(positions.current);
    const action = scrollAction(before, after, type, positions.current[after.key]);
    switch (action.to) {
      case 'stay':
        return undefined;
      case 'top':
        scrollTop(0);
        return undefined;
      case 'anchor':
        if (before) scrollTop(0);
        return untilSettled(() => toAnchor(action.hash));
      case 'position':
        return untilSettled(() => restore(action.top));
      default: {
        const never: never = action;
        return never;
      }
    }
  }, [location.key, location.pathname, location.hash, type]);

  return null;
}

/** Scrolls to `top`; done once the page is tall enough to stand there. */
function restore(top: number): boolean {
  scrollTop(top);
  return Math.abs(window.scrollY - top) < 2;
}

/** Scrolls the anchor's element into view; done once the page holds it. */
function toAnchor(hash: string): boolean {
  const target = anchorTarget(hash);
  if (!target) return false;
  target.scrollIntoView({ block: 'start', behavior: 'instant' });
  return true;
}
