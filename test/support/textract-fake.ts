// A stand-in for Amazon Textract's text detection, on a free loopback port, speaking its wire
// format: AWS JSON 1.1 (`POST /`, `X-Amz-Target: Textract.{Operation}`, content type
// `application/x-amz-json-1.1`, the API's field names in JSON bodies), answered with the API's
// shapes (Blocks of type PAGE, LINE and WORD with their Geometry and Relationships,
// DocumentMetadata, JobStatus, NextToken) or with AWS JSON errors (`__type` and `Message`, with
// Textract's HTTP statuses), so that the real client serializes, signs, retries and parses.
//
// What Textract itself checks is checked here too: the request is signed with Signature V4 (and,
// given the credentials, that the signature is right), the document named in `S3Object` exists
// (read through `readObject`), starts with `%PDF-` and parses, the synchronous operation gets a
// one-page document of at most 10 MB (stored, or sent as `Bytes`: a PNG, JPEG, TIFF or one-page PDF), a ClientRequestToken reused for the same document returns
// the job it started (for another document, IdempotentParameterMismatchException), a NextToken
// belongs to its job. Every request is recorded with the answer's status.
//
// Every page read is billed as Textract bills it (`billedPages`): one per synchronous read, every
// page of the document per job started.
//
// Scripted per test: the text read on each page (and on each image sent as bytes, in order), how many polls a job stays IN_PROGRESS (or held
// until released), how it ends (SUCCEEDED, FAILED, PARTIAL_SUCCESS), how many blocks one answer
// holds before a NextToken, and errors queued per operation (throttling, a missing object…).
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Block, Geometry } from '@aws-sdk/client-textract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type TextractOperation = 'DetectDocumentText' | 'StartDocumentTextDetection' | 'GetDocumentTextDetection';

const OPERATIONS: readonly string[] = ['DetectDocumentText', 'StartDocumentTextDetection', 'GetDocumentTextDetection'];

/** Textract's limit for a document read synchronously. */
const SYNC_MAX_BYTES = 10 * 1024 * 1024;
/** Textract's cap on MaxResults. */
const MAX_RESULTS = 1000;

export interface TextractCall {
  /** The operation named by X-Amz-Target (as sent, when it is not one of the three). */
  operation: string;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The HTTP status answered. */
  status: number;
  /** The `__type` of an error answer. */
  errorType?: string;
  /** JobId answered by StartDocumentTextDetection. */
  jobId?: string;
  /** JobStatus answered by GetDocumentTextDetection. */
  jobStatus?: string;
}

export interface TextractError {
  type: string;
  status: number;
  message: string;
}

export const errors = {
  throughput: (): TextractError => ({
    type: 'ProvisionedThroughputExceededException',
    status: 400,
    message: 'The number of requests exceeded your throughput limit. If you want to increase this limit, contact Amazon Textract.',
  }),
  throttling: (): TextractError => ({
    type: 'ThrottlingException',
    status: 500,
    message: 'Amazon Textract is temporarily unable to process the request. Try your call again.',
  }),
  internal: (): TextractError => ({ type: 'InternalServerError', status: 500, message: 'Amazon Textract experienced a service issue. Try your call again.' }),
  invalidObject: (): TextractError => ({
    type: 'InvalidS3ObjectException',
    status: 400,
    message: 'Unable to get object metadata from S3. Check object key, region and/or access permissions.',
  }),
  unsupported: (): TextractError => ({ type: 'UnsupportedDocumentException', status: 400, message: 'Request has unsupported document format' }),
  badDocument: (): TextractError => ({ type: 'BadDocumentException', status: 400, message: 'Amazon Textract is unable to read the document.' }),
  tooLarge: (): TextractError => ({ type: 'DocumentTooLargeException', status: 400, message: 'The document is too large for a synchronous operation.' }),
  invalidParameter: (message = 'Request has invalid parameters'): TextractError => ({ type: 'InvalidParameterException', status: 400, message }),
  invalidJob: (): TextractError => ({ type: 'InvalidJobIdException', status: 400, message: 'An invalid job identifier was passed.' }),
  idempotentMismatch: (): TextractError => ({
    type: 'IdempotentParameterMismatchException',
    status: 400,
    message: 'The ClientRequestToken was already used with other parameters.',
  }),
};

