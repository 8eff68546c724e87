// The speech provider's contract: two voices per language, each with its measured pace (what a
// script's length is planned from), and one call that speaks a segment's plain text as MP3.
import type { CourseLanguage } from '../../core/artefacts.js';

export interface Voice {
  /** The name the transcript shows and the script's speakers use. */
  name: string;
  /** Words per minute measured on course text with this voice. */
  wordsPerMinute: number;
}

export interface SpokenAudio {
  mp3: Uint8Array;
  /** Measured on the audio. */
  seconds: number;
}

export interface SpeechProvider {
  readonly name: 'local' | 'polly';
  /** The two voices of a language: speaker 0 and speaker 1. */
  voices(language: CourseLanguage): readonly [Voice, Voice];
  /** Gets ready to speak soon (the laptop starts its speech workers; Polly needs nothing). */
  prepare(): void;
  /** Speaks plain text (never markup: a provider builds and escapes its own) with one of the two voices. */
  synthesize(text: string, language: CourseLanguage, speaker: 0 | 1): Promise<SpokenAudio>;
}

/** Cuts plain text into pieces of at most `max` characters, at sentence ends, else at spaces. */
export function splitText(text: string, max: number): string[] {
  const sentences = text.replace(/\s+/g, ' ').trim().match(/[^.!?…]+(?:[.!?…]+|$)\s*/g) ?? [];
  const out: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if ((current + sentence).length <= max) {
      current += sentence;
      continue;
    }
    flush();
    let rest = sentence;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max) > max / 2 ? rest.lastIndexOf(' ', max) : max;
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
    current = rest;
  }
  flush();
  return out;
}
