// The one HTTP helper every API handler goes through: parse the request with zod schemas, call
// the domain function, and map the result or error to a JSON response. Errors from the catalogue
// keep their status, stable code and message in the caller's language (a refused request's
// details too: never zod's English in a French message); anything else becomes a generic 500
// whose details stay in the logs. Malformed JSON, wrong types and unknown fields are a 400 naming
// the fields; a body over 64 KiB is a 413; a webhook route gets its raw body and headers (up to
// 512 KiB) with the same error mapping; an answer over 5.5 MB is refused with `response_too_large`
// rather than lost as an invocation error past Lambda's 6 MB.
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import { z, type ZodType } from 'zod';
import type { FileBody } from '../core/contract.js';
import { AppError, errorMessage, toLang, type Lang } from '../core/errors.js';
import { describeIssues } from '../core/validation.js';
import { logger } from './logger.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent) => Promise<ApiResult>;

export interface AuthUser {
  id: string;
  username: string;
}

export interface Request<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  user: AuthUser;
  lang: Lang;
}

export interface PublicRequest<B, Q, P> extends Omit<Request<B, Q, P>, 'user'> {
  user: AuthUser | null;
}

/** Largest JSON body a route accepts unless it says otherwise. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Largest body a webhook accepts unless it says otherwise (Stripe's events stay far below it). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** What a webhook handler sees: the exact bytes sent (signatures are computed over them). */
export interface WebhookRequest {
  rawBody: Buffer;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  lang: Lang;
  /** The platform's id of this delivery (for logs). */
  requestId: string | undefined;
}

