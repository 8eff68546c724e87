// The laptop's speech worker pool: segments spoken at the same time on several workers give the
// very bytes they give one after the other, an utterance is not slowed by the ones asked after it,
// and a worker that crashes fails its segment with a speech failure while the pool goes on with a
// fresh worker.
import { afterAll, describe, expect, it } from 'vitest';
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
