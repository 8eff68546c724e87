// A stand-in for Amazon Bedrock Runtime's Converse operation, on a free loopback port, speaking
// its wire format over HTTP/2 (the Bedrock Runtime client sends every operation over HTTP/2, here
// in clear text): `POST /model/{modelId}/converse` with a JSON body (messages, system,
// toolConfig, inferenceConfig), answered with `{ output: { message }, stopReason, usage, metrics }`
// or with an AWS JSON error (`x-amzn-errortype` header and a `message`). It checks what Bedrock
// itself refuses (roles that do not alternate, a forced tool that is not declared, a tool schema
// that is not an object) and records every request, so tests can assert how a request was built;
// replies are scripted per test (a tool call, malformed output, throttling, server errors).
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { resetConfig } from '../../functions/platform/config.js';
import { resetEngine } from '../../functions/platform/engine.js';
import { converseTransport, type RetryPolicy, type ToolTransport } from '../../functions/engine/bedrock/converse.js';
import { EngineError } from '../../functions/engine/errors.js';

/** The model the engine tests configure. */
export const MODEL = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
/** The free plan's lighter model (the stack's default `freeModelId`). */
export const FREE_MODEL = 'eu.amazon.nova-lite-v1:0';

export interface ConverseBody {
  messages: { role: 'user' | 'assistant'; content: { text?: string }[] }[];
  system?: { text?: string }[];
  toolConfig?: {
    tools: { toolSpec: { name: string; description?: string; inputSchema: { json: Record<string, unknown> } } }[];
    toolChoice?: { tool?: { name: string }; any?: object; auto?: object };
  };
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number };
}

export interface RecordedCall {
  /** The model id from the path, decoded. */
  modelId: string;
  body: ConverseBody;
  headers: IncomingHttpHeaders;
}

export type FakeReply =
  /** The model calls a tool with this input (the forced tool unless `name` says otherwise). */
  | { tool: unknown; name?: string; stopReason?: string }
  /** The model answers with text only. */
  | { text: string; stopReason?: string }
  /** An AWS error: `type` goes to `x-amzn-errortype`. */
  | { error: string; status: number; message?: string };

export const replies = {
  tool: (input: unknown): FakeReply => ({ tool: input }),
  text: (text: string): FakeReply => ({ text }),
  throttled: (): FakeReply => ({ error: 'ThrottlingException', status: 429, message: 'Too many requests, please wait before trying again.' }),
  unavailable: (): FakeReply => ({ error: 'ServiceUnavailableException', status: 503, message: 'Service unavailable.' }),
  internal: (): FakeReply => ({ error: 'InternalServerException', status: 500, message: 'Internal server error.' }),
  validation: (message: string): FakeReply => ({ error: 'ValidationException', status: 400, message }),
  accessDenied: (): FakeReply => ({ error: 'AccessDeniedException', status: 403, message: 'You do not have access to the model.' }),
};

/** A citation as the model writes it in a tool input. */
export const cite = (file_id: string, file_name: string, page: number, quote?: string) => ({ file_id, file_name, page, ...(quote ? { quote } : {}) });

/** The text of a request's last (user) message. */
export const userText = (body: ConverseBody): string => body.messages.at(-1)!.content.map((c) => c.text ?? '').join('');
export const systemText = (body: ConverseBody): string => (body.system ?? []).map((s) => s.text ?? '').join('');

export interface ConverseFake {
  /** `http://127.0.0.1:{port}`, for the client's `endpoint`. */
  url: string;
  calls: RecordedCall[];
  /** Queues replies, used one per request, in order. */
  script(...queued: FakeReply[]): void;
  /** The reply once the script is used up (by default, a 500 saying nothing was scripted). */
  otherwise(reply: (call: RecordedCall) => FakeReply): void;
  reset(): void;
  close(): Promise<void>;
}

/** What Bedrock answers with a ValidationException instead of calling the model. */
function refusal(body: ConverseBody): string | null {
  const messages = body.messages ?? [];
  if (messages.length === 0) return 'A conversation must start with a user message.';
  for (let i = 0; i < messages.length; i++) {
    const expected = i % 2 === 0 ? 'user' : 'assistant';
    if (messages[i].role !== expected) return 'A conversation must alternate between user and assistant roles.';
    if (!messages[i].content?.length || messages[i].content.some((c) => c.text !== undefined && c.text.trim() === '')) {
      return 'The text field in the ContentBlock object is blank.';
    }
  }
  if (messages.at(-1)!.role !== 'user') return 'A conversation must end with a user message.';
  const tools = body.toolConfig?.tools ?? [];
  for (const t of tools) {
    if (t.toolSpec?.inputSchema?.json?.type !== 'object') return `The input schema of tool ${t.toolSpec?.name} must be of type object.`;
  }
  const forced = body.toolConfig?.toolChoice?.tool?.name;
  if (forced && !tools.some((t) => t.toolSpec.name === forced)) return `Tool ${forced} is not declared in toolConfig.tools.`;
  return null;
}

