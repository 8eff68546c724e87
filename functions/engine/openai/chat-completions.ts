// One tool call through an OpenAI-compatible chat completions endpoint (`POST {base}/chat/completions`:
// Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI itself). The request carries the same system
// prompt, turns and tool schema as a Converse call (bedrock/converse.ts); the model is held to the
// tool's JSON Schema either by a JSON-schema response format (`json_schema`, the default: every one
// of those servers constrains its output to it) or by a forced function call (`tool`, for servers
// that only constrain tool calls). The JSON that comes back is the tool's input, then checked like
// Bedrock's (schemas, grounding, recomputed arithmetic). Throttling (429), server errors and
// connection failures are retried within the time budget, after the wait a `Retry-After` header
// asks for when there is one (a wait past the budget fails at once as the service being busy).
// A reply that is not JSON is asked again once, the parser's error sent back to the model with
// what it wrote; anything else is an EngineError.
import { EngineError } from '../errors.js';
import { callWithRetries, type ToolCall, type ToolCallResult, type ToolTransport } from '../bedrock/converse.js';

export const openaiOutputModes = ['json_schema', 'tool'] as const;
export type OpenAIOutputMode = (typeof openaiOutputModes)[number];

export interface ChatCompletionsOptions {
  /** The API's base URL, with its version: `http://127.0.0.1:11434/v1` (Ollama), `http://127.0.0.1:8080/v1` (llama.cpp). */
  baseUrl: string;
  /** Sent as a bearer token when set (local servers need none). */
  apiKey?: () => Promise<string | undefined>;
  output?: OpenAIOutputMode;
  fetch?: typeof fetch;
}

/** The request body of one call (exported for the tests' wire-format fake). */
export function chatCompletionsBody(call: ToolCall, output: OpenAIOutputMode): Record<string, unknown> {
  const { tool } = call;
  const instruction =
    output === 'json_schema'
      ? `Your reply is the input of the tool ${tool.name} (${tool.description}): one JSON object matching its JSON schema, and nothing else.`
      : `Call the function ${tool.name} once.`;
  return {
    model: call.modelId,
    messages: [
      { role: 'system', content: `${call.system}\n${instruction}` },
      ...call.messages.map((m) => ({ role: m.role, content: m.text })),
    ],
    max_tokens: call.maxTokens,
    temperature: call.temperature,
    stream: false,
    ...(output === 'json_schema'
      ? { response_format: { type: 'json_schema', json_schema: { name: tool.name, schema: tool.inputSchema, strict: false } } }
      : {
          tools: [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }],
          tool_choice: { type: 'function', function: { name: tool.name } },
        }),
  };
}

