// A stand-in for an OpenAI-compatible server (Ollama, llama.cpp's server, vLLM, LM Studio), on a
// free loopback port, speaking the chat completions wire format: `POST /v1/chat/completions` with
// a JSON body (model, messages, max_tokens, temperature, and a `response_format` JSON schema or
// `tools` with a forced `tool_choice`), answered with `{ choices: [{ message, finish_reason }],
// usage }` or with an OpenAI error (`{ error: { message, type } }`). It refuses what those servers
// refuse (no messages, an unknown role, a forced function that is not declared, a schema that is
// not an object, a missing or wrong bearer token when one is required) and records every request;
// replies are scripted per test: the JSON the model writes, prose, throttling, server errors (with
// a `Retry-After` header when asked).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatCompletionsTransport, type OpenAIOutputMode } from '../../functions/engine/openai/chat-completions.js';
import { useModelFake, type EngineTestOptions, type EngineUnderTest } from './converse-fake.js';

/** The model the tests configure, as Ollama names one. */
export const LOCAL_MODEL = 'qwen2.5:7b-instruct';

export interface ChatBody {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  max_tokens?: number;
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  tool_choice?: { type: 'function'; function: { name: string } } | string;
}

export interface ChatCall {
  body: ChatBody;
  headers: IncomingHttpHeaders;
}

export type ChatReply =
  /** The model's JSON: as the message's content (json_schema) or as the forced function's arguments (tool). */
  | { json: unknown; finish?: string; fenced?: boolean }
  /** Prose instead of JSON. */
  | { text: string; finish?: string }
  /** A refusal; `retryAfter` is sent as the `Retry-After` header (seconds or an HTTP date). */
  | { error: string; status: number; retryAfter?: string };

export const chatReplies = {
  json: (value: unknown): ChatReply => ({ json: value }),
  text: (text: string): ChatReply => ({ text }),
  throttled: (retryAfter?: string): ChatReply => ({ error: 'Rate limit reached', status: 429, retryAfter }),
  unavailable: (retryAfter?: string): ChatReply => ({ error: 'model is loading', status: 503, retryAfter }),
  internal: (): ChatReply => ({ error: 'internal error', status: 500 }),
  badRequest: (message: string): ChatReply => ({ error: message, status: 400 }),
};

export const systemOf = (body: ChatBody): string => body.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
export const lastUserOf = (body: ChatBody): string => body.messages.at(-1)!.content;

export interface ChatCompletionsFake {
  /** The base URL a client is given: `http://127.0.0.1:{port}/v1`. */
  baseUrl: string;
  calls: ChatCall[];
  script(...queued: ChatReply[]): void;
  otherwise(reply: (call: ChatCall) => ChatReply): void;
  /** The bearer token every request must carry (none: no token asked). */
  requireKey(key: string | undefined): void;
  reset(): void;
  close(): Promise<void>;
}

function refusal(body: ChatBody): string | null {
  if (!body.model) return 'model is required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages must not be empty';
  for (const m of body.messages) {
    if (!['system', 'user', 'assistant'].includes(m.role)) return `unknown role ${m.role}`;
    if (typeof m.content !== 'string' || !m.content.trim()) return 'message content must be a non-empty string';
  }
  if (body.messages.at(-1)!.role !== 'user') return 'the last message must be the user\'s';
  const schema = body.response_format?.json_schema?.schema;
  if (body.response_format && (body.response_format.type !== 'json_schema' || schema?.type !== 'object')) return 'response_format must be a json_schema of an object';
  for (const t of body.tools ?? []) if (t.function.parameters?.type !== 'object') return `parameters of ${t.function.name} must be an object schema`;
  const forced = typeof body.tool_choice === 'object' ? body.tool_choice.function.name : undefined;
  if (forced && !(body.tools ?? []).some((t) => t.function.name === forced)) return `tool_choice names ${forced}, which is not in tools`;
  return null;
}

export async function startChatCompletionsFake(): Promise<ChatCompletionsFake> {
  const calls: ChatCall[] = [];
  let queue: ChatReply[] = [];
  let key: string | undefined;
  const nothing = (): ChatReply => ({ error: 'No reply scripted.', status: 500 });
  let fallback: (call: ChatCall) => ChatReply = nothing;
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      const fail = (status: number, message: string, retryAfter?: string) =>
        send(status, { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error' } }, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return fail(404, `Unknown route ${req.method} ${req.url}`);
      if (key !== undefined && req.headers.authorization !== `Bearer ${key}`) return fail(401, 'Incorrect API key provided');
      let body: ChatBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
      } catch {
        return fail(400, 'The body is not valid JSON');
      }
      const call: ChatCall = { body, headers: req.headers };
      calls.push(call);
      const refused = refusal(body);
      const reply = refused ? chatReplies.badRequest(refused) : (queue.shift() ?? fallback(call));
      if ('error' in reply) return fail(reply.status, reply.error, reply.retryAfter);
      const forced = typeof body.tool_choice === 'object' ? body.tool_choice.function.name : undefined;
      let message: Record<string, unknown>;
      if ('json' in reply && forced) {
        message = { role: 'assistant', content: null, tool_calls: [{ id: `call_${++counter}`, type: 'function', function: { name: forced, arguments: JSON.stringify(reply.json) } }] };
      } else if ('json' in reply) {
        const text = JSON.stringify(reply.json, null, 1);
        message = { role: 'assistant', content: reply.fenced ? `\`\`\`json\n${text}\n\`\`\`` : text };
      } else {
        message = { role: 'assistant', content: reply.text };
      }
      const prompt = Math.ceil(JSON.stringify(body.messages).length / 4);
      const completion = Math.ceil(JSON.stringify(message).length / 4);
      send(200, {
        id: `chatcmpl-${++counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, finish_reason: reply.finish ?? (forced && 'json' in reply ? 'tool_calls' : 'stop') }],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    script: (...queued) => queue.push(...queued),
    otherwise: (reply) => (fallback = reply),
    requireKey: (k) => (key = k),
    reset: () => {
      calls.length = 0;
      queue = [];
      key = undefined;
      fallback = nothing;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** For a test file: the chat completions fake, the engine's options built around a transport to it (json_schema output, no key). */
export function useChatCompletionsFake<Facts>(use: (fake: ChatCompletionsFake) => void): EngineUnderTest<Facts, ChatBody> & {
  /** The options with another output mode or an API key. */
  optionsWith(output: OpenAIOutputMode, apiKey?: string): EngineTestOptions<Facts>;
} {
  let fake: ChatCompletionsFake | undefined;
  const harness = useModelFake<ChatCompletionsFake, ChatBody, Facts>(
    startChatCompletionsFake,
    (f) => {
      fake = f;
      use(f);
    },
    (f) => chatCompletionsTransport({ baseUrl: f.baseUrl }),
    LOCAL_MODEL,
  );
  return {
    ...harness,
    optionsWith: (output, apiKey) => ({ ...harness.options(), transport: chatCompletionsTransport({ baseUrl: fake!.baseUrl, output, apiKey: async () => apiKey }) }),
  };
}
