// The laptop storage's front door. Browser uploads (POST to the bucket with a signed policy) are
// taken here: the policy is checked as S3 checks it (post-policy.ts), the file is streamed to a
// temporary file beside its final place and moved into s3rver's store only once complete and
// within the policy's size range, so no reader ever sees half an object.
// s3rver is then told, and announces the ObjectCreated:Post event like its own writes. The bucket
// is private as in S3: every other request (reads, lists, deletes, the SDK's calls) must carry a
// valid SigV4 signature, in its Authorization header or as a presigned URL (sigv4.ts), and is then
// handed as it is to s3rver's request handler, in-process (s3rver has no port of its own); CORS
// preflights pass unsigned. Temporary files of uploads that never
// completed (a client gone, the host stopped mid-upload) are removed after the failure and when
// the storage starts.
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import type S3rver from 's3rver';
import { PolicyError, verifyPostPolicy, type SizeRange } from './post-policy.js';
import { SignatureError, verifyRequestSignature } from './sigv4.js';
import { keepConnectionsAlive, refuseBody } from './transport.js';

// s3rver's own models, so that the notification is the one s3rver sends for its own writes.
type ModelCtor = new (...args: unknown[]) => object;
const requireHere = createRequire(import.meta.url);
const S3EventModel = requireHere('s3rver/lib/models/event') as ModelCtor;
const S3ObjectModel = requireHere('s3rver/lib/models/object') as ModelCtor;

/** The parser's buffers: an upload is one big file part, read ahead while the disk writes. */
const CHUNK_BYTES = 4 * 1024 * 1024;

interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string, resource: string): string;
  /** `md5` is what s3rver answers as the object's ETag. */
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

interface StoredObject {
  key: string;
  size: number;
  /** Without quotes. */
  etag: string;
}

/**
 * The object's ETag: 32 random hex digits, not the MD5 of its bytes. Hashing 95 MiB takes about
 * 0.25 CPU-second, more than receiving them from the socket, on the upload's path. S3 itself
 * documents that an ETag is not always an MD5 of the data (multipart uploads, SSE-KMS objects):
 * clients may only rely on it changing when the object does, which a random value per write gives,
 * and nothing in Révise compares it with the bytes. It is stored where s3rver keeps its MD5, so
 * that s3rver answers reads with it instead of hashing the object on the first read.
 */
const opaqueEtag = (): string => randomBytes(16).toString('hex');

export interface StorageFront {
  endpoint: string;
  close(): Promise<void>;
}

