// OCR with Amazon Textract, which bills every page it reads. A one-page document of at most 10 MB
// is read synchronously where it is stored (DetectDocumentText). When fewer than half the pages of
// a longer document are scanned, only those are sent: each rendered (PDFium, as tesseract.js gets
// it) and read synchronously from its bytes, one after the other, so a course with one scanned page
// bills one page, not all of them. Otherwise an asynchronous job (StartDocumentTextDetection, then
// GetDocumentTextDetection polled with backoff) reads the stored PDF in one go, at most twice the
// scanned pages billed, without rendering dozens of pages in the function; the pages asked for are
// kept. A client request token derived from the object makes a duplicate event reuse the running
// job instead of paying for another.
// TEXTRACT_ENDPOINT (functions/platform/config.ts) points the client elsewhere than AWS, and
// TEXTRACT_POLL_MS, when set, polls the job at that fixed interval instead of backing off from one
// second to ten: both for a local stand-in of the service, which answers at once; unset in the cloud.
import { createHash } from 'node:crypto';
import {
  DetectDocumentTextCommand,
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
  type Block,
  type GetDocumentTextDetectionCommandOutput,
} from '@aws-sdk/client-textract';
import { config, type Config } from '../config.js';
import { logger } from '../logger.js';
import type { OcrJob, OcrLine, OcrProvider } from './types.js';

/** Textract's limit for synchronous reads of a stored document. */
export const SYNC_MAX_BYTES = 10 * 1024 * 1024;
/** Smaller renderings tried when a page's image is over the synchronous limit (OCR_RENDER_SCALE is 3). */
const SMALLER_SCALES = [2, 1.5];

/** Whether the pages to read are sent one by one rather than the whole document: fewer than half are scanned. */
export function readsPagesOneByOne(job: Pick<OcrJob, 'pages' | 'pageCount'>): boolean {
  return job.pageCount > 1 && job.pages.length * 2 < job.pageCount;
}

/** How long to wait for an asynchronous job when the caller gives no deadline. */
const DEFAULT_WAIT_MS = 12 * 60 * 1000;

export interface TextractLike {
  send(command: unknown): Promise<unknown>;
}

