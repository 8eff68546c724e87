// The one HTTP client of the web app. Paths are relative to the API base from
// config.json ('/api'). It sends the Amplify access token when signed in and the UI language,
// retries network failures and 5xx three times (1 s, doubling), tries one session refresh on a
// token error, and otherwise throws an ApiError carrying the server's message. A body given a
// `schema` (the server's own, functions/core/schemas.ts) is checked before it is sent: what the
// server would refuse is refused here with the same status, code and message, without a request.
//
// A token error ends the session only when the session it was answered for is still the current
// one and the refresh is refused: a request sent before a sign-in (or before another request
// refreshed the tokens) is sent again with the current token, and a refused request whose tokens
// could be refreshed fails on its own without signing the student out.
//
// Every call names its route as the route table does (`call('POST /api/subjects/{subjectId}/questions',
// { subjectId }, body)`): the path parameters, query, body and answer are the route's in
// functions/core/contract.ts, the one declaration the server's handlers are checked against too.
import type { ZodType } from 'zod';
import type { Answer, CallArgs, CallParams, ResponseOf, RouteKey } from '@core/contract.js';
import { AppError, errorMessage } from '@core/errors.js';
import { LIST_PAGE } from '@core/limits.js';
import { describeIssues } from '@core/validation.js';
import { getConfig } from '../config';
import { currentLang, translate } from '../i18n';
import { expireSession, isFinalRefreshError } from '../auth/expiry';
import { amplify, mayHaveStoredSession } from '../auth/amplify';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const RETRIES = 3;
export const FIRST_RETRY_DELAY_MS = 1000;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Abort after this many milliseconds (the streak update uses 10 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Defaults to true. */
  retry?: boolean;
  /** The server's schema for the body, and the checks it makes before the schema (their messages come first). */
  schema?: ZodType;
  precheck?: (body: unknown) => unknown;
  /** Let the request outlive the page (a heartbeat sent as the tab is hidden or closed). */
  keepalive?: boolean;
  /** The body as text rather than JSON (a calendar file). */
  text?: boolean;
  /** The body as bytes, a Blob (a deck of cards to download). */
  blob?: boolean;
}