export async function startConverseFake(): Promise<ConverseFake> {
  const calls: RecordedCall[] = [];
  let queue: FakeReply[] = [];
  let fallback: (call: RecordedCall) => FakeReply = () => ({ error: 'InternalServerException', status: 500, message: 'No reply scripted.' });
  let counter = 0;

  const sessions = new Set<Http2Session>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': `req-${++counter}`, ...headers });
        res.end(JSON.stringify(payload));
      };
      const match = /^\/model\/([^/]+)\/converse$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        send(404, { message: `Unknown operation ${req.method} ${req.url}` }, { 'x-amzn-errortype': 'UnknownOperationException' });
        return;
      }
      let body: ConverseBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConverseBody;
      } catch {
        send(400, { message: 'The request body is not valid JSON.' }, { 'x-amzn-errortype': 'ValidationException' });
        return;
      }
      const call: RecordedCall = { modelId: decodeURIComponent(match[1]), body, headers: req.headers };
      calls.push(call);
      const refused = refusal(body);
      const reply: FakeReply = refused ? replies.validation(refused) : (queue.shift() ?? fallback(call));
      if ('error' in reply) {
        send(reply.status, { message: reply.message ?? reply.error }, { 'x-amzn-errortype': reply.error });
        return;
      }
      const content =
        'tool' in reply
          ? [{ toolUse: { toolUseId: `tooluse_${counter + 1}`, name: reply.name ?? body.toolConfig?.toolChoice?.tool?.name ?? 'tool', input: reply.tool } }]
          : [{ text: reply.text }];
      const inputTokens = Math.ceil(JSON.stringify(body).length / 4);
      const outputTokens = Math.ceil(JSON.stringify(content).length / 4);
      send(200, {
        output: { message: { role: 'assistant', content } },
        stopReason: reply.stopReason ?? ('tool' in reply ? 'tool_use' : 'end_turn'),
        usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
        metrics: { latencyMs: 42 },
      });
    });
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    script: (...queued) => queue.push(...queued),
    otherwise: (reply) => (fallback = reply),
    reset: () => {
      calls.length = 0;
      queue = [];
      fallback = () => ({ error: 'InternalServerException', status: 500, message: 'No reply scripted.' });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const session of sessions) session.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The options a test file builds a model engine under test with. */
export interface EngineTestOptions<Facts> {
  transport: ToolTransport;
  modelId: string;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  onGeneration: (facts: Facts) => void;
}

/** What a test file builds the engine under test with, and what that engine did in the current test. */
export interface EngineUnderTest<Facts, Body = ConverseBody> {
  /** The fake's transport, the model, three attempts (the first retry after 100 ms), waits recorded instead of slept, facts recorded. */
  options(): EngineTestOptions<Facts>;
  /** The waits between attempts, in ms. */
  sleeps: number[];
  /** What every generation that succeeded reported. */
  facts: Facts[];
  /** The body of the last request the fake received. */
  lastBody(): Body;
}

/**
 * For a test file, whichever model service a fake stands for: starts the fake, hands it to `use`,
 * resets it, the waits and the facts before each test, and stops it at the end. `options` builds
 * the engine's options around the transport to the fake.
 */
export function useModelFake<Fake extends { reset(): void; close(): Promise<void>; calls: { body: Body }[] }, Body, Facts>(
  start: () => Promise<Fake>,
  use: (fake: Fake) => void,
  transport: (fake: Fake) => ToolTransport,
  modelId: string,
): EngineUnderTest<Facts, Body> {
  let fake: Fake | undefined;
  const sleeps: number[] = [];
  const facts: Facts[] = [];
  beforeAll(async () => {
    fake = await start();
    use(fake);
  });
  beforeEach(() => {
    fake?.reset();
    sleeps.length = 0;
    facts.length = 0;
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    options: () => ({
      transport: transport(fake!),
      modelId,
      retry: { attempts: 3, baseDelayMs: 100 },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onGeneration: (f) => facts.push(f),
    }),
    sleeps,
    facts,
    lastBody: () => fake!.calls.at(-1)!.body,
  };
}

/**
 * For a test file: the Converse fake and a Bedrock client pointed at it (one attempt per call: the
 * engine retries itself), stopped at the end.
 */
export function useConverseFake<Facts>(use: (fake: ConverseFake) => void): EngineUnderTest<Facts> {
  let client: BedrockRuntimeClient | undefined;
  const harness = useModelFake<ConverseFake, ConverseBody, Facts>(
    startConverseFake,
    (fake) => {
      client = new BedrockRuntimeClient({
        region: 'eu-west-3',
        endpoint: fake.url,
        credentials: { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake-secret' },
        maxAttempts: 1,
      });
      use(fake);
    },
    () => converseTransport(client!),
    MODEL,
  );
  afterAll(() => client?.destroy());
  return harness;
}

/** For a describe block that sets ENGINE_PROVIDER and its variables: the environment, configuration and engine put back after each test. */
export function restoreEngineEnvironment(): void {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetConfig();
    resetEngine();
  });
}

/** The EngineError a generation fails with (the test fails if it does not fail so). */
export async function engineFailure(promise: Promise<unknown>): Promise<EngineError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
}
