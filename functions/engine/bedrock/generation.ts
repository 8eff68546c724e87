// One generation of a model engine (`bedrock` or `openai`, through its ToolTransport) (an answer, a sheet, a quiz question, a grading, a deck):
// its calls to the model share the time budget and their attempts and usage add up, the tool's
// input is held to a zod schema (else an invalid_output naming where it did not match), and a
// generation that succeeded is reported in counts only, never text.
import type { ZodError } from 'zod';
import { EngineError, type EngineErrorKind } from '../errors.js';
import { estimateTokens } from './budget.js';
import { DEFAULT_TIME_BUDGET_MS, defaultRetry, type RetryPolicy, type ToolCall, type ToolTransport } from './converse.js';
import type { GroundingTally } from './grounding.js';
import { toolTokens } from './schemas.js';

export type GenerationTask = 'answer' | 'sheet' | 'quiz_question' | 'evaluation' | 'flashcards' | 'coach' | 'podcast';

export interface GenerationFacts<Task extends GenerationTask = GenerationTask> {
  task: Task;
  modelId: string;
  /** Calls made, retries and the retry after a repeated fact included. */
  attempts: number;
  passages: number;
  estimatedInputTokens: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  citations: GroundingTally;
}

/** What every generation needs; the engine's and the practice generators' options extend it. */
export interface GenerationOptions<Task extends GenerationTask> {
  /** How calls reach the model service: converseTransport (Bedrock) or chatCompletionsTransport (OpenAI-compatible). */
  transport: ToolTransport;
  /** The model's id: a Bedrock model or inference profile id (e.g. `eu.anthropic.claude-haiku-4-5-20251001-v1:0`), or the served model's name. */
  modelId: string;
  retry?: RetryPolicy;
  /** Time for the whole generation, retries included. */
  timeBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about every generation that succeeded (counts only, never text). */
  onGeneration?: (facts: GenerationFacts<Task>) => void;
}

function issuesOf(error: ZodError): string {
  return [...new Set(error.issues.map((i) => i.path.join('.') || '(root)'))].slice(0, 5).join(', ');
}

function estimateCall(call: ToolCall): number {
  return estimateTokens(call.system) + call.messages.reduce((sum, m) => sum + estimateTokens(m.text), 0) + toolTokens(call.tool);
}

export class Generation<Task extends GenerationTask> {
  private attempts = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private latencyMs = 0;
  private estimated = 0;
  private readonly deadline: number;

  constructor(
    private readonly options: GenerationOptions<Task>,
    private readonly task: Task,
  ) {
    this.deadline = Date.now() + (options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  }

  /** The forced tool's input from the configured model, throttling and server errors retried within the time left. */
  async call(request: Omit<ToolCall, 'modelId'>): Promise<unknown> {
    const call: ToolCall = { modelId: this.options.modelId, ...request };
    this.estimated = estimateCall(call);
    const limits = {
      retry: this.options.retry ?? defaultRetry,
      sleep: this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
      deadline: this.deadline,
    };
    try {
      const result = await this.options.transport.call(call, limits);
      this.attempts += result.attempts;
      this.inputTokens += result.usage.inputTokens;
      this.outputTokens += result.usage.outputTokens;
      this.latencyMs += result.latencyMs;
      return result.input;
    } catch (err) {
      if (err instanceof EngineError && this.attempts > 0) {
        throw new EngineError(err.kind, err.message, { cause: err.cause, attempts: this.attempts + err.attempts });
      }
      throw err;
    }
  }

  fail(kind: EngineErrorKind, message: string): EngineError {
    return new EngineError(kind, message, { attempts: this.attempts });
  }

  /** The tool input matched `schema`, or an invalid_output naming where it did not. */
  parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } }, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw this.fail('invalid_output', `The ${what} did not match its schema at ${issuesOf(parsed.error)}`);
    return parsed.data;
  }

  done(passages: number, citations: GroundingTally): void {
    this.options.onGeneration?.({
      task: this.task,
      modelId: this.options.modelId,
      attempts: this.attempts,
      passages,
      estimatedInputTokens: this.estimated,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      latencyMs: this.latencyMs,
      citations,
    });
  }
}
