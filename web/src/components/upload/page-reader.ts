// Reading the text on photo mode's pages in the browser: tesseract.js in a Web Worker (off the
// main thread), with its worker script, WebAssembly core and French and English models served by
// the app itself (web/vite.config.ts), never by a CDN. One worker reads the pages one after the
// other and is ended afterwards. Reading never stops photo mode: a page that cannot be read gives
// '', and an engine that does not start or stops answering gives '' for every page left (the
// server then reads those pages itself).
import { ocrBase } from 'virtual:ocr-assets';
import type { OcrLanguages } from './page-text';

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/** Starting includes downloading the core and the models: generous, for a slow connection. */
const START_TIMEOUT_MS = 180_000;
/** A page that takes longer means the engine is stuck (out of memory on a phone, say). */
const PAGE_TIMEOUT_MS = 180_000;

export interface PageReader {
  /** The text on a page image (JPEG or PNG bytes); '' when it could not be read. Never rejects. */
  read(image: Uint8Array): Promise<string>;
  /** Ends the worker (also one still starting). */
  close(): void;
}

class Timeout extends Error {
  constructor(what: string) {
    super(`${what} timed out`);
    this.name = 'Timeout';
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(what)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Starts the OCR engine at once (its files load while the photos are being prepared). */
export function startPageReader(languages: OcrLanguages): PageReader {
  const base = new URL(ocrBase, window.location.href).href;
  let done = false;
  let reportStartFailure: (err: unknown) => void = () => undefined;
  // tesseract.js reports a model or initialisation failure only to errorHandler; the promise of
  // createWorker then never settles.
  const startFailure = new Promise<never>((_, reject) => {
    reportStartFailure = reject;
  });
  const creating = import('tesseract.js').then(({ createWorker, OEM }) =>
    createWorker(languages, OEM.LSTM_ONLY, {
      workerPath: `${base}worker.min.js`,
      // A folder: tesseract.js picks the relaxed-SIMD, SIMD or plain build the browser supports.
      corePath: base,
      langPath: base,
      gzip: true,
      // The files are cached by the browser like the app's other assets; no copy in IndexedDB.
      cacheMethod: 'none',
      // Once started, a failure also rejects the page's own promise: read() reports it.
      errorHandler: (err: unknown) => reportStartFailure(err),
    }),
  );
  // A worker that comes up after the reader gave up or was closed is ended at once.
  void creating.then(
    (worker) => {
      if (done) void worker.terminate();
    },
    () => undefined,
  );
  let worker: Promise<TesseractWorker> | null = within(Promise.race([creating, startFailure]), START_TIMEOUT_MS, 'Starting text recognition');
  worker.catch((err: unknown) => {
    console.warn('Text recognition is not available; the server will read the pages', err);
    done = true;
    worker = null;
  });

  const stop = () => {
    if (done) return;
    done = true;
    const current = worker;
    worker = null;
    void current?.then((w) => w.terminate()).catch(() => undefined);
  };

  return {
    async read(image) {
      const current = worker;
      if (!current) return '';
      try {
        const ready = await current;
        const { data } = await within(ready.recognize(image), PAGE_TIMEOUT_MS, 'Reading a page');
        return data.text ?? '';
      } catch (err) {
        if (worker !== current) return '';
        console.warn('A page could not be read in the browser; the server will read it', err);
        // A stuck engine is ended; an error on one page leaves it for the next.
        if (err instanceof Timeout) stop();
        return '';
      }
    },
    close: stop,
  };
}
