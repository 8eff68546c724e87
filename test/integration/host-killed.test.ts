// The laptop host killed for real in the middle of an episode: a host started as its own process
// (test/support/host-process.ts, as `npm start` runs it) on a free port and a temporary data
// directory speaks a free student's podcast; while the episode is being spoken the process gets
// SIGKILL (nothing flushed, the run lost); a new host on the same data directory and port, its
// recovery sweep run as its schedule would minutes later, resumes the podcast. Killed again while
// its resumed run speaks, the next sweep ends it as failed with the spec's message, every audio
// object of it removed and its monthly unit given back. (Should the resumed run finish before it
// can be killed, the episode must be whole, its unit spent once.) About 30–60 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PODCAST_RUN_START_GRACE_SECONDS } from '../../functions/core/podcasts.js';
import type { RecoveryResult } from '../../functions/pipelines/podcast-recovery.js';
import { api } from '../support/host.js';
import { BIOLOGY } from '../support/study.js';

const root = path.resolve(import.meta.dirname, '../..');

interface HostProcess {
  url: string;
  port: number;
  child: ChildProcess;
  run<T>(cmd: string, args?: Record<string, string>): Promise<T>;
}

/** Starts the host as its own process; resolves once it answers. */
function startHostProcess(dataDir: string, port: number): Promise<HostProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['test/support/host-process.ts', dataDir, String(port)], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) => {
      for (const w of waiting.values()) w.reject(new Error(`host exited (${code ?? signal})`));
      reject(new Error(`host exited before it was ready (${code ?? signal}): ${stderr}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('@@')) return;
      const message = JSON.parse(line.slice(2)) as { ready?: { url: string; port: number }; id?: number; result?: unknown; error?: string };
      if (message.ready) {
        resolve({
          ...message.ready,
          child,
          run: <T>(cmd: string, args: Record<string, string> = {}) =>
            new Promise<T>((res, rej) => {
              const id = next++;
              waiting.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              child.stdin!.write(`${JSON.stringify({ id, cmd, args })}\n`);
            }),
        });
        return;
      }
      const w = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.error) w?.reject(new Error(message.error));
      else w?.resolve(message.result);
    });
  });
}

/** SIGKILL, and its end awaited. */
async function kill(host: HostProcess): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  const exited = new Promise((resolve) => host.child.once('exit', resolve));
  host.child.kill('SIGKILL');
  await exited;
}

let dataDir: string;
let host: HostProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'revise-killed-'));
});

afterAll(async () => {
  if (host) {
    host.child.stdin!.end();
    await kill(host);
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('a laptop host killed mid-episode', () => {
  it('resumes the podcast after the restart; killed again, ends it as failed, its audio removed and its unit given back', { timeout: 180_000 }, async () => {
    host = await startHostProcess(dataDir, 0);
    const port = host.port;
    const student = await host.run<{ token: string; sub: string; subjectId: string; fileId: string }>('student', { pages: JSON.stringify(BIOLOGY) });
    const call = (p: string, opts: { method?: string; body?: unknown } = {}) => api(host!, p, { ...opts, token: student.token, headers: { 'accept-language': 'fr' } });
    const used = async () => (await call('/api/usage')).body.features.podcast_generation.used as number;
    const podcast = async () => (await call(`/api/podcasts/${podcastId}`)).body.podcast as { status: string; segments_done: number; segments_total: number; error: string | null };
    const audio = async () => host!.run<string[]>('audio', { user: student.sub, podcast: podcastId });
    /** Polls until part of the episode is spoken and stored, not all of it; false if it became ready first. */
    const midEpisode = async (after = 0): Promise<boolean> => {
      for (const until = Date.now() + 60_000; Date.now() < until; ) {
        const p = await podcast();
        if (p.status === 'synthesising' && p.segments_done > after && p.segments_done < p.segments_total) return true;
        if (p.status === 'ready' || p.status === 'failed') return false;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the episode was never being spoken');
    };
    /** Kills the host and starts it again on the same data and port. */
    const crash = async () => {
      await kill(host!);
      host = await startHostProcess(dataDir, port);
    };
    /** The recovery sweep as its schedule would run it `minutes` from now. */
    const sweep = async (minutes: number) => host!.run<RecoveryResult>('sweep', { at: new Date(Date.now() + minutes * 60_000).toISOString() });

    const started = await call(`/api/subjects/${student.subjectId}/podcasts`, { method: 'POST', body: { file_id: student.fileId, duration: 'short', style: 'host' } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const podcastId = started.body.podcast.id as string;
    expect(await used()).toBe(1);
    // (Should the whole episode be spoken before a look catches it midway, it must be whole.)
    const caught = await midEpisode();

    /** The run outpaced its kill: the whole episode, spoken once, its unit spent once. */
    const wholeEpisode = async () => {
      const p = await podcast();
      expect(p.status).toBe('ready');
      expect(p.segments_done).toBe(p.segments_total);
      expect(await audio()).toHaveLength(p.segments_total);
      expect(await used()).toBe(1);
    };

    if (!caught) return wholeEpisode();
    // Killed while speaking; after the restart the sweep (past the run's start grace) resumes it.
    await crash();
    const killed = await podcast();
    // Under load the last segments may be spoken between the look and the kill.
    if (killed.status === 'ready') return wholeEpisode();
    expect(killed.status).toBe('synthesising');
    expect(killed.segments_done).toBeGreaterThan(0);
    expect(killed.segments_done).toBeLessThan(killed.segments_total);
    // The kill may fall between a segment's audio stored and its count written: one more object at most.
    const stored = (await audio()).length;
    expect(stored).toBeGreaterThanOrEqual(killed.segments_done);
    expect(stored).toBeLessThanOrEqual(killed.segments_done + 1);
    const first = await sweep(PODCAST_RUN_START_GRACE_SECONDS / 60 + 1);
    expect(first).toMatchObject({ resumed: 1, failed: 0, errors: 0 });
    expect(await used()).toBe(1);

    if (await midEpisode(killed.segments_done)) {
      // Its resumed run killed too: nothing is left to resume; the podcast ends as failed.
      await crash();
      if ((await podcast()).status === 'ready') return wholeEpisode();
      expect((await audio()).length).toBeGreaterThan(0);
      const second = await sweep(2 * (PODCAST_RUN_START_GRACE_SECONDS / 60 + 1) + 1);
      expect(second).toMatchObject({ resumed: 0, failed: 1, errors: 0 });
      const p = await podcast();
      expect(p).toMatchObject({ status: 'failed', error: 'podcast_audio_failed' });
      expect(await audio()).toEqual([]);
      expect(await used()).toBe(0);
    } else {
      // The resumed run finished first.
      await wholeEpisode();
    }
  });
});
