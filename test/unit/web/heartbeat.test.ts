// The study pages' heartbeat, driven by fake timers: time counts only while the page is visible
// and the student interacted in the last 2 minutes; beats go at most every 30 s, and at once when
// the page is hidden or left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../../../web/src/components/progress/heartbeat.js';

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

interface Beat {
  at: number;
  ms: number;
  leaving: boolean;
}

function page() {
  const doc = new FakeDocument();
  const win = new EventTarget();
  const beats: Beat[] = [];
  const start = Date.now();
  const stop = startHeartbeat({ document: doc, window: win }, (ms, leaving) => beats.push({ at: Date.now() - start, ms, leaving }));
  const interact = (type = 'pointerdown') => win.dispatchEvent(new Event(type));
  const total = () => beats.reduce((n, b) => n + b.ms, 0);
  return { doc, win, beats, stop, interact, total };
}

/** Advances `seconds`, the student interacting every `every` seconds (none when 0). */
async function spend(p: ReturnType<typeof page>, seconds: number, every = 0) {
  for (let s = 1; s <= seconds; s++) {
    await vi.advanceTimersByTimeAsync(1_000);
    if (every && s % every === 0) p.interact();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('study-page heartbeat', () => {
  it('counts nothing while the student does nothing on an open page', async () => {
    const p = page();
    await spend(p, 300);
    p.stop();
    expect(p.beats).toEqual([]);
  });

  it('sends the active time every 30 s while the student interacts, never more often', async () => {
    const p = page();
    p.interact();
    await spend(p, 95, 10);
    expect(p.beats.map((b) => [b.at, b.ms])).toEqual([
      [30_000, 30_000],
      [60_000, 30_000],
      [90_000, 30_000],
    ]);
    for (let i = 1; i < p.beats.length; i++) expect(p.beats[i].at - p.beats[i - 1].at).toBeGreaterThanOrEqual(30_000);
    p.stop();
    // Leaving sends the 5 s counted since the last beat, as a request that outlives the page.
    expect(p.beats.at(-1)).toEqual({ at: 95_000, ms: 5_000, leaving: true });
  });

  it('stops counting 2 minutes after the last interaction', async () => {
    const p = page();
    p.interact();
    await spend(p, 600);
    expect(p.total()).toBe(120_000);
    expect(p.beats.at(-1)!.at).toBe(120_000);
    // A new interaction counts again.
    p.interact('keydown');
    await spend(p, 30);
    expect(p.total()).toBe(150_000);
    p.stop();
  });

  it('stops when the page is hidden, sending at once what was counted, and resumes with the next interaction', async () => {
    const p = page();
    p.interact();
    await spend(p, 10);
    p.doc.set('hidden');
    expect(p.beats).toEqual([{ at: 10_000, ms: 10_000, leaving: true }]);
    // Hidden: nothing counts, whatever happens.
    await spend(p, 40, 5);
    p.doc.set('visible');
    // Visible again but untouched: nothing.
    await spend(p, 20);
    expect(p.total()).toBe(10_000);
    p.interact();
    await spend(p, 40);
    p.stop();
    expect(p.total()).toBe(50_000);
  });

  it('sends what is left when the page goes away', async () => {
    const p = page();
    p.interact();
    await spend(p, 12);
    p.win.dispatchEvent(new Event('pagehide'));
    expect(p.beats).toEqual([{ at: 12_000, ms: 12_000, leaving: true }]);
    p.stop();
    expect(p.beats).toHaveLength(1);
  });
});
