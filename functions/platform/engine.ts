// The study engine of this host, chosen by ENGINE_PROVIDER: `local` (the default, the laptop
// host) runs the built-in engine; `bedrock` (set by CDK on the API function) writes with the
// Bedrock model BEDROCK_MODEL_ID; `openai` writes with the model OPENAI_MODEL of an
// OpenAI-compatible server at OPENAI_BASE_URL (a local model server, a school's server), its key
// (if any) read as a secret. Handlers call studyEngine() and never ask which one they got.
// The local engine is imported through a computed name when first used, so that the cloud bundle
// does not carry it (as the OCR providers do).
import { EngineError } from '../engine/errors.js';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { converseTransport } from '../engine/bedrock/converse.js';
import { bedrockEngine } from '../engine/bedrock/index.js';
import { chatCompletionsTransport, openaiEngine } from '../engine/openai/index.js';
import type { StudyEngine } from '../engine/types.js';
import { config } from './config.js';
import { logger } from './logger.js';
import { secretValue } from './secrets.js';

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
    coach: async (request) => {
      const engine = await load();
      if (!engine.coach) throw new EngineError('unavailable', 'the local engine has no coach');
      return engine.coach(request);
    },
    podcastScript: async (request) => (await load()).podcastScript(request),
  };
}

function bedrock(): { engine: StudyEngine; client: BedrockRuntimeClient } {
  const c = config();
  // One attempt per SDK call: the engine retries with its own policy and time budget.
  const client = new BedrockRuntimeClient({ region: c.AWS_REGION, endpoint: c.BEDROCK_ENDPOINT, maxAttempts: 1 });
  const engine = bedrockEngine({
    transport: converseTransport(client),
    modelId: c.BEDROCK_MODEL_ID!,
    inputTokenBudget: c.BEDROCK_INPUT_TOKENS,
    onGeneration: (facts) => logger.info({ engine: 'bedrock', ...facts }, 'generation done'),
  });
  return { engine, client };
}

function openai(): StudyEngine {
  const c = config();
  const transport = chatCompletionsTransport({
    baseUrl: c.OPENAI_BASE_URL!,
    output: c.OPENAI_OUTPUT,
    // Optional: a server on the laptop asks for none.
    apiKey: () => secretValue('openaiApiKey').catch(() => undefined),
  });
  return openaiEngine({
    transport,
    modelId: c.OPENAI_MODEL!,
    inputTokenBudget: c.OPENAI_INPUT_TOKENS,
    onGeneration: (facts) => logger.info({ engine: 'openai', ...facts }, 'generation done'),
  });
}

export function studyEngine(): StudyEngine {
  if (!chosen) {
    const provider = config().ENGINE_PROVIDER;
    chosen = provider === 'bedrock' ? bedrock() : provider === 'openai' ? { engine: openai() } : { engine: lazyLocalEngine() };
  }
  return chosen.engine;
}

/**
 * Loads the configured engine's modules ahead of its first generation, as a Lambda's init phase
 * would: the local engine's (mathjs above all); the model providers' are loaded already.
 */
export async function warmUpEngine(): Promise<void> {
  const provider = config().ENGINE_PROVIDER;
  if (provider === 'local') await import(/* @vite-ignore */ localModule);
}

/** Forget the engine (tests and the laptop host change the configuration between runs). */
export function resetEngine(): void {
  chosen?.client?.destroy();
  chosen = undefined;
}
