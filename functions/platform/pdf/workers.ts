// The PDF worker threads (functions/platform/pdf/worker.mjs): a small pool kept warm between
// documents (PDFium compiles once, not per upload), ended after a minute without
// work. A worker that times out or crashes is ended and replaced, never reused. Idle workers do
// not keep the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** In the cloud bundle the worker is bundled beside the function's code under the same name. */
export const WORKER_URL = new URL('./worker.mjs', import.meta.url);

const IDLE_MS = 60_000;
const READY_TIMEOUT_MS = 60_000;
/**
 * The worker's JavaScript heap holds little (PDFium's own memory is WebAssembly's); V8's default
 * young generation (48 MB) would let each worker keep that much garbage before collecting.
 */
const YOUNG_GENERATION_MB = 16;
/** Workers at the same time: two documents, or one long document read by two (index.ts). */
export const MAX_PDF_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export class WorkerTimeout extends Error {
  constructor(readonly ms: number) {
    super(`The PDF worker did not answer within ${ms} ms`);
    this.name = 'WorkerTimeout';
  }
}

export class WorkerFailure extends Error {
  constructor(message: string, readonly remoteName = 'Error') {
    super(message);
    this.name = remoteName;
  }
}

type Reply = { id: number; ok: boolean; error?: { name: string; message: string } } & Record<string, unknown>;

/** PDFium compiled once, by the first worker, and given to the next ones (worker.mjs). */
let compiledPdfium: WebAssembly.Module | undefined;

export class PdfWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: Reply): void; reject(e: Error): void; timer?: NodeJS.Timeout }>();
  private nextId = 1;
  private exited = false;
  readonly ready: Promise<void>;

  constructor() {
    // No inherited flags: the worker is plain JavaScript and needs no TypeScript loader. Its
    // standard output carries nothing the product needs.
    this.worker = new Worker(WORKER_URL, { workerData: { module: compiledPdfium }, execArgv: [], stdout: true, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker.stdout.resume();
    this.worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new WorkerTimeout(READY_TIMEOUT_MS)), READY_TIMEOUT_MS);
      timer.unref();
      this.worker.once('message', (m: { ready?: boolean; module?: WebAssembly.Module; error?: { message: string } }) => {
        clearTimeout(timer);
        if (m.module) compiledPdfium ??= m.module;
        if (m.ready) resolve();
        else reject(new WorkerFailure(`PDFium could not be loaded: ${m.error?.message ?? 'unknown error'}`));
      });
      this.worker.once('exit', () => reject(new WorkerFailure('The PDF worker stopped while starting')));
    });
    // A worker that could not load PDFium is of no use: it ends, and the pool replaces it.
    this.ready.catch(() => void this.terminate());
    this.worker.on('message', (m: Reply) => {
      if (typeof m.id !== 'number') return;
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.settle(m.id);
      if (m.ok) waiting.resolve(m);
      else waiting.reject(new WorkerFailure(m.error?.message ?? 'PDF worker error', m.error?.name));
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.failAll(new WorkerFailure(`The PDF worker stopped (exit code ${code})`));
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Sends one request; rejects with WorkerTimeout (and ends the worker) past `timeoutMs`. */
  async call(op: string, payload: Record<string, unknown>, timeoutMs: number): Promise<Reply> {
    await this.ready;
    if (this.exited) throw new WorkerFailure('The PDF worker has stopped');
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id);
        reject(new WorkerTimeout(timeoutMs));
        void this.terminate();
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      // Keeps the process alive while an answer is awaited.
      this.worker.ref();
      this.worker.postMessage({ id, op, ...payload });
    });
  }

  private settle(id: number): void {
    clearTimeout(this.pending.get(id)?.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private failAll(err: Error): void {
    for (const [id, waiting] of [...this.pending]) {
      this.settle(id);
      waiting.reject(err);
    }
  }

  async terminate(): Promise<void> {
    if (this.exited) return;
    this.exited = true;
    await this.worker.terminate().catch(() => undefined);
  }
}

const idle: { worker: PdfWorker; timer: NodeJS.Timeout }[] = [];
/** Workers currently in the pool or ended, as opposed to lent to a document. */
const released = new WeakSet<PdfWorker>();
const queue: ((w: PdfWorker) => void)[] = [];
let live = 0;

function lend(worker: PdfWorker): PdfWorker {
  released.delete(worker);
  return worker;
}

/** A worker for one document; give it back with release(). Waits when the pool is busy. */
export async function acquireWorker(): Promise<PdfWorker> {
  return freeWorker() ?? new Promise<PdfWorker>((resolve) => queue.push(resolve));
}

/** An idle worker, or a new one if the pool has room; null when every worker is busy. */
function freeWorker(): PdfWorker | null {
  while (idle.length > 0) {
    const entry = idle.pop()!;
    clearTimeout(entry.timer);
    if (entry.worker.alive) return lend(entry.worker);
    live--;
  }
  if (live < MAX_PDF_WORKERS) {
    live++;
    return new PdfWorker();
  }
  return null;
}

/**
 * A second worker for a long document, only if one is free now (idle, or room in the pool): a
 * document never waits for a helper, and a helper never delays another document.
 */
export function tryAcquireWorker(): PdfWorker | null {
  return queue.length > 0 ? null : freeWorker();
}

/** Returns a worker to the pool; one that misbehaved (`healthy` false) is ended instead. */
export function releaseWorker(worker: PdfWorker, healthy: boolean): void {
  // Releasing twice (a document closed after its worker was replaced) must not count twice.
  if (released.has(worker)) return;
  released.add(worker);
  if (!healthy || !worker.alive) {
    void worker.terminate();
    const next = queue.shift();
    if (next) next(new PdfWorker());
    else live--;
    return;
  }
  const next = queue.shift();
  if (next) return next(lend(worker));
  const timer = setTimeout(() => {
    const i = idle.findIndex((e) => e.worker === worker);
    if (i >= 0) idle.splice(i, 1);
    live--;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

/** Ends the idle workers (the laptop host calls this when it stops). */
export async function closePdfWorkers(): Promise<void> {
  const all = idle.splice(0);
  for (const { timer } of all) clearTimeout(timer);
  live -= all.length;
  await Promise.all(all.map(({ worker }) => worker.terminate()));
}
