// The laptop host's transport as an abusive or clumsy client meets it, byte for byte over a raw
// socket: every refusal is a complete HTTP/1.1 response with a JSON error the client can read
// (never a bare status line, never a connection reset under the answer), and the host keeps
// serving afterwards.
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestHost, type TestHost } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(async () => {
  await host?.dispose();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A socket error the client met (a reset, a broken pipe), if any. */
  error: string | null;
}

/**
 * Sends `head` then `body` in 64 KiB writes a millisecond apart, as a client on a real network
 * would, and reads the answer only once everything is sent (as simple clients do), then until the
 * server closes the connection. A server that closes while bytes are still arriving makes the
 * kernel reset the connection, which throws away the unread answer.
 */
function exchange(head: string, body: Buffer = Buffer.alloc(0), port = host.port): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | null = null;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? err.message;
    });
    socket.on('close', () => {
      const raw = Buffer.concat(received).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = (split >= 0 ? raw.slice(0, split) : raw).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: split >= 0 ? raw.slice(split + 4) : '', error });
    });
    socket.pause();
    socket.on('connect', async () => {
      socket.write(head);
      for (let at = 0; at < body.length && !socket.destroyed; at += 64 * 1024) {
        if (!socket.write(body.subarray(at, at + 64 * 1024))) await new Promise((r) => socket.once('drain', r).once('close', r));
        await new Promise((r) => setTimeout(r, 1));
      }
      // Everything is sent: now the client reads (it does not half-close, as HTTP clients do not).
      socket.resume();
    });
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

const json = (r: RawResponse) => JSON.parse(r.body) as { error: { code: string; message: string } };

describe('oversized request lines and headers', () => {
  it('answer a 20 KiB request line with a 431 and a JSON error, then close', async () => {
    const r = await exchange(`GET /api/health?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers.connection).toBe('close');
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
    expect(json(r).error).toEqual({ code: 'headers_too_large', message: 'Ligne de requête ou en-têtes trop volumineux (maximum 16384 octets)' });
    expect(r.error).toBeNull();
  });

  it('answer oversized headers in the language the request asked for', async () => {
    const r = await exchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en-GB\r\nX-Padding: ${'b'.repeat(20 * 1024)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(json(r).error.message).toBe('Request line or headers too large (maximum 16384 bytes)');
  });

  it('answer a malformed request with a 400 and a JSON error', async () => {
    const r = await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: nope\r\n\r\n');
    expect(r.status).toBe(400);
    expect(json(r).error.code).toBe('bad_request');
  });
});

describe('oversized bodies', () => {
  const twoMiB = Buffer.alloc(2 * 1024 * 1024, 0x7b);

  it('answer a 2 MiB body announced by its length with a 413 JSON the client reads whole, without a reset', async () => {
    const r = await exchange(`POST /api/referrals HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${twoMiB.length}\r\n\r\n`, twoMiB);
    expect(r.error).toBeNull();
    expect(r.status).toBe(413);
    expect(json(r).error).toEqual({ code: 'body_too_large', message: 'Requête trop volumineuse (maximum 1048576 octets)' });
  });

  it('answer a 2 MiB chunked body the same way once it passes the limit', async () => {
    const chunked = Buffer.concat([Buffer.from(`${twoMiB.length.toString(16)}\r\n`), twoMiB, Buffer.from('\r\n0\r\n\r\n')]);
    const r = await exchange(`POST /api/referrals HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept-Language: en\r\nTransfer-Encoding: chunked\r\n\r\n`, chunked);
    expect(r.error).toBeNull();
    expect(r.status).toBe(413);
    expect(json(r).error).toEqual({ code: 'body_too_large', message: 'Request too large (maximum 1048576 bytes)' });
  });

  it('answer a 2 MiB body sent to the user-pool endpoint with a 413 JSON error too', async () => {
    const r = await exchange(
      `POST /cognito HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.1\r\nX-Amz-Target: AWSCognitoIdentityProviderService.SignUp\r\nContent-Length: ${twoMiB.length}\r\n\r\n`,
      twoMiB,
    );
    expect(r.error).toBeNull();
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ __type: 'RequestEntityTooLargeException', code: 'body_too_large', message: 'Requête trop volumineuse (maximum 1048576 octets)' });
  });

  it('leave the host serving', async () => {
    expect((await api(host, '/api/health')).status).toBe(200);
  });
});

describe('a host still starting', () => {
  it('answers with a 503 JSON error and Retry-After until it is ready', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const starting = startTestHost({ port });
    try {
      let early: RawResponse | undefined;
      for (let i = 0; i < 200 && !early?.status; i++) {
        early = await exchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n\r\n', undefined, port);
        if (!early.status) await new Promise((r) => setTimeout(r, 10));
      }
      expect(early?.status).toBe(503);
      expect(early?.headers['retry-after']).toBe('1');
      expect(JSON.parse(early!.body)).toEqual({ error: { code: 'service_starting', message: 'Révise is starting. Try again in a moment.' } });
    } finally {
      await (await starting).dispose();
    }
  });
});
