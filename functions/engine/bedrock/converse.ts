// One call to a model that must come back through a given tool, whichever service runs the model:
// `callWithRetries` sends it with retries on throttling and server errors (exponential backoff, or
// the wait the service asks for, within a time budget, since the API answers within 29 s) and
// turns every failure into an EngineError; a ToolTransport builds the service's own request.
// Here, Bedrock's Converse API
// (system prompt, alternating messages, the tool forced by toolChoice); the OpenAI-compatible
// chat completions transport is functions/engine/openai/chat-completions.ts.
import {
  ConverseCommand,
  type BedrockRuntimeClient,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import { EngineError, type EngineErrorKind } from '../errors.js';
import type { ToolDefinition } from './schemas.js';

export interface RetryPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  /** Wait before the second call; doubled before each further one (plus up to a quarter of jitter). */
  baseDelayMs: number;
}

export const defaultRetry: RetryPolicy = { attempts: 3, baseDelayMs: 1_000 };

/** Time for a whole generation, retries included, unless configured: the API function has 29 s; this leaves time to store the result. */
export const DEFAULT_TIME_BUDGET_MS = 25_000;

export interface ToolCall {
  modelId: string;
  system: string;
  /** Alternating turns, starting and ending with the user. */
  messages: { role: 'user' | 'assistant'; text: string }[];
  tool: ToolDefinition;
  maxTokens: number;
  temperature: number;
}

export interface ToolCallResult {
  input: unknown;
  attempts: number;
  usage: { inputTokens: number; outputTokens: number };
  latencyMs: number;
}

/** How one tool call reaches a model service: the generation (generation.ts) only sees this. */
export interface ToolTransport {
  /** The service's name, in error messages (`Bedrock Converse`, `Chat completions`). */
  service: string;
  call(call: ToolCall, limits: CallLimits): Promise<ToolCallResult>;
}

export interface CallLimits {
  retry: RetryPolicy;
  /** Epoch ms after which no call is started and the running one is abandoned. */
  deadline: number;
  sleep: (ms: number) => Promise<void>;
}

/** A call is not started with less time than this left: it could not finish. */
const MIN_CALL_MS = 1_500;

const THROTTLED = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'TooManyRequestsException']);
const RETRYABLE = new Set([
  ...THROTTLED,
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelNotReadyException',
  'ModelTimeoutException',
]);
/** Connection-level failures (no HTTP answer at all), worth another try. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'TimeoutError', 'RequestTimeout']);

interface SdkErrorShape {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

function errorFacts(err: unknown): { name: string; status?: number; code?: string } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SdkErrorShape;
  return { name: e.name ?? 'Error', status: e.$metadata?.httpStatusCode, code: e.code };
}

export function isRetryable(err: unknown): boolean {
  const { name, status, code } = errorFacts(err);
  if (name === 'AbortError') return false;
  if (RETRYABLE.has(name)) return true;
  if (status !== undefined) return status === 429 || status >= 500;
  return NETWORK_CODES.has(name) || (code !== undefined && NETWORK_CODES.has(code));
}

/**
 * How long the service asked to be left alone before the next call (an HTTP `Retry-After`, read by
 * the transport into `retryAfterMs`), or undefined when it did not say.
 */
export function retryAfterOf(err: unknown): number | undefined {
  const ms = (typeof err === 'object' && err !== null ? (err as { retryAfterMs?: unknown }).retryAfterMs : undefined);
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

function kindOf(err: unknown): EngineErrorKind {
  const { name, status } = errorFacts(err);
  // A refusal that says when to come back (a 503 with Retry-After) is the service being busy.
  return THROTTLED.has(name) || status === 429 || retryAfterOf(err) !== undefined ? 'throttled' : 'unavailable';
}

/**
 * The most output tokens a model accepts, where it is lower than what a generation may ask (a
 * podcast script asks up to 8,000): Amazon Nova Micro, Lite and Pro (v1) answer at most 5,000, and
 * refuse a request for more.
 */
const OUTPUT_CEILINGS: readonly { model: RegExp; maxTokens: number }[] = [{ model: /(?:^|[.:/])amazon\.nova-(?:micro|lite|pro)-v1/u, maxTokens: 5_000 }];

/** The output cap sent for a model: what the call asks, within what the model accepts. */
export function outputCapFor(modelId: string, asked: number): number {
  const ceiling = OUTPUT_CEILINGS.find((c) => c.model.test(modelId))?.maxTokens;
  return ceiling === undefined ? asked : Math.min(asked, ceiling);
}

export function converseInput(call: ToolCall): ConverseCommandInput {
  return {
    modelId: call.modelId,
    system: [{ text: call.system }],
    messages: call.messages.map((m) => ({ role: m.role, content: [{ text: m.text }] })),
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: call.tool.name,
            description: call.tool.description,
            inputSchema: { json: call.tool.inputSchema as unknown as ToolInputSchema.JsonMember['json'] },
          },
        },
      ],
      toolChoice: { tool: { name: call.tool.name } },
    },
    inferenceConfig: { maxTokens: outputCapFor(call.modelId, call.maxTokens), temperature: call.temperature },
  };
}

