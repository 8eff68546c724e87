// Study time as a study page measures it (issue 13 "measured honestly"): time counts only while
// the page is visible and the student interacted within the last 2 minutes; what was counted is
// sent at most every 30 s, and at once when the page is hidden or left (a request that outlives
// the page). The server credits each moment once whatever the number of tabs
// (functions/core/study-time.ts). No React and no globals here: `useStudyHeartbeat` wires it to
// the document, and the unit tests drive it with fake timers.
import { HEARTBEAT_MAX_MS, IDLE_AFTER_MS } from '@core/study-time.js';

/** How often counted time is sent (never more often). */
export const HEARTBEAT_EVERY_MS = HEARTBEAT_MAX_MS;
/** Less than this is kept for the next beat rather than sent. */
export const MIN_BEAT_MS = 1_000;

/** What counts as the student interacting with the page. */
export const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart', 'input', 'mousemove'] as const;

/**
 * Active time between interactions: a stretch counts from an interaction until the next one, the
 * page being hidden, or 2 minutes without any, whichever comes first. Times are epoch milliseconds.
 */
export class ActiveTime {
  private visible: boolean;
  private lastInteraction: number | null = null;
  private countedUntil: number;
  private pending = 0;

  constructor(now: number, visible: boolean) {
    this.visible = visible;
    this.countedUntil = now;
  }

  private advance(now: number): void {
    if (this.visible && this.lastInteraction !== null) {
      const activeUntil = Math.min(now, this.lastInteraction + IDLE_AFTER_MS);
      if (activeUntil > this.countedUntil) this.pending += activeUntil - this.countedUntil;
    }
    this.countedUntil = Math.max(this.countedUntil, now);
  }

  interact(now: number): void {
    this.advance(now);
    if (this.visible) this.lastInteraction = now;
  }

  setVisible(visible: boolean, now: number): void {
    this.advance(now);
    this.visible = visible;
    // Coming back is not an interaction: time counts again from the next one.
    if (!visible) this.lastInteraction = null;
  }

  /** The active milliseconds counted so far and not yet taken. */
  peek(now: number): number {
    this.advance(now);
    return this.pending;
  }

  take(now: number): number {
    const ms = this.peek(now);
    this.pending = 0;
    return ms;
  }
}

export interface HeartbeatHost {
  /** Where visibility is read and `visibilitychange` fires (the document). */
  document: EventTarget & { visibilityState: string };
  /** Where interactions and `pagehide` fire (the window). */
  window: EventTarget;
  now?: () => number;
}

/**
 * Starts measuring; `send(ms, leaving)` gets each beat (leaving: the page is being hidden or left,
 * so the request must outlive it). Returns the stop function, which sends what is left.
 */
export function startHeartbeat(host: HeartbeatHost, send: (activeMs: number, leaving: boolean) => void): () => void {
  const now = host.now ?? Date.now;
  const clock = new ActiveTime(now(), host.document.visibilityState === 'visible');
  let lastSent = now();

  const flush = (leaving: boolean) => {
    // Never more than one beat per period, except on leaving; what is held back goes with the next.
    if (!leaving && now() - lastSent < HEARTBEAT_EVERY_MS) return;
    const ms = clock.peek(now());
    if (ms < MIN_BEAT_MS) return;
    clock.take(now());
    lastSent = now();
    // A beat claims at most what the server accepts; a longer stretch is the tab's clock jumping.
    send(Math.min(ms, HEARTBEAT_MAX_MS * 2), leaving);
  };

  const onInteract = () => clock.interact(now());
  const onVisibility = () => {
    const visible = host.document.visibilityState === 'visible';
    clock.setVisible(visible, now());
    if (!visible) flush(true);
  };
  const onPageHide = () => {
    clock.setVisible(false, now());
    flush(true);
  };

  for (const type of INTERACTION_EVENTS) host.window.addEventListener(type, onInteract, { passive: true, capture: true });
  host.document.addEventListener('visibilitychange', onVisibility);
  host.window.addEventListener('pagehide', onPageHide);
  const timer = setInterval(() => flush(false), HEARTBEAT_EVERY_MS);

  return () => {
    clearInterval(timer);
    for (const type of INTERACTION_EVENTS) host.window.removeEventListener(type, onInteract, { capture: true });
    host.document.removeEventListener('visibilitychange', onVisibility);
    host.window.removeEventListener('pagehide', onPageHide);
    flush(true);
  };
}
