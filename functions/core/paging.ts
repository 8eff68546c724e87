// Lists of a student's items answered a page at a time, so that no list, however long it grows
// (Premium has no cap on conversations, cards, podcasts...), can outgrow a Lambda's 6 MB answer:
// at most LIST_PAGE.max items a page (LIST_PAGE.default unless `limit` says), in the list's own
// order, with `next`, the cursor to ask the following page with (`cursor=<next>`), while items
// remain. The cursor is the last item's sort key, not a position: an item added or deleted
// between two pages neither repeats nor hides the ones after it. The largest item a list holds
// (a card: 500 + 2,000 characters) times LIST_PAGE.max stays under 2 MB. No I/O: the web app
// reads the bounds (LIST_PAGE, in limits.ts: importing it there keeps zod out of the landing's first scripts).
import { z } from 'zod';
import { LIST_PAGE } from './limits.js';
import { refinement } from './validation.js';

/** Longest cursor accepted (a sort key of a few ids and dates). */
export const CURSOR_MAX = 1_000;

/** A list's sort key: compared part by part, as strings (code unit order). */
export type SortKey = readonly string[];

/** How a list is ordered: each item's sort key (unique within the list), ascending or descending. */
export interface ListOrder<T> {
  key: (item: T) => SortKey;
  direction: 'asc' | 'desc';
}

/** Lists newest first by their items' ids (time-ordered ids, as the table's sort keys hold them). */
export const byIdNewestFirst: ListOrder<{ id: string }> = { key: (item) => [item.id], direction: 'desc' };

/** What a list route reads from its query: how many items, and after which one. */
export interface PageRequest {
  limit?: number;
  cursor?: SortKey;
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; absent on the last one. */
  next?: string;
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The page of `items` the request asks for, the items sorted by `order` (a total order: keys are unique). */
export function pageOf<T>(items: readonly T[], order: ListOrder<T>, request: PageRequest = {}): Page<T> {
  const sign = order.direction === 'asc' ? 1 : -1;
  const keyed = items.map((item) => ({ item, key: order.key(item) })).sort((a, b) => sign * compareKeys(a.key, b.key));
  const cursor = request.cursor;
  const after = cursor ? keyed.filter((k) => sign * compareKeys(k.key, cursor) > 0) : keyed;
  const limit = Math.min(Math.max(1, request.limit ?? LIST_PAGE.default), LIST_PAGE.max);
  const page = after.slice(0, limit);
  return {
    items: page.map((k) => k.item),
    ...(after.length > limit ? { next: JSON.stringify(page[page.length - 1].key) } : {}),
  };
}

/** Whether a query's cursor is one this API wrote: a JSON array of one to eight strings. */
function isCursor(raw: string): boolean {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.length >= 1 && value.length <= 8 && value.every((v) => typeof v === 'string');
  } catch {
    return false;
  }
}

/** `limit` in a query: decimal digits only, from 1 to LIST_PAGE.max. */
const limit = z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number().int().min(1).max(LIST_PAGE.max));

const cursor = z
  .string()
  .max(CURSOR_MAX)
  .refine(isCursor, refinement('un curseur donné par la page précédente (next) est attendu', 'a cursor given by the previous page (next) is expected'))
  .transform((raw) => JSON.parse(raw) as string[]);

/** The query fields of a paged list (merged into a route's own query schema). */
export const pageQueryFields = { limit: limit.optional(), cursor: cursor.optional() };

/** The query of a list route that takes nothing else. */
export const pageQuery = z.object(pageQueryFields);
