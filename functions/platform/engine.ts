// The study engine of this host, chosen by ENGINE_PROVIDER: `local` (the default, the laptop
// host) runs the built-in engine; `bedrock` (set by CDK on the API function) writes with the
// Bedrock model BEDROCK_MODEL_ID for Premium and BEDROCK_FREE_MODEL_ID (a lighter one; the same
// model when unset) for the free plan; `openai` writes with the model OPENAI_MODEL of an
// OpenAI-compatible server at OPENAI_BASE_URL (a local model server, a school's server), its key
// (if any) read as a secret. The built-in and OpenAI-compatible engines are the same for both
// plans. Handlers get the engine of the student's plan (studyEngine(tier), through loadEngine in
// course.ts) and never ask which one they got.
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

/** Which plan a generation is for: Premium (and trials) or the free plan. */
export type EngineTier = 'premium' | 'free';

let chosen: { engines: Record<EngineTier, StudyEngine>; client?: BedrockRuntimeClient } | undefined;

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
    quizQuestions: async (request, count) => (await load()).quizQuestions(request, count),
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

/** One Bedrock client, and an engine per plan on it (one engine when both plans use the same model). */
function bedrock(): { engines: Record<EngineTier, StudyEngine>; client: BedrockRuntimeClient } {
  const c = config();
  // One attempt per SDK call: the engine retries with its own policy and time budget.
  const client = new BedrockRuntimeClient({ region: c.AWS_REGION, endpoint: c.BEDROCK_ENDPOINT, maxAttempts: 1 });
  const transport = converseTransport(client);
  const engineOf = (modelId: string, tier: EngineTier) =>
    bedrockEngine({
      transport,
      modelId,
      inputTokenBudget: c.BEDROCK_INPUT_TOKENS,
      onGeneration: (facts) => logger.info({ engine: 'bedrock', tier, ...facts }, 'generation done'),
    });
  const premium = engineOf(c.BEDROCK_MODEL_ID!, 'premium');
  const freeModel = c.BEDROCK_FREE_MODEL_ID ?? c.BEDROCK_MODEL_ID!;
  return { engines: { premium, free: freeModel === c.BEDROCK_MODEL_ID ? premium : engineOf(freeModel, 'free') }, client };
}

const same = (engine: StudyEngine): Record<EngineTier, StudyEngine> => ({ premium: engine, free: engine });

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

/** The engine a generation for `tier` runs on (Premium's when not said). */
export function studyEngine(tier: EngineTier = 'premium'): StudyEngine {
  if (!chosen) {
    const provider = config().ENGINE_PROVIDER;
    chosen = provider === 'bedrock' ? bedrock() : { engines: same(provider === 'openai' ? openai() : lazyLocalEngine()) };
  }
  return chosen.engines[tier];
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