export interface TextractScript {
  /** What Textract reads on each page (1-based), lines separated by '\n'; a page not listed reads as blank. */
  text?: Record<number, string>;
  /** What Textract reads on the images sent as `Bytes`, in the order they arrive; when used up, the page 1 text. */
  images?: string[];
  /** Polls of a job (without NextToken) answered IN_PROGRESS before it ends; default 0. */
  inProgressPolls?: number;
  /** How a job ends; default SUCCEEDED. */
  outcome?: 'SUCCEEDED' | 'FAILED' | 'PARTIAL_SUCCESS';
  /** The StatusMessage of a failed job. */
  statusMessage?: string;
  /** Pages a PARTIAL_SUCCESS could not read: reported in Warnings, without blocks. */
  unreadablePages?: number[];
  /** Most blocks in one GetDocumentTextDetection answer, below MaxResults; the rest follow a NextToken. */
  blocksPerAnswer?: number;
}

export interface TextractJob {
  jobId: string;
  clientRequestToken?: string;
  bucket: string;
  key: string;
  /** Pages of the document, as Textract counts them. */
  pages: number;
  /** Blocks of the result, over all its answers. */
  blockCount: number;
  /** Polls answered IN_PROGRESS so far. */
  polls: number;
}

export interface TextractFakeOptions {
  /** The stored document, or null when there is none (the fake reads it as Textract reads S3). */
  readObject(bucket: string, key: string): Promise<Uint8Array | null>;
  /**
   * The key pair requests must be signed with; read at each request. Without it, only the form of
   * the signature is checked.
   */
  credentials?: () => { accessKeyId: string; secretAccessKey: string };
}

export interface TextractFake {
  /** `http://127.0.0.1:{port}`, for the client's `endpoint`. */
  url: string;
  calls: TextractCall[];
  /** Jobs started, one per distinct ClientRequestToken (or per request without one). */
  jobs: TextractJob[];
  /** The calls of one operation. */
  callsTo(operation: TextractOperation): TextractCall[];
  /** Pages Textract would bill: one per synchronous read answered, every page of each job started. */
  billedPages(): number;
  /** Sets how documents read from now on are answered (jobs keep the script they started with). */
  script(script: TextractScript): void;
  /** Queues errors for an operation, answered one per request before anything else. */
  fail(operation: TextractOperation, ...queued: TextractError[]): void;
  /** Keeps every job IN_PROGRESS, whatever the script, until release(). */
  hold(): void;
  release(): void;
  reset(): void;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(readonly error: TextractError) {
    super(error.message);
  }
}

const refuse = (error: TextractError): never => {
  throw new Refusal(error);
};

/** A bounding box and its polygon, as fractions of the page. */
function geometry(left: number, top: number, width: number, height: number): Geometry {
  return {
    BoundingBox: { Left: left, Top: top, Width: width, Height: height },
    Polygon: [
      { X: left, Y: top },
      { X: left + width, Y: top },
      { X: left + width, Y: top + height },
      { X: left, Y: top + height },
    ],
  };
}

/** The blocks of one page: the PAGE, its LINEs in reading order, then their WORDs. */
function pageBlocks(page: number, text: string): Block[] {
  const lines: Block[] = [];
  const words: Block[] = [];
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const top = 0.05 + i * 0.04;
      const wordIds: string[] = [];
      let left = 0.08;
      for (const w of line.split(/\s+/)) {
        const width = Math.min(0.9 - left, 0.012 * w.length);
        const id = randomUUID();
        wordIds.push(id);
        words.push({ BlockType: 'WORD', Id: id, Text: w, TextType: 'PRINTED', Confidence: 98.7, Page: page, Geometry: geometry(left, top, width, 0.03) });
        left = Math.min(0.9, left + width + 0.01);
      }
      lines.push({
        BlockType: 'LINE',
        Id: randomUUID(),
        Text: line,
        Confidence: 99.1,
        Page: page,
        Geometry: geometry(0.08, top, Math.max(0.01, left - 0.09), 0.03),
        Relationships: [{ Type: 'CHILD', Ids: wordIds }],
      });
    });
  const pageBlock: Block = { BlockType: 'PAGE', Id: randomUUID(), Page: page, Geometry: geometry(0, 0, 1, 1) };
  if (lines.length > 0) pageBlock.Relationships = [{ Type: 'CHILD', Ids: lines.map((l) => l.Id!) }];
  return [pageBlock, ...lines, ...words];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Why Textract would refuse the request's signature, or null: an `AWS4-HMAC-SHA256`
 * Authorization for the textract service, an X-Amz-Date of the credential's day, the host, date
 * and target signed, and, given the key pair, the signature recomputed.
 */
