// The web app shows each paged list whole (web/src/api/client.ts `getAll`): it asks the largest
// page the server gives (LIST_PAGE.max), follows `next` as `cursor` until the last page, and hands
// the page one answer holding every item, the first page's other fields (counts, caps) and no
// `next`.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE } from '../../../functions/core/limits.js';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({ tokens: undefined }) }));

const web = (path: string) => import(/* @vite-ignore */ path);
const { cardsApi } = (await web('../../../web/src/api/cards.ts')) as { cardsApi: { list: (subjectId: string, opts?: { dueOnly?: boolean }) => Promise<{ cards: { id: string }[]; due: number; total: number; next?: string }> } };

const pages: Record<string, { cards: { id: string }[]; due: number; total: number; next?: string }> = {
  '': { cards: [{ id: 'a' }, { id: 'b' }], due: 1, total: 5, next: '["b"]' },
  '["b"]': { cards: [{ id: 'c' }, { id: 'd' }], due: 9, total: 9, next: '["d"]' },
  '["d"]': { cards: [{ id: 'e' }], due: 9, total: 9 },
};
const asked: URL[] = [];
const fetchSpy = vi.fn(async (input: string | URL | Request) => {
  const url = new URL(String(input), 'http://localhost');
  asked.push(url);
  return new Response(JSON.stringify(pages[url.searchParams.get('cursor') ?? '']), { status: 200, headers: { 'content-type': 'application/json' } });
});

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', fetchSpy);
});

describe('a paged list in the web app', () => {
  it('is followed to its last page and shown whole, with the first page’s counts', async () => {
    const list = await cardsApi.list('s1', { dueOnly: true });
    expect(list).toEqual({ cards: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }], due: 1, total: 5 });
    expect(asked.map((u) => [u.pathname.endsWith('/subjects/s1/cards'), u.searchParams.get('due'), u.searchParams.get('limit'), u.searchParams.get('cursor')])).toEqual([
      [true, '1', String(LIST_PAGE.max), null],
      [true, '1', String(LIST_PAGE.max), '["b"]'],
      [true, '1', String(LIST_PAGE.max), '["d"]'],
    ]);
  });
});
