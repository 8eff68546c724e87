// The study engine of this host, chosen by ENGINE_PROVIDER: `local` (the default, the laptop
// host) runs the built-in engine; `bedrock` (set by CDK on the API function) writes with the
// Bedrock model BEDROCK_MODEL_ID. Handlers call studyEngine() and never ask which one they got.
// The local engine is imported through a computed name when first used, so that the cloud bundle
// does not carry it (as the OCR providers do).
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { bedrockEngine } from '../engine/bedrock/index.js';
import type { StudyEngine } from '../engine/types.js';
import { config } from './config.js';
import { logger } from './logger.js';

let chosen: { engine: StudyEngine; client?: BedrockRuntimeClient } | undefined;

const localModule = '../engine/local/index.js';

/** The local engine, loaded on its first call. */
function lazyLocalEngine(): StudyEngine {
  let loading: Promise<StudyEngine> | undefined;
  const load = (): Promise<StudyEngine> => {
    loading ??= (import(/* @vite-ignore */ localModule) as Promise<{ localEngine: StudyEngine }>).then(
      (m) => m.localEngine,
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return {
    name: 'local',
    answer: async (request) => (await load()).answer(request),
    sheet: async (request) => (await load()).sheet(request),
    quizQuestion: async (request) => (await load()).quizQuestion(request),
    evaluate: async (request) => (await load()).evaluate(request),
    flashcards: async (request) => (await load()).flashcards(request),
    podcastScript: async (request) => (await load()).podcastScript(request),
  };
}

function bedrock(): { engine: StudyEngine; client: BedrockRuntimeClient } {
  const c = config();
  // One attempt per SDK call: the engine retries with its own policy and time budget.
  const client = new BedrockRuntimeClient({ region: c.AWS_REGION, endpoint: c.BEDROCK_ENDPOINT, maxAttempts: 1 });
  const engine = bedrockEngine({
    client,
    modelId: c.BEDROCK_MODEL_ID!,
    inputTokenBudget: c.BEDROCK_INPUT_TOKENS,
    onGeneration: (facts) => logger.info({ engine: 'bedrock', ...facts }, 'generation done'),
  });
  return { engine, client };
}

export function studyEngine(): StudyEngine {
  if (!chosen) chosen = config().ENGINE_PROVIDER === 'bedrock' ? bedrock() : { engine: lazyLocalEngine() };
  return chosen.engine;
}

/** Forget the engine (tests and the laptop host change the configuration between runs). */
export function resetEngine(): void {
  chosen?.client?.destroy();
  chosen = undefined;
}