function signatureRefusal(req: IncomingMessage, body: Buffer, credentials?: { accessKeyId: string; secretAccessKey: string }): TextractError | null {
  const auth = req.headers.authorization;
  if (!auth) return { type: 'MissingAuthenticationTokenException', status: 403, message: 'Missing Authentication Token' };
  const m = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const incomplete = (message: string): TextractError => ({ type: 'IncompleteSignatureException', status: 400, message });
  if (!m) return incomplete(`Authorization header requires AWS4-HMAC-SHA256 with Credential, SignedHeaders and Signature: ${auth}`);
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = m;
  if (!/^\d{8}T\d{6}Z$/.test(amzDate)) return incomplete('Authorization header requires existence of either a X-Amz-Date or a Date header.');
  if (amzDate.slice(0, 8) !== day) return { type: 'InvalidSignatureException', status: 400, message: 'Credential should be scoped to a valid date.' };
  if (service !== 'textract') return { type: 'InvalidSignatureException', status: 400, message: `Credential should be scoped to correct service: 'textract'.` };
  const signed = signedHeaderList.split(';');
  for (const h of ['host', 'x-amz-date', 'x-amz-target']) {
    if (!signed.includes(h)) return { type: 'InvalidSignatureException', status: 400, message: `Header ${h} must be signed.` };
  }
  if (!credentials) return null;
  if (accessKeyId !== credentials.accessKeyId) {
    return { type: 'UnrecognizedClientException', status: 400, message: 'The security token included in the request is invalid.' };
  }
  const canonicalHeaders = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const [pathPart, query = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .sort()
    .join('&');
  // Textract hashes the body it received, whatever X-Amz-Content-Sha256 says.
  const payloadHash = sha256(body);
  const canonicalRequest = [req.method, pathPart, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service), 'aws4_request');
  if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signature) {
    return {
      type: 'InvalidSignatureException',
      status: 403,
      message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    };
  }
  return null;
}

interface JobState extends TextractJob {
  script: TextractScript;
  blocks: Block[];
}

