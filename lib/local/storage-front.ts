// The laptop storage's front door. Browser uploads (POST to the bucket with a signed policy) are
// taken here: the policy is checked as S3 checks it (post-policy.ts), the file is streamed to a
// temporary file beside its final place, hashed on the way, and moved into s3rver's store only
// once complete and within the policy's size range, so no reader ever sees half an object.
// s3rver is then told, and announces the ObjectCreated:Post event like its own writes. Every other
// request (reads, deletes, the SDK's calls, CORS preflights) is passed to s3rver as it is.
import busboy from 'busboy';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';
import { PolicyError, verifyPostPolicy, type SizeRange } from './post-policy.js';

// s3rver's own models, so that the notification is the one s3rver sends for its own writes.
type ModelCtor = new (...args: unknown[]) => object;
const requireHere = createRequire(import.meta.url);
const S3EventModel = requireHere('s3rver/lib/models/event') as ModelCtor;
const S3ObjectModel = requireHere('s3rver/lib/models/object') as ModelCtor;

/** Large buffers: an upload is one big file part, and fewer, larger chunks parse and write faster. */
const CHUNK_BYTES = 4 * 1024 * 1024;

interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

interface StoredObject {
  key: string;
  size: number;
  md5: string;
}

export interface StorageFront {
  endpoint: string;
  close(): Promise<void>;
}

const xml = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`;

/** Counts the bytes going through and fails past the policy's maximum, so storage never holds more. */
function sizeGuard(range: SizeRange, hash: ReturnType<typeof createHash>): Transform & { bytes: number } {
  const guard = new Transform({
    highWaterMark: CHUNK_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      guard.bytes += chunk.length;
      if (guard.bytes > range.max) {
        callback(new PolicyError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  guard.bytes = 0;
  return guard;
}

export async function startStorageFront(opts: {
  s3rver: S3rver;
  /** Where s3rver listens. */
  target: AddressInfo;
  bucket: string;
  origins: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  exposedHeaders: readonly string[];
}): Promise<StorageFront> {
  const store = (opts.s3rver as unknown as { store: FilesystemStore }).store;

  function corsHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (!origin || !opts.origins.includes(origin)) return {};
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': opts.exposedHeaders.join(', '), vary: 'Origin' };
  }

  async function storeFile(fields: Map<string, string>, file: Readable, contentType: string): Promise<StoredObject> {
    let range: SizeRange;
    try {
      range = verifyPostPolicy(fields, opts.bucket, opts.credentials, new Date());
    } catch (err) {
      file.resume();
      throw err;
    }
    const key = fields.get('key') as string;
    const finalPath = store.getResourcePath(opts.bucket, key, 'object');
    const incoming = `${finalPath}.incoming-${randomBytes(6).toString('hex')}`;
    await mkdir(path.dirname(finalPath), { recursive: true });
    const md5 = createHash('md5');
    const guard = sizeGuard(range, md5);
    try {
      await pipeline(file, guard, createWriteStream(incoming, { highWaterMark: CHUNK_BYTES }));
      if (guard.bytes < range.min) throw new PolicyError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      const digest = md5.digest('hex');
      await store.putMetadata(opts.bucket, key, { 'content-type': fields.get('content-type') ?? contentType }, digest);
      await rename(incoming, finalPath);
      return { key, size: guard.bytes, md5: digest };
    } catch (err) {
      file.resume();
      await rm(incoming, { force: true });
      throw err;
    }
  }

  function announce(req: IncomingMessage, object: StoredObject): void {
    const item = new S3ObjectModel(opts.bucket, object.key, null, { 'content-length': String(object.size), etag: JSON.stringify(object.md5) });
    opts.s3rver.emit('event', new S3EventModel({ bucket: opts.bucket, eventType: 'Post', S3Item: item }, { reqHeaders: req.headers, sourceIp: req.socket.remoteAddress }));
  }

  async function receivePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fields = new Map<string, string>();
    let stored: Promise<StoredObject> | undefined;
    const parser = busboy({ headers: req.headers, highWaterMark: CHUNK_BYTES, fileHwm: CHUNK_BYTES, limits: { files: 1, fields: 100, fieldSize: 64 * 1024 } });
    parser.on('field', (name, value) => {
      // S3 ignores what follows the file.
      if (!stored) fields.set(name.toLowerCase(), value);
    });
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || stored) {
        file.resume();
        return;
      }
      stored = storeFile(fields, file, info.mimeType);
      stored.catch(() => undefined);
    });
    await pipeline(req, parser);
    if (!stored) throw new PolicyError('InvalidPolicyDocument', 'POST requires exactly one file upload per request.');
    const object = await stored;
    const status = ['200', '201'].includes(fields.get('success_action_status') ?? '') ? Number(fields.get('success_action_status')) : 204;
    const location = `http://${req.headers.host}/${opts.bucket}/${object.key.split('/').map(encodeURIComponent).join('/')}`;
    const body =
      status === 201
        ? `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>${opts.bucket}</Bucket><Key>${object.key}</Key><ETag>"${object.md5}"</ETag></PostResponse>`
        : '';
    res.writeHead(status, { ...corsHeaders(req), etag: `"${object.md5}"`, location, 'content-type': 'application/xml' });
    res.end(body);
    announce(req, object);
  }

  function proxy(req: IncomingMessage, res: ServerResponse): void {
    const upstream = httpRequest(
      { host: opts.target.address, port: opts.target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/xml' });
      res.end(xml('InternalError', 'Storage is unavailable'));
    });
    req.pipe(upstream);
  }

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
    const isUpload = req.method === 'POST' && pathname === `/${opts.bucket}` && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (!isUpload) {
      proxy(req, res);
      return;
    }
    receivePost(req, res).catch((err: unknown) => {
      const policy = err instanceof PolicyError ? err : undefined;
      if (!res.headersSent) res.writeHead(policy?.status ?? 400, { ...corsHeaders(req), 'content-type': 'application/xml', connection: 'close' });
      res.end(xml(policy?.code ?? 'MalformedPOSTRequest', policy?.message ?? 'The body of your POST request is not well-formed multipart/form-data.'));
      // Whatever the client still sends is not read: the connection closes after the answer.
      req.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closing;
    },
  };
}
