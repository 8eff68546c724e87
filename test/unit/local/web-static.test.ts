// The laptop host's static files: the build's brotli and gzip copies chosen by Accept-Encoding,
// with Vary and the caching CloudFront gives (hashed assets immutable, index.html revalidated).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, serveStatic } from '../../../lib/local/web.js';

const script = `export const greeting = ${JSON.stringify('bonjour '.repeat(400))};\n`;
let root: string;
let server: Server;
let base: string;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'revise-static-'));
  await mkdir(path.join(root, 'assets'));
  const html = `<!doctype html><title>Révise</title>${'<p>landing</p>'.repeat(200)}`;
  await writeFile(path.join(root, 'index.html'), html);
  await writeFile(path.join(root, 'index.html.br'), brotliCompressSync(html));
  await writeFile(path.join(root, 'index.html.gz'), gzipSync(html));
  await writeFile(path.join(root, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(root, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  await writeFile(path.join(root, 'assets', 'only-gzip-1.css'), 'body{}'.repeat(300));
  await writeFile(path.join(root, 'assets', 'only-gzip-1.css.gz'), gzipSync('body{}'.repeat(300)));
  await writeFile(path.join(root, 'assets', 'photo-1.png'), Buffer.alloc(2048, 7));
  server = createServer((req, res) => void serveStatic(req, res, root, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it('sends brotli to a browser that accepts it, immutable for hashed assets', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is refused or missing, and the file itself otherwise', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const css = await get('/assets/only-gzip-1.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);

    const identity = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('gives each encoding its own validator, so a cached copy is never answered for another', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    const other = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates index.html, for its own path and for app routes, compressed too', async () => {
    for (const p of ['/', '/subjects', '/index.html']) {
      const res = await get(p, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toContain('<title>Révise</title>');
    }
    const head = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });

  it('leaves images alone', async () => {
    const res = await get('/assets/photo-1.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.length).toBe(2048);
  });
});

describe('Accept-Encoding', () => {
  it('reads q-values and the wildcard', () => {
    const a = acceptedEncodings('gzip;q=0.5, br;q=0, *;q=0.1');
    expect([a('gzip'), a('br'), a('zstd')]).toEqual([true, false, true]);
    const b = acceptedEncodings('deflate');
    expect([b('gzip'), b('br')]).toEqual([false, false]);
    expect(acceptedEncodings(undefined)('br')).toBe(false);
  });
});
