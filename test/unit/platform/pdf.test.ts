// Opening and reading PDFs under the load rules (spec: 3 attempts, 1 s apart, 30 s time-out),
// with the messages each failure shows, on PDFs generated here.
import { unpackRuns } from '../../../functions/engine/document/layout.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfWorkers, openPdf, PDF_LOAD_RULES, PdfError, withLoadRules } from '../../../functions/platform/pdf/index.js';
import { WorkerTimeout } from '../../../functions/platform/pdf/workers.js';
import { corruptPdf, coursePdf, emptyFile, ENGLISH_COURSE, notAPdf, protectedPdf, scannedPdf } from '../../support/fixtures.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'revise-pdf-test-'));
});

afterAll(async () => {
  await closePdfWorkers();
  await rm(dir, { recursive: true, force: true });
});

async function saved(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const fast = { attempts: 3, retryDelayMs: 20, timeoutMs: 200 };

describe('withLoadRules', () => {
  it('follows the specification: 3 attempts, 1 s apart, 30 s each', () => {
    expect(PDF_LOAD_RULES).toEqual({ attempts: 3, retryDelayMs: 1000, timeoutMs: 30000 });
  });

  it('tries again after a failure and returns the first success', async () => {
    const times: number[] = [];
    const result = await withLoadRules(async () => {
      times.push(Date.now());
      if (times.length < 3) throw new Error('transient');
      return 'loaded';
    }, { ...fast, retryDelayMs: 50 });
    expect(result).toBe('loaded');
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
  });

  it('gives up after 3 attempts with the load error', async () => {
    let calls = 0;
    const err = await withLoadRules(async () => {
      calls++;
      throw new Error('no luck');
    }, fast).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toBeInstanceOf(PdfError);
    expect(err).toMatchObject({ code: 'pdf_unreadable' });
  });

  it('reports a time-out with its duration', async () => {
    let calls = 0;
    const err = await withLoadRules(async (timeoutMs) => {
      calls++;
      throw new WorkerTimeout(timeoutMs);
    }, fast).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toMatchObject({ code: 'pdf_timeout', params: { ms: 200 } });
  });

  it('does not retry a document whose structure is broken', async () => {
    let calls = 0;
    const err = await withLoadRules(async () => {
      calls++;
      throw Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    }, fast).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(err).toMatchObject({ code: 'pdf_unreadable' });
  });
});

describe('openPdf', () => {
  it('reads every page of a text PDF, in order', async () => {
    const doc = await openPdf(await saved('course.pdf', await coursePdf(ENGLISH_COURSE)));
    try {
      expect(doc.pageCount).toBe(4);
      const pages = await doc.readText(1, 4);
      expect(pages.map((p) => [p.page, p.failed])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, false],
      ]);
      const runs = (n: number) => unpackRuns(pages[n].layout!.runs);
      const text = (n: number) => runs(n).map((r) => r.t).join(' ');
      expect(runs(0)[0].t).toBe('Chapter 1: supply and demand');
      expect(text(2).replace(/\s+/g, ' ')).toContain('The equilibrium price is the price at which the quantity supplied equals');
      // Runs carry their place on the page: the title above the first line of text.
      expect(runs(0)[0].y).toBeGreaterThan(runs(0)[1].y);
      // A range outside the document is clipped to it.
      expect((await doc.readText(3, 99)).map((p) => p.page)).toEqual([3, 4]);
    } finally {
      await doc.close();
    }
  });

  it('finds no text on a scanned page and renders it to a PNG', async () => {
    const doc = await openPdf(await saved('scan.pdf', await scannedPdf()));
    try {
      expect(doc.pageCount).toBe(1);
      const [page] = await doc.readText(1, 1);
      expect(page).toMatchObject({ page: 1, failed: false });
      expect(unpackRuns(page.layout!.runs)).toEqual([]);
      const png = await doc.renderPage(1);
      expect(Buffer.from(png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
      // An A4 page at scale 3 is about 1786 × 2526 pixels.
      const width = Buffer.from(png).readUInt32BE(16);
      expect(width).toBeGreaterThan(1700);
    } finally {
      await doc.close();
    }
  });

  it('refuses an empty file as empty or invalid', async () => {
    await expect(openPdf(await saved('empty.pdf', emptyFile()))).rejects.toMatchObject({ code: 'pdf_invalid' });
  });

  it('refuses a corrupt PDF and bytes that are not a PDF with the load error, as a broken structure (not retried)', async () => {
    // A broken structure is what withLoadRules does not retry (see "does not retry…" above).
    await expect(openPdf(await saved('corrupt.pdf', await corruptPdf()))).rejects.toMatchObject({ code: 'pdf_unreadable', cause: { name: 'InvalidPDFException' } });
    await expect(openPdf(await saved('photo.pdf', notAPdf()))).rejects.toMatchObject({ code: 'pdf_unreadable', cause: { name: 'InvalidPDFException' } });
  });

  it('refuses a password-protected PDF with the load error, as protected (not retried)', async () => {
    await expect(openPdf(await saved('protected.pdf', await protectedPdf()))).rejects.toMatchObject({ code: 'pdf_unreadable', cause: { name: 'PasswordException' } });
  });

  it('can read several documents at the same time', async () => {
    const files = await Promise.all([1, 2, 3].map(async (n) => saved(`c${n}.pdf`, await coursePdf([`Document ${n}\nCe document porte le numéro ${n} et rien d’autre.`]))));
    const texts = await Promise.all(
      files.map(async (file) => {
        const doc = await openPdf(file);
        try {
          return unpackRuns((await doc.readText(1, 1))[0].layout!.runs).map((r) => r.t).join('\n');
        } finally {
          await doc.close();
        }
      }),
    );
    expect(texts.map((t) => t.split('\n')[0])).toEqual(['Document 1', 'Document 2', 'Document 3']);
  });
});
