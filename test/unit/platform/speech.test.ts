// The podcast's speech providers: the laptop's espeak-ng voices measured on real audio (pace the
// script is planned from, two distinct voices, a playable MP3 whose duration is read back from
// its frames), and Polly's requests (SSML built and escaped in code, within its character limit,
// billed for the text alone: through the real client against test/support/polly-fake.ts).
import { PollyClient } from '@aws-sdk/client-polly';
import { describe, expect, it } from 'vitest';
import { localSpeech } from '../../../functions/platform/speech/local.js';
import { LOCAL_VOICES } from '../../../functions/platform/speech/local-voices.js';
import { concatMp3, mp3Duration } from '../../../functions/platform/speech/mp3.js';
import { escapeSsml, pollySpeech, POLLY_MAX_TEXT } from '../../../functions/platform/speech/polly.js';
import { splitText } from '../../../functions/platform/speech/types.js';
import { ENGLISH_COURSE, FRENCH_COURSE } from '../../support/fixtures.js';
import { startPollyFake } from '../../support/polly-fake.js';

const textOf = (pages: string[]) => pages.map((p) => p.split('\n').slice(1).join(' ')).join(' ');
const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;

describe('the laptop’s voices', () => {
  const provider = localSpeech();

  it.each([
    ['fr', textOf(FRENCH_COURSE)],
    ['en', textOf(ENGLISH_COURSE)],
  ] as const)('speak %s course text at the pace the scripts are planned with, in two distinct voices, as MP3', async (lang, text) => {
    const voices = await Promise.all([provider.synthesize(text, lang, 0), provider.synthesize(text, lang, 1)]);
    for (const [i, audio] of voices.entries()) {
      // The length is the MP3's own, read from its frames.
      expect(audio.seconds).toBe(mp3Duration(audio.mp3));
      const wpm = wordCount(text) / (audio.seconds / 60);
      expect(Math.abs(wpm - LOCAL_VOICES[lang][i].wordsPerMinute) / LOCAL_VOICES[lang][i].wordsPerMinute).toBeLessThan(0.12);
    }
    expect(Buffer.from(voices[0].mp3).equals(Buffer.from(voices[1].mp3))).toBe(false);
    // Two segments make one file that lasts as long as both.
    expect(mp3Duration(concatMp3(voices.map((v) => v.mp3)))).toBeCloseTo(mp3Duration(voices[0].mp3) + mp3Duration(voices[1].mp3), 1);
  }, 60_000);

  it('speaks a line that starts with a dash instead of reading it as an option', async () => {
    const audio = await provider.synthesize('-v en - et la suite du texte', 'fr', 0);
    expect(audio.seconds).toBeGreaterThan(1);
  }, 30_000);
});

describe('Polly', () => {
  it('gets SSML built and escaped in code, within its character limit, with two voices per language', async () => {
    const sent: Record<string, unknown>[] = [];
    const sample = await localSpeech().synthesize('Bonjour.', 'fr', 0);
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        sent.push(command.input);
        return { AudioStream: { transformToByteArray: async () => sample.mp3 } };
      },
    } as unknown as PollyClient;
    const provider = pollySpeech(client);
    const long = `${'Une phrase du cours avec <balise> & "guillemets". '.repeat(120)}Fin.`;
    const audio = await provider.synthesize(long, 'fr', 1);
    expect(sent.length).toBeGreaterThan(2);
    for (const input of sent) {
      expect(input).toMatchObject({ Engine: 'neural', OutputFormat: 'mp3', TextType: 'ssml', VoiceId: 'Remi', LanguageCode: 'fr-FR' });
      const ssml = input.Text as string;
      expect(ssml).toMatch(/^<speak><lang xml:lang="fr-FR">[^<>]*<\/lang><break time="300ms"\/><\/speak>$/);
      expect(ssml.replace(/<[^>]+>/g, '').replace(/&\w+;/g, 'x').length).toBeLessThanOrEqual(3_000);
      expect(ssml.length).toBeLessThanOrEqual(6_000);
    }
    expect(sent[0].Text).toContain('&lt;balise&gt; &amp; &quot;guillemets&quot;');
    expect(audio.seconds).toBeCloseTo(sent.length * mp3Duration(sample.mp3), 1);
    await provider.synthesize('Hello.', 'en', 0);
    expect(sent.at(-1)).toMatchObject({ VoiceId: 'Joanna', LanguageCode: 'en-US' });
    expect(provider.voices('en').map((v) => v.name)).toEqual(['Joanna', 'Matthew']);
  }, 30_000);

  it('speaks on the engine the deployment chose, with a standard voice where the neural one has none', async () => {
    const sent: Record<string, unknown>[] = [];
    const sample = await localSpeech().synthesize('Bonjour.', 'fr', 0);
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        sent.push(command.input);
        return { AudioStream: { transformToByteArray: async () => sample.mp3 } };
      },
    } as unknown as PollyClient;
    await pollySpeech(client, 'standard').synthesize('Une phrase.', 'fr', 1);
    await pollySpeech(client, 'standard').synthesize('Une phrase.', 'fr', 0);
    await pollySpeech(client, 'generative').synthesize('A sentence.', 'en', 1);
    expect(sent.map((s) => [s.Engine, s.VoiceId])).toEqual([
      ['standard', 'Mathieu'],
      ['standard', 'Lea'],
      ['generative', 'Matthew'],
    ]);
  }, 30_000);

  it('is billed the characters of the text, not of its SSML, through the real client', async () => {
    const fake = await startPollyFake();
    const client = new PollyClient({ region: 'eu-west-3', endpoint: fake.url, credentials: { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake' }, maxAttempts: 1 });
    try {
      const text = `${'La vitesse moyenne est le quotient de la distance par la durée. '.repeat(60)}Fin.`.trim();
      const audio = await pollySpeech(client, 'neural').synthesize(text, 'fr', 1);
      expect(fake.calls.length).toBeGreaterThan(1);
      expect(fake.calls.every((c) => c.status === 200 && c.engine === 'neural' && c.voiceId === 'Remi')).toBe(true);
      // Pieces are cut at sentence ends: the spaces between them are the only characters not sent.
      expect(fake.billedCharacters()).toBeGreaterThan(text.length - fake.calls.length);
      expect(fake.billedCharacters()).toBeLessThanOrEqual(text.length);
      expect(audio.seconds).toBeCloseTo(text.length / 15, -1);
    } finally {
      client.destroy();
      await fake.close();
    }
  }, 30_000);

  it('splits text at sentence ends, and escapes what XML would read', () => {
    const parts = splitText('Première phrase. Deuxième phrase ! Troisième ? '.repeat(200), POLLY_MAX_TEXT);
    expect(parts.every((p) => p.length <= POLLY_MAX_TEXT && /[.!?]$/.test(p))).toBe(true);
    expect(escapeSsml(`a<b>&'"\u0007`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });
});
