// One tool call through an OpenAI-compatible chat completions endpoint (`POST {base}/chat/completions`:
// Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI itself). The request carries the same system
// prompt, turns and tool schema as a Converse call (bedrock/converse.ts); the model is held to the
// tool's JSON Schema either by a JSON-schema response format (`json_schema`, the default: every one
// of those servers constrains its output to it) or by a forced function call (`tool`, for servers
// that only constrain tool calls). The JSON that comes back is the tool's input, then checked like
// Bedrock's (schemas, grounding, recomputed arithmetic). Throttling (429), server errors and
// connection failures are retried within the time budget; anything else is an EngineError.
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

/** An HTTP refusal, shaped as isRetryable reads it (429 and 5xx are retried). */
class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  readonly $metadata: { httpStatusCode: number };
  constructor(status: number, message: string) {
    super(message);
    this.$metadata = { httpStatusCode: status };
  }
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
  } catch {
    throw new EngineError('invalid_output', `The model's reply for ${toolName} is not JSON (finish reason ${finish})`, { attempts });
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
      const body = JSON.stringify(chatCompletionsBody(call, output));
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (key) headers.authorization = `Bearer ${key}`;
      return callWithRetries(service, limits, async (signal, attempt) => {
        const started = Date.now();
        let res: Response;
        try {
          res = await send(url, { method: 'POST', headers, body, signal });
        } catch (err) {
          throw connectionError(err);
        }
        const text = await res.text().catch(() => '');
        if (!res.ok) throw new HttpStatusError(res.status, `HTTP ${res.status}`);
        let parsed: ChatCompletion;
        try {
          parsed = JSON.parse(text) as ChatCompletion;
        } catch {
          throw new EngineError('invalid_output', 'The chat completions response is not JSON', { attempts: attempt });
        }
        return {
          input: toolInputOfCompletion(parsed, call.tool.name, attempt),
          attempts: attempt,
          usage: { inputTokens: parsed.usage?.prompt_tokens ?? 0, outputTokens: parsed.usage?.completion_tokens ?? 0 },
          latencyMs: Date.now() - started,
        };
      });
    },
  };
}
