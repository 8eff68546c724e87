// Reads a course handout of the evaluation set (/work/shared/eval/courses/<id>.md, format in
// /work/shared/eval/README.md) into its ground truth: per page the headings, paragraphs, bullet
// items, framed-box lines and table rows, plus the running header and footer. Pure: no I/O.

/** A heading of the course (`#` 1, `##` 2, `###` 3). */
export interface GtHeading {
  level: number;
  text: string;
}

/** A table row: its cells (trimmed), whether it is its table's header (first row), its table on the page (0-based). */
export interface GtRow {
  cells: string[];
  header: boolean;
  table: number;
}

/** One page of the handout (pages split at `===PAGE===`), blocks in reading order per kind. */
export interface GtPage {
  /** 1-based, as the PDF's pages. */
  page: number;
  headings: GtHeading[];
  /** Every other non-blank line (column markers left out). */
  paragraphs: string[];
  /** `- item` lines, without the marker. */
  items: string[];
  /** Every `>` line of every box, the title line (usually first) included. */
  boxLines: string[];
  /** The same lines grouped by box. */
  boxes: string[][];
  /** Every `| a | b |` line, header rows included (`header: true`). */
  tableRows: GtRow[];
}

export interface GroundTruth {
  /** `@header left | right`: the parts as written ({page}/{pages} kept); [] when there is none. */
  header: string[];
  /** `@footer left | right`, likewise. */
  footer: string[];
  pages: GtPage[];
}

const PAGE_BREAK = '===PAGE===';
const COLUMN_MARKERS = new Set(['@columns', '@colbreak', '@endcolumns']);

const emptyPage = (page: number): GtPage => ({ page, headings: [], paragraphs: [], items: [], boxLines: [], boxes: [], tableRows: [] });

/** The parts of an `@header` / `@footer` line's value, split at `|`, trimmed (empty parts kept as ''). */
const furnitureParts = (value: string): string[] => value.split('|').map((p) => p.trim());

/** A `| a | b |` line's cells. */
const tableCells = (line: string): string[] =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

export function parseCourse(md: string): GroundTruth {
  const gt: GroundTruth = { header: [], footer: [], pages: [] };
  let page = emptyPage(1);
  gt.pages.push(page);
  // Runs of `>` lines and of `|` lines: a line of another kind (or a blank line) closes them.
  let box: string[] | null = null;
  let tables = 0;
  let inTable = false;

  for (const raw of md.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const isBox = line.startsWith('>');
    const isRow = line.startsWith('|');
    if (!isBox) box = null;
    if (!isRow) inTable = false;

    if (line === PAGE_BREAK) {
      page = emptyPage(page.page + 1);
      gt.pages.push(page);
      tables = 0;
      continue;
    }
    if (!line || COLUMN_MARKERS.has(line)) continue;
    if (line.startsWith('@header ')) {
      gt.header = furnitureParts(line.slice('@header '.length));
      continue;
    }
    if (line.startsWith('@footer ')) {
      gt.footer = furnitureParts(line.slice('@footer '.length));
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      page.headings.push({ level: heading[1].length, text: heading[2].trim() });
    } else if (line.startsWith('- ')) {
      page.items.push(line.slice(2).trim());
    } else if (isBox) {
      const text = line.slice(1).trim();
      if (!text) continue;
      if (!box) {
        box = [];
        page.boxes.push(box);
      }
      box.push(text);
      page.boxLines.push(text);
    } else if (isRow) {
      const header = !inTable;
      if (header) tables += 1;
      inTable = true;
      page.tableRows.push({ cells: tableCells(line), header, table: tables - 1 });
    } else {
      page.paragraphs.push(line);
    }
  }
  return gt;
}

/** `{page}` and `{pages}` of a running header or footer part, filled in. */
export const expandFurniture = (text: string, page: number, pages: number): string =>
  text.replace(/\{pages\}/g, String(pages)).replace(/\{page\}/g, String(page));

/** The running header's and footer's parts as printed on `page` (1-based) of `pages` (default: the course's page count); empty parts left out. */
export function furnitureTexts(gt: GroundTruth, page: number, pages: number = gt.pages.length): string[] {
  return [...gt.header, ...gt.footer].map((part) => expandFurniture(part, page, pages).trim()).filter((part) => part.length > 0);
}
