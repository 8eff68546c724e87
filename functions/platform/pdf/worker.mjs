// The PDF worker thread: PDFium (compiled to WebAssembly, @embedpdf/pdfium) runs here, never in
// the thread that serves requests. Parsing a large file would otherwise hold the event loop, and
// a document that hangs the parser can be stopped by ending the thread. Plain JavaScript so that
// it starts without a TypeScript loader: in the cloud bundle it is bundled on its own beside the
// function's code, with pdfium.wasm next to it (lib/ingestion.ts).
//
// Protocol (one request at a time per document, answered with the same id):
//   { id, op: 'open', path }              → { id, ok: true, pageCount }
//   { id, op: 'text', from, to }          → { id, ok: true, pages: [LayoutPage | { page, error }] }
//                                            (runs packed as columns, their buffers transferred)
//   { id, op: 'render', page, scale, maxSide } → { id, ok: true, png }   (png transferred)
//   { id, op: 'close' }                   → { id, ok: true, retire }
// Failures answer { id, ok: false, error: { name, message } }.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { init } from '@embedpdf/pdfium';

/**
 * WebAssembly memory grows and never shrinks: a worker that read a very large document keeps
 * that memory until it ends. Past this size it asks to be retired once the document is closed.
 */
const RETIRE_ABOVE_BYTES = 128 * 1024 * 1024;
/** FPDF_GetLastError codes (fpdfview.h). */
const ERR_FORMAT = 3;
const ERR_PASSWORD = 4;
const ERR_SECURITY = 5;
/** FPDF_RenderPageBitmap flags: annotations drawn, bytes in RGBA order (for the PNG encoder). */
const RENDER_FLAGS = 0x01 | 0x10;
/** zlib level of the PNG handed to OCR: it is decoded once, right away. */
const PNG_COMPRESSION = 1;

