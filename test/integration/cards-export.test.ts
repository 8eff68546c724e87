// A subject's flashcards taken out (issue 24, part 1) through the laptop host: the CSV parsed
// back (header, fields, source, tabs and line breaks flattened), the Anki package opened as Anki
// opens it (a zip holding a SQLite collection: the deck named after the subject, one note per card
// with Front, Back and Source, the same note ids and guids at a second export), its file names,
// bad input, and another student's subject answered 404.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Flashcard } from '../../functions/core/artefacts.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { openPackage } from '../support/anki-package.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

afterEach(() => {
  vi.restoreAllMocks();
});

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function download(user: TestUser, subjectId: string, format: string): Promise<Download> {
  const res = await fetch(new URL(`/api/subjects/${subjectId}/cards/export?format=${format}`, setup.host.url), { headers: { authorization: `Bearer ${user.accessToken}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const json = (d: Download) => JSON.parse(Buffer.from(d.bytes).toString('utf8'));

/** A student, a subject of that name with one ready file, a deck of three cited cards and one card written by hand. */
async function studentWithCards(name: string): Promise<{ user: TestUser; subjectId: string; subjectName: string }> {
  const user = await newUser(setup.host);
  const subject = await createSubject(setup.host, user.accessToken, name);
  const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  const cited = (page: number) => [{ file_id: fileId, file_name: 'Cours de biologie', page }];
  const deck: Flashcard[] = [
    { kind: 'qa', front: 'Qu’est-ce que la mitose ?', back: 'Une division\nqui donne deux\tcellules filles.', citations: cited(4) },
    { kind: 'qa', front: 'Où a lieu la photosynthèse ?', back: 'Dans le chloroplaste <organite>.', citations: cited(2) },
    { kind: 'qa', front: 'Quand Hooke observe-t-il des cellules ?', back: 'En 1665 & au microscope.', citations: [...cited(1), ...cited(3)] },
  ];
  vi.spyOn(studyEngine(), 'flashcards').mockResolvedValueOnce(deck);
  const made = await api(setup.host, `/api/subjects/${subject.id}/decks`, { token: user.accessToken, method: 'POST', body: { count: 5 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.cards).toHaveLength(3);
  const manual = await api(setup.host, `/api/subjects/${subject.id}/cards`, { token: user.accessToken, method: 'POST', body: { front: 'ATP ?', back: 'La molécule qui stocke l’énergie.' } });
  expect(manual.status).toBe(201);
  return { user, subjectId: subject.id, subjectName: subject.name };
}

describe('flashcards export', () => {
  it('as CSV: a header, one tab-separated row per card, the first citation as source, named after the subject', async () => {
    const { user, subjectId, subjectName } = await studentWithCards('Cours de biologie');
    // Subject names are kept in capitals (core/subjects.ts).
    expect(subjectName).toBe('COURS DE BIOLOGIE');
    const r = await download(user, subjectId, 'csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="COURS DE BIOLOGIE.csv"; filename*=UTF-8''COURS%20DE%20BIOLOGIE.csv`);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(r.bytes);
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    const [header, ...rows] = lines.map((l) => l.split('\t'));
    expect(header).toEqual(['front', 'back', 'source']);
    expect(rows.every((row) => row.length === 3)).toBe(true);
    expect(rows).toHaveLength(4);
    const byFront = Object.fromEntries(rows.map(([front, back, source]) => [front, { back, source }]));
    expect(byFront['Qu’est-ce que la mitose ?']).toEqual({ back: 'Une division qui donne deux cellules filles.', source: 'Cours de biologie · p. 4' });
    expect(byFront['Où a lieu la photosynthèse ?']).toEqual({ back: 'Dans le chloroplaste <organite>.', source: 'Cours de biologie · p. 2' });
    expect(byFront['Quand Hooke observe-t-il des cellules ?']).toEqual({ back: 'En 1665 & au microscope.', source: 'Cours de biologie · p. 1' });
    expect(byFront['ATP ?']).toEqual({ back: 'La molécule qui stocke l’énergie.', source: '' });
  });

  it('as an Anki package: one deck named after the subject, one note per card with Front, Back and Source, the same ids at each export', async () => {
    const { user, subjectId, subjectName } = await studentWithCards('Biologie : la cellule');
    expect(subjectName).toBe('BIOLOGIE : LA CELLULE');
    const first = await download(user, subjectId, 'apkg');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/octet-stream');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="BIOLOGIE - LA CELLULE.apkg"; filename*=UTF-8''${encodeURIComponent('BIOLOGIE : LA CELLULE.apkg')}`);
    const pkg = await openPackage(first.bytes);
    expect(pkg.files).toEqual(['collection.anki2', 'media']);
    expect(pkg.ver).toBe(11);
    expect(pkg.modelFields).toEqual(['Front', 'Back', 'Source']);
    expect(pkg.notes).toHaveLength(4);
    const deckIds = new Set(pkg.notes.map((n) => n.deck));
    expect(deckIds.size).toBe(1);
    expect(pkg.deckNames[String([...deckIds][0])]).toBe('BIOLOGIE : LA CELLULE');
    const byFront = Object.fromEntries(pkg.notes.map((n) => [n.fields[0], n.fields.slice(1)]));
    expect(byFront['Qu’est-ce que la mitose ?']).toEqual(['Une division<br>qui donne deux\tcellules filles.', 'Cours de biologie · p. 4']);
    expect(byFront['Où a lieu la photosynthèse ?']).toEqual(['Dans le chloroplaste &lt;organite&gt;.', 'Cours de biologie · p. 2']);
    expect(byFront['Quand Hooke observe-t-il des cellules ?']).toEqual(['En 1665 &amp; au microscope.', 'Cours de biologie · p. 1']);
    expect(byFront['ATP ?']).toEqual(['La molécule qui stocke l’énergie.', '']);
    expect(new Set(pkg.notes.map((n) => n.guid)).size).toBe(4);

    // A card edited, then a second export: the same notes (ids and guids), the edit carried.
    const cards = (await api(setup.host, `/api/subjects/${subjectId}/cards`, { token: user.accessToken })).body.cards as { id: string; front: string }[];
    const atp = cards.find((c) => c.front === 'ATP ?')!;
    expect((await api(setup.host, `/api/subjects/${subjectId}/cards/${atp.id}`, { token: user.accessToken, method: 'PATCH', body: { back: 'Adénosine triphosphate.' } })).status).toBe(200);
    const again = await openPackage((await download(user, subjectId, 'apkg')).bytes);
    const ids = (p: typeof pkg) => p.notes.map((n) => [n.id, n.guid, n.mid, n.deck]);
    expect(ids(again)).toEqual(ids(pkg));
    expect(again.notes.find((n) => n.fields[0] === 'ATP ?')!.fields[1]).toBe('Adénosine triphosphate.');
  });

  it('of a subject without cards: a header alone, an empty deck', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Économie vide');
    const csv = await download(user, subject.id, 'csv');
    expect(csv.status).toBe(200);
    // Accents kept in filename*, dropped from the plain filename.
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="ECONOMIE VIDE.csv"; filename*=UTF-8''${encodeURIComponent('ÉCONOMIE VIDE.csv')}`);
    expect(Buffer.from(csv.bytes).toString('utf8')).toBe('front\tback\tsource\n');
    const apkg = await download(user, subject.id, 'apkg');
    const pkg = await openPackage(apkg.bytes);
    expect(pkg.notes).toEqual([]);
    expect(Object.values(pkg.deckNames)).toContain('ÉCONOMIE VIDE');
  });

  it('refuses another student’s subject (404), an unknown subject, a missing or unknown format, and a visitor', async () => {
    const { subjectId } = await studentWithCards('Cours de biologie');
    const stranger = await newUser(setup.host);
    for (const format of ['csv', 'apkg']) {
      const r = await download(stranger, subjectId, format);
      expect(r.status).toBe(404);
      expect(json(r).error.code).toBe('subject_not_found');
    }
    expect((await download(stranger, 'nope', 'csv')).status).toBe(404);
    const own = await createSubject(setup.host, stranger.accessToken, 'Mien');
    for (const format of ['', 'pdf']) {
      const r = await download(stranger, own.id, format);
      expect(r.status).toBe(400);
      expect(json(r).error.code).toBe('invalid_input');
    }
    const visitor = await fetch(new URL(`/api/subjects/${subjectId}/cards/export?format=csv`, setup.host.url));
    expect(visitor.status).toBe(401);
  });
});
