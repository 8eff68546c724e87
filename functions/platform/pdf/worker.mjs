// The PDF worker thread: pdf.js (legacy build) runs here, never in the thread that serves
// requests. Three reasons: pdf.js's legacy build installs global polyfills (Array push, JSON,
// `self`, `navigator`…) that would slow down and confuse the rest of the process; parsing a large
// file would otherwise hold the event loop; and a document that hangs pdf.js can be stopped by
// ending the thread. Plain JavaScript so that it starts without a TypeScript loader: in the cloud
// bundle it is bundled on its own beside the function's code (lib/ingestion.ts).
//
// Protocol (one request at a time per document, answered with the same id):
//   { id, op: 'open', path }              → { id, ok: true, pageCount }
//   { id, op: 'text', from, to }          → { id, ok: true, pages: [{ page, text } | { page, error }] }
//   { id, op: 'render', page, scale, maxSide } → { id, ok: true, png }   (png transferred)
//   { id, op: 'close' }                   → { id, ok: true }
// Failures answer { id, ok: false, error: { name, message } }.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { assemblePageText } from './page-text.mjs';

// The built-ins pdf.js's polyfills replace although Node's own are correct and faster.
const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };

/** pdf.js's data folders: beside this file in the cloud bundle, else in node_modules. */
function dataRoot() {
  const bundled = fileURLToPath(new URL('./pdfjs/', import.meta.url));
  if (existsSync(`${bundled}standard_fonts`)) return bundled;
  const pkg = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  return pkg.slice(0, -'package.json'.length);
}

/**
 * pdf.js's display layer builds a DOMMatrix when it loads; it borrows one from @napi-rs/canvas,
 * which the cloud bundle does not ship (it reads text there; OCR is Textract's). Without it, an
 * identity matrix class is enough to load and read text (rendering needs the real canvas).
 */
function ensureDomMatrix() {
  if (globalThis.DOMMatrix) return;
  try {
    const pkg = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
    createRequire(pkg)('@napi-rs/canvas');
    return;
  } catch {
    // No canvas: text only.
  }
  globalThis.DOMMatrix = class DOMMatrix {
    constructor(init) {
      const [a, b, c, d, e, f] = Array.isArray(init) && init.length === 6 ? init : [1, 0, 0, 1, 0, 0];
      Object.assign(this, { a, b, c, d, e, f, is2D: true });
    }
  };
}

async function loadPdfJs() {
  ensureDomMatrix();
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  globalThis.pdfjsWorker = worker;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  Array.prototype.push = natives.push;
  JSON.parse = natives.parse;
  JSON.stringify = natives.stringify;
  return pdfjs;
}

const pdfjsReady = loadPdfJs();
const root = dataRoot();
/** @type {import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy | null} */
let doc = null;

function errorOf(err) {
  return { name: err?.name ?? 'Error', message: String(err?.message ?? err) };
}

async function open(path) {
  const pdfjs = await pdfjsReady;
  if (doc) await doc.destroy().catch(() => undefined);
  doc = null;
  const bytes = readFileSync(path);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  doc = await pdfjs.getDocument({
    data: data.byteLength === data.buffer.byteLength ? data : data.slice(),
    standardFontDataUrl: `${root}standard_fonts/`,
    cMapUrl: `${root}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${root}wasm/`,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  return { pageCount: doc.numPages };
}

/** The text of pages `from`..`to`, assembled here so that only strings cross to the other thread. */
async function text(from, to) {
  if (!doc) throw new Error('No document open');
  const pages = [];
  for (let n = from; n <= to; n++) {
    try {
      const page = await doc.getPage(n);
      try {
        const content = await page.getTextContent();
        pages.push({ page: n, text: assemblePageText(content.items) });
      } finally {
        page.cleanup();
      }
    } catch (err) {
      pages.push({ page: n, error: errorOf(err) });
    }
  }
  return { pages };
}

async function render(n, scale, maxSide) {
  if (!doc) throw new Error('No document open');
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const bounded = Math.max(0.1, Math.min(scale, maxSide / Math.max(base.width, base.height, 1)));
    const viewport = page.getViewport({ scale: bounded });
    // pdf.js's own canvas factory: it loads the @napi-rs/canvas copy pdf.js is built against
    // (drawing with objects of another copy crashes the process).
    const factory = doc.canvasFactory;
    const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      entry.context.fillStyle = '#ffffff';
      entry.context.fillRect(0, 0, entry.canvas.width, entry.canvas.height);
      await page.render({ canvas: entry.canvas, canvasContext: entry.context, viewport }).promise;
      // A copy of its own: the encoder's buffer may live outside the JavaScript heap, which
      // cannot be transferred to the other thread.
      return new Uint8Array(entry.canvas.toBuffer('image/png'));
    } finally {
      factory.destroy(entry);
    }
  } finally {
    page.cleanup();
  }
}

async function handle(message) {
  switch (message.op) {
    case 'open':
      return open(message.path);
    case 'text':
      return text(message.from, message.to);
    case 'render':
      return { png: await render(message.page, message.scale, message.maxSide) };
    case 'close':
      if (doc) await doc.destroy().catch(() => undefined);
      doc = null;
      return {};
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      const transfer = result.png ? [result.png.buffer] : [];
      parentPort.postMessage({ id: message.id, ok: true, ...result }, transfer);
    },
    (err) => parentPort.postMessage({ id: message.id, ok: false, error: errorOf(err) }),
  );
});

// Ready once pdf.js is loaded, so that the first document's time-out does not count the load.
pdfjsReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorOf(err) }),
);
