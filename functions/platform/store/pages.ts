// Per-page text of the files, what citations point to. One item per page:
// `owner = {user_id}#{subject_id}`, `sk = {file_id}#{page as 4 digits}`, so one query reads a
// file's pages (or a whole subject's) in order. Writes are batches of puts: writing the same
// pages again replaces them with the same content.
import { blockKinds, blockLabels, type PageSpan } from '../../core/document.js';
import type { PageText } from '../../core/views.js';
import { batchWrite, PARALLEL_BATCHES, type WriteRequest } from './batch.js';
import { config } from '../config.js';
import { queryAll } from './query.js';

export type { PageText };

export interface StoredPage extends PageText {
  file_id: string;
}

/** Page numbers are stored on 4 digits so that they sort; longer documents are cut there. */
export const MAX_STORED_PAGE = 9_999;
/** A DynamoDB item holds at most 400 KB; a page's text is kept well below. */
export const MAX_PAGE_TEXT_BYTES = 300_000;

export const pagesOwner = (userId: string, subjectId: string): string => `${userId}#${subjectId}`;
export const pageSortKey = (fileId: string, page: number): string => `${fileId}#${String(page).padStart(4, '0')}`;

/** The text cut to the item budget, on a character boundary. */
export function boundedPageText(text: string): string {
  if (Buffer.byteLength(text, 'utf8') <= MAX_PAGE_TEXT_BYTES) return text;
  let cut = text.slice(0, MAX_PAGE_TEXT_BYTES);
  while (Buffer.byteLength(cut, 'utf8') > MAX_PAGE_TEXT_BYTES) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  // Do not end on half of a surrogate pair.
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * A page's spans as stored: one compact JSON array, each span `[start, end, kind, level, number,
 * marker, label, group, continued]` with trailing empty fields left out. Spans past a text cut to
 * the item budget are dropped.
 */
export function encodeSpans(spans: readonly PageSpan[], textLength: number): string {
  return JSON.stringify(
    spans
      .filter((s) => s.end <= textLength)
      .map((s) => {
        const row: unknown[] = [s.start, s.end, s.kind, s.level ?? 0, s.number ?? '', s.marker ?? '', s.label ?? '', s.group ?? -1, s.continued ? 1 : 0];
        while (row.length > 3 && [0, '', -1].includes(row[row.length - 1] as never)) row.pop();
        return row;
      }),
  );
}

/** The spans of `encodeSpans`; null when the stored value is not readable (the page is then read without them). */
export function decodeSpans(stored: string, textLength: number): PageSpan[] | null {
  try {
    const rows = JSON.parse(stored) as unknown[][];
    if (!Array.isArray(rows)) return null;
    const out: PageSpan[] = [];
    for (const row of rows) {
      const [start, end, kind, level, number, marker, label, group, continued] = row as [number, number, string, number?, string?, string?, string?, number?, number?];
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > textLength || end < start) return null;
      if (!(blockKinds as readonly string[]).includes(kind)) return null;
      const span: PageSpan = { start, end, kind: kind as PageSpan['kind'] };
      if (level) span.level = level;
      if (number) span.number = number;
      if (marker) span.marker = marker;
      if (label && (blockLabels as readonly string[]).includes(label)) span.label = label as PageSpan['label'];
      if (group !== undefined && group >= 0) span.group = group;
      if (continued) span.continued = true;
      out.push(span);
    }
    return out;
  } catch {
    return null;
  }
}

/** Stores the pages of a file (pages above MAX_STORED_PAGE are not stored). */
export async function putPages(userId: string, subjectId: string, fileId: string, pages: PageText[]): Promise<void> {
  const owner = pagesOwner(userId, subjectId);
  const requests: WriteRequest[] = pages
    .filter((p) => Number.isInteger(p.page) && p.page >= 1 && p.page <= MAX_STORED_PAGE)
    .map((p) => ({
      PutRequest: {
        Item: {
          owner,
          sk: pageSortKey(fileId, p.page),
          user_id: userId,
          subject_id: subjectId,
          file_id: fileId,
          page: p.page,
          text: boundedPageText(p.text),
          ocr: p.ocr,
          ...(p.spans ? { spans: encodeSpans(p.spans, boundedPageText(p.text).length) } : {}),
        },
      },
    }));
  await batchWrite(config().tableNames.pages, requests, PARALLEL_BATCHES);
}

/**
 * Pages in order: of one file when `fileId` is given (optionally `from`..`to`, inclusive), else of
 * every file of the subject.
 */
export async function listPages(
  userId: string,
  subjectId: string,
  fileId?: string,
  range: { from?: number; to?: number } = {},
): Promise<StoredPage[]> {
  const values: Record<string, unknown> = { ':o': pagesOwner(userId, subjectId) };
  let condition = '#owner = :o';
  if (fileId) {
    const from = Math.max(1, Math.trunc(range.from ?? 1));
    const to = Math.min(MAX_STORED_PAGE, Math.trunc(range.to ?? MAX_STORED_PAGE));
    if (to < from) return [];
    condition += ' AND #sk BETWEEN :a AND :b';
    values[':a'] = pageSortKey(fileId, from);
    values[':b'] = pageSortKey(fileId, to);
  }
  const items = await queryAll({
    TableName: config().tableNames.pages,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: {
      '#owner': 'owner',
      ...(fileId ? { '#sk': 'sk' } : {}),
      '#file': 'file_id',
      '#page': 'page',
      '#text': 'text',
      '#ocr': 'ocr',
      '#spans': 'spans',
    },
    ExpressionAttributeValues: values,
    ProjectionExpression: '#file, #page, #text, #ocr, #spans',
  });
  return items.map((i) => {
    const page: StoredPage = { file_id: String(i.file_id), page: Number(i.page), text: String(i.text ?? ''), ocr: i.ocr === true };
    const spans = typeof i.spans === 'string' ? decodeSpans(i.spans, page.text.length) : null;
    if (spans) page.spans = spans;
    return page;
  });
}

/** Removes every page of a file, or of every file of the subject without `fileId`; safe to run again. */
export async function deletePages(userId: string, subjectId: string, fileId?: string): Promise<void> {
  const table = config().tableNames.pages;
  const values: Record<string, unknown> = { ':o': pagesOwner(userId, subjectId) };
  if (fileId) values[':f'] = `${fileId}#`;
  const keys = await queryAll({
    TableName: table,
    KeyConditionExpression: fileId ? '#owner = :o AND begins_with(#sk, :f)' : '#owner = :o',
    ExpressionAttributeNames: { '#owner': 'owner', '#sk': 'sk' },
    ExpressionAttributeValues: values,
    ProjectionExpression: '#owner, #sk',
  });
  await batchWrite(
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    PARALLEL_BATCHES,
  );
}
