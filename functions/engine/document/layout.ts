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
  /** Where words after the first start: [offset in `t`, x]. */
  w?: [number, number][];
}

export interface LayoutPage {
  page: number;
  width: number;
  height: number;
  rotation?: number;
  runs: LayoutRun[];
  /** Drawn rules and frames: [x0, y0, x1, y1]. */
  rects: [number, number, number, number][];
}

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
  return { page, width: PAGE_WIDTH, height: 842, runs, rects: [] };
}
