// A speech worker thread of the laptop's voices (pool.ts starts them): espeak-ng as text2wav ships
// it (compiled to WebAssembly) and LAME (wasm-media-encoders), off the thread that serves requests.
// Plain JavaScript so that it starts without a TypeScript loader, under `node --import tsx` and in
// vitest alike.
//
// One espeak-ng instance serves the worker for its whole life. Its C `main` runs once per
// utterance; between utterances the WebAssembly memory is put back as it was before the first one
// (an image taken once the runtime started: its non-zero pages only), so every utterance starts
// from the same state as a fresh instance would and gives the same bytes, without a new 16 MB
// memory each time. espeak-ng
// reads its data from an in-memory folder holding only the files the product's voices use: on
// text2wav's folder it opened every voice file of every language (about 300) at each utterance.
//
// Protocol: on start { ready: true, espeak } (the compiled module, shared with the next workers) or
// { ready: false, error }; then { id, text, voice, speed } → { id, ok: true, mp3 } (transferred),
// or { id, ok: false, error: { message }, retire } (retire: this instance can no longer be trusted).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createMp3Encoder } from 'wasm-media-encoders';

const require = createRequire(import.meta.url);
/** The MP3 settings: mono, at espeak-ng's rate (22.05 kHz), 48 kbit/s. */
const BITRATE = 48;
/** Samples handed to LAME at a time: an utterance is encoded as it is read, never as one float copy. */
const CHUNK = 16_384;
const DATA_DIR = '/usr/share/espeak-ng-data';
const WAV = '/utterance.wav';