/** What a handler may return besides plain JSON data: a status and extra headers. */
export class Reply<D = unknown> {
  constructor(
    readonly status: number,
    readonly data: D,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A response that is not JSON (a calendar file, a deck of cards): its body as text, or as bytes
 * (sent base64-encoded, as API Gateway expects a binary body), and its content type.
 */
export class FileReply<B extends string | Uint8Array = string | Uint8Array> {
  constructor(
    readonly body: B,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

type Schema = ZodType;
type Out<S> = S extends ZodType ? z.output<S> : undefined;
type In<S> = S extends ZodType ? z.input<S> : undefined;

/** What the caller receives for a handler's result: a Reply's data, a file (text or bytes), nothing for undefined. */
export type Answered<R> =
  R extends Reply<infer D> ? D : R extends FileReply<infer B> ? (B extends string ? FileBody<'text'> : FileBody<'bytes'>) : R extends undefined | void ? void : R;

declare const wire: unique symbol;
/**
 * A handler with the wire types of its route: the body and query it accepts (as sent, before its
 * schemas' transforms) and what it answers. The types are phantom (no value is set): routes.ts
 * checks each handler against the route's entry in functions/core/contract.ts with them.
 */
export type RouteHandler<Res = unknown, Body = unknown, Query = unknown> = ApiHandler & {
  readonly [wire]: { body: (body: Body) => void; query: (query: Query) => void; response: Res };
};

interface Options<BS, QS, PS> {
  body?: BS;
  query?: QS;
  params?: PS;
  bodyLimit?: number;
}

export function userRoute<BS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, PS extends Schema | undefined = undefined, R = unknown>(
  options: Options<BS, QS, PS>,
  run: (req: Request<Out<BS>, Out<QS>, Out<PS>>) => Promise<R>,
): RouteHandler<Answered<R>, In<BS>, In<QS>> {
  return build(options, true, run as (req: PublicRequest<unknown, unknown, unknown>) => Promise<unknown>) as RouteHandler<Answered<R>, In<BS>, In<QS>>;
}

export function publicRoute<BS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, PS extends Schema | undefined = undefined, R = unknown>(
  options: Options<BS, QS, PS>,
  run: (req: PublicRequest<Out<BS>, Out<QS>, Out<PS>>) => Promise<R>,
): RouteHandler<Answered<R>, In<BS>, In<QS>> {
  return build(options, false, run as (req: PublicRequest<unknown, unknown, unknown>) => Promise<unknown>) as RouteHandler<Answered<R>, In<BS>, In<QS>>;
}

/**
 * A public route that receives a signed body from another service: no JSON parse, no schema, the
 * raw bytes and headers handed over as they came, its own body limit, the same error mapping.
 */
export function webhookRoute(options: { bodyLimit?: number }, run: (req: WebhookRequest) => Promise<unknown>): ApiHandler {
  return async (event) => {
    const lang = requestLang(event);
    try {
      const rawBody = rawBodyOf(event);
      if (rawBody.length > (options.bodyLimit ?? WEBHOOK_BODY_LIMIT)) throw new AppError('body_too_large', { limit: options.bodyLimit ?? WEBHOOK_BODY_LIMIT });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
      const result = await run({ rawBody, headers, lang, requestId: event.requestContext?.requestId });
      if (result instanceof Reply) return json(result.status, result.data, result.headers);
      if (result === undefined) return { statusCode: 204, headers: baseHeaders() };
      return json(200, result);
    } catch (err) {
      return errorResponse(err, lang, event);
    }
  };
}

function rawBodyOf(event: ApiEvent): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function build(
  options: Options<Schema | undefined, Schema | undefined, Schema | undefined>,
  requireUser: boolean,
  run: (req: PublicRequest<unknown, unknown, unknown>) => Promise<unknown>,
): ApiHandler {
  return async (event) => {
    const lang = requestLang(event);
    try {
      const user = authUser(event);
      if (requireUser && !user) throw new AppError('unauthorized');
      const body = options.body ? parse(options.body, readBody(event, options.bodyLimit ?? DEFAULT_BODY_LIMIT)) : undefined;
      const query = options.query ? parse(options.query, event.queryStringParameters ?? {}) : undefined;
      const params = options.params ? parse(options.params, event.pathParameters ?? {}) : undefined;
      const result = await run({ body, query, params, user, lang });
      if (result instanceof Reply) return bounded(json(result.status, result.data, result.headers));
      if (result instanceof FileReply) return fileResponse(result);
      if (result === undefined) return { statusCode: 204, headers: baseHeaders() };
      return bounded(json(200, result));
    } catch (err) {
      return errorResponse(err, lang, event);
    }
  };
}

function fileResponse(reply: FileReply): ApiResult {
  const headers = { 'content-type': reply.contentType, 'cache-control': 'no-store', ...reply.headers };
  if (typeof reply.body === 'string') return bounded({ statusCode: 200, headers, body: reply.body });
  return bounded({ statusCode: 200, headers, body: Buffer.from(reply.body).toString('base64'), isBase64Encoded: true });
}

/** What a response's body may weigh: under Lambda's 6 MB payload, with room for the envelope. */
export const RESPONSE_BODY_LIMIT = 5_500_000;

/**
 * Every answer is bounded: one over RESPONSE_BODY_LIMIT is refused here, with a message, rather
 * than lost as an invocation error (routes that can grow page their answers, like the pages route).
 */
function bounded(result: ApiResult): ApiResult {
  if (typeof result.body === 'string' && Buffer.byteLength(result.body, 'utf8') > RESPONSE_BODY_LIMIT) throw new AppError('response_too_large');
  return result;
}

/** The caller's language: an explicit `x-revise-language` header, else Accept-Language, else fr. */
export function requestLang(event: Pick<ApiEvent, 'headers'>): Lang {
  const headers = event.headers ?? {};
  const explicit = headers['x-revise-language'];
  if (explicit) return toLang(explicit.trim().toLowerCase());
  const accept = headers['accept-language'];
  return toLang(accept?.split(',')[0]?.trim().slice(0, 2).toLowerCase());
}

function authUser(event: ApiEvent): AuthUser | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return null;
  const username = typeof claims.username === 'string' ? claims.username : claims.sub;
  return { id: claims.sub, username };
}

function readBody(event: ApiEvent, limit: number): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > limit) throw new AppError('body_too_large', { limit });
  const type = event.headers?.['content-type'];
  if (type && !/^application\/json\b/i.test(type)) throw new AppError('unsupported_media_type');
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('invalid_json');
  }
}

/** Parses with a schema; a refusal is `invalid_input` whose details are said in both languages (core/validation.ts). */
export function parse<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('invalid_input', { details: describeIssues(result.error.issues, value) });
}

function baseHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra };
}

export function json(status: number, data: unknown, headers: Record<string, string> = {}): ApiResult {
  return { statusCode: status, headers: baseHeaders(headers), body: JSON.stringify(data) };
}

/** The response for any thrown value: catalogue errors as they are, everything else as a 500. */
export function errorResponse(err: unknown, lang: Lang, event?: Pick<ApiEvent, 'routeKey' | 'requestContext'>): ApiResult {
  if (err instanceof AppError) {
    return json(err.status, { error: { code: err.code, message: errorMessage(err.code, lang, err.params) } });
  }
  logger.error(
    { route: event?.routeKey, requestId: event?.requestContext?.requestId, err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) },
    'unhandled error',
  );
  return json(500, { error: { code: 'internal', message: errorMessage('internal', lang) } });
}
