// The speech provider of this host, chosen by SPEECH_PROVIDER: `local` (the laptop's default:
// espeak-ng and LAME as WebAssembly, synthetic voices) or `polly` (set by CDK: Amazon Polly's
// voices on the engine POLLY_ENGINE names, neural by default; also usable from the laptop with AWS credentials). The pipeline's tasks
// call speech() and never ask which one they got. The local provider is imported through a
// computed name when first used, so that the cloud bundle does not carry espeak-ng.
import { PollyClient } from '@aws-sdk/client-polly';
import { config } from '../config.js';
import { LOCAL_VOICES } from './local-voices.js';
import { pollySpeech } from './polly.js';
import type { SpeechProvider } from './types.js';

export type { SpeechProvider, SpokenAudio, Voice } from './types.js';

const localModule = './local.js';
let chosen: { provider: SpeechProvider; client?: PollyClient } | undefined;
let local: Promise<SpeechProvider & { close(): Promise<void> }> | undefined;

/** The local provider, loaded on its first call; its voices are known without loading it. */
function lazyLocal(): SpeechProvider {
  const load = () => {
    local ??= (import(/* @vite-ignore */ localModule) as Promise<{ localSpeech: () => SpeechProvider & { close(): Promise<void> } }>).then(
      (m) => m.localSpeech(),
      (err: unknown) => {
        local = undefined;
        throw err;
      },
    );
    return local;
  };
  return {
    name: 'local',
    voices: (language) => LOCAL_VOICES[language],
    prepare: () => void load().then((p) => p.prepare(), () => undefined),
    synthesize: async (text, language, speaker) => (await load()).synthesize(text, language, speaker),
  };
}

export function speech(): SpeechProvider {
  if (!chosen) {
    const c = config();
    if (c.SPEECH_PROVIDER === 'polly') {
      const client = new PollyClient({ region: c.AWS_REGION, endpoint: c.POLLY_ENDPOINT, profile: c.POLLY_PROFILE, maxAttempts: 3 });
      chosen = { provider: pollySpeech(client, c.POLLY_ENGINE), client };
    } else chosen = { provider: lazyLocal() };
  }
  return chosen.provider;
}

/** Ends what the local provider keeps running (its worker threads), if it was loaded; the laptop host calls it when it stops. */
export async function closeSpeech(): Promise<void> {
  const loaded = local;
  local = undefined;
  if (loaded) await (await loaded.catch(() => null))?.close();
}

/** Forget the provider (tests and the laptop host change the configuration between runs). */
export function resetSpeech(): void {
  chosen?.client?.destroy();
  chosen = undefined;
}
