// The laptop's voices: espeak-ng compiled to WebAssembly with its voice data inside the npm package
// (`text2wav`), two distinct variants per language (a female and a male voice), and the MP3 encoded
// in-process by LAME as WebAssembly (`wasm-media-encoders`). Nothing is downloaded; the voices are
// synthetic (Polly's, in the cloud, are natural). Both run in worker threads (./pool.ts,
// ./worker.mjs), one long-lived espeak-ng instance per worker (one worker unless told otherwise).
import { ESPEAK_VOICES, LOCAL_VOICES } from './local-voices.js';
import { mp3Duration } from './mp3.js';
import { SpeechPool } from './pool.js';
import type { SpeechProvider, SpokenAudio } from './types.js';

/** The worker's script, beside this file. */
export const SPEECH_WORKER_URL = new URL('./worker.mjs', import.meta.url);

/**
 * What the voices of ESPEAK_VOICES read in espeak-ng's data folder: the phonemes, the two
 * languages' dictionaries and voice files, the two variants. Another voice needs its files here.
 */
export const ESPEAK_DATA_FILES = [
  'phontab',
  'phonindex',
  'phondata',
  'intonations',
  'fr_dict',
  'en_dict',
  'lang/roa/fr',
  'lang/gmw/en-US',
  'voices/!v/f3',
  'voices/!v/m3',
] as const;

/** One line of text (espeak-ng reads it after `--`, so a leading dash is not an option). */
const asArgument = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface LocalSpeech extends SpeechProvider {
  /** Ends the speech workers (the laptop host calls it when it stops). */
  close(): Promise<void>;
}

export function localSpeech(options: { workers?: number; workerUrl?: URL } = {}): LocalSpeech {
  const pool = new SpeechPool({ workerUrl: options.workerUrl ?? SPEECH_WORKER_URL, dataFiles: ESPEAK_DATA_FILES, size: options.workers });
  return {
    name: 'local',
    voices: (language) => LOCAL_VOICES[language],
    prepare: () => pool.warm(),
    async synthesize(text, language, speaker): Promise<SpokenAudio> {
      const { voice, speed } = ESPEAK_VOICES[language][speaker];
      const mp3 = await pool.speak({ text: asArgument(text) || '.', voice, speed });
      // Measured on the MP3 itself (the encoder adds a few milliseconds of padding to the samples).
      return { mp3, seconds: mp3Duration(mp3) };
    },
    close: () => pool.close(),
  };
}
