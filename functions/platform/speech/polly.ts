// The cloud's voices: Amazon Polly, two voices per language, on the engine the deployment chose
// (POLLY_ENGINE, the `pollyEngine` input): neural by default (Léa and Rémi in French, Joanna and
// Matthew in US English), standard (Léa and Mathieu, Joanna and Matthew: a quarter of neural's
// price, a flatter voice) or generative (the neural voices' names, about twice neural's price).
// Polly bills the characters of the text, never the SSML tags. The script is plain text; the SSML
// is built here, with the text escaped, and a segment longer than Polly takes in one request
// (3,000 billed characters) is spoken in pieces cut at sentence ends and joined as one MP3.
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { PODCAST_SPEAKERS } from '../../core/podcasts.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { concatMp3, mp3Duration } from './mp3.js';
import { splitText, type SpeechProvider, type Voice } from './types.js';

export type PollyEngine = 'standard' | 'neural' | 'generative';

/** Polly's voice ids and language codes; the pace measured on course text (neural voices at the default rate). */
export const POLLY_VOICES: Record<CourseLanguage, { languageCode: 'fr-FR' | 'en-US'; voices: readonly [{ id: string; wpm: number }, { id: string; wpm: number }] }> = {
  fr: { languageCode: 'fr-FR', voices: [{ id: 'Lea', wpm: 165 }, { id: 'Remi', wpm: 165 }] },
  en: { languageCode: 'en-US', voices: [{ id: 'Joanna', wpm: 160 }, { id: 'Matthew', wpm: 160 }] },
};

/** Standard voices where the neural one has none: Rémi speaks only neural and generative, Mathieu is his standard counterpart. */
const STANDARD_VOICE: Record<string, string> = { Remi: 'Mathieu' };

/** The voice id a speaker gets on an engine. */
export function pollyVoiceId(language: CourseLanguage, speaker: 0 | 1, engine: PollyEngine): string {
  const id = POLLY_VOICES[language].voices[speaker].id;
  return engine === 'standard' ? (STANDARD_VOICE[id] ?? id) : id;
}

/** Billed characters one request may carry: the text, not the SSML tags. Kept below Polly's 3,000. */
export const POLLY_MAX_TEXT = 2_000;

/** Text as SSML character data: the five XML specials escaped, control characters dropped. */
export function escapeSsml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in XML
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The SSML of one request: the language, a short pause after each piece, the escaped text. */
export function ssmlOf(text: string, language: CourseLanguage): string {
  return `<speak><lang xml:lang="${POLLY_VOICES[language].languageCode}">${escapeSsml(text)}</lang><break time="300ms"/></speak>`;
}

export function pollySpeech(client: PollyClient, engine: PollyEngine = 'neural'): SpeechProvider {
  return {
    name: 'polly',
    voices: (language): readonly [Voice, Voice] => [
      { name: PODCAST_SPEAKERS[language][0], wordsPerMinute: POLLY_VOICES[language].voices[0].wpm },
      { name: PODCAST_SPEAKERS[language][1], wordsPerMinute: POLLY_VOICES[language].voices[1].wpm },
    ],
    prepare: () => undefined,
    async synthesize(text, language, speaker) {
      const parts: Uint8Array[] = [];
      for (const piece of splitText(text, POLLY_MAX_TEXT)) {
        const out = await client.send(
          new SynthesizeSpeechCommand({
            Engine: engine,
            OutputFormat: 'mp3',
            SampleRate: '24000',
            TextType: 'ssml',
            Text: ssmlOf(piece, language),
            VoiceId: pollyVoiceId(language, speaker, engine) as 'Lea',
            LanguageCode: POLLY_VOICES[language].languageCode,
          }),
        );
        if (!out.AudioStream) throw new Error('Polly returned no audio');
        parts.push(await out.AudioStream.transformToByteArray());
      }
      const mp3 = concatMp3(parts);
      return { mp3, seconds: mp3Duration(mp3) };
    },
  };
}
