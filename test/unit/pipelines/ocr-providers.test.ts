// The OCR providers behind one interface: which one a host gets, the languages for a profile, and
// how the Textract provider reads a stored document (against a scripted client object; the real
// client against a wire-format stand-in is in test/integration/textract.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DetectDocumentTextCommand,
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  type Block,
} from '@aws-sdk/client-textract';
import { ocrLanguages, ocrProviderName } from '../../../functions/platform/ocr/index.js';
import { resetConfig } from '../../../functions/platform/config.js';
import { linesByPage, SYNC_MAX_BYTES, textractProvider, type TextractLike } from '../../../functions/platform/ocr/textract.js';
import type { OcrJob } from '../../../functions/platform/ocr/types.js';

const line = (text: string, page: number): Block => ({ BlockType: 'LINE', Text: text, Page: page });
const word = (text: string, page: number): Block => ({ BlockType: 'WORD', Text: text, Page: page });

function job(over: Partial<OcrJob> = {}): OcrJob {
  return {
    pages: [1],
    pageCount: 1,
    sizeBytes: 1000,
    languages: 'fra+eng',
    object: { bucket: 'uploads', key: 'u/s/1-a-scan.pdf' },
    renderPage: async () => {
      throw new Error('Textract reads the stored document, not rendered pages');
    },
    ...over,
  };
}

/** A Textract double answering each command type from a script. */
function fakeTextract(script: { detect?: Block[]; start?: string; pages?: { JobStatus: string; Blocks?: Block[]; NextToken?: string; StatusMessage?: string }[] }) {
  const sent: unknown[] = [];
  let poll = 0;
  const client: TextractLike = {
    async send(command: unknown) {
      sent.push(command);
      if (command instanceof DetectDocumentTextCommand) return { Blocks: script.detect ?? [] };
      if (command instanceof StartDocumentTextDetectionCommand) return { JobId: script.start ?? 'job-1' };
      if (command instanceof GetDocumentTextDetectionCommand) return script.pages?.[Math.min(poll++, script.pages.length - 1)] ?? { JobStatus: 'IN_PROGRESS' };
      throw new Error('unexpected command');
    },
  };
  return { client, sent };
}

const polling = { firstDelayMs: 1, maxDelayMs: 5, factor: 2 };

describe('provider choice', () => {
  it('is named explicitly by OCR_PROVIDER', () => {
    expect(ocrProviderName({ OCR_PROVIDER: 'local' })).toBe('local');
    expect(ocrProviderName({ OCR_PROVIDER: 'textract' })).toBe('textract');
    expect(() => ocrProviderName({})).toThrow(/OCR_PROVIDER/);
    expect(() => ocrProviderName({ OCR_PROVIDER: 'cloud' })).toThrow(/"cloud"/);
  });

  it('reads French first unless the profile is in English', () => {
    expect(ocrLanguages('fr')).toBe('fra+eng');
    expect(ocrLanguages(null)).toBe('fra+eng');
    expect(ocrLanguages('en')).toBe('eng+fra');
  });
});

describe('Textract blocks', () => {
  it('keep the LINE blocks of the wanted pages, in the order Textract returns them, across answers', () => {
    const into = linesByPage(
      [
        { BlockType: 'PAGE', Page: 2 },
        line('deux, première', 2),
        word('deux,', 2),
        line('un', 1),
        line('trois', 3),
        line('deux, seconde', 2),
        { BlockType: 'LINE', Page: 2 },
      ],
      new Set([2, 3]),
    );
    // The next answer of the same job, behind its NextToken.
    linesByPage([line('deux, troisième', 2), line('quatre', 4)], new Set([2, 3]), into);
    expect(into).toEqual(
      new Map([
        [2, ['deux, première', 'deux, seconde', 'deux, troisième']],
        [3, ['trois']],
      ]),
    );
  });

  it('count a block without a page number as page 1 (a synchronous read)', () => {
    expect(linesByPage([{ BlockType: 'LINE', Text: 'seule page' }], new Set([1]))).toEqual(new Map([[1, ['seule page']]]));
  });
});