export async function startTextractFake(opts: TextractFakeOptions): Promise<TextractFake> {
  const calls: TextractCall[] = [];
  const jobs: JobState[] = [];
  const byToken = new Map<string, JobState>();
  let current: TextractScript = {};
  let queued = new Map<string, TextractError[]>();
  let held = false;
  let counter = 0;

  /** The S3Object of a request, read and checked as Textract does before reading any page. */
  async function document(location: unknown, sync: boolean): Promise<{ bucket: string; key: string; pages: number }> {
    const s3 = (location as { S3Object?: { Bucket?: unknown; Name?: unknown } } | undefined)?.S3Object;
    if (typeof s3?.Bucket !== 'string' || typeof s3.Name !== 'string' || !s3.Bucket || !s3.Name) {
      return refuse(errors.invalidParameter('Request has invalid parameters: S3Object with Bucket and Name is required'));
    }
    const bytes = await opts.readObject(s3.Bucket, s3.Name).catch(() => null);
    if (!bytes) return refuse(errors.invalidObject());
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return refuse(errors.unsupported());
    if (sync && bytes.byteLength > SYNC_MAX_BYTES) return refuse(errors.tooLarge());
    let pages: number;
    try {
      pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    } catch {
      return refuse(errors.badDocument());
    }
    // The synchronous operation reads single-page documents only.
    if (sync && pages !== 1) return refuse(errors.unsupported());
    return { bucket: s3.Bucket, key: s3.Name, pages };
  }

  function blocksOf(pages: number, script: TextractScript): Block[] {
    const unreadable = new Set(script.outcome === 'PARTIAL_SUCCESS' ? (script.unreadablePages ?? []) : []);
    const blocks: Block[] = [];
    for (let p = 1; p <= pages; p++) if (!unreadable.has(p)) blocks.push(...pageBlocks(p, script.text?.[p] ?? ''));
    return blocks;
  }

  const nextToken = (job: JobState, offset: number) => Buffer.from(`${job.jobId}:${offset}`).toString('base64url');

  /** A document sent as bytes (base64 in JSON), checked as Textract checks it: an image or a one-page PDF of at most 10 MB. */
  async function sentBytes(value: unknown): Promise<void> {
    if (typeof value !== 'string' || value.length === 0) return refuse(errors.invalidParameter('Request has invalid parameters: Bytes must be base64'));
    const bytes = Buffer.from(value, 'base64');
    if (bytes.byteLength > SYNC_MAX_BYTES) return refuse(errors.tooLarge());
    const head = bytes.subarray(0, 5);
    const png = head[0] === 0x89 && head.subarray(1, 4).toString('latin1') === 'PNG';
    const jpeg = head[0] === 0xff && head[1] === 0xd8;
    const tiff = head.subarray(0, 4).toString('hex') === '49492a00' || head.subarray(0, 4).toString('hex') === '4d4d002a';
    if (head.toString('latin1') === '%PDF-') {
      const pages = await PDFDocument.load(bytes, { updateMetadata: false }).then((d) => d.getPageCount(), () => -1);
      if (pages < 0) return refuse(errors.badDocument());
      if (pages !== 1) return refuse(errors.unsupported());
    } else if (!png && !jpeg && !tiff) return refuse(errors.unsupported());
  }

  async function detect(body: Record<string, unknown>) {
    const given = (body.Document as { Bytes?: unknown } | undefined)?.Bytes;
    if (given !== undefined) {
      await sentBytes(given);
      const text = current.images?.shift() ?? current.text?.[1] ?? '';
      return { DocumentMetadata: { Pages: 1 }, Blocks: pageBlocks(1, text), DetectDocumentTextModelVersion: '1.0' };
    }
    const doc = await document(body.Document, true);
    return { DocumentMetadata: { Pages: doc.pages }, Blocks: pageBlocks(1, current.text?.[1] ?? ''), DetectDocumentTextModelVersion: '1.0' };
  }

  async function start(body: Record<string, unknown>, call: TextractCall) {
    const token = body.ClientRequestToken;
    if (token !== undefined && (typeof token !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(token))) {
      return refuse(errors.invalidParameter('ClientRequestToken must be 1 to 64 letters, digits, hyphens or underscores'));
    }
    const doc = await document(body.DocumentLocation, false);
    const earlier = typeof token === 'string' ? byToken.get(token) : undefined;
    if (earlier) {
      if (earlier.bucket !== doc.bucket || earlier.key !== doc.key) return refuse(errors.idempotentMismatch());
      call.jobId = earlier.jobId;
      return { JobId: earlier.jobId };
    }
    const script = { ...current };
    const blocks = blocksOf(doc.pages, script);
    const job: JobState = {
      jobId: randomBytes(32).toString('hex'),
      clientRequestToken: token as string | undefined,
      bucket: doc.bucket,
      key: doc.key,
      pages: doc.pages,
      blockCount: blocks.length,
      polls: 0,
      script,
      blocks,
    };
    jobs.push(job);
    if (typeof token === 'string') byToken.set(token, job);
    call.jobId = job.jobId;
    return { JobId: job.jobId };
  }

  function get(body: Record<string, unknown>, call: TextractCall) {
    const job = jobs.find((j) => j.jobId === body.JobId);
    if (!job) return refuse(errors.invalidJob());
    const max = body.MaxResults ?? MAX_RESULTS;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_RESULTS) return refuse(errors.invalidParameter('MaxResults must be between 1 and 1000'));
    let offset = 0;
    if (body.NextToken !== undefined) {
      const [jobId, at] = Buffer.from(String(body.NextToken), 'base64url').toString().split(':');
      offset = Number(at);
      if (jobId !== job.jobId || !Number.isInteger(offset) || offset <= 0 || offset >= job.blocks.length) return refuse(errors.invalidParameter('Invalid NextToken'));
    } else if (held || job.polls < (job.script.inProgressPolls ?? 0)) {
      job.polls++;
      call.jobStatus = 'IN_PROGRESS';
      return { JobStatus: 'IN_PROGRESS', DetectDocumentTextModelVersion: '1.0' };
    }
    const outcome = job.script.outcome ?? 'SUCCEEDED';
    call.jobStatus = outcome;
    if (outcome === 'FAILED') {
      return { JobStatus: 'FAILED', StatusMessage: job.script.statusMessage ?? 'Internal server error', DetectDocumentTextModelVersion: '1.0' };
    }
    const size = Math.min(max, job.script.blocksPerAnswer ?? MAX_RESULTS);
    const end = offset + size;
    const unreadable = outcome === 'PARTIAL_SUCCESS' ? (job.script.unreadablePages ?? []) : [];
    return {
      JobStatus: outcome,
      DocumentMetadata: { Pages: job.pages },
      Blocks: job.blocks.slice(offset, end),
      ...(end < job.blocks.length ? { NextToken: nextToken(job, end) } : {}),
      ...(unreadable.length > 0 ? { Warnings: [{ ErrorCode: 'PAGE_NOT_READ', Pages: unreadable }] } : {}),
      DetectDocumentTextModelVersion: '1.0',
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const send = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload);
        res.writeHead(status, {
          'content-type': 'application/x-amz-json-1.1',
          'content-length': Buffer.byteLength(text),
          'x-amzn-requestid': `${randomUUID().slice(0, 8)}-req-${++counter}`,
        });
        res.end(text);
      };
      const sendError = (e: TextractError, call?: TextractCall) => {
        if (call) Object.assign(call, { status: e.status, errorType: e.type });
        send(e.status, { __type: e.type, Message: e.message });
      };
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith('Textract.') ? target.slice('Textract.'.length) : target;
      if (req.method !== 'POST' || (req.url ?? '/').split('?')[0] !== '/') {
        sendError({ type: 'UnknownOperationException', status: 404, message: `Unknown operation ${req.method} ${req.url}` });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8') || 'null') as Record<string, unknown>;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch {
        sendError({ type: 'SerializationException', status: 400, message: 'The request body is not a JSON object.' });
        return;
      }
      const call: TextractCall = { operation, body, headers: req.headers, status: 0 };
      calls.push(call);
      if (!target.startsWith('Textract.') || !OPERATIONS.includes(operation)) {
        sendError({ type: 'UnknownOperationException', status: 400, message: `Unknown X-Amz-Target "${target}"` }, call);
        return;
      }
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-amz-json-1.1')) {
        sendError({ type: 'SerializationException', status: 400, message: `Unexpected content type ${req.headers['content-type']}` }, call);
        return;
      }
      const unsigned = signatureRefusal(req, raw, opts.credentials?.());
      if (unsigned) {
        sendError(unsigned, call);
        return;
      }
      const error = queued.get(operation)?.shift();
      if (error) {
        sendError(error, call);
        return;
      }
      const answer = async () => {
        if (operation === 'DetectDocumentText') return detect(body);
        if (operation === 'StartDocumentTextDetection') return start(body, call);
        return get(body, call);
      };
      answer().then(
        (payload) => {
          call.status = 200;
          send(200, payload);
        },
        (err: unknown) => sendError(err instanceof Refusal ? err.error : errors.internal(), call),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    jobs,
    callsTo: (operation) => calls.filter((c) => c.operation === operation),
    billedPages: () => calls.filter((c) => c.operation === 'DetectDocumentText' && c.status === 200).length + jobs.reduce((sum, j) => sum + j.pages, 0),
    script: (script) => (current = { ...script, images: [...(script.images ?? [])] }),
    fail: (operation, ...errs) => queued.set(operation, [...(queued.get(operation) ?? []), ...errs]),
    hold: () => (held = true),
    release: () => (held = false),
    reset: () => {
      calls.length = 0;
      jobs.length = 0;
      byToken.clear();
      current = {};
      queued = new Map();
      held = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * For a test file: starts the fake before the file's tests (before a host started in a later
 * beforeAll, which can then be pointed at `fake.url`), hands it to `use`, resets it before each
 * test and stops it at the end.
 */
export function useTextractFake(opts: TextractFakeOptions, use: (fake: TextractFake) => void): void {
  let fake: TextractFake | undefined;
  beforeAll(async () => {
    fake = await startTextractFake(opts);
    use(fake);
  });
  beforeEach(() => fake?.reset());
  afterAll(async () => {
    await fake?.close();
  });
}
