// The PDF worker thread: PDFium (compiled to WebAssembly, @embedpdf/pdfium) runs here, never in
// the thread that serves requests. Parsing a large file would otherwise hold the event loop, and
// a document that hangs the parser can be stopped by ending the thread. Plain JavaScript so that
// it starts without a TypeScript loader: in the cloud bundle it is bundled on its own beside the
// function's code, with pdfium.wasm next to it (lib/ingestion.ts).
//
// Protocol (one request at a time per document, answered with the same id):
//   { id, op: 'open', path }              → { id, ok: true, pageCount }
//   { id, op: 'text', from, to }          → { id, ok: true, pages: [PageLayout | { page, error }] }
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
 * One page's text as positioned runs: PDFium's characters in its order, cut at each line break
 * and at each wide horizontal gap, every run with its box, baseline, font size and weight; and the
 * page's drawn rules and frames (path objects), from which the document model reads boxes and
 * tables. Coordinates are PDF points from the page's bottom-left corner.
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
    const mem = () => pdfium.pdfium.HEAPF64;
    const at = origin >> 3;
    /** The run being read: its characters, box, font size and how many of its letters are bold. */
    let run = null;
    let lastRight = 0;
    let lastObject = -1;
    let lastBold = false;
    const end = () => {
      if (run) {
        const text = run.chars.join('').replace(/\s+$/u, '');
        if (/\S/u.test(text))
          runs.push({ t: text, x0: run.x0, x1: run.x1, y: run.y, top: run.top, bottom: run.bottom, s: run.size, b: run.bold * 2 > run.letters ? 1 : 0, w: run.words });
      }
      run = null;
    };
    for (let i = 0; i < count; i++) {
      const code = pdfium.FPDFText_GetUnicode(textPage, i);
      if (code === 13 || code === 10 || code === 2) {
        end();
        continue;
      }
      const ch = String.fromCharCode(code);
      const generated = pdfium.FPDFText_IsGenerated(textPage, i) === 1;
      if (generated || code === 32 || code === 0xa0 || code === 9) {
        if (run && run.chars[run.chars.length - 1] !== ' ') {
          run.chars.push(' ');
          run.spaceAt = run.chars.length;
        }
        continue;
      }
      if (!pdfium.FPDFText_GetCharBox(textPage, i, origin, origin + 8, origin + 16, origin + 24)) continue;
      const f = mem();
      const left = f[at];
      const right = f[at + 1];
      const bottom = f[at + 2];
      const top = f[at + 3];
      if (run) {
        const gap = left - lastRight;
        const size = run.size || 10;
        // A wide gap, or a jump back to the left or to another baseline, starts a new run.
        if (gap > RUN_GAP * size || left < run.x0 - size || bottom > run.top || top < run.bottom) end();
      }
      if (!run) {
        const size = pdfium.FPDFText_GetFontSize(textPage, i);
        pdfium.FPDFText_GetCharOrigin(textPage, i, origin + 32, origin + 40);
        run = { chars: [], x0: left, x1: right, y: mem()[at + 5], top, bottom, size, bold: 0, letters: 0, words: [], spaceAt: -1 };
      }
      // Where each word after the first starts: a table's cells drawn close together are one run,
      // and the model cuts it at its columns.
      if (run.spaceAt === run.chars.length) run.words.push([run.chars.length, Math.round(left * 10) / 10]);
      run.chars.push(ch);
      if (right > run.x1) run.x1 = right;
      if (top > run.top) run.top = top;
      if (bottom < run.bottom) run.bottom = bottom;
      lastRight = Math.max(right, left);
      if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 0xbf) {
        run.letters++;
        const object = pdfium.FPDFText_GetTextObject(textPage, i);
        if (object !== lastObject) {
          lastObject = object;
          lastBold = object ? isBold(pdfium.FPDFTextObj_GetFont(object)) : false;
        }
        if (lastBold) run.bold++;
      }
    }
    end();
    return { page: n, width, height, rotation, runs, rects: pageRects(page, width, height) };
  } finally {
    if (textPage) pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
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
  const objects = pdfium.FPDFPage_CountObjects(page);
  // A page drawn with thousands of paths (a chart, a map) has no frames to find among them.
  if (objects > 4_000) return rects;
  const f = origin >> 2;
  for (let i = 0; i < objects; i++) {
    const obj = pdfium.FPDFPage_GetObject(page, i);
    if (!obj || pdfium.FPDFPageObj_GetType(obj) !== PAGEOBJ_PATH) continue;
    if (!pdfium.FPDFPageObj_GetBounds(obj, origin, origin + 4, origin + 8, origin + 12)) continue;
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
      const transfer = result.png ? [result.png.buffer] : [];
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
