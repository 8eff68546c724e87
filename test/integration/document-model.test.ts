// The document model through the laptop host: an upload's outline (GET …/outline) and its pages'
// blocks, for the student who owns the file only, and the files a careless upload brings (rotated
// pages, a thousand pages, characters that mean nothing, no text at all) ending in a clear state
// with an empty or partial outline, never a crash, a wrong page or a lost file.
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { coursePdf } from '../support/fixtures.js';
import { api, newUser } from '../support/host.js';
import { useStudentWithSubject } from '../support/student-host.js';
import { uploadAndWait } from '../support/uploads.js';

const setup = useStudentWithSubject('Documents', { checkOrphans: true });

async function upload(name: string, bytes: Uint8Array, timeoutMs = 60_000): Promise<{ id: string; status: string }> {
  const { id, view } = await uploadAndWait(setup.host, setup.user.accessToken, setup.subjectId, name, bytes, timeoutMs);
  return { id, status: view.status };
}

const outlineOf = (fileId: string, token = setup.user.accessToken) => api(setup.host, `/api/subjects/${setup.subjectId}/files/${fileId}/outline`, { token });

const LESSON = [
  '1. Les cellules\nLa cellule est l’unité de base du vivant. Chaque cellule possède une membrane qui la sépare de son milieu. Le noyau contient le matériel génétique de la cellule.',
  '2. La photosynthèse\nLa photosynthèse produit de la matière organique à partir de lumière, d’eau et de dioxyde de carbone. Elle a lieu dans les chloroplastes des cellules végétales.',
  '3. La respiration\nLa respiration cellulaire libère l’énergie contenue dans le glucose. Elle consomme du dioxygène et rejette du dioxyde de carbone.',
];

describe('the outline of a file', () => {
  it('lists the file’s headings with their page, to its owner only', async () => {
    const file = await upload('cours.pdf', await coursePdf(LESSON));
    expect(file.status).toBe('ready');
    const r = await outlineOf(file.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ file_id: file.id, pending: false, truncated: false });
    expect(r.body.entries.map((e: { text: string; page: number }) => [e.text, e.page])).toEqual([
      ['1. Les cellules', 1],
      ['2. La photosynthèse', 2],
      ['3. La respiration', 3],
    ]);
    // The pages route gives each page's blocks: the heading, then the paragraph joined across its wraps.
    const pages = await api(setup.host, `/api/subjects/${setup.subjectId}/files/${file.id}/pages?from=2&to=2`, { token: setup.user.accessToken });
    const [page] = pages.body.pages;
    expect(page.spans.map((s: { kind: string; start: number; end: number }) => [s.kind, page.text.slice(s.start, s.end)])).toEqual([
      ['heading', '2. La photosynthèse'],
      ['paragraph', LESSON[1].split('\n')[1]],
    ]);
    const other = await newUser(setup.host);
    expect((await outlineOf(file.id, other.accessToken)).status).toBe(404);
  });

  it('reads rotated pages in place, each heading on its own page', async () => {
    const doc = await PDFDocument.load(await coursePdf(LESSON));
    doc.getPage(1).setRotation(degrees(90));
    doc.getPage(2).setRotation(degrees(180));
    const file = await upload('tourne.pdf', await doc.save());
    expect(file.status).toBe('ready');
    expect((await outlineOf(file.id)).body.entries.map((e: { page: number }) => e.page)).toEqual([1, 2, 3]);
  });

  it('reads a thousand pages, the outline stopping at its bound with every entry on its page, its pages given a hundred at a time', async () => {
    const doc = await PDFDocument.create();
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 1000; n++) {
      const page = doc.addPage([595, 842]);
      page.drawText(`${n}. Leçon numéro ${n}`, { x: 56, y: 780, size: 16, font: bold });
      page.drawText(`Cette page traite de la notion ${n} et de ses applications.`, { x: 56, y: 750, size: 11, font });
    }
    const file = await upload('mille.pdf', await doc.save(), 180_000);
    expect(file.status).toBe('ready');
    const r = await outlineOf(file.id);
    expect(r.body.truncated).toBe(true);
    expect(r.body.entries).toHaveLength(400);
    r.body.entries.forEach((e: { text: string; page: number }, i: number) => expect([e.text, e.page]).toEqual([`${i + 1}. Leçon numéro ${i + 1}`, i + 1]));
    // Its pages come a hundred at a time, each answer saying where the next one starts.
    const first = await api(setup.host, `/api/subjects/${setup.subjectId}/files/${file.id}/pages`, { token: setup.user.accessToken });
    expect(first.body.pages.map((p: { page: number }) => p.page)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(first.body.next).toBe(101);
    const last = await api(setup.host, `/api/subjects/${setup.subjectId}/files/${file.id}/pages?from=951`, { token: setup.user.accessToken });
    expect(last.body.pages.map((p: { page: number }) => p.page)).toEqual([951]);
    const tail = await api(setup.host, `/api/subjects/${setup.subjectId}/files/${file.id}/pages?from=951&to=1000`, { token: setup.user.accessToken });
    expect(tail.body.pages).toHaveLength(50);
    expect(tail.body.next).toBeUndefined();
  }, 240_000);

  it('keeps a file of meaningless characters, with what it could read and an empty outline', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Courier);
    const page = doc.addPage([595, 842]);
    const noise = '¤¶§¬ÿ¦±µ×÷©®°¹²³¼½¾';
    for (let i = 0; i < 30; i++) {
      const line = Array.from({ length: 60 }, (_, k) => noise[(i * 7 + k * 13) % noise.length] + (k % 5 === 0 ? ' ' : '')).join('');
      page.drawText(line, { x: 40, y: 800 - i * 20, size: 10, font });
    }
    const file = await upload('bruit.pdf', await doc.save());
    expect(file.status).toBe('ready');
    const r = await outlineOf(file.id);
    expect(r.status).toBe(200);
    expect(r.body.entries).toEqual([]);
  });
});