describe('Textract provider', () => {
  it('reads a one-page document synchronously from storage, lines in order', async () => {
    const { client, sent } = fakeTextract({ detect: [line('Première ligne', 1), word('Première', 1), line('Seconde ligne', 1)] });
    const texts = await textractProvider({ client, polling }).recognize(job());
    expect(texts).toEqual(new Map([[1, 'Première ligne\nSeconde ligne']]));
    expect(sent).toHaveLength(1);
    expect((sent[0] as DetectDocumentTextCommand).input).toEqual({ Document: { S3Object: { Bucket: 'uploads', Name: 'u/s/1-a-scan.pdf' } } });
  });

  it('gives each page’s lines with their boxes, for the document model', async () => {
    const boxed = (text: string, page: number, top: number): Block => ({
      BlockType: 'LINE',
      Text: text,
      Page: page,
      Geometry: { BoundingBox: { Left: 0.1, Top: top, Width: 0.5, Height: 0.02 } },
    });
    const { client } = fakeTextract({
      pages: [{ JobStatus: 'SUCCEEDED', Blocks: [boxed('Titre', 1, 0.1), boxed('Première ligne', 2, 0.2), boxed('Seconde ligne', 2, 0.25)] }],
    });
    const seen = new Map<number, unknown>();
    await textractProvider({ client, polling }).recognize(job({ pages: [2], pageCount: 2, onLines: (page, lines) => seen.set(page, lines) }));
    expect(seen).toEqual(
      new Map([
        [
          2,
          [
            { text: 'Première ligne', left: 0.1, top: 0.2, width: 0.5, height: 0.02 },
            { text: 'Seconde ligne', left: 0.1, top: 0.25, width: 0.5, height: 0.02 },
          ],
        ],
      ]),
    );
  });

  it('reads a longer document with one asynchronous job, waiting and following pages of results', async () => {
    const { client, sent } = fakeTextract({
      pages: [
        { JobStatus: 'IN_PROGRESS' },
        { JobStatus: 'SUCCEEDED', Blocks: [line('Page one text', 1), line('Page two, line one', 2)], NextToken: 't1' },
        { JobStatus: 'SUCCEEDED', Blocks: [line('Page two, line two', 2), line('Page three', 3)] },
      ],
    });
    const texts = await textractProvider({ client, polling }).recognize(job({ pages: [2, 3], pageCount: 3 }));
    expect(texts).toEqual(
      new Map([
        [2, 'Page two, line one\nPage two, line two'],
        [3, 'Page three'],
      ]),
    );
    const start = sent[0] as StartDocumentTextDetectionCommand;
    expect(start.input.DocumentLocation).toEqual({ S3Object: { Bucket: 'uploads', Name: 'u/s/1-a-scan.pdf' } });
    // The same object always gets the same token: a duplicate event reuses the job.
    expect(start.input.ClientRequestToken).toMatch(/^[a-f0-9]{64}$/);
    expect((sent[3] as GetDocumentTextDetectionCommand).input).toMatchObject({ JobId: 'job-1', NextToken: 't1' });
  });

  it('sends only the scanned pages when they are under half the document, each as an image, smaller when over the limit', async () => {
    const { client, sent } = fakeTextract({ detect: [line('Texte photographié', 1)] });
    const rendered: [number, number | undefined][] = [];
    const texts = await textractProvider({ client, polling }).recognize(
      job({
        pages: [2, 7],
        pageCount: 10,
        renderPage: async (page, scale) => {
          rendered.push([page, scale]);
          // Page 7 at the OCR scale is over Textract's synchronous limit; smaller, it fits.
          return new Uint8Array(page === 7 && scale === undefined ? SYNC_MAX_BYTES + 1 : 1_000);
        },
      }),
    );
    expect([...texts]).toEqual([
      [2, 'Texte photographié'],
      [7, 'Texte photographié'],
    ]);
    expect(rendered).toEqual([
      [2, undefined],
      [7, undefined],
      [7, 2],
    ]);
    expect(sent.map((c) => (c as object).constructor.name)).toEqual(['DetectDocumentTextCommand', 'DetectDocumentTextCommand']);
    expect(sent.every((c) => (c as DetectDocumentTextCommand).input.Document?.Bytes?.byteLength === 1_000)).toBe(true);
  });

  it('reads the stored document as one job when half its pages or more are scanned', async () => {
    const { client, sent } = fakeTextract({ pages: [{ JobStatus: 'SUCCEEDED', Blocks: [line('un', 1), line('deux', 2)] }] });
    await textractProvider({ client, polling }).recognize(job({ pages: [1, 2], pageCount: 4 }));
    expect(sent.map((c) => (c as object).constructor.name)).toEqual(['StartDocumentTextDetectionCommand', 'GetDocumentTextDetectionCommand']);
  });

  it('uses the asynchronous job for a one-page document above the synchronous size limit', async () => {
    const { client, sent } = fakeTextract({ pages: [{ JobStatus: 'SUCCEEDED', Blocks: [line('Big scan', 1)] }] });
    const texts = await textractProvider({ client, polling }).recognize(job({ sizeBytes: SYNC_MAX_BYTES + 1 }));
    expect(texts.get(1)).toBe('Big scan');
    expect(sent[0]).toBeInstanceOf(StartDocumentTextDetectionCommand);
  });

  it('rejects when the job fails', async () => {
    const { client } = fakeTextract({ pages: [{ JobStatus: 'FAILED', StatusMessage: 'Unsupported document format' }] });
    await expect(textractProvider({ client, polling }).recognize(job({ pageCount: 2 }))).rejects.toThrow(/Unsupported document format/);
  });

  it('returns what it has when the deadline passes', async () => {
    const { client } = fakeTextract({ pages: [{ JobStatus: 'IN_PROGRESS' }] });
    const texts = await textractProvider({ client, polling }).recognize(job({ pageCount: 2, deadline: Date.now() + 30 }));
    expect(texts.size).toBe(0);
  });
});