/** espeak-ng's runtime, its data folder in memory, and the image of its memory before any utterance. */
async function loadEspeak() {
  const run = require('text2wav/lib/espeak-ng.js');
  const compiled = workerData?.espeak instanceof WebAssembly.Module ? workerData.espeak : await WebAssembly.compile(readFileSync(require.resolve('text2wav/lib/espeak-ng.wasm')));
  const { module } = await new Promise((resolve, reject) => {
    const m = {
      noInitialRun: true,
      print: () => undefined,
      printErr: () => undefined,
      // exit() and aborts end the call, not the thread.
      quit: (status, toThrow) => {
        throw toThrow ?? new Error(`espeak-ng exited with status ${status}`);
      },
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then(done, reject);
        return {};
      },
      // Wrapped: the Emscripten module object has a `then` of its own.
      onRuntimeInitialized: () => resolve({ module: m }),
    };
    run(m);
  });
  const FS = module.FS;
  // This Emscripten's MEMFS turns a file that grows into a plain array of numbers (8 bytes a byte):
  // each utterance's WAV, written in pieces, left megabytes of garbage. Grown as bytes instead.
  FS.filesystems.MEMFS.expandFileStorage = growAsBytes;
  // text2wav mounts its package folder; the voices get their own files only, in memory.
  FS.unmount('/usr/share');
  const root = join(dirname(require.resolve('text2wav/package.json')), 'espeak-ng-data');
  for (const file of workerData.dataFiles) {
    const target = `${DATA_DIR}/${file}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf('/')));
    FS.writeFile(target, readFileSync(join(root, file)));
  }
  const memory = new Uint8Array(module.wasmMemory.buffer);
  return { module, compiled, memory, words: new Uint32Array(memory.buffer), image: takeImage(memory) };
}

/** The memory is put back a page at a time. */
const PAGE = 4096;

/** Whether a page of the memory (seen as 32-bit words) holds only zeros; reading an untouched page does not make it resident. */
function zeroPage(words, page) {
  for (let i = page * (PAGE / 4), end = i + PAGE / 4; i < end; i++) if (words[i] !== 0) return false;
  return true;
}

/**
 * The memory before any utterance, as its pages that hold something: about 150 KB of the 5.3 MB
 * below the heap's start (most of it is the C stack, zeros), so a worker keeps no full copy.
 */
function takeImage(memory) {
  const words = new Uint32Array(memory.buffer);
  let end = memory.length;
  while (end > 0 && memory[end - 1] === 0) end--;
  const pages = Math.ceil(end / PAGE);
  const held = new Map();
  for (let page = 0; page < pages; page++) if (!zeroPage(words, page)) held.set(page, memory.slice(page * PAGE, (page + 1) * PAGE));
  return { pages, held };
}

/** Puts the memory back as the image: its pages that hold something rewritten, every other page a later utterance wrote to zeroed. */
function restoreImage(memory, words, image, reached) {
  const pages = Math.max(image.pages, Math.ceil(reached / PAGE));
  for (let page = 0; page < pages; page++) {
    const bytes = image.held.get(page);
    if (bytes) memory.set(bytes, page * PAGE);
    else if (!zeroPage(words, page)) memory.fill(0, page * PAGE, (page + 1) * PAGE);
  }
}

/** MEMFS's file growth as a typed array (as later Emscripten releases do): doubling up to 1 MB, then by 1/8. */
function growAsBytes(node, wanted) {
  const capacity = node.contents ? node.contents.length : 0;
  if (capacity >= wanted) return;
  const size = Math.max(wanted, Math.floor(capacity * (capacity < 1024 * 1024 ? 2 : 1.125)), capacity ? 256 : 0);
  const grown = new Uint8Array(size);
  if (node.usedBytes > 0) grown.set(node.contents.subarray(0, node.usedBytes));
  node.contents = grown;
}

/** Speaks one utterance to a 16-bit mono WAV (the same bytes as a fresh espeak-ng instance). */
function espeakWav({ module, memory, words, image }, text, voice, speed) {
  // The image, and zeros wherever the last utterance wrote, up to where its heap reached (pages never written stay untouched).
  restoreImage(memory, words, image, module._sbrk(0));
  const stack = module.stackSave();
  try {
    module.callMain(['-w', WAV, '-v', voice, '-s', String(speed), '--', text]);
  } finally {
    module.stackRestore(stack);
  }
  const { FS } = module;
  if (!FS.analyzePath(WAV).exists) throw new Error(`espeak-ng produced no audio (voice ${voice})`);
  const wav = FS.readFile(WAV);
  FS.unlink(WAV);
  return wav;
}

/** The WAV's samples encoded to MP3 a chunk at a time. */
function encodeMp3(lame, wav) {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const sampleRate = view.getUint32(24, true);
  let at = 12;
  let start = wav.length;
  let count = 0;
  while (at + 8 <= wav.length) {
    const id = String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
    const size = view.getUint32(at + 4, true);
    if (id === 'data') {
      start = at + 8;
      count = Math.floor(Math.min(size, wav.length - start) / 2);
      break;
    }
    at += 8 + size + (size % 2);
  }
  lame.configure({ channels: 1, sampleRate, bitrate: BITRATE });
  // Written straight into one buffer sized for the constant bit rate (grown if ever short).
  let mp3 = new Uint8Array(Math.ceil((count / sampleRate) * BITRATE * 125) + 16_384);
  let size = 0;
  const append = (bytes) => {
    if (size + bytes.length > mp3.length) {
      const grown = new Uint8Array(2 * (size + bytes.length));
      grown.set(mp3.subarray(0, size));
      mp3 = grown;
    }
    mp3.set(bytes, size);
    size += bytes.length;
  };
  const floats = new Float32Array(CHUNK);
  for (let from = 0; from < count; from += CHUNK) {
    const n = Math.min(CHUNK, count - from);
    for (let i = 0; i < n; i++) floats[i] = view.getInt16(start + 2 * (from + i), true) / 32768;
    append(lame.encode([floats.subarray(0, n)]));
  }
  append(lame.finalize());
  return mp3.slice(0, size);
}

const ready = Promise.all([loadEspeak(), createMp3Encoder()]);
ready.then(
  ([espeak]) => parentPort.postMessage({ ready: true, espeak: espeak.compiled }),
  (err) => parentPort.postMessage({ ready: false, error: { message: err instanceof Error ? err.message : String(err) } }),
);

parentPort.on('message', async ({ id, text, voice, speed }) => {
  try {
    const [espeak, lame] = await ready;
    const mp3 = encodeMp3(lame, espeakWav(espeak, text, voice, speed));
    parentPort.postMessage({ id, ok: true, mp3 }, [mp3.buffer]);
  } catch (err) {
    // An abort leaves espeak-ng's runtime unusable; anything else may have left LAME mid-stream.
    parentPort.postMessage({ id, ok: false, error: { message: err instanceof Error ? err.message : String(err) }, retire: true });
  }
});
