// The laptop's API Gateway: mounts the one route table (functions/api/routes.ts), checks the bearer
// token of `user` routes as the HTTP API's Cognito JWT authorizer does (signature from the pool's
// key set, issuer, expiry, token_use 'access', client_id), builds the same payload-2.0 event and
// writes the handler's result back. Bodies over 1 MiB are refused with a JSON 413 the client can
// read (transport.ts drains the rest), as the handlers never need more. Routes are matched on the
// raw path, as sent (not on a parsed URL, which resolves `.` and `..`, `%2e%2e` included, and turns
// `\` into `/`): a path holding a dot segment matches no route and gets 404, so that
// `DELETE …/todos/%2e%2e` can never reach the subject above it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { AppError } from '../../functions/core/errors.js';
import type { ApiHandler, ApiResult } from '../../functions/platform/http.js';
import { hasDotSegment, type matchRoute as MatchRoute, type routeKey as RouteKey, type RouteDef } from '../../functions/api/routes.js';
import type { errorResponse as ErrorResponse, requestLang as RequestLang } from '../../functions/platform/http.js';
import { readBody, refuseBody } from './transport.js';

/** Largest request body the host accepts (API Gateway allows 10 MB; no route needs more than this). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiGatewayOptions {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  clock: () => Date;
  /** Loaded after the environment is set, so handlers read the right configuration. */
  routes: { matchRoute: typeof MatchRoute; routeKey: typeof RouteKey };
  http: { errorResponse: typeof ErrorResponse; requestLang: typeof RequestLang };
  warn: (message: string, err?: unknown) => void;
}

type Claims = Record<string, string>;

/** The path of a request target as the client sent it: before `?`, percent-encoding and dot segments kept. */
export function rawPathOf(target: string): string {
  const path = target.split(/[?#]/, 1)[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Whether the gateway answers a request target: a raw path under `/api`, or any path holding a dot
 * segment, which names nothing (route_not_found, 404) rather than the path a URL parser makes of it.
 */
export function forGateway(target: string): boolean {
  const path = rawPathOf(target);
  return path === '/api' || path.startsWith('/api/') || hasDotSegment(path);
}

export function createApiGateway(opts: ApiGatewayOptions) {
  // The key set is fetched once and cached; a generous time-out keeps a busy laptop from turning a
  // slow first fetch into a 401 for a valid token.
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 30_000, cacheMaxAge: 24 * 3600_000 });
  const handlers = new Map<string, ApiHandler>();

  const loadHandler = async (route: RouteDef): Promise<ApiHandler> => {
    const key = opts.routes.routeKey(route);
    let handler = handlers.get(key);
    if (!handler) {
      // Only successful loads are kept: a handler file added while the host runs is picked up.
      handler = await route.load();
      handlers.set(key, handler);
    }
    return handler;
  };

  /** The claims API Gateway would pass on, or the reason it would answer 401. */
  const authorize = async (header: string | undefined): Promise<{ claims: Claims } | { error: string }> => {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return { error: 'missing bearer token' };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1], jwks, { issuer: opts.issuer, algorithms: ['RS256'], currentDate: opts.clock() }));
    } catch (err) {
      return { error: err instanceof Error ? err.message : 'invalid token' };
    }
    if (payload.token_use !== 'access') return { error: 'not an access token' };
    if (payload.client_id !== opts.clientId) return { error: 'token issued to another client' };
    return { claims: toClaims(payload) };
  };

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const headers = lowerHeaders(req);
    const lang = opts.http.requestLang({ headers });
    const started = Date.now();
    const reply = (result: ApiResult) => writeResult(res, result);
    const fail = (code: ConstructorParameters<typeof AppError>[0], params: Record<string, string | number> = {}, extra: Record<string, string> = {}) => {
      const result = opts.http.errorResponse(new AppError(code, params), lang);
      result.headers = { ...(result.headers as Record<string, string>), ...extra };
      reply(result);
    };

    const tooLarge = () => {
      const result = opts.http.errorResponse(new AppError('body_too_large', { limit: MAX_BODY_BYTES }), lang);
      refuseBody(req, res, result.statusCode ?? 413, result.headers as Record<string, string>, result.body ?? '');
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return tooLarge();

    const rawPath = rawPathOf(req.url ?? '/');
    const matched = opts.routes.matchRoute(req.method ?? 'GET', rawPath);
    if (!matched) {
      req.resume();
      fail('route_not_found');
      return;
    }
    if ('allowed' in matched) {
      req.resume();
      const result = opts.http.errorResponse(new AppError('route_not_found'), lang);
      reply({ ...result, statusCode: 405, headers: { ...(result.headers as Record<string, string>), allow: matched.allowed.join(', ') } });
      return;
    }

    const bytes = await readBody(req, MAX_BODY_BYTES);
    if (bytes === null) return tooLarge();
    const body = bytes.toString('utf8');

    const { route, params } = matched;
    const auth = await authorize(headers.authorization);
    if (route.auth === 'user' && 'error' in auth) {
      fail('unauthorized', {}, { 'www-authenticate': `Bearer error="invalid_token"` });
      return;
    }
    const claims = 'claims' in auth ? auth.claims : null;

    const event = buildEvent(req, rawPath, url, headers, body, `${route.method} ${route.path}`, params, claims, started);
    let result: ApiResult;
    try {
      const handler = await loadHandler(route);
      result = await handler(event);
    } catch (err) {
      result = opts.http.errorResponse(err, lang, event);
    }
    reply(normalise(result));
  };
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

/** API Gateway passes every claim as a string; arrays look like `[a b]`. */
function toClaims(payload: JWTPayload): Claims {
  const out: Claims = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

function buildEvent(
  req: IncomingMessage,
  rawPath: string,
  url: URL,
  headers: Record<string, string>,
  body: string,
  routeKey: string,
  params: Record<string, string>,
  claims: Claims | null,
  started: number,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const cookies = headers.cookie ? headers.cookie.split(/;\s*/).filter(Boolean) : undefined;
  const eventHeaders = { ...headers };
  delete eventHeaders.cookie;
  const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
  const requestContext = {
    accountId: 'local',
    apiId: 'local',
    domainName: headers.host ?? 'localhost',
    domainPrefix: (headers.host ?? 'localhost').split('.')[0],
    http: {
      method: req.method ?? 'GET',
      path: rawPath,
      protocol: `HTTP/${req.httpVersion}`,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey,
    stage: '$default',
    time: new Date(started).toUTCString(),
    timeEpoch: started,
    ...(claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } } : {}),
  };
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: rawQuery,
    cookies,
    headers: eventHeaders,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body === '' ? undefined : body,
    isBase64Encoded: false,
    requestContext,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/** A handler may return a bare value (API Gateway then answers 200 with it as JSON). */
function normalise(result: ApiResult | unknown): ApiResult {
  if (result && typeof result === 'object' && 'statusCode' in result) return result as ApiResult;
  if (typeof result === 'string') return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: result };
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
}

function writeResult(res: ServerResponse, result: ApiResult): void {
  if (res.headersSent) return;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}