describe('Textract polling', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.TEXTRACT_POLL_MS;
    resetConfig();
  });

  const script = { pages: [{ JobStatus: 'IN_PROGRESS' }, { JobStatus: 'IN_PROGRESS' }, { JobStatus: 'SUCCEEDED', Blocks: [line('Lu', 2)] }] };
  const polls = (sent: unknown[]) => sent.filter((c) => c instanceof GetDocumentTextDetectionCommand).length;

  it('backs off from one second by half as much again each time', async () => {
    vi.useFakeTimers();
    const { client, sent } = fakeTextract(script);
    const texts = textractProvider({ client }).recognize(job({ pages: [2], pageCount: 2 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(polls(sent)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls(sent)).toBe(1);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(polls(sent)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls(sent)).toBe(2);
    await vi.advanceTimersByTimeAsync(2_250);
    await expect(texts).resolves.toEqual(new Map([[2, 'Lu']]));
  });

  it('polls at the fixed interval TEXTRACT_POLL_MS names, when set', async () => {
    vi.useFakeTimers();
    process.env.TEXTRACT_POLL_MS = '5';
    resetConfig();
    const { client, sent } = fakeTextract(script);
    const texts = textractProvider({ client }).recognize(job({ pages: [2], pageCount: 2 }));
    await vi.advanceTimersByTimeAsync(10);
    expect(polls(sent)).toBe(2);
    await vi.advanceTimersByTimeAsync(5);
    await expect(texts).resolves.toEqual(new Map([[2, 'Lu']]));
    expect(polls(sent)).toBe(3);
  });
});
