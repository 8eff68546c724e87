// Podcast benchmark, part of `npm run bench` (`npm run bench podcast`): on the laptop host, a long
// episode (10 to 15 minutes) of a 30-page French course, from the click (POST) to the first
// playable segment (segment 0 has its audio) and to the whole episode ready, with the host's RSS
// growth split into parts, beside the speech engine's own speed on the same script in the same
// run (the segments spoken one after the other, straight to MP3, with no pipeline around them).
// The host runs in a process of its own (./podcast-host.ts), started as `npm start` starts it, so
// that its RSS is the host's alone and its first study action is really its first:
//   1. a click right after the host is ready (its background warm-up still loading the engine),
//      then the next episode once its speech workers have ended (as after a minute idle);
//   2. another start of the host, the click once its warm-up is over.
// Targets: first segment ≤ 5 s, whole episode ≤ 60 s (≥ 10× real time), RSS growth ≤ 150 MB.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { localSpeech } from '../../functions/platform/speech/local.js';
import { MAX_SPEECH_WORKERS } from '../../functions/platform/speech/pool.js';
import { coursePdf } from '../support/fixtures.js';
import { largeCourse } from '../support/courses.js';
import { api, newUser, startTestHost, type TestUser } from '../support/host.js';
import { makePremium, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';
import type { HostMessage } from './podcast-host.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const HOST_SCRIPT = new URL('./podcast-host.ts', import.meta.url);

/** The host in its own process, as `npm start` runs it (tsx, the same environment). */
async function spawnHost(dataDir: string, port: number) {
  const t0 = performance.now();
  const child: ChildProcess = fork(HOST_SCRIPT, [dataDir, String(port)], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<HostMessage, Record<K, unknown>>>((resolve, reject) => {
      const onMessage = (m: HostMessage) => {
        if (key in m) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as Extract<HostMessage, Record<K, unknown>>);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`the benchmark's host stopped (exit code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const warmed = next('warmed').then((m) => ({ ...m, ms: performance.now() - t0 }));
  warmed.catch(() => undefined);
  const ready = await next('ready');
  return {
    url: `http://localhost:${port}`,
    readyMs: performance.now() - t0,
    readyRss: ready.rss,
    warmed,
    measureStart: () => child.send({ measure: 'start' }),
    measureStop: async () => {
      const result = next('measured');
      child.send({ measure: 'stop' });
      return (await result).measured;
    },
    closeSpeech: async () => {
      const done = next('speechClosed');
      child.send({ closeSpeech: true });
      await done;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
}
type BenchHost = Awaited<ReturnType<typeof spawnHost>>;

/** One episode from the click to ready, with the host's RSS growth meanwhile. */
async function episode(host: BenchHost, user: TestUser, subjectId: string, fileId: string) {
  host.measureStart();
  const t0 = performance.now();
  const started = await api(host, `/api/subjects/${subjectId}/podcasts`, { method: 'POST', token: user.accessToken, body: { file_id: fileId, duration: 'long', style: 'host' } });
  if (started.status !== 202) throw new Error(`generation refused: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.podcast.id as string;
  let firstMs = 0;
  let scriptMs = 0;
  // Until segment 1 plays, the episode (segments and signed URLs) is read every 100 ms; then as
  // the page reads it (every 1.5 s), its status alone read every 100 ms (the subject's list).
  let podcast;
  let status: string;
  let readAt = 0;
  for (;;) {
    const now = performance.now();
    if (!firstMs || now - readAt >= 1_500) {
      podcast = (await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).body.podcast;
      status = podcast.status as string;
      readAt = now;
    } else {
      const listed = (await api(host, `/api/subjects/${subjectId}/podcasts`, { token: user.accessToken })).body.podcasts as { id: string; status: string }[];
      status = listed.find((p) => p.id === id)?.status ?? 'deleted';
    }
    if (!scriptMs && status !== 'scripting') scriptMs = performance.now() - t0;
    if (!firstMs && podcast.segments?.[0]?.audio_url) firstMs = performance.now() - t0;
    if (status === 'ready' || status === 'failed' || status === 'deleted') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wholeMs = performance.now() - t0;
  const memory = await host.measureStop();
  podcast = (await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).body.podcast;
  if (podcast.status !== 'ready') throw new Error(`the podcast failed: ${podcast.error}`);
  return { podcast, scriptMs, firstMs, wholeMs, ...memory };
}
type Episode = Awaited<ReturnType<typeof episode>>;

/** The speech engine alone on the script, in this process with one worker: its speed and what one worker costs. */
async function engineAlone(segments: readonly { text: string; speaker: 0 | 1 }[]) {
  const speech = localSpeech({ workers: 1 });
  try {
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    await speech.synthesize('.', 'fr', 0);
    const started = process.memoryUsage().rss - rss0;
    let peak = 0;
    const t0 = performance.now();
    for (const seg of segments) {
      await speech.synthesize(seg.text, 'fr', seg.speaker);
      peak = Math.max(peak, process.memoryUsage().rss - rss0);
    }
    return { ms: performance.now() - t0, started, peak };
  } finally {
    await speech.close();
  }
}

export async function benchPodcast(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'revise-bench-podcast-'));
  try {
    // The student, the Premium plan and the course, on a host in this process; the benchmark's
    // hosts then start on the same data and port (the tokens stay valid).
    const setup = await startTestHost({ dataDir });
    let user: TestUser, subjectId: string, fileId: string;
    try {
      user = await newUser(setup);
      await makePremium(user);
      subjectId = (await createSubject(setup, user.accessToken, 'Mécanique')).id;
      const pages = largeCourse(30, 'fr').pages.map((p) => p.text);
      fileId = await readyFile(setup, user, subjectId, 'Mecanique', await coursePdf(pages, { title: 'Mécanique' }));
    } finally {
      await setup.stop();
    }

    const cold = await spawnHost(dataDir, setup.port);
    let first: Episode, next: Episode;
    try {
      first = await episode(cold, user, subjectId, fileId);
      await cold.closeSpeech();
      next = await episode(cold, user, subjectId, fileId);
    } finally {
      await cold.stop();
    }
    const warm = await spawnHost(dataDir, setup.port);
    let warmed: Awaited<BenchHost['warmed']>, afterWarmUp: Episode;
    try {
      warmed = await warm.warmed;
      afterWarmUp = await episode(warm, user, subjectId, fileId);
    } finally {
      await warm.stop();
    }

    const podcast = first.podcast;
    const segments = podcast.segments as { text: string; speaker: 0 | 1 }[];
    const engine = await engineAlone(segments);
    const audio = podcast.duration_seconds as number;
    const words = segments.reduce((n, x) => n + x.text.split(/\s+/).length, 0);
    console.log(`podcast (laptop host, ${podcast.segments_total} segments, ${words} words, ${(audio / 60).toFixed(1)} min of audio, 30-page course, ${MAX_SPEECH_WORKERS} speech worker(s), MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? 'unset'})`);
    console.log(`  speech engine alone       ${s(engine.ms)}   ${(audio / (engine.ms / 1000)).toFixed(1)}× real time (the same script, segments one after the other, one worker)`);
    console.log(`    one speech worker       ${mb(engine.started)} once started (its isolate, espeak-ng's and LAME's WebAssembly), ${mb(engine.peak)} at most while speaking the script`);
    console.log(`  host process: ready ${s(cold.readyMs)} after its start at ${mb(cold.readyRss)} RSS; warm-up (PDFium's worker, the study engine's modules) over ${s(warmed.ms)} after the start, at ${mb(warmed.rss)} RSS`);
    const report = (label: string, run: Episode) => {
      console.log(`  ${label}`);
      console.log(`    script written          ${s(run.scriptMs)}`);
      console.log(`    first playable segment  ${s(run.firstMs)}   (target ≤ 5 s)   segment 1 lasts ${(run.podcast.segments[0].duration_seconds as number).toFixed(1)} s`);
      console.log(`    whole episode ready     ${s(run.wholeMs)}   ${(audio / (run.wholeMs / 1000)).toFixed(1)}× real time   (target ≤ 60 s, ≥ 10×)   pipeline / engine = ${(run.wholeMs / engine.ms).toFixed(2)}`);
      console.log(`    host RSS growth         ${mb(run.growth)} from ${mb(run.before)}   (target ≤ 150 MB)`);
      console.log(`      of which the host thread's JavaScript heap (API, state machine, dynalite, s3rver) ${mb(run.heap)}, its buffers ${mb(run.buffers)}, the rest (speech workers, compiled code, native) ${mb(run.growth - run.heap - run.buffers)}`);
      const spaces = Object.entries(run.heapSpaces).filter(([, v]) => Math.abs(v) >= 1024 * 1024).map(([k, v]) => `${k} ${mb(v)}`);
      console.log(`      the heap's growth by space: ${spaces.join(', ') || 'none'}; kept once the episode is ready and collected: RSS ${mb(run.keptRss)}, heap in use ${mb(run.keptHeap)}`);
    };
    report('click right after the host is ready (its warm-up still running)', first);
    report('next episode (speech workers started again)', next);
    report('click after the warm-up is over (another start of the host)', afterWarmUp);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