export interface PollingRules {
  firstDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

const DEFAULT_POLLING: PollingRules = { firstDelayMs: 1_000, maxDelayMs: 10_000, factor: 1.5 };

/** One client per process, made again when the configuration is reloaded (resetConfig). */
let shared: { config: Config; client: TextractClient } | undefined;

function sharedClient(): TextractClient {
  const c = config();
  if (shared?.config !== c) shared = { config: c, client: new TextractClient({ region: c.AWS_REGION, endpoint: c.TEXTRACT_ENDPOINT, maxAttempts: 6 }) };
  return shared.client;
}

/** DEFAULT_POLLING, or a fixed interval when TEXTRACT_POLL_MS is set. */
function pollingFromConfig(): PollingRules {
  const ms = config().TEXTRACT_POLL_MS;
  if (ms === undefined) return DEFAULT_POLLING;
  return { firstDelayMs: ms, maxDelayMs: ms, factor: 1 };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** LINE blocks joined page by page, in the order Textract returns them (reading order). */
export function linesByPage(
  blocks: readonly Block[],
  wanted: ReadonlySet<number>,
  into = new Map<number, string[]>(),
  boxes?: Map<number, OcrLine[]>,
): Map<number, string[]> {
  for (const block of blocks) {
    if (block.BlockType !== 'LINE' || !block.Text) continue;
    const page = block.Page ?? 1;
    if (!wanted.has(page)) continue;
    const lines = into.get(page) ?? [];
    lines.push(block.Text);
    into.set(page, lines);
    const box = block.Geometry?.BoundingBox;
    if (boxes && box && box.Width && box.Height) {
      const list = boxes.get(page) ?? [];
      list.push({ text: block.Text, left: box.Left ?? 0, top: box.Top ?? 0, width: box.Width, height: box.Height });
      boxes.set(page, list);
    }
  }
  return into;
}

export function textractProvider(opts: { client?: TextractLike; polling?: PollingRules } = {}): OcrProvider {
  const polling = opts.polling ?? pollingFromConfig();
  const client = (): TextractLike => opts.client ?? sharedClient();

  async function detectSync(job: OcrJob): Promise<Map<number, string>> {
    const out = (await client().send(
      new DetectDocumentTextCommand({ Document: { S3Object: { Bucket: job.object.bucket, Name: job.object.key } } }),
    )) as { Blocks?: Block[] };
    const boxes = new Map<number, OcrLine[]>();
    const lines = linesByPage(out.Blocks ?? [], new Set([1]), new Map(), boxes);
    for (const [page, list] of boxes) job.onLines?.(page, list);
    return joined(lines);
  }

  /** One page's image, read synchronously from its bytes (one page billed); null when it cannot fit the limit. */
  async function detectPage(job: OcrJob, page: number): Promise<string[] | null> {
    let image = await job.renderPage(page);
    for (const scale of SMALLER_SCALES) {
      if (image.byteLength <= SYNC_MAX_BYTES) break;
      image = await job.renderPage(page, scale);
    }
    if (image.byteLength > SYNC_MAX_BYTES) return null;
    const out = (await client().send(new DetectDocumentTextCommand({ Document: { Bytes: image } }))) as { Blocks?: Block[] };
    // The image is a one-page document: its blocks say page 1.
    const renumbered = (out.Blocks ?? []).map((b) => ({ ...b, Page: page }));
    const boxes = new Map<number, OcrLine[]>();
    const lines = linesByPage(renumbered, new Set([page]), new Map(), boxes);
    for (const [n, list] of boxes) job.onLines?.(n, list);
    return lines.get(page) ?? [];
  }

  /** The scanned pages one by one; a page whose image is over the limit even when smaller stays unread. */
  async function detectPages(job: OcrJob): Promise<Map<number, string>> {
    const lines = new Map<number, string[]>();
    for (const page of job.pages) {
      if (job.deadline !== undefined && Date.now() >= job.deadline) {
        logger.warn({ pages: job.pages.length, read: lines.size }, 'Textract deadline reached; the pages left stay without OCR');
        break;
      }
      const read = await detectPage(job, page);
      if (read === null) logger.warn({ page }, 'A scanned page is over Textract\'s synchronous size even when rendered smaller; it stays without OCR');
      else lines.set(page, read);
    }
    return joined(lines);
  }

  async function detectAsync(job: OcrJob): Promise<Map<number, string>> {
    const token = createHash('sha256').update(`${job.object.bucket}/${job.object.key}`).digest('hex').slice(0, 64);
    const started = (await client().send(
      new StartDocumentTextDetectionCommand({
        DocumentLocation: { S3Object: { Bucket: job.object.bucket, Name: job.object.key } },
        ClientRequestToken: token,
      }),
    )) as { JobId?: string };
    const jobId = started.JobId;
    if (!jobId) throw new Error('Textract returned no job id');
    const deadline = job.deadline ?? Date.now() + DEFAULT_WAIT_MS;
    const wanted = new Set(job.pages);
    let delay = polling.firstDelayMs;
    for (;;) {
      await sleep(Math.max(0, Math.min(delay, deadline - Date.now())));
      const first = (await client().send(new GetDocumentTextDetectionCommand({ JobId: jobId, MaxResults: 1000 }))) as GetDocumentTextDetectionCommandOutput;
      const status = first.JobStatus;
      if (status === 'IN_PROGRESS') {
        if (Date.now() >= deadline) {
          logger.warn({ jobId, pages: job.pages.length }, 'Textract job still running at the deadline; its pages stay without OCR');
          return new Map();
        }
        delay = Math.min(delay * polling.factor, polling.maxDelayMs);
        continue;
      }
      if (status === 'FAILED') throw new Error(`Textract job ${jobId} failed: ${first.StatusMessage ?? 'no reason given'}`);
      if (status === 'PARTIAL_SUCCESS') logger.warn({ jobId, warnings: first.Warnings?.length ?? 0 }, 'Textract read the document partly');
      const boxes = new Map<number, OcrLine[]>();
      const lines = linesByPage(first.Blocks ?? [], wanted, new Map(), boxes);
      let next = first.NextToken;
      while (next) {
        const page = (await client().send(
          new GetDocumentTextDetectionCommand({ JobId: jobId, MaxResults: 1000, NextToken: next }),
        )) as GetDocumentTextDetectionCommandOutput;
        linesByPage(page.Blocks ?? [], wanted, lines, boxes);
        next = page.NextToken;
      }
      for (const [page, list] of boxes) job.onLines?.(page, list);
      return joined(lines);
    }
  }

  return {
    name: 'textract',
    async recognize(job) {
      if (job.pages.length === 0) return new Map();
      if (job.pageCount === 1 && job.sizeBytes <= SYNC_MAX_BYTES) return detectSync(job);
      if (readsPagesOneByOne(job)) return detectPages(job);
      return detectAsync(job);
    },
  };
}

function joined(lines: Map<number, string[]>): Map<number, string> {
  return new Map([...lines].map(([page, l]) => [page, l.join('\n')]));
}
