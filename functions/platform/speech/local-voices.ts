// The laptop's two voices per language: espeak-ng's voice variant (a female and a male one), its
// speed setting, and the pace measured with it on course text (test/unit/platform/speech.test.ts
// measures it again on real audio). Kept apart from the synthesiser so that planning a script
// does not load espeak-ng.
import { PODCAST_SPEAKERS } from '../../core/podcasts.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { Voice } from './types.js';

export interface EspeakVoice {
  voice: string;
  speed: number;
  wpm: number;
}

export const ESPEAK_VOICES: Record<CourseLanguage, readonly [EspeakVoice, EspeakVoice]> = {
  fr: [
    { voice: 'fr+f3', speed: 140, wpm: 178 },
    { voice: 'fr+m3', speed: 140, wpm: 178 },
  ],
  en: [
    { voice: 'en-us+f3', speed: 160, wpm: 170 },
    { voice: 'en-us+m3', speed: 160, wpm: 170 },
  ],
};

const voicesOf = (language: CourseLanguage): readonly [Voice, Voice] => [
  { name: PODCAST_SPEAKERS[language][0], wordsPerMinute: ESPEAK_VOICES[language][0].wpm },
  { name: PODCAST_SPEAKERS[language][1], wordsPerMinute: ESPEAK_VOICES[language][1].wpm },
];

export const LOCAL_VOICES: Record<CourseLanguage, readonly [Voice, Voice]> = { fr: voicesOf('fr'), en: voicesOf('en') };