/** The forced tool's input from a Converse response; anything else is invalid output. */
export function toolInputOf(output: ConverseCommandOutput, toolName: string, attempts: number): unknown {
  if (output.stopReason === 'max_tokens') {
    throw new EngineError('invalid_output', `The model's output was cut at its token limit`, { attempts });
  }
  if (output.stopReason === 'guardrail_intervened' || output.stopReason === 'content_filtered') {
    throw new EngineError('invalid_output', `The model's output was filtered (${output.stopReason})`, { attempts });
  }
  const content = output.output?.message?.content ?? [];
  const use = content.find((block) => block.toolUse?.name === toolName)?.toolUse;
  if (!use || use.input === undefined) {
    throw new EngineError('invalid_output', `The model did not call ${toolName} (stop reason ${output.stopReason ?? 'none'})`, { attempts });
  }
  return use.input;
}

/**
 * Runs `once` until it succeeds, retrying what is worth retrying (isRetryable) within the retry
 * policy and the deadline; `once` gets the signal that abandons it at the deadline and the attempt's
 * number. An EngineError thrown by `once` (unusable output) is not retried. A refusal that says how
 * long to wait (`retryAfterMs`) is retried after that wait rather than the backoff's; when the wait
 * would not leave time for the next call before the deadline, it fails at once, without waiting.
 */
export async function callWithRetries(
  service: string,
  limits: CallLimits,
  once: (signal: AbortSignal, attempt: number) => Promise<ToolCallResult>,
): Promise<ToolCallResult> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= limits.retry.attempts; attempt++) {
    const left = limits.deadline - Date.now();
    if (left < MIN_CALL_MS) break;
    try {
      return await once(AbortSignal.timeout(left), attempt);
    } catch (err) {
      if (err instanceof EngineError) throw err;
      lastError = err;
      if (!isRetryable(err) || attempt === limits.retry.attempts) {
        throw failure(service, err, attempt);
      }
      const delay = retryAfterOf(err) ?? limits.retry.baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random() / 4);
      if (Date.now() + delay + MIN_CALL_MS > limits.deadline) throw failure(service, err, attempt);
      await limits.sleep(delay);
    }
  }
  throw lastError === undefined
    ? new EngineError('unavailable', 'No time was left to call the model', { attempts: 0 })
    : failure(service, lastError, limits.retry.attempts);
}

/** Sends the call to Converse, retrying what is worth retrying, and returns the tool's input. */
export async function callTool(client: BedrockRuntimeClient, call: ToolCall, limits: CallLimits): Promise<ToolCallResult> {
  const command = new ConverseCommand(converseInput(call));
  return callWithRetries('Bedrock Converse', limits, async (abortSignal, attempt) => {
    const started = Date.now();
    const output = await client.send(command, { abortSignal });
    return {
      input: toolInputOf(output, call.tool.name, attempt),
      attempts: attempt,
      usage: { inputTokens: output.usage?.inputTokens ?? 0, outputTokens: output.usage?.outputTokens ?? 0 },
      latencyMs: output.metrics?.latencyMs ?? Date.now() - started,
    };
  });
}

/** Bedrock's Converse API as the engine's transport. */
export function converseTransport(client: BedrockRuntimeClient): ToolTransport {
  return { service: 'Bedrock Converse', call: (call, limits) => callTool(client, call, limits) };
}

function failure(service: string, err: unknown, attempts: number): EngineError {
  const { name, status } = errorFacts(err);
  const timedOut = name === 'AbortError' || name === 'TimeoutError';
  const what = timedOut ? 'timed out' : `failed with ${name}${status ? ` (HTTP ${status})` : ''}`;
  return new EngineError(timedOut ? 'unavailable' : kindOf(err), `${service} ${what} after ${attempts} attempt(s)`, { cause: err, attempts });
}
