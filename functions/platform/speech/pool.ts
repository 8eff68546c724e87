// The laptop's speech worker threads (./worker.mjs): a small bounded pool (one worker by default,
// chosen from the measured memory budget), started when speech is first asked for, so that the
// segments the podcast Map speaks never run on the thread that serves requests. Utterances are
// spoken in the order they were asked for (segment 1 of an episode first). A worker that crashes,
// hangs or reports a broken instance fails its utterance and is replaced for the next one. Idle
// workers do not keep the process alive and end after a minute without work; close() ends them all.
import { Worker } from 'node:worker_threads';

/**
 * Workers at most: one, from the host's memory budget (RSS growth ≤ 150 MB an episode). Measured
 * on the long episode (`npm run bench podcast`): a started worker costs about 25 MB, and V8's
 * optimising of espeak-ng's code 30–50 MB more at its first utterances; with two workers the
 * host's RSS grew 112–165 MB an episode, with one 72–151 MB, and one still speaks the 13.6 minutes
 * in 20–55 s at load average 5–9 on 2 cores (the host thread, busy with the pipeline's storage,
 * uses the other core).
 */
export const MAX_SPEECH_WORKERS = 1;
const IDLE_MS = 60_000;
const READY_TIMEOUT_MS = 60_000;
/**
 * A worker's JavaScript heap holds little between utterances (espeak-ng's and LAME's memory is
 * WebAssembly's); V8's default young generation would let each worker keep tens of MB of garbage.
 */
const YOUNG_GENERATION_MB = 4;

/** Speech failed in its worker (a crash, a time-out, espeak-ng or LAME refusing the input). */
export class SpeechFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechFailure';
  }
}

export interface Utterance {
  text: string;
  /** espeak-ng's voice (`fr+f3`) and its speed setting (words per minute). */
  voice: string;
  speed: number;
}

interface Job {
  utterance: Utterance;
  resolve(mp3: Uint8Array): void;
  reject(err: Error): void;
}

type Reply = { id: number; ok: boolean; mp3?: Uint8Array; error?: { message: string }; retire?: boolean };

/** One worker thread: one utterance at a time. */
class SpeechThread {
  private readonly worker: Worker;
  readonly ready: Promise<void>;
  private current: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  alive = true;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(url: URL, workerData: Record<string, unknown>, onModule: (compiled: unknown) => void) {
    // No inherited flags: the worker is plain JavaScript and needs no TypeScript loader.
    this.worker = new Worker(url, { workerData, execArgv: [], stdout: true, stderr: true, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    this.worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SpeechFailure(`The speech worker did not start within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      timer.unref();
      this.worker.once('message', (m: { ready?: boolean; espeak?: unknown; error?: { message: string } }) => {
        clearTimeout(timer);
        if (m.espeak) onModule(m.espeak);
        if (m.ready) resolve();
        else reject(new SpeechFailure(`The speech engine could not be loaded: ${m.error?.message ?? 'unknown error'}`));
      });
      this.worker.once('exit', (code) => reject(new SpeechFailure(`The speech worker stopped while starting (exit code ${code})`)));
    });
    this.ready.catch(() => void this.terminate());
    this.worker.on('message', (m: Reply) => {
      if (typeof m.id !== 'number' || m.id !== this.current?.id) return;
      const { job } = this.finish();
      if (m.retire) void this.terminate();
      if (m.ok && m.mp3) job.resolve(m.mp3);
      else job.reject(new SpeechFailure(m.error?.message ?? 'Speech failed in its worker'));
    });
    this.worker.on('error', (err) => this.fail(new SpeechFailure(`The speech worker failed: ${err.message}`)));
    this.worker.on('exit', (code) => {
      this.alive = false;
      this.fail(new SpeechFailure(`The speech worker stopped (exit code ${code})`));
    });
  }

  /** Speaks one utterance; past `timeoutMs` the worker is ended and the utterance fails. */
  async speak(job: Job, timeoutMs: number): Promise<void> {
    try {
      await this.ready;
    } catch (err) {
      return job.reject(err as Error);
    }
    if (!this.alive) return job.reject(new SpeechFailure('The speech worker has stopped'));
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.fail(new SpeechFailure(`The speech worker did not answer within ${timeoutMs} ms`));
      void this.terminate();
    }, timeoutMs);
    this.current = { id, job, timer };
    // Keeps the process alive while an answer is awaited.
    this.worker.ref();
    this.worker.postMessage({ id, ...job.utterance });
  }

  private finish(): { job: Job } {
    const current = this.current!;
    clearTimeout(current.timer);
    this.current = undefined;
    this.worker.unref();
    return current;
  }

  private fail(err: Error): void {
    if (this.current) this.finish().job.reject(err);
  }

  async terminate(): Promise<void> {
    this.alive = false;
    clearTimeout(this.idleTimer);
    await this.worker.terminate().catch(() => undefined);
  }
}

export class SpeechPool {
  private readonly threads = new Set<SpeechThread>();
  private readonly idle: SpeechThread[] = [];
  private readonly queue: Job[] = [];
  /** espeak-ng compiled by the first worker, given to the next ones. */
  private compiled: unknown;

  constructor(
    private readonly options: {
      workerUrl: URL;
      /** Files of espeak-ng's data folder the voices need (relative to it). */
      dataFiles: readonly string[];
      size?: number;
      /** The time one utterance may take, from its length in characters. */
      timeoutMs?: (characters: number) => number;
    },
  ) {}

  get size(): number {
    return this.options.size ?? MAX_SPEECH_WORKERS;
  }

  /** Speaks one utterance to MP3 in a worker; utterances start in the order they were asked for. */
  speak(utterance: Utterance): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ utterance, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let thread = this.idle.pop();
      if (thread && !thread.alive) {
        this.threads.delete(thread);
        continue;
      }
      if (!thread) {
        if (this.threads.size >= this.size) return;
        thread = this.spawn();
      }
      clearTimeout(thread.idleTimer);
      const job = this.queue.shift()!;
      const chosen = thread;
      const timeoutMs = this.options.timeoutMs?.(job.utterance.text.length) ?? 60_000 + 20 * job.utterance.text.length;
      const settle = () => this.release(chosen);
      void chosen.speak({ ...job, resolve: (mp3) => (settle(), job.resolve(mp3)), reject: (err) => (settle(), job.reject(err)) }, timeoutMs);
    }
  }

  /** Starts the workers ahead of the first utterances (espeak-ng and LAME loaded), idle until asked. */
  warm(): void {
    while (this.threads.size < this.size) this.release(this.spawn());
  }

  private spawn(): SpeechThread {
    const thread = new SpeechThread(this.options.workerUrl, { espeak: this.compiled, dataFiles: [...this.options.dataFiles] }, (m) => (this.compiled ??= m));
    this.threads.add(thread);
    return thread;
  }

  /** A worker done with its utterance: back to the pool, or replaced at the next one if it ended. */
  private release(thread: SpeechThread): void {
    if (!thread.alive) this.threads.delete(thread);
    else {
      thread.idleTimer = setTimeout(() => {
        const i = this.idle.indexOf(thread);
        if (i >= 0) this.idle.splice(i, 1);
        this.threads.delete(thread);
        void thread.terminate();
      }, IDLE_MS);
      thread.idleTimer.unref();
      this.idle.push(thread);
    }
    queueMicrotask(() => this.pump());
  }

  /** Ends every worker; utterances waiting or in progress fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new SpeechFailure('The speech workers were closed'));
    const all = [...this.threads];
    this.threads.clear();
    this.idle.length = 0;
    await Promise.all(all.map((t) => t.terminate()));
  }
}
