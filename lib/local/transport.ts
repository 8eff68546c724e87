// How the laptop host refuses what it cannot serve, so that every refusal reaches the client as a
// JSON error it can read (the API's `{error: {code, message}}`), never as a bare status or a reset,
// and how long its servers keep an idle connection for clients that reuse it (keepConnectionsAlive):
// - request lines and headers past Node's limit, and other malformed requests, are answered by the
//   server's `clientError` handler with a complete HTTP/1.1 response before the socket closes;
// - an oversized body is answered at once, then the rest of it is read and dropped (up to a cap,
//   for a while) before the connection closes. Closing a socket with unread bytes makes the kernel
//   reset the connection, and a reset can destroy the answer before the client has read it.
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { catalogue, errorMessage, toLang, type ErrorCode, type Lang } from '../../functions/core/errors.js';

/** How much of a refused body is read and dropped before the connection is cut anyway. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** How long a refused body is read and dropped before the connection is cut anyway. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * How long the host's servers keep an idle kept-alive connection. Node's default, 5 s, is also the
 * idle time after which Node's own client stops reusing a socket (http.globalAgent's `timeout`,
 * 5 s since Node 19; undici's default is 4 s): a client picking a socket at that instant, or a bit
 * later on a loaded machine whose timers run late, writes its request as the server closes the
 * socket, and gets a connection reset instead of an answer. Servers that clients pool connections
 * to keep them well past the clients' idle time (load balancers: 60 s); the server advertises it
 * (`Keep-Alive: timeout=65`), so clients that read the hint close first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above the keep-alive time-out, so that the wait for the next request's headers never cuts an idle connection first. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

/** Sets a server's keep-alive and headers time-outs (see KEEP_ALIVE_TIMEOUT_MS); stopping still ends idle connections at once (closeAllConnections). */
export function keepConnectionsAlive<S extends Server>(server: S): S {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}

/** The API's error body: `{error: {code, message}}`, in the catalogue's words. */
export function errorBody(code: ErrorCode, lang: Lang, params: Record<string, string | number> = {}): string {
  return JSON.stringify({ error: { code, message: errorMessage(code, lang, params) } });
}

/**
 * The body as bytes, or null once it passes `limit` bytes (the rest is not kept; answer with
 * refuseBody, which drains it).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!over) reject(err);
    });
  });
}

/**
 * Answers a request whose body is not wanted (too large, say) while the client may still be
 * sending it. The whole answer is written at once, with its length and `connection: close`, so the
 * client can read it whenever it looks; the response ends, and the connection closes, only when
 * the body has been read to its end, or past DRAIN_LIMIT_BYTES, or after DRAIN_TIMEOUT_MS.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.headersSent) return;
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length), connection: 'close' });
  if (req.complete) {
    res.end(bytes);
    return;
  }
  res.write(bytes);
  let dropped = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) finish();
  });
  req.on('end', finish);
  req.on('error', finish);
  req.on('close', finish);
  req.resume();
}

/**
 * Answers `req` with the JSON error `code` (its catalogue status), in the caller's language,
 * unless an answer has already begun (then the connection is cut: a half-sent answer cannot be
 * mended).
 */
export function sendError(req: IncomingMessage, res: ServerResponse, code: ErrorCode, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  refuseBody(req, res, catalogue[code].status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, errorBody(code, headerLang(req)));
}

/** The caller's language, as the API reads it: `x-revise-language`, else Accept-Language, else fr. */
export function headerLang(req: IncomingMessage): Lang {
  const explicit = req.headers['x-revise-language'];
  const accept = req.headers['accept-language'];
  return toLang((typeof explicit === 'string' ? explicit : (accept ?? '')).trim().slice(0, 2).toLowerCase());
}

/** The caller's language from the raw bytes of a request Node could not parse. */
function rawLang(raw: Buffer | undefined): Lang {
  if (!raw) return toLang(undefined);
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const explicit = /\r\nx-revise-language:[ \t]*([a-z]{2})/i.exec(text);
  if (explicit) return toLang(explicit[1].toLowerCase());
  const accept = /\r\naccept-language:[ \t]*([a-z]{2})/i.exec(text);
  return toLang(accept?.[1].toLowerCase());
}

/**
 * The server's `clientError` handler: Node would answer a request line or headers past
 * `maxHeaderSize` with a bare 431 and close; this writes a complete response with a JSON error
 * (431 headers_too_large, 408 request_timeout, 400 bad_request otherwise) before closing.
 */
export function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  const response = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code]: [number, ErrorCode] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'HPE_HEADER_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'bad_request'];
  const body = Buffer.from(errorBody(code, rawLang(err.rawPacket), { limit: maxHeaderSize }), 'utf8');
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    'cache-control: no-store\r\n' +
    `content-length: ${body.length}\r\n` +
    'connection: close\r\n\r\n';
  // Whatever else the client sends is read and dropped until it closes (or for a few seconds), so
  // that closing does not reset the connection under the answer.
  socket.on('data', () => undefined);
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  setTimeout(() => socket.destroy(), 5_000).unref();
}