/** pdfium.wasm: beside this file in the cloud bundle, else in node_modules. */
function wasmPath() {
  const bundled = fileURLToPath(new URL('./pdfium.wasm', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
}

/**
 * PDFium, instantiated from the compiled module the pool shares (workers.ts): the first worker
 * compiles it and hands it back; the next ones start from it, and share the optimised code V8
 * produces as the workers run.
 */
async function loadPdfium() {
  const compiled = workerData?.module instanceof WebAssembly.Module ? workerData.module : await WebAssembly.compile(readFileSync(wasmPath()));
  const module = await init({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
    print: () => undefined,
    printErr: () => undefined,
  });
  module.PDFiumExt_Init();
  return { module, compiled };
}

const pdfiumReady = loadPdfium();
/** @type {Awaited<typeof pdfiumReady>['module']} */
let pdfium;
/** The open document: PDFium's handle, its FPDF_FILEACCESS and the file it reads. */
let doc = null;
/** Scratch memory for what PDFium writes back: a character's box and origin, an object's bounds. */
let origin = 0;
/** readBlock, as a function pointer PDFium can call. */
let readBlockPointer = 0;

const malloc = (bytes) => {
  const ptr = pdfium.pdfium.wasmExports.malloc(bytes);
  if (!ptr) throw new Error('Out of memory');
  return ptr;
};
const free = (ptr) => pdfium.pdfium.wasmExports.free(ptr);
/** Views are taken afresh each time: growing the memory replaces them. */
const heap = () => pdfium.pdfium.HEAPU8;

function errorOf(err) {
  return { name: err?.name ?? 'Error', message: String(err?.message ?? err) };
}

function named(name, message) {
  const err = new Error(message);
  err.name = name;
  return err;
}

/** Why PDFium refused a document, named as the other side classifies it (index.ts). */
function loadError() {
  const code = pdfium.FPDF_GetLastError();
  if (code === ERR_PASSWORD || code === ERR_SECURITY) return named('PasswordException', 'The PDF is protected by a password');
  if (code === ERR_FORMAT) return named('InvalidPDFException', 'The file is not a readable PDF');
  return named('UnknownErrorException', `PDFium could not open the file (error ${code})`);
}

function closeDocument() {
  boldFonts.clear();
  if (!doc) return;
  pdfium.FPDF_CloseDocument(doc.handle);
  free(doc.access);
  closeSync(doc.fd);
  doc = null;
}

/**
 * FPDF_FILEACCESS's m_GetBlock(param, position, buffer, size): copies a block of the file whose
 * descriptor is `param` into PDFium's memory; 1 when done.
 */
function readBlock(fd, position, buffer, size) {
  position >>>= 0;
  buffer >>>= 0;
  size >>>= 0;
  try {
    for (let read = 0; read < size; ) {
      const n = readSync(fd, heap(), buffer + read, size - read, position + read);
      if (n <= 0) return 0;
      read += n;
    }
    return 1;
  } catch {
    return 0;
  }
}

/**
 * Opens the file for PDFium to read the parts it needs, when it needs them: a 100 MB scan is
 * never copied whole into memory (which, being WebAssembly's, would never shrink back).
 */
function open(path) {
  closeDocument();
  const fd = openSync(path, 'r');
  let access = 0;
  try {
    const size = fstatSync(fd).size;
    // FPDF_FILEACCESS on wasm32: { unsigned long m_FileLen; m_GetBlock; void* m_Param }, the
    // parameter being the file's descriptor.
    access = malloc(12);
    pdfium.pdfium.setValue(access, size, 'i32');
    pdfium.pdfium.setValue(access + 4, readBlockPointer, 'i32');
    pdfium.pdfium.setValue(access + 8, fd, 'i32');
    const handle = pdfium.FPDF_LoadCustomDocument(access, '');
    if (!handle) throw loadError();
    doc = { handle, access, fd };
    return { pageCount: pdfium.FPDF_GetPageCount(handle) };
  } catch (err) {
    if (!doc) {
      if (access) free(access);
      closeSync(fd);
    }
    throw err;
  }
}

/** FPDF_PAGEOBJ_PATH (fpdf_edit.h): lines and rectangles drawn on the page. */
const PAGEOBJ_PATH = 2;
/** Characters further apart than this many font sizes on one line are two runs (columns, cells). */
const RUN_GAP = 1.2;

/**
 * One page's text as positioned runs: PDFium's text in its order, cut at each line break and at
 * each wide horizontal gap between words, every run with its box, baseline, font size and weight,
 * and where its words start; and the page's drawn rules and frames (path objects), from which the
 * document model reads boxes and tables. Coordinates are PDF points from the page's bottom-left.
 *
 * The page's text comes in one call; positions are asked of PDFium only at each word's first and
 * last character (a call per character would cost several times the reading itself).
 */
function pageLayout(n) {
  const page = pdfium.FPDF_LoadPage(doc.handle, n - 1);
  if (!page) throw named('UnknownErrorException', `Page ${n} could not be loaded`);
  const textPage = pdfium.FPDFText_LoadPage(page);
  try {
    if (!textPage) throw named('UnknownErrorException', `The text of page ${n} could not be read`);
    const width = pdfium.FPDF_GetPageWidthF(page);
    const height = pdfium.FPDF_GetPageHeightF(page);
    const rotation = pdfium.FPDFPage_GetRotation(page);
    const runs = [];
    const count = pdfium.FPDFText_CountChars(textPage);
    if (count > 0) readRuns(textPage, count, runs);
    return { page: n, width, height, rotation, runs: pack(runs), rects: pageRects(page, width, height) };
  } finally {
    if (textPage) pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
}

/**
 * The runs as columns (functions/engine/document/layout.ts, PackedRuns): their texts, their
 * numbers in one Float64Array and their word starts in another, both transferred to the other thread.
 */
function pack(runs) {
  const n = new Float64Array(runs.length * 7);
  const wi = new Uint32Array(runs.length + 1);
  let words = 0;
  for (const r of runs) words += r.w ? r.w.length : 0;
  const w = new Float64Array(words);
  let at = 0;
  runs.forEach((r, k) => {
    n.set([r.x0, r.x1, r.y, r.top, r.bottom, r.s, r.b], k * 7);
    wi[k] = at;
    if (r.w) {
      w.set(r.w, at);
      at += r.w.length;
    }
  });
  wi[runs.length] = at;
  return { t: runs.map((r) => r.t), n, w, wi };
}

/** The page's text in one string, one UTF-16 unit per PDFium character index (line breaks as \r\n). */
function pageString(textPage, count) {
  const buffer = malloc((count + 1) * 2);
  try {
    pdfium.FPDFText_GetText(textPage, 0, count, buffer);
    return pdfium.pdfium.UTF16ToString(buffer);
  } finally {
    free(buffer);
  }
}

const isBlank = (c) => c === 32 || c === 9 || c === 0xa0 || c === 13 || c === 10 || c === 2 || c === 0;

function readRuns(textPage, count, runs) {
  const text = pageString(textPage, count);
  // The hot calls go to the WebAssembly exports themselves: the package's wrappers convert every
  // argument and result, which costs more than the call.
  const raw = pdfium.pdfium.wasmExports;
  const f64 = origin >> 3;
  /** The box of character `i` into left/right/bottom/top; false when PDFium has none. */
  let left = 0;
  let right = 0;
  let bottom = 0;
  let top = 0;
  const box = (i) => {
    if (!raw.FPDFText_GetCharBox(textPage, i, origin, origin + 8, origin + 16, origin + 24)) return false;
    const h = pdfium.pdfium.HEAPF64;
    left = h[f64];
    right = h[f64 + 1];
    bottom = h[f64 + 2];
    top = h[f64 + 3];
    return true;
  };
  let run = null;
  let lastObject = -1;
  let lastBold = false;
  /** Where the current line's runs start in `runs`: a line of one run needs no word positions. */
  let lineStart = 0;
  const end = () => {
    if (run) {
      const t = text.slice(run.start, run.end);
      runs.push({ t, x0: run.x0, x1: run.x1, y: run.y, top: run.top, bottom: run.bottom, s: run.size, b: run.bold * 2 > run.words ? 1 : 0, w: run.w });
    }
    run = null;
  };
  const endLine = () => {
    end();
    if (runs.length - lineStart === 1) delete runs[lineStart].w;
    lineStart = runs.length;
  };
  // Character indexes count a character outside the BMP once, the string twice: `i` walks the
  // string, `ci` PDFium's indexes.
  let ci = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 10) {
      endLine();
      i++;
      ci++;
      continue;
    }
    if (isBlank(c)) {
      i++;
      ci++;
      continue;
    }
    // A word: from here to the next blank.
    let j = i;
    let cj = ci;
    let lastCi = ci;
    while (j < text.length && !isBlank(text.charCodeAt(j))) {
      const d = text.charCodeAt(j);
      lastCi = cj;
      j++;
      if (d >= 0xd800 && d <= 0xdbff && j < text.length) j++;
      cj++;
    }
    if (!box(ci)) {
      i = j;
      ci = cj;
      continue;
    }
    const wordLeft = left;
    let wordTop = top;
    let wordBottom = bottom;
    let wordRight = right;
    if (lastCi !== ci && box(lastCi)) {
      wordRight = Math.max(right, wordLeft);
      wordTop = Math.max(wordTop, top);
      wordBottom = Math.min(wordBottom, bottom);
    }
    if (run) {
      const size = run.size || 10;
      // A wide gap, a jump back to the left, or another baseline starts a new run.
      if (wordLeft - run.x1 > RUN_GAP * size || wordLeft < run.x0 - size || wordBottom > run.top || wordTop < run.bottom) end();
    }
    if (!run) {
      const size = raw.FPDFText_GetFontSize(textPage, ci);
      raw.FPDFText_GetCharOrigin(textPage, ci, origin + 32, origin + 40);
      run = { start: i, end: j, x0: wordLeft, x1: wordRight, y: pdfium.pdfium.HEAPF64[f64 + 5], top: wordTop, bottom: wordBottom, size, bold: 0, words: 0, w: [] };
    } else {
      run.w.push(i - run.start, Math.round(wordLeft * 10) / 10);
      run.end = j;
      if (wordRight > run.x1) run.x1 = wordRight;
      if (wordTop > run.top) run.top = wordTop;
      if (wordBottom < run.bottom) run.bottom = wordBottom;
    }
    // Bold by the word's font (its first character's text object), counted for words with letters or digits.
    if (/[\p{L}\p{N}]/u.test(text.slice(i, j))) {
      run.words++;
      const object = raw.FPDFText_GetTextObject(textPage, ci);
      if (object !== lastObject) {
        lastObject = object;
        lastBold = object ? isBold(pdfium.FPDFTextObj_GetFont(object)) : false;
      }
      if (lastBold) run.bold++;
    }
    i = j;
    ci = cj;
  }
  endLine();
}

/** Bold fonts by PDFium handle, for the document open (cleared when it closes). */
const boldFonts = new Map();
/** FPDF_FONT_FORCEBOLD in a font descriptor's flags. */
const FONT_FORCE_BOLD = 1 << 18;
const BOLD_NAME_RE = /bold|black|heavy|semibold|demibold|demi|extrabold|ultrabold|[-,]sb\b|[-,]bd\b/i;

/** Whether a font draws bold: its weight, its descriptor's flag, or its name ("…-Bold"). */
function isBold(font) {
  if (!font) return false;
  const known = boldFonts.get(font);
  if (known !== undefined) return known;
  let bold = pdfium.FPDFFont_GetWeight(font) >= 600 || (pdfium.FPDFFont_GetFlags(font) & FONT_FORCE_BOLD) !== 0;
  if (!bold) {
    const size = pdfium.FPDFFont_GetBaseFontName(font, 0, 0);
    if (size > 0 && size < 512) {
      const buffer = malloc(size);
      try {
        pdfium.FPDFFont_GetBaseFontName(font, buffer, size);
        bold = BOLD_NAME_RE.test(pdfium.pdfium.UTF8ToString(buffer));
      } finally {
        free(buffer);
      }
    }
  }
  boldFonts.set(font, bold);
  return bold;
}

/** The page's path objects as boxes (rules are boxes one side of which is thin). */
function pageRects(page, width, height) {
  const rects = [];
  const raw = pdfium.pdfium.wasmExports;
  const objects = raw.FPDFPage_CountObjects(page);
  // A page drawn with thousands of paths (a chart, a map) has no frames to find among them.
  if (objects > 4_000) return rects;
  const f = origin >> 2;
  for (let i = 0; i < objects; i++) {
    const obj = raw.FPDFPage_GetObject(page, i);
    if (!obj || raw.FPDFPageObj_GetType(obj) !== PAGEOBJ_PATH) continue;
    if (!raw.FPDFPageObj_GetBounds(obj, origin, origin + 4, origin + 8, origin + 12)) continue;
    const v = pdfium.pdfium.HEAPF32;
    const x0 = v[f];
    const y0 = v[f + 1];
    const x1 = v[f + 2];
    const y1 = v[f + 3];
    // Rules and frames only: a mark smaller than a few points both ways, or the whole page, is neither.
    if (x1 - x0 < 4 && y1 - y0 < 4) continue;
    if (x1 - x0 > width * 0.98 && y1 - y0 > height * 0.98) continue;
    rects.push([round(x0), round(y0), round(x1), round(y1)]);
    if (rects.length >= 500) break;
  }
  return rects;
}

const round = (v) => Math.round(v * 10) / 10;

/** The text of pages `from`..`to`; a page that cannot be read is reported, not fatal. */
function text(from, to) {
  if (!doc) throw new Error('No document open');
  const pages = [];
  for (let n = from; n <= to; n++) {
    try {
      pages.push(pageLayout(n));
    } catch (err) {
      pages.push({ page: n, error: errorOf(err) });
    }
  }
  return { pages };
}

/** Page `n` as a PNG on a white background, at `scale`, no side longer than `maxSide`. */
function render(n, scale, maxSide) {
  if (!doc) throw new Error('No document open');
  const page = pdfium.FPDF_LoadPage(doc.handle, n - 1);
  if (!page) throw named('UnknownErrorException', `Page ${n} could not be loaded`);
  let bitmap = 0;
  let out = 0;
  try {
    const width0 = pdfium.FPDF_GetPageWidthF(page);
    const height0 = pdfium.FPDF_GetPageHeightF(page);
    const bounded = Math.max(0.1, Math.min(scale, maxSide / Math.max(width0, height0, 1)));
    const width = Math.max(1, Math.ceil(width0 * bounded));
    const height = Math.max(1, Math.ceil(height0 * bounded));
    bitmap = pdfium.FPDFBitmap_Create(width, height, 1);
    if (!bitmap) throw new Error('Out of memory');
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
    const pixels = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    out = malloc(4);
    const size = pdfium.EPDF_PNG_EncodeRGBA(pixels, width, height, stride, PNG_COMPRESSION, out);
    const png = pdfium.pdfium.getValue(out, '*');
    if (!size || !png) throw new Error('The page could not be encoded');
    const copy = heap().slice(png, png + size);
    free(png);
    return copy;
  } finally {
    if (out) free(out);
    if (bitmap) pdfium.FPDFBitmap_Destroy(bitmap);
    pdfium.FPDF_ClosePage(page);
  }
}

async function handle(message) {
  pdfium ??= (await pdfiumReady).module;
  switch (message.op) {
    case 'open':
      return open(message.path);
    case 'text':
      return text(message.from, message.to);
    case 'render':
      return { png: render(message.page, message.scale, message.maxSide) };
    case 'close':
      closeDocument();
      return { retire: heap().byteLength > RETIRE_ABOVE_BYTES };
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      const transfer = result.png ? [result.png.buffer] : (result.pages ?? []).flatMap((p) => (p.runs ? [p.runs.n.buffer, p.runs.w.buffer, p.runs.wi.buffer] : []));
      parentPort.postMessage({ id: message.id, ok: true, ...result }, transfer);
    },
    (err) => parentPort.postMessage({ id: message.id, ok: false, error: errorOf(err) }),
  );
});

// Ready once PDFium is compiled, so that the first document's time-out does not count the load.
pdfiumReady.then(
  ({ module, compiled }) => {
    pdfium = module;
    origin = malloc(64);
    readBlockPointer = module.pdfium.addFunction(readBlock, 'iiiii');
    parentPort.postMessage({ ready: true, module: compiled });
  },
  (err) => parentPort.postMessage({ ready: false, error: errorOf(err) }),
);