const xml = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`;

/** The name of an upload's temporary file, beside its object's final place. */
const incomingPath = (finalPath: string): string => `${finalPath}.incoming-${randomBytes(6).toString('hex')}`;
const INCOMING = /\.incoming-[0-9a-f]{12}$/;

/** Removes the temporary files of uploads that never completed (the host stopped during them). */
async function removeIncomingFiles(directory: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await Promise.all(names.filter((name) => INCOMING.test(name)).map((name) => rm(path.join(directory, name), { force: true })));
}

/** The temporary file is written in batches of at least this many bytes. */
const WRITE_BATCH = 1024 * 1024;

/**
 * An upload's temporary file. Counts the bytes and fails past the policy's maximum, so storage
 * never holds more. The socket hands the file over 64 KiB at a time and, the data arriving no
 * faster than it is written, fs.WriteStream would write each chunk on its own: 1,500 round trips
 * through the thread pool for 95 MiB, which cost the laptop more CPU than copying the bytes. Chunks
 * are gathered here and written WRITE_BATCH bytes at a time (one vectored write, no copy).
 */
class UploadFile extends Writable {
  bytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private handle: FileHandle | undefined;

  constructor(
    private readonly file: string,
    private readonly max: number,
  ) {
    super({ highWaterMark: WRITE_BATCH });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'w').then((handle) => {
      this.handle = handle;
      callback();
    }, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) {
      callback(new PolicyError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
      return;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < WRITE_BATCH) callback();
    else this.flush().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    // Closed before 'finish': the file is renamed as soon as it is written.
    this.flush()
      .then(() => this.close())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    while (batch.length > 0) {
      if (!this.handle) throw new Error('The upload file is closed');
      const { bytesWritten } = await this.handle.writev(batch);
      // A short write (rare for a file) leaves the rest for another call.
      let written = bytesWritten;
      while (batch.length > 0 && written >= batch[0].length) written -= (batch.shift() as Buffer).length;
      if (written > 0) batch[0] = batch[0].subarray(written);
    }
  }

  private async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/**
 * Pipes a file part into its temporary file. Unlike pipeline(), a failure on the file's side
 * (too large, disk error) leaves the part undestroyed so that the caller can drain it: busboy waits
 * for a destroyed part to be read, and the request would never end.
 */
function writeInto(part: Readable, target: UploadFile): Promise<void> {
  return new Promise((resolve, reject) => {
    part.on('error', (err) => target.destroy(err));
    target.on('error', (err) => {
      part.unpipe(target);
      reject(err);
    });
    target.on('finish', () => resolve());
    part.pipe(target);
  });
}

export async function startStorageFront(opts: {
  /** s3rver, its buckets configured; it serves the requests that pass the checks here. */
  s3rver: S3rver;
  bucket: string;
  origins: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  exposedHeaders: readonly string[];
}): Promise<StorageFront> {
  const store = (opts.s3rver as unknown as { store: FilesystemStore }).store;
  await removeIncomingFiles(path.join(store.rootDirectory, opts.bucket));

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
    const incoming = incomingPath(finalPath);
    let target: UploadFile | undefined;
    try {
      await mkdir(path.dirname(finalPath), { recursive: true });
      target = new UploadFile(incoming, range.max);
      await writeInto(file, target);
      if (target.bytes < range.min) throw new PolicyError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      const etag = opaqueEtag();
      await store.putMetadata(opts.bucket, key, { 'content-type': fields.get('content-type') ?? contentType }, etag);
      await rename(incoming, finalPath);
      return { key, size: target.bytes, etag };
    } catch (err) {
      // The rest of the part is read and dropped, so that the request can be answered.
      file.resume();
      // The temporary file is removed once closed: removing it while it is still being opened
      // or written would let it come back.
      if (target && !target.closed) {
        const closed = once(target, 'close').catch(() => undefined);
        target.destroy();
        await closed;
      }
      await rm(incoming, { force: true });
      throw err;
    }
  }

  function announce(req: IncomingMessage, object: StoredObject): void {
    const item = new S3ObjectModel(opts.bucket, object.key, null, { 'content-length': String(object.size), etag: JSON.stringify(object.etag) });
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
    let part: Readable | undefined;
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || stored) {
        file.resume();
        return;
      }
      part = file;
      stored = storeFile(fields, file, info.mimeType);
      stored.catch(() => undefined);
    });
    try {
      await pipeline(req, parser);
    } catch (err) {
      // The client went away or sent a broken form: the file being written fails with it (and
      // its temporary file is removed), whatever the parser did with the part.
      if (part && !part.destroyed) part.destroy(err as Error);
      await stored?.catch(() => undefined);
      throw err;
    }
    if (!stored) throw new PolicyError('InvalidPolicyDocument', 'POST requires exactly one file upload per request.');
    const object = await stored;
    const status = ['200', '201'].includes(fields.get('success_action_status') ?? '') ? Number(fields.get('success_action_status')) : 204;
    const location = `http://${req.headers.host}/${opts.bucket}/${object.key.split('/').map(encodeURIComponent).join('/')}`;
    const body =
      status === 201
        ? `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>${opts.bucket}</Bucket><Key>${object.key}</Key><ETag>"${object.etag}"</ETag></PostResponse>`
        : '';
    res.writeHead(status, { ...corsHeaders(req), etag: `"${object.etag}"`, location, 'content-type': 'application/xml' });
    res.end(body);
    announce(req, object);
  }

  const s3rver = opts.s3rver.getMiddleware();

  const server = keepConnectionsAlive(createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
    const isUpload = req.method === 'POST' && pathname === `/${opts.bucket}` && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (!isUpload) {
      if (req.method !== 'OPTIONS') {
        try {
          verifyRequestSignature(req, opts.credentials, new Date());
        } catch (err) {
          if (!(err instanceof SignatureError)) throw err;
          refuseBody(req, res, err.status, { ...corsHeaders(req), 'content-type': 'application/xml' }, xml(err.code, err.message));
          return;
        }
      }
      void s3rver(req, res);
      return;
    }
    receivePost(req, res).catch((err: unknown) => {
      const policy = err instanceof PolicyError ? err : undefined;
      if (!res.headersSent) res.writeHead(policy?.status ?? 400, { ...corsHeaders(req), 'content-type': 'application/xml', connection: 'close' });
      res.end(xml(policy?.code ?? 'MalformedPOSTRequest', policy?.message ?? 'The body of your POST request is not well-formed multipart/form-data.'));
      // Whatever the client still sends is not read: the connection closes after the answer.
      req.resume();
    });
  }));
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
