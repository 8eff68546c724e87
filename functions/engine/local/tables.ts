// The course's tables of values read as lookups: a line (or column) of keys named by a symbol
// ("z") and lines of values named by what they give ("Φ(z)"). A value is read only for a key the
// table prints (never interpolated nor guessed), and always with the table's row it stands in, so
// that the answer cites where the number comes from.
import { terms } from '../text/index.js';
import type { CoursePage } from '../types.js';
import { normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';

/** One line or column of a table: its label and its cells, with the sentence that holds it. */
export interface Series {
  label: string;
  cells: string[];
  /** The table row holding the series (a transposed table), or null (a column). */
  sentence: SentenceInfo | null;
}

export interface CourseTable {
  page: CoursePage;
  series: Series[];
  /** The table's data rows as sentences (a column's values stand in them). */
  rows: SentenceInfo[];
  /** The sentences of the table's section that speak of it (they name what its values are). */
  around: SentenceInfo[];
}

export interface TableRead {
  table: CourseTable;
  key: Series;
  value: Series;
  /** The key as the table prints it, and the value read for it. */
  keyText: string;
  valueText: string;
  number: number;
  /** Where the value stands: its row. */
  sentence: SentenceInfo;
}

const CELL_SPLIT = ' — ';

/** A cell holding one number ("0.9332", "1,5", "−1"), read in either decimal style. */
export function cellNumber(cell: string): number | null {
  const t = cell.trim().replace(/[−–]/gu, '-').replace(/\s/gu, '');
  if (!/^-?\d+(?:[.,]\d+)?$/u.test(t)) return null;
  return Number(t.replace(',', '.'));
}

const cache = new WeakMap<CourseAnalysis, CourseTable[]>();

/** Every table of the course's document model with numeric lines or columns (cached). */
export function courseTables(analysis: CourseAnalysis): CourseTable[] {
  const hit = cache.get(analysis);
  if (hit) return hit;
  const out: CourseTable[] = [];
  for (const page of analysis.pages) {
    if (!page.spans) continue;
    const sentences = analysis.byPage.get(pageKey(page.file_id, page.page)) ?? [];
    let lines: { cells: string[]; sentence: SentenceInfo | null; header: boolean }[] = [];
    let group: number | undefined;
    const flush = () => {
      if (lines.length >= 2) {
        const table = readTable(page, lines, sentences);
        if (table) out.push(table);
      }
      lines = [];
    };
    for (const span of page.spans) {
      if (span.kind !== 'row' && span.kind !== 'header') {
        flush();
        continue;
      }
      if (lines.length && span.group !== group) flush();
      group = span.group;
      const text = normalizeSpace(page.text.slice(span.start, span.end));
      lines.push({ cells: text.split(CELL_SPLIT).map((c) => c.trim()), sentence: sentences.find((s) => s.start === span.start) ?? null, header: span.kind === 'header' });
    }
    flush();
  }
  cache.set(analysis, out);
  return out;
}

function readTable(page: CoursePage, lines: { cells: string[]; sentence: SentenceInfo | null; header: boolean }[], sentences: SentenceInfo[]): CourseTable | null {
  const width = lines[0].cells.length;
  if (width < 2 || lines.some((l) => l.cells.length !== width)) return null;
  const series: Series[] = [];
  // Labels down the first column, numbers along each line: each line is a series.
  const transposed = lines.every((l) => cellNumber(l.cells[0]) === null && l.cells.slice(1).every((c) => cellNumber(c) !== null));
  if (transposed) for (const l of lines) series.push({ label: l.cells[0], cells: l.cells.slice(1), sentence: l.sentence });
  else if (lines[0].header) {
    // Labels in the header, numbers down a column: each numeric column is a series.
    const body = lines.slice(1);
    for (let c = 0; c < width; c++) {
      if (cellNumber(lines[0].cells[c]) !== null || !body.every((l) => cellNumber(l.cells[c]) !== null)) continue;
      series.push({ label: lines[0].cells[c], cells: body.map((l) => l.cells[c]), sentence: null });
    }
  }
  if (series.length < 2) return null;
  const rows = lines.filter((l) => !l.header && l.sentence).map((l) => l.sentence as SentenceInfo);
  const first = rows[0] ?? null;
  const section = first?.section ?? -1;
  const around = sentences.filter((s) => s.role !== 'row' && s.role !== 'heading' && (first === null || s.section === section));
  return { page, series, rows, around };
}

/** What a series gives, as words: its label and the table's sentences that name it. */
export function seriesStems(table: CourseTable, s: Series): Set<string> {
  const lang = table.page.language;
  const head = s.label.replace(/\(.*$/u, '').trim();
  const out = new Set(terms(s.label, lang));
  for (const sent of table.around) if (head && sent.text.includes(head)) for (const t of sent.stems) out.add(t);
  return out;
}

/** The sentences of the table's section that name a series (for citing what the value means). */
export function namingSentences(table: CourseTable, s: Series): SentenceInfo[] {
  const head = s.label.replace(/\(.*$/u, '').trim();
  return head ? table.around.filter((sent) => sent.text.includes(head)) : [];
}

/** The value of `value` for the key `key`, when the table prints that key (to 1e-9). */
export function readValue(table: CourseTable, key: Series, value: Series, k: number): TableRead | null {
  const i = key.cells.findIndex((c) => {
    const n = cellNumber(c);
    return n !== null && Math.abs(n - k) <= 1e-9 * Math.max(1, Math.abs(k));
  });
  if (i < 0) return null;
  const number = cellNumber(value.cells[i]);
  if (number === null) return null;
  const sentence = value.sentence ?? table.rows[i] ?? null;
  if (!sentence) return null;
  return { table, key, value, keyText: key.cells[i], valueText: value.cells[i], number, sentence };
}
