// The laptop's speech worker pool: a worker's long-lived espeak-ng instance speaks each utterance
// as a fresh instance would (text2wav's own way), segments spoken at the same time on several
// workers give the very bytes they give one after the other, and a worker that crashes fails its
// segment with a speech failure while the pool goes on with a fresh worker.
import text2wav from 'text2wav';
import { afterAll, describe, expect, it } from 'vitest';
import { createMp3Encoder } from 'wasm-media-encoders';
import { ESPEAK_VOICES } from '../../../functions/platform/speech/local-voices.js';
import { localSpeech } from '../../../functions/platform/speech/local.js';
import { mp3Duration } from '../../../functions/platform/speech/mp3.js';
import { SpeechFailure } from '../../../functions/platform/speech/pool.js';

const lines = [
  ['La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.', 'fr', 0],
  ['Elle s’exprime en mètres par seconde, et se note v.', 'fr', 1],
  ['Newton’s second law states that force equals mass times acceleration.', 'en', 0],
  ['The unit of force is the newton.', 'en', 1],
] as const;

describe('the speech worker pool', () => {
  const pooled = localSpeech({ workers: 2 });
  const single = localSpeech({ workers: 1 });
  const crashing = localSpeech({ workers: 1, workerUrl: new URL('../../support/speech-worker-crash.mjs', import.meta.url) });
  afterAll(() => Promise.all([pooled.close(), single.close(), crashing.close()]));

  it('speaks every utterance as a fresh espeak-ng instance does, however many came before it', async () => {
    const [text, lang, speaker] = lines[1];
    for (const [t, l, sp] of lines) await single.synthesize(t, l, sp);
    // A long one reaches further into espeak-ng's heap and stack than any before the image was taken.
    await single.synthesize(Array.from({ length: 12 }, () => lines[0][0]).join(' '), 'fr', 1);
    const reused = await single.synthesize(text, lang, speaker);
    // text2wav instantiates espeak-ng for this one utterance; its WAV encoded by LAME in one go.
    const { voice, speed } = ESPEAK_VOICES[lang][speaker];
    const wav = await (text2wav as unknown as (...args: string[]) => Promise<Uint8Array>)(text, '-v', voice, '-s', String(speed));
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    const samples = new Float32Array((wav.length - 44) / 2).map((_, i) => view.getInt16(44 + 2 * i, true) / 32768);
    const lame = await createMp3Encoder();
    lame.configure({ channels: 1, sampleRate: view.getUint32(24, true), bitrate: 48 });
    // encode() answers a view of LAME's memory that finalize() writes over: copied first.
    const head = lame.encode([samples]).slice();
    const fresh = Buffer.concat([head, lame.finalize()]);
    expect(Buffer.from(reused.mp3).equals(fresh)).toBe(true);
  }, 120_000);

  it('gives the same MP3 bytes for segments spoken concurrently as one after the other', async () => {
    const sequential = [];
    for (const [text, lang, speaker] of lines) sequential.push(await single.synthesize(text, lang, speaker));
    const concurrent = await Promise.all([...lines, ...lines].map(([text, lang, speaker]) => pooled.synthesize(text, lang, speaker)));
    for (const [i, audio] of concurrent.entries()) {
      expect(Buffer.from(audio.mp3).equals(Buffer.from(sequential[i % lines.length].mp3))).toBe(true);
      expect(audio.seconds).toBe(mp3Duration(audio.mp3));
      expect(audio.seconds).toBeGreaterThan(1);
    }
  }, 120_000);

  it('fails the segment whose worker crashed with a speech failure, and speaks the next ones on a fresh worker', async () => {
    const [text, lang, speaker] = lines[0];
    const before = await crashing.synthesize(text, lang, speaker);
    const results = await Promise.allSettled([crashing.synthesize('CRASH', 'fr', 0), crashing.synthesize(text, lang, speaker)]);
    expect(results[0].status).toBe('rejected');
    const reason = (results[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(SpeechFailure);
    expect(reason.message).toMatch(/stopped \(exit code 70\)/);
    // The segment queued behind the crash is spoken by the replacement worker, byte for byte as before.
    expect(results[1].status).toBe('fulfilled');
    expect(Buffer.from((results[1] as PromiseFulfilledResult<{ mp3: Uint8Array }>).value.mp3).equals(Buffer.from(before.mp3))).toBe(true);
  }, 120_000);
});
