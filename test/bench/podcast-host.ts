// The laptop host of the podcast benchmark, in a process of its own (forked by ./podcast.ts) so
// that its RSS is the host's alone, started from scratch as `npm start` starts it: nothing of the
// study engine or the speech engine loaded. It starts on the data directory and port it is given,
// tells its parent when it is ready and when its background warm-up is over, and answers:
// { measure: 'start' } (samples its memory every 50 ms from then), { measure: 'stop' } (the peak
// RSS growth since the start, split into the host thread's heap, its buffers and the rest),
// { closeSpeech: true } (ends the speech workers, as a minute without speech does).
import { getHeapSpaceStatistics } from 'node:v8';
import { startLocalHost } from '../../lib/local/host.js';
import { closeSpeech } from '../../functions/platform/speech/index.js';

export type HostMessage =
  | { ready: true; rss: number }
  | { warmed: true; rss: number }
  | { measured: { growth: number; heap: number; buffers: number; before: number; heapSpaces: Record<string, number>; keptRss: number; keptHeap: number } }
  | { speechClosed: true };

const [dataDir, port] = process.argv.slice(2);
const send = (m: HostMessage) => process.send!(m);
const host = await startLocalHost({ dataDir, port: Number(port), quiet: true });
send({ ready: true, rss: process.memoryUsage().rss });
void host.warmedUp.then(() => send({ warmed: true, rss: process.memoryUsage().rss }));

/** The host thread's heap spaces (new, old, large objects, code), in bytes. */
const spaces = () => Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name.replace(/_space$/, ''), x.space_size]));
let sampling: { timer: NodeJS.Timeout; before: NodeJS.MemoryUsage; peak: NodeJS.MemoryUsage; spacesBefore: Record<string, number>; spacesAtPeak: Record<string, number> } | undefined;
process.on('message', (m: { measure?: 'start' | 'stop'; closeSpeech?: boolean; stop?: boolean }) => {
  if (m.measure === 'start') {
    global.gc?.();
    const before = process.memoryUsage();
    const state = { before, peak: before, spacesBefore: spaces(), spacesAtPeak: spaces(), timer: setInterval(() => {
      const now = process.memoryUsage();
      if (now.rss > state.peak.rss) [state.peak, state.spacesAtPeak] = [now, spaces()];
    }, 50) };
    sampling = state;
  } else if (m.measure === 'stop' && sampling) {
    clearInterval(sampling.timer);
    const { before, peak, spacesBefore, spacesAtPeak } = sampling;
    sampling = undefined;
    const heapSpaces = Object.fromEntries(Object.keys(spacesAtPeak).map((k) => [k, spacesAtPeak[k] - (spacesBefore[k] ?? 0)]));
    global.gc?.();
    const after = process.memoryUsage();
    send({ measured: { growth: peak.rss - before.rss, heap: peak.heapTotal - before.heapTotal, buffers: peak.external - before.external, before: before.rss, heapSpaces, keptRss: after.rss - before.rss, keptHeap: after.heapUsed - before.heapUsed } });
  } else if (m.closeSpeech) {
    void closeSpeech().then(() => send({ speechClosed: true }));
  } else if (m.stop) {
    void host.stop().then(() => process.exit(0));
  }
});
