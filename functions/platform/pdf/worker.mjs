// The PDF worker thread: PDFium (compiled to WebAssembly, @embedpdf/pdfium) runs here, never in
// the thread that serves requests. Parsing a large file would otherwise hold the event loop, and
// a document that hangs the parser can be stopped by ending the thread. Plain JavaScript so that
// it starts without a TypeScript loader: in the cloud bundle it is bundled on its own beside the
// function's code, with pdfium.wasm next to it (lib/ingestion.ts).
//
// Protocol (one request at a time per document, answered with the same id):
//   { id, op: 'open', path }              → { id, ok: true, pageCount }
//   { id, op: 'text', from, to }          → { id, ok: true, pages: [{ page, text } | { page, error }] }
//   { id, op: 'render', page, scale, maxSide } → { id, ok: true, png }   (png transferred)
//   { id, op: 'close' }                   → { id, ok: true, retire }
// Failures answer { id, ok: false, error: { name, message } }.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { init } from '@embedpdf/pdfium';
import { layoutPage } from './page-text.mjs';

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
/** Scratch memory for the two doubles FPDFText_GetCharOrigin writes. */
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

/** One page's text: PDFium's lines, each with the baseline and font size of its first character. */
function pageText(n) {
  const page = pdfium.FPDF_LoadPage(doc.handle, n - 1);
  if (!page) throw named('UnknownErrorException', `Page ${n} could not be loaded`);
  const textPage = pdfium.FPDFText_LoadPage(page);
  try {
    if (!textPage) throw named('UnknownErrorException', `The text of page ${n} could not be read`);
    const count = pdfium.FPDFText_CountChars(textPage);
    if (count <= 0) return '';
    const buffer = malloc((count + 1) * 2);
    let raw;
    try {
      pdfium.FPDFText_GetText(textPage, 0, count, buffer);
      raw = pdfium.pdfium.UTF16ToString(buffer);
    } finally {
      free(buffer);
    }
    const lines = [];
    // Character indexes count a character outside the BMP once, the string twice.
    let index = 0;
    for (const text of raw.split('\r\n')) {
      let y = null;
      let size = 0;
      if (text.length > 0 && pdfium.FPDFText_GetCharOrigin(textPage, index, origin, origin + 8)) {
        y = pdfium.pdfium.getValue(origin + 8, 'double');
        size = pdfium.FPDFText_GetFontSize(textPage, index);
      }
      lines.push({ text, y, size });
      index += text.length - lowSurrogates(text) + 2;
    }
    return layoutPage(lines);
  } finally {
    if (textPage) pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
}

function lowSurrogates(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) n++;
  }
  return n;
}

/** The text of pages `from`..`to`; a page that cannot be read is reported, not fatal. */
function text(from, to) {
  if (!doc) throw new Error('No document open');
  const pages = [];
  for (let n = from; n <= to; n++) {
    try {
      pages.push({ page: n, text: pageText(n) });
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
    origin = malloc(16);
    readBlockPointer = module.pdfium.addFunction(readBlock, 'iiiii');
    parentPort.postMessage({ ready: true, module: compiled });
  },
  (err) => parentPort.postMessage({ ready: false, error: errorOf(err) }),
);