interface ChatCompletion {
  choices?: {
    finish_reason?: string | null;
    message?: { content?: string | null; tool_calls?: { function?: { name?: string; arguments?: string } }[] };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/** An HTTP refusal, shaped as isRetryable reads it (429 and 5xx are retried), with the wait it asked for. */
class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  readonly $metadata: { httpStatusCode: number };
  readonly retryAfterMs?: number;
  constructor(status: number, message: string, retryAfterMs?: number) {
    super(message);
    this.$metadata = { httpStatusCode: status };
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** A `Retry-After` header in ms: delay-seconds or an HTTP date (undefined when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The model's reply was not JSON: what it wrote and what the parser said, for asking again. */
class MalformedReply extends EngineError {
  constructor(
    readonly reply: string,
    readonly parserError: string,
    message: string,
    attempts: number,
  ) {
    super('invalid_output', message, { attempts });
  }

  /** The call's tokens and time, added to those of the call that asks again. */
  spent: Pick<ToolCallResult, 'usage' | 'latencyMs'> = { usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0 };
}

/** What the model's malformed reply is cut to when it is sent back to it. */
const RESENT_REPLY_CHARS = 4_000;

/** The turn that asks the model again after a reply the parser refused. */
function correction(toolName: string, parserError: string): string {
  return `Your reply could not be parsed as JSON (${parserError}). Reply again with only the input of the tool ${toolName}: one JSON object matching its JSON schema, with no text before or after it.`;
}

/** A connection failure (fetch's TypeError), with the system's code where isRetryable looks for it. */
function connectionError(err: unknown): unknown {
  if (!(err instanceof TypeError)) return err;
  const code = (err.cause as { code?: string } | undefined)?.code ?? 'ECONNRESET';
  return Object.assign(new Error(`connection failed (${code})`, { cause: err }), { name: 'ConnectionError', code });
}

/** The JSON text of a reply, without the Markdown fence some models put around it. */
function jsonText(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return (fenced ? fenced[1] : text).trim();
}

/** The tool's input from a chat completion; anything else is invalid output. */
export function toolInputOfCompletion(body: ChatCompletion, toolName: string, attempts: number): unknown {
  const choice = body.choices?.[0];
  const finish = choice?.finish_reason ?? 'none';
  if (finish === 'length') throw new EngineError('invalid_output', `The model's output was cut at its token limit`, { attempts });
  if (finish === 'content_filter') throw new EngineError('invalid_output', `The model's output was filtered (${finish})`, { attempts });
  const called = choice?.message?.tool_calls?.find((c) => c.function?.name === toolName)?.function?.arguments;
  const text = called ?? choice?.message?.content ?? '';
  if (!text.trim()) throw new EngineError('invalid_output', `The model returned no JSON for ${toolName} (finish reason ${finish})`, { attempts });
  try {
    return JSON.parse(jsonText(text)) as unknown;
  } catch (err) {
    const parserError = err instanceof Error ? err.message : String(err);
    throw new MalformedReply(text, parserError, `The model's reply for ${toolName} is not JSON (finish reason ${finish})`, attempts);
  }
}

export function chatCompletionsTransport(options: ChatCompletionsOptions): ToolTransport {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const output = options.output ?? 'json_schema';
  const send = options.fetch ?? fetch;
  const service = 'Chat completions';
  return {
    service,
    async call(call: ToolCall, limits): Promise<ToolCallResult> {
      const key = await options.apiKey?.();
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (key) headers.authorization = `Bearer ${key}`;
      const once = (request: ToolCall) => {
        const body = JSON.stringify(chatCompletionsBody(request, output));
        return callWithRetries(service, limits, async (signal, attempt) => {
          const started = Date.now();
          let res: Response;
          try {
            res = await send(url, { method: 'POST', headers, body, signal });
          } catch (err) {
            throw connectionError(err);
          }
          const text = await res.text().catch(() => '');
          if (!res.ok) throw new HttpStatusError(res.status, `HTTP ${res.status}`, retryAfterMs(res.headers.get('retry-after')));
          let parsed: ChatCompletion;
          try {
            parsed = JSON.parse(text) as ChatCompletion;
          } catch {
            throw new EngineError('invalid_output', 'The chat completions response is not JSON', { attempts: attempt });
          }
          const usage = { inputTokens: parsed.usage?.prompt_tokens ?? 0, outputTokens: parsed.usage?.completion_tokens ?? 0 };
          try {
            return { input: toolInputOfCompletion(parsed, call.tool.name, attempt), attempts: attempt, usage, latencyMs: Date.now() - started };
          } catch (err) {
            if (err instanceof MalformedReply) err.spent = { usage, latencyMs: Date.now() - started };
            throw err;
          }
        });
      };
      try {
        return await once(call);
      } catch (err) {
        if (!(err instanceof MalformedReply)) throw err;
        // Once more, with what the model wrote and what the parser said of it.
        const retry: ToolCall = {
          ...call,
          messages: [
            ...call.messages,
            { role: 'assistant', text: err.reply.slice(0, RESENT_REPLY_CHARS) },
            { role: 'user', text: correction(call.tool.name, err.parserError) },
          ],
        };
        try {
          const result = await once(retry);
          return {
            ...result,
            attempts: err.attempts + result.attempts,
            usage: { inputTokens: err.spent.usage.inputTokens + result.usage.inputTokens, outputTokens: err.spent.usage.outputTokens + result.usage.outputTokens },
            latencyMs: err.spent.latencyMs + result.latencyMs,
          };
        } catch (again) {
          if (!(again instanceof EngineError)) throw again;
          // No time was left to ask again: the reply that was not JSON is the failure.
          if (again.attempts === 0) throw err;
          throw new EngineError(again.kind, again.message, { cause: again.cause, attempts: err.attempts + again.attempts });
        }
      }
    },
  };
}
