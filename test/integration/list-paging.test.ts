// Lists of a student's items through the laptop host, a page at a time (functions/core/paging.ts):
// followed from `next` to the end they hold every item once, in the order of the whole list, and
// no page holds more than its `limit`; every paged route refuses a `limit` past LIST_PAGE.max or a
// cursor it never wrote with 400 in the caller's language, and a short list answers whole, without
// `next`. So no list, however long it grows, makes an answer past Lambda's 6 MB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE } from '../../functions/core/limits.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { createSubject } from '../support/uploads.js';

let host: TestHost;
let user: TestUser;
let subjectId: string;

beforeAll(async () => {
  host = await startTestHost();
  user = await newUser(host);
  subjectId = (await createSubject(host, user.accessToken, 'Histoire')).id;
});

afterAll(async () => {
  await host?.stop();
});

/** Every page of a list route, `limit` items a page: the pages' items and how many pages. */
async function everyPage(path: string, field: string, limit: number): Promise<{ items: { id: string }[]; pages: number }> {
  const items: { id: string }[] = [];
  let pages = 0;
  let cursor: string | undefined;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const r = await api(host, `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: user.accessToken });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const page = r.body[field] as { id: string }[];
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    pages += 1;
    cursor = r.body.next as string | undefined;
  } while (cursor && pages < 50);
  return { items, pages };
}

describe('paged lists', () => {
  it('a subject\'s tasks and cards, followed page after page, hold every item once in the whole list\'s order', async () => {
    for (let i = 0; i < 7; i++) {
      const r = await api(host, `/api/subjects/${subjectId}/todos`, { method: 'POST', token: user.accessToken, body: { title: `Tâche ${i}`, ...(i % 2 ? { due_date: '2030-01-0' + (i + 1) } : {}) } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    for (let i = 0; i < 5; i++) {
      const r = await api(host, `/api/subjects/${subjectId}/cards`, { method: 'POST', token: user.accessToken, body: { front: `Recto ${i}`, back: `Verso ${i}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    for (const [path, field, count] of [[`/api/subjects/${subjectId}/todos?timezone=Europe%2FParis`, 'todos', 7], [`/api/subjects/${subjectId}/cards`, 'cards', 5]] as const) {
      const whole = await api(host, path, { token: user.accessToken });
      expect(whole.status).toBe(200);
      expect(whole.body.next).toBeUndefined();
      const ids = (whole.body[field] as { id: string }[]).map((t) => t.id);
      expect(ids).toHaveLength(count);
      const paged = await everyPage(path, field, 2);
      expect(paged.items.map((t) => t.id)).toEqual(ids);
      expect(paged.pages).toBe(Math.ceil(count / 2));
    }
    // The counts of the cards' answer are the subject's, whatever the page.
    const first = await api(host, `/api/subjects/${subjectId}/cards?limit=1`, { token: user.accessToken });
    expect(first.body).toMatchObject({ total: 5 });
    expect(first.body.cards).toHaveLength(1);
  });

  it('subjects are paged too, newest first', async () => {
    const student = user;
    for (const name of ['Maths', 'Physique', 'Chimie']) await createSubject(host, student.accessToken, name);
    const whole = await api(host, '/api/subjects', { token: student.accessToken });
    expect(whole.body.subjects).toHaveLength(4);
    expect(whole.body.limits).toBeDefined();
    const paged = await everyPage('/api/subjects', 'subjects', 3);
    expect(paged.items.map((s) => s.id)).toEqual((whole.body.subjects as { id: string }[]).map((s) => s.id));
    expect(paged.pages).toBe(2);
  });

  it('every paged route refuses a limit past the maximum or a cursor it never wrote, in the caller\'s language', async () => {
    const paths = [
      '/api/subjects',
      `/api/subjects/${subjectId}/files`,
      `/api/subjects/${subjectId}/conversations`,
      `/api/subjects/${subjectId}/sheets`,
      `/api/subjects/${subjectId}/cards`,
      `/api/subjects/${subjectId}/todos?timezone=Europe%2FParis`,
      `/api/subjects/${subjectId}/exams`,
      `/api/subjects/${subjectId}/cases`,
      `/api/subjects/${subjectId}/podcasts`,
      '/api/podcasts',
    ];
    for (const path of paths) {
      const sep = path.includes('?') ? '&' : '?';
      const ok = await api(host, `${path}${sep}limit=${LIST_PAGE.max}`, { token: user.accessToken });
      expect(ok.status, `${path} ${JSON.stringify(ok.body)}`).toBe(200);
      const tooMany = await api(host, `${path}${sep}limit=${LIST_PAGE.max + 1}`, { token: user.accessToken, headers: { 'accept-language': 'fr' } });
      expect(tooMany.status, path).toBe(400);
      expect(tooMany.body.error.message).toMatch(/limit : au plus 200/);
      const forged = await api(host, `${path}${sep}cursor=${encodeURIComponent('{"offset":0}')}`, { token: user.accessToken, headers: { 'accept-language': 'en' } });
      expect(forged.status, path).toBe(400);
      expect(forged.body.error.message).toMatch(/cursor: a cursor given by the previous page/);
    }
  });
});
