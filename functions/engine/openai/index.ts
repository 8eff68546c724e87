// The `openai` study engine: the model engine of bedrock/index.ts (same prompts, tool schemas,
// token budget, grounding, recomputed arithmetic and practice checks) writing through any
// OpenAI-compatible chat completions endpoint instead of Bedrock: a model on the student's laptop
// (Ollama, llama.cpp's server, LM Studio) or on a school's server (vLLM).
import type { StudyEngine } from '../types.js';
import { bedrockEngine, type BedrockEngineOptions } from '../bedrock/index.js';

export { chatCompletionsTransport, openaiOutputModes, type OpenAIOutputMode } from './chat-completions.js';

export function openaiEngine(options: BedrockEngineOptions): StudyEngine {
  return { ...bedrockEngine(options), name: 'openai' };
}
