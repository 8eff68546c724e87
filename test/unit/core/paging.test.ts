// Paged lists (functions/core/paging.ts): every item once, in the list's order, whatever the page
// size; a cursor survives items added and removed between pages; `limit` and `cursor` outside
// their bounds are refused by the schema with a message in both languages.
import { describe, expect, it } from 'vitest';
import { LIST_PAGE } from '../../../functions/core/limits.js';
import { byIdNewestFirst, pageOf, pageQuery, type ListOrder } from '../../../functions/core/paging.js';
import { CARD_BACK_MAX, CARD_FRONT_MAX } from '../../../functions/core/limits.js';
import { describeIssues } from '../../../functions/core/validation.js';
import { RESPONSE_BODY_LIMIT } from '../../../functions/platform/http.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${String(i).padStart(4, '0')}` }));

function everyPage<T>(all: T[], order: ListOrder<T>, limit?: number): T[][] {
  const pages: T[][] = [];
  let cursor: string[] | undefined;
  for (;;) {
    const page = pageOf(all, order, { limit, cursor });
    pages.push(page.items);
    if (!page.next) return pages;
    cursor = JSON.parse(page.next) as string[];
  }
}

describe('paged lists', () => {
  it('give every item once, in order, for any page size', () => {
    const all = items(23);
    const newestFirst = [...all].reverse();
    for (const limit of [1, 2, 5, 22, 23, 24, undefined]) {
      const pages = everyPage(all, byIdNewestFirst, limit);
      expect(pages.flat()).toEqual(newestFirst);
      expect(pages.every((p) => p.length <= (limit ?? LIST_PAGE.default))).toBe(true);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  it('answer the default page size without a limit, and never more than the maximum', () => {
    const all = items(LIST_PAGE.max * 2 + 3);
    expect(pageOf(all, byIdNewestFirst).items).toHaveLength(LIST_PAGE.default);
    expect(pageOf(all, byIdNewestFirst, { limit: 10_000 }).items).toHaveLength(LIST_PAGE.max);
    expect(pageOf(items(3), byIdNewestFirst).next).toBeUndefined();
  });

  it('continue after the last item seen even when items were added or removed meanwhile', () => {
    const all = items(10);
    const first = pageOf(all, byIdNewestFirst, { limit: 4 });
    expect(first.items.map((i) => i.id)).toEqual(['id-0009', 'id-0008', 'id-0007', 'id-0006']);
    // The last item shown is deleted and a newer one added: the next page starts where it stopped.
    const changed = [...all.filter((i) => i.id !== 'id-0006'), { id: 'id-0010' }];
    const second = pageOf(changed, byIdNewestFirst, { limit: 4, cursor: JSON.parse(first.next!) as string[] });
    expect(second.items.map((i) => i.id)).toEqual(['id-0005', 'id-0004', 'id-0003', 'id-0002']);
  });

  it('follow a several-part ascending key', () => {
    const cards = [
      { id: 'b', due: '2026-01-02', created_at: '1' },
      { id: 'a', due: '2026-01-02', created_at: '1' },
      { id: 'c', due: '2026-01-01', created_at: '2' },
      { id: 'd', due: '2026-01-03', created_at: '0' },
    ];
    const order: ListOrder<(typeof cards)[number]> = { key: (c) => [c.due, c.created_at, c.id], direction: 'asc' };
    expect(everyPage(cards, order, 1).flat().map((c) => c.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('keep a full page of the largest items far under the response bound', () => {
    // A card, the largest listed item: its two sides at their longest, in 3-byte characters.
    const card = { id: 'x'.repeat(64), subject_id: 'x'.repeat(64), front: '€'.repeat(CARD_FRONT_MAX), back: '€'.repeat(CARD_BACK_MAX), created_at: new Date().toISOString(), due: new Date().toISOString(), citations: [] };
    const page = JSON.stringify({ cards: Array.from({ length: LIST_PAGE.max }, () => card), next: JSON.stringify(['x'.repeat(64)]) });
    expect(Buffer.byteLength(page)).toBeLessThan(RESPONSE_BODY_LIMIT / 2);
  });

  it('refuse a limit or cursor outside their bounds, in both languages', () => {
    expect(pageQuery.parse({ limit: '50', cursor: '["id-1"]' })).toEqual({ limit: 50, cursor: ['id-1'] });
    expect(pageQuery.parse({})).toEqual({});
    for (const query of [{ limit: '0' }, { limit: String(LIST_PAGE.max + 1) }, { limit: '1e2' }, { limit: '-1' }, { limit: 'NaN' }, { cursor: 'abc' }, { cursor: '[]' }, { cursor: '[1]' }, { cursor: `["${'x'.repeat(1_000)}"]` }]) {
      const result = pageQuery.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      const details = describeIssues(result.error!.issues, query);
      expect(details.fr).not.toMatch(/\b(expected|must|at most|Too)\b/);
      expect(details.en).not.toMatch(/\b(attendu|au plus|au moins)\b/);
    }
  });
});
