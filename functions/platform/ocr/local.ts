// OCR on the laptop: tesseract.js with the French and English models shipped by npm
// (@tesseract.js-data/fra and /eng, LSTM "best_int"). tesseract.js reads its models from one
// folder (`langPath`); without one it downloads them from a CDN, so the two files are copied once
// into OCR_DATA_DIR (the host points it into its data directory). One worker thread is kept and
// reused, its languages switched when a student's profile asks for the other order, and ended
// after a while without work so that an idle laptop host does not hold its memory.
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger } from '../logger.js';
import type { OcrJob, OcrLanguages, OcrLine, OcrProvider } from './types.js';
import { config } from '../config.js';

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

const MODEL_LANGUAGES = ['fra', 'eng'] as const;
const MODEL_FOLDER = '4.0.0_best_int';
/** The worker thread is ended after this long without a page to read. */
const IDLE_MS = 2 * 60 * 1000;

const require = createRequire(import.meta.url);

/** The folder tesseract.js reads `{fra,eng}.traineddata.gz` from (OCR_DATA_DIR, else a temp folder). */
export function ocrDataDir(): string {
  return path.resolve(config().OCR_DATA_DIR || path.join(tmpdir(), 'revise-ocr'));
}

/** Copies the npm-shipped models into the data folder, unless an identical copy is there. */
export async function prepareOcrData(dir: string = ocrDataDir()): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const lang of MODEL_LANGUAGES) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const source = path.join(pkg, MODEL_FOLDER, `${lang}.traineddata.gz`);
    const target = path.join(dir, `${lang}.traineddata.gz`);
    const [from, to] = await Promise.all([stat(source), stat(target).catch(() => null)]);
    if (to?.size === from.size) continue;
    const partial = `${target}.${process.pid}.partial`;
    await copyFile(source, partial);
    await rename(partial, target);
  }
  return dir;
}

interface WorkerState {
  languages: OcrLanguages;
  worker: Promise<TesseractWorker>;
}

let state: WorkerState | undefined;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | undefined;

async function startWorker(languages: OcrLanguages): Promise<TesseractWorker> {
  const dir = await prepareOcrData();
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker(languages, OEM.LSTM_ONLY, {
    langPath: dir,
    gzip: true,
    cacheMethod: 'none',
    errorHandler: (err: unknown) => logger.warn({ err }, 'OCR worker reported an error'),
  });
}

async function workerFor(languages: OcrLanguages): Promise<TesseractWorker> {
  if (!state) {
    const worker = startWorker(languages);
    state = { languages, worker };
    worker.catch(() => {
      if (state?.worker === worker) state = undefined;
    });
    return worker;
  }
  const worker = await state.worker;
  if (state.languages !== languages) {
    await worker.reinitialize(languages);
    state.languages = languages;
  }
  return worker;
}

/** Runs jobs one after the other: the worker reads one image at a time anyway. */
function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

function armIdleTimer(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeLocalOcr(), IDLE_MS);
  idleTimer.unref();
}

/** Ends the worker thread (the laptop host calls this when it stops). */
export async function closeLocalOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const current = state;
  state = undefined;
  if (!current) return;
  await exclusive(async () => {
    const worker = await current.worker.catch(() => null);
    await worker?.terminate().catch(() => undefined);
  });
}

/** A PNG's size in pixels, from its IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return png.byteLength >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : { width: 0, height: 0 };
}

/** tesseract.js's lines with their boxes, as fractions of the page image. */
function linesOf(blocks: { paragraphs: { lines: { text: string; bbox: { x0: number; y0: number; x1: number; y1: number } }[] }[] }[] | null, image: Uint8Array): OcrLine[] {
  const { width, height } = pngSize(image);
  if (!blocks || !width || !height) return [];
  const out: OcrLine[] = [];
  for (const block of blocks)
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        const { x0, y0, x1, y1 } = line.bbox;
        if (text && x1 > x0 && y1 > y0) out.push({ text, left: x0 / width, top: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height });
      }
  return out;
}

export function localOcrProvider(): OcrProvider {
  return {
    name: 'local',
    recognize: (job: OcrJob) =>
      exclusive(async () => {
        clearTimeout(idleTimer);
        const texts = new Map<number, string>();
        try {
          const worker = await workerFor(job.languages);
          for (const page of job.pages) {
            if (job.deadline && Date.now() >= job.deadline) break;
            const image = await job.renderPage(page);
            const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: true });
            texts.set(page, data.text ?? '');
            const lines = linesOf(data.blocks, image);
            if (lines.length > 0) job.onLines?.(page, lines);
          }
        } finally {
          armIdleTimer();
        }
        return texts;
      }),
  };
}
