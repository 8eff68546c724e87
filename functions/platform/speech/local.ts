// The laptop's voices: espeak-ng compiled to WebAssembly with its voice data inside the npm package
// (`text2wav`), two distinct variants per language (a female and a male voice), and the MP3 encoded
// in-process by LAME as WebAssembly (`wasm-media-encoders`). Nothing is downloaded; the voices are
// synthetic (Polly's, in the cloud, are natural). espeak-ng's WebAssembly is compiled once per
// process and instantiated for each utterance (its C main runs once per instance).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createMp3Encoder } from 'wasm-media-encoders';
import { ESPEAK_VOICES, LOCAL_VOICES } from './local-voices.js';
import { mp3Duration } from './mp3.js';
import type { SpeechProvider, SpokenAudio } from './types.js';

interface EspeakModule {
  arguments: string[];
  print(text: string): void;
  printErr(text: string): void;
  instantiateWasm(imports: object, done: (instance: object) => void): Record<string, never>;
  postRun(): void;
  FS?: { unmount(path: string): void; root: { contents: Record<string, { contents: ArrayLike<number> }> } };
}

const require = createRequire(import.meta.url);
/** The WebAssembly API as Node has it (the server's TypeScript library has no DOM types). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object>; instantiate(module: object, imports: object): Promise<object> } }).WebAssembly;
let espeak: { run: (module: EspeakModule) => void; compiled: Promise<object> } | undefined;

/** espeak-ng as text2wav ships it, its WebAssembly compiled once per process (text2wav compiles it at every call). */
function loadEspeak(): NonNullable<typeof espeak> {
  if (!espeak) {
    const run = require('text2wav/lib/espeak-ng.js') as (module: EspeakModule) => void;
    const compiled = readFile(require.resolve('text2wav/lib/espeak-ng.wasm')).then((bytes) => wasmApi.compile(bytes));
    compiled.catch(() => (espeak = undefined));
    espeak = { run, compiled };
  }
  return espeak;
}

/**
 * Utterances one at a time: espeak-ng runs on the calling thread, so parallel calls gain no speed,
 * and each instance holds its own WebAssembly memory until it is collected.
 */
let queue: Promise<unknown> = Promise.resolve();

/** One utterance as a 16-bit mono WAV, spoken by espeak-ng with `voice` at `speed` (its words-per-minute setting). */
function espeakWav(text: string, voice: string, speed: number): Promise<Uint8Array> {
  const turn = queue.then(() => espeakOnce(text, voice, speed));
  queue = turn.catch(() => undefined);
  return turn;
}

async function espeakOnce(text: string, voice: string, speed: number): Promise<Uint8Array> {
  const { run, compiled } = loadEspeak();
  const wasm = await compiled;
  return new Promise<Uint8Array>((resolve, reject) => {
    const module: EspeakModule = {
      arguments: ['-w', 'wav.wav', '-v', voice, '-s', String(speed), '--', text],
      print: () => undefined,
      printErr: () => undefined,
      instantiateWasm(imports, done) {
        wasmApi.instantiate(wasm, imports).then(done, reject);
        return {};
      },
      postRun() {
        try {
          module.FS!.unmount('/usr/share');
          resolve(new Uint8Array(module.FS!.root.contents['wav.wav'].contents));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      },
    };
    run(module);
  });
}

/** The MP3 settings: mono, 22.05 kHz (espeak-ng's rate), 48 kbit/s. */
const BITRATE = 48;

/** The samples of a 16-bit mono WAV as floats, and its rate. */
export function wavSamples(wav: Uint8Array): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const sampleRate = view.getUint32(24, true);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
    const size = view.getUint32(at + 4, true);
    if (id === 'data') {
      const count = Math.floor(Math.min(size, wav.length - at - 8) / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(at + 8 + 2 * i, true) / 32768;
      return { samples, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  return { samples: new Float32Array(0), sampleRate };
}

let encoder: ReturnType<typeof createMp3Encoder> | undefined;

/**
 * The samples as MP3. One encoder serves the process (creating one compiles LAME again):
 * configuring, encoding and flushing run without a pause, so calls never interleave.
 */
async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Uint8Array> {
  encoder ??= createMp3Encoder();
  encoder.catch(() => (encoder = undefined));
  const lame = await encoder;
  lame.configure({ channels: 1, sampleRate, bitrate: BITRATE });
  const head = lame.encode([samples]).slice();
  const tail = lame.finalize().slice();
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** One line of text (espeak-ng reads it after `--`, so a leading dash is not an option). */
const asArgument = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function localSpeech(): SpeechProvider {
  return {
    name: 'local',
    voices: (language) => LOCAL_VOICES[language],
    async synthesize(text, language, speaker): Promise<SpokenAudio> {
      const { voice, speed } = ESPEAK_VOICES[language][speaker];
      const wav = await espeakWav(asArgument(text) || '.', voice, speed);
      const { samples, sampleRate } = wavSamples(wav);
      const mp3 = await encodeMp3(samples, sampleRate);
      // Measured on the MP3 itself (the encoder adds a few milliseconds of padding to the samples).
      return { mp3, seconds: mp3Duration(mp3) };
    },
  };
}
