// A page as PDFium lays it out (functions/platform/pdf/worker.mjs), or as OCR and photo mode give it
// (lines of text without positions): the input of the document model (./build.ts).

/** A run of characters on one baseline, without a wide gap inside. Points, from the bottom-left. */
export interface LayoutRun {
  t: string;
  x0: number;
  x1: number;
  /** Baseline. */
  y: number;
  top: number;
  bottom: number;
  /** Font size in points (0 when unknown). */
  s: number;
  /** 1 when most of its letters are bold. */
  b: number;
  /** Where words after the first start, flat: offset in `t`, x, offset, x… */
  w?: number[];
}

/**
 * Runs as the PDF worker sends them: columns instead of one object per run, so that a page crosses
 * between threads as a few arrays (the numbers' buffers transferred, not copied).
 */
export interface PackedRuns {
  /** Each run's text. */
  t: string[];
  /** Per run: x0, x1, y, top, bottom, size, bold. */
  n: Float64Array;
  /** Word starts, pairs of (offset in the run's text, x), all runs one after the other. */
  w: Float64Array;
  /** Where each run's word starts begin in `w` (numbers, not pairs): run k has w[wi[k]..wi[k+1]). */
  wi: Uint32Array;
}

export const RUN_FIELDS = 7;

export interface LayoutPage {
  page: number;
  width: number;
  height: number;
  rotation?: number;
  runs: LayoutRun[] | PackedRuns;
  /** Drawn rules and frames: [x0, y0, x1, y1]. */
  rects: [number, number, number, number][];
  /** Where the runs come from: PDFium (the default), OCR's line boxes, or text without positions. */
  source?: 'pdf' | 'ocr' | 'text';
}

/** A line OCR read, its box in fractions of the page (0 to 1, from the top-left corner). */
export interface OcrLine {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A scanned page from OCR's lines and their boxes, in the page's points: one run per line, its
 * size from the line's height, nothing bold. The model reads columns, paragraphs, lists and tables
 * from these positions as from PDFium's.
 */
export function layoutFromOcr(page: number, width: number, height: number, lines: readonly OcrLine[]): LayoutPage {
  const runs: LayoutRun[] = [];
  for (const l of lines) {
    const t = l.text.trim();
    if (!t || !(l.width > 0) || !(l.height > 0)) continue;
    const top = height - l.top * height;
    const bottom = height - (l.top + l.height) * height;
    // A line's box runs from its ascenders to its descenders: about 1.2 font sizes.
    const size = Math.max(4, (top - bottom) / 1.2);
    runs.push({ t, x0: l.left * width, x1: (l.left + l.width) * width, y: bottom + size * 0.25, top, bottom, s: size, b: 0 });
  }
  return { page, width, height, runs, rects: [], source: 'ocr' };
}

const isPacked = (runs: LayoutRun[] | PackedRuns): runs is PackedRuns => !Array.isArray(runs);

/** The runs of a page, one object each. */
export function unpackRuns(runs: LayoutRun[] | PackedRuns): LayoutRun[] {
  if (!isPacked(runs)) return runs;
  return runs.t.map((t, k) => {
    const o = k * RUN_FIELDS;
    const n = runs.n;
    const run: LayoutRun = { t, x0: n[o], x1: n[o + 1], y: n[o + 2], top: n[o + 3], bottom: n[o + 4], s: n[o + 5], b: n[o + 6] };
    if (runs.wi[k + 1] > runs.wi[k]) run.w = Array.from(runs.w.subarray(runs.wi[k], runs.wi[k + 1]));
    return run;
  });
}

/** The page's runs' text, one run a line. */
export const runText = (page: LayoutPage): string => (isPacked(page.runs) ? page.runs.t : page.runs.map((r) => r.t)).join('\n');

const LINE_HEIGHT = 14;
const SIZE = 10;
const PAGE_WIDTH = 595;

/**
 * A page known only as text (OCR, photo mode, an older record): one run per line, laid out as a
 * single column of even lines, a blank line read as a paragraph gap. Long lines are taken as full
 * width, short ones as ending early, so that the model still tells a wrapped line from a last one.
 */
export function layoutFromText(page: number, text: string): LayoutPage {
  const runs: LayoutRun[] = [];
  let y = 800;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const longest = Math.max(1, ...lines.map((l) => l.trim().length));
  for (const raw of lines) {
    const t = raw.trim();
    if (!t) {
      y -= LINE_HEIGHT;
      continue;
    }
    const width = Math.max(20, (t.length / Math.max(longest, 60)) * (PAGE_WIDTH - 120));
    runs.push({ t, x0: 60, x1: 60 + width, y, top: y + SIZE * 0.75, bottom: y - SIZE * 0.25, s: SIZE, b: 0 });
    y -= LINE_HEIGHT;
  }
  return { page, width: PAGE_WIDTH, height: 842, runs, rects: [], source: 'text' };
}