/** The server's verdict on a body, given before sending it: throws the ApiError the server would answer. */
function checkBody(body: unknown, opts: RequestOptions): void {
  if (!opts.schema) return;
  try {
    // The checks whose messages come first throw them; the schema then reads the body itself, as
    // the server does (a check may return what it read, a question say, not the body).
    opts.precheck?.(body);
    const result = opts.schema.safeParse(body);
    if (result.success) return;
    throw new AppError('invalid_input', { details: describeIssues(result.error.issues, body) });
  } catch (err) {
    if (err instanceof AppError) throw new ApiError(err.status, err.code, errorMessage(err.code, currentLang(), err.params));
    throw err;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function accessToken(): Promise<string | null> {
  // A visitor without stored tokens calls public routes: no need to load Amplify for them.
  if (!mayHaveStoredSession()) return null;
  try {
    const session = await (await amplify()).fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** A new access token; 'refused' when the refresh token is no longer accepted. */
async function refreshedToken(): Promise<string | 'refused' | 'unavailable'> {
  try {
    const session = await (await amplify()).fetchAuthSession({ forceRefresh: true });
    return session.tokens?.accessToken?.toString() ?? 'refused';
  } catch (err) {
    return isFinalRefreshError(err) ? 'refused' : 'unavailable';
  }
}

function apiBase(): string {
  try {
    return getConfig().apiUrl.replace(/\/+$/, '');
  } catch {
    return '/api';
  }
}

async function readError(res: Response): Promise<ApiError> {
  let code = 'http_error';
  let message = '';
  try {
    const body: unknown = await res.json();
    const err = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (err && typeof err.message === 'string' && err.message) message = err.message;
    if (err && typeof err.code === 'string') code = err.code;
    if (!message && typeof (body as { message?: unknown })?.message === 'string') {
      // API Gateway's own authorizer answers `{ "message": "Unauthorized" }`.
      message = (body as { message: string }).message;
    }
  } catch {
    /* empty or non-JSON body */
  }
  return new ApiError(res.status, code, message || translate(currentLang(), 'errors.httpStatus', { status: res.status }));
}

/** A 401, or a 403 whose error speaks of a token, means the access token is no longer accepted. */
function isTokenError(err: ApiError): boolean {
  if (err.status === 401) return true;
  if (err.status !== 403) return false;
  return err.code === 'unauthorized' || /token|jwt|expired|unauthori[sz]ed/i.test(err.message);
}

async function send(method: Method, path: string, body: unknown, opts: RequestOptions, token: string | null): Promise<Response> {
  const lang = currentLang();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': lang,
    'x-revise-language': lang,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = opts.timeoutMs ? setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), opts.timeoutMs) : null;
  try {
    return await fetch(`${apiBase()}${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      keepalive: opts.keepalive,
    });
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  checkBody(body, opts);
  let token = await accessToken();
  let refreshed = false;
  let triedCurrent = false;
  let attempt = 0;
  for (;;) {
    let res: Response;
    try {
      res = await send(method, path, body, opts, token);
    } catch (err) {
      const aborted = opts.signal?.aborted || (err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError'));
      if (aborted || opts.retry === false || attempt >= RETRIES) throw err;
      await sleep(FIRST_RETRY_DELAY_MS * 2 ** attempt);
      attempt += 1;
      continue;
    }
    if (res.ok) {
      if (res.status === 204) return undefined as T;
      if (opts.blob) return (await res.blob()) as T;
      const text = await res.text();
      if (opts.text) return text as T;
      return (text ? JSON.parse(text) : undefined) as T;
    }
    const error = await readError(res);
    if (isTokenError(error)) {
      const current = await accessToken();
      if (current && current !== token && !triedCurrent) {
        // The session changed while the request was in flight (a sign-in, a refresh): the answer
        // was for a token that is no longer the session's.
        triedCurrent = true;
        token = current;
        continue;
      }
      // Sent without a token, or the session is already gone (signed out, or expired by another
      // request): nothing to refresh or to expire.
      if (!token || !current) throw error;
      if (!refreshed) {
        refreshed = true;
        const fresh = await refreshedToken();
        if (fresh === 'refused') {
          // The session cannot be recovered.
          await expireSession();
        } else if (fresh !== 'unavailable') {
          token = fresh;
          continue;
        }
      }
      throw error;
    }
    if (res.status >= 500 && opts.retry !== false && attempt < RETRIES) {
      await sleep(FIRST_RETRY_DELAY_MS * 2 ** attempt);
      attempt += 1;
      continue;
    }
    throw error;
  }
}

/**
 * A list the API answers a page at a time (functions/core/paging.ts): every page, following
 * `next`, joined into one answer whose other fields are the first page's. Pages stay bounded on
 * the server; the page shows the whole list as before.
 */
async function getAll<T extends object>(path: string, field: keyof T, opts?: RequestOptions): Promise<T> {
  const at = (cursor?: string) => `${path}${path.includes('?') ? '&' : '?'}limit=${LIST_PAGE.max}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const first = await request<T & { next?: string }>('GET', at(), undefined, opts);
  const items = [...(first[field] as unknown[])];
  let next = first.next;
  while (next) {
    const page = await request<T & { next?: string }>('GET', at(next), undefined, opts);
    items.push(...(page[field] as unknown[]));
    next = page.next;
  }
  const whole: T & { next?: string } = { ...first, [field]: items };
  delete whole.next;
  return whole;
}

/** The request line of a call: the route's path with its parameters filled in and the rest as a query. */
export function routePath(key: RouteKey, params: object): { method: Method; path: string } {
  const [method, template] = key.split(' ') as [Method, string];
  const values = params as Record<string, unknown>;
  const used = new Set<string>();
  const path = template.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_m, name: string) => {
    used.add(name);
    return encodeURIComponent(String(values[name]));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (!used.has(name) && value !== undefined && value !== null) query.set(name, String(value));
  const search = query.toString();
  return { method, path: search ? `${path}?${search}` : path };
}

/** Calls a route of the contract: `call('GET /api/subjects/{subjectId}', { subjectId })`. */
export function call<K extends RouteKey>(key: K, ...[params, body, opts]: CallArgs<K, RequestOptions>): Promise<Answer<ResponseOf<K>>> {
  const { method, path } = routePath(key, params as object);
  return request<Answer<ResponseOf<K>>>(method, path, body, opts);
}

/** The paged list routes, by the name of their list in the answer. */
type PagedKey = { [K in RouteKey]: ResponseOf<K> extends { next?: string } ? K : never }[RouteKey];

/** A paged list route, every page of it (`field`: the list's name in the answer), as one answer without `next`. */
export function callAll<K extends PagedKey>(key: K, params: CallParams<K>, field: keyof ResponseOf<K>, opts?: RequestOptions): Promise<Omit<ResponseOf<K>, 'next'>> {
  const { path } = routePath(key, params as object);
  return getAll<ResponseOf<K> & object>(path, field, opts);
}
