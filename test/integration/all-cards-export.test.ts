// Every subject's flashcards taken out at once (issue 24, part 1, "for all subjects from the
// profile") through the laptop host: the Anki package holds one deck per subject that has cards,
// named after it, each note with its fields, in its subject's deck, with the very ids and guids of
// that subject's own export (the same front in two subjects stays two notes); the CSV parses back
// with the subject in a fourth column; another student gets none of it (their own cards only, or
// `cards_export_empty` in their language); bad input and visitors are refused; a CSV over the
// response bound is refused with `cards_export_too_large` while the same cards' package is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newCardRecord } from '../../functions/core/cards.js';
import type { Flashcard } from '../../functions/core/artefacts.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { insertNewCards } from '../../functions/platform/store/cards.js';
import { openPackage, type OpenedPackage } from '../support/anki-package.js';
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

async function download(user: TestUser, path: string, headers: Record<string, string> = {}): Promise<Download> {
  const res = await fetch(new URL(path, setup.host.url), { headers: { authorization: `Bearer ${user.accessToken}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const exportAll = (user: TestUser, format: string, headers?: Record<string, string>) => download(user, `/api/cards/export?format=${format}`, headers);
const json = (d: Download) => JSON.parse(Buffer.from(d.bytes).toString('utf8'));
const SHARED_FRONT = 'Qu’est-ce qu’une cellule ?';

/** A subject with one ready file and a generated deck of the given cards (each cited at page 1), plus a card written by hand. */
async function subjectWithDeck(user: TestUser, name: string, deck: { front: string; back: string }[], manual: { front: string; back: string }): Promise<{ id: string; name: string }> {
  const subject = await createSubject(setup.host, user.accessToken, name);
  const fileId = await readyFile(setup.host, user, subject.id, `Cours ${name}`, setup.biologyPdf);
  const cards: Flashcard[] = deck.map((c) => ({ kind: 'qa', ...c, citations: [{ file_id: fileId, file_name: `Cours ${name}`, page: 1 }] }));
  vi.spyOn(studyEngine(), 'flashcards').mockResolvedValueOnce(cards);
  const made = await api(setup.host, `/api/subjects/${subject.id}/decks`, { token: user.accessToken, method: 'POST', body: { count: 5 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.cards).toHaveLength(deck.length);
  expect((await api(setup.host, `/api/subjects/${subject.id}/cards`, { token: user.accessToken, method: 'POST', body: manual })).status).toBe(201);
  return subject;
}

/** The ids a note keeps from one export to the next, by deck name and front. */
function idsByDeckAndFront(pkg: OpenedPackage): Record<string, { id: number; guid: string; mid: number; deck: number }> {
  return Object.fromEntries(pkg.notes.map((n) => [`${pkg.deckNames[String(n.deck)]} / ${n.fields[0]}`, { id: n.id, guid: n.guid, mid: n.mid, deck: n.deck }]));
}

describe('every subject’s flashcards exported from the profile', () => {
  it('gives one deck per subject with cards, with the ids of each subject’s own export, and a CSV naming each card’s subject; another student gets none of it', async () => {
    const user = await newUser(setup.host);
    const biology = await subjectWithDeck(
      user,
      'Biologie',
      [
        { front: 'Qu’est-ce que la mitose ?', back: 'Une division\nqui donne deux\tcellules filles.' },
        { front: SHARED_FRONT, back: 'L’unité du vivant <cellula>.' },
      ],
      { front: 'ATP ?', back: 'La molécule qui stocke l’énergie & la libère.' },
    );
    const economics = await subjectWithDeck(user, 'Économie', [{ front: SHARED_FRONT, back: 'Une unité de production, ici.' }], { front: 'PIB ?', back: 'Produit intérieur brut.' });
    // A subject without cards makes no deck.
    await createSubject(setup.host, user.accessToken, 'Histoire vide');

    const apkg = await exportAll(user, 'apkg');
    expect(apkg.status).toBe(200);
    expect(apkg.headers.get('content-type')).toBe('application/octet-stream');
    expect(apkg.headers.get('content-disposition')).toMatch(/^attachment; filename="revise-cartes-\d{4}-\d{2}-\d{2}\.apkg"; filename\*=UTF-8''revise-cartes-\d{4}-\d{2}-\d{2}\.apkg$/);
    const pkg = await openPackage(apkg.bytes);
    expect(pkg.files).toEqual(['collection.anki2', 'media']);
    expect(pkg.ver).toBe(11);
    expect(pkg.modelFields).toEqual(['Front', 'Back', 'Source']);
    // Subject names are kept in capitals (core/subjects.ts); Anki's own "Default" deck stays beside them.
    expect(Object.values(pkg.deckNames).sort()).toEqual(['BIOLOGIE', 'Default', 'ÉCONOMIE']);
    expect(pkg.notes).toHaveLength(5);
    const byDeck = (name: string) =>
      Object.fromEntries(pkg.notes.filter((n) => pkg.deckNames[String(n.deck)] === name).map((n) => [n.fields[0], n.fields.slice(1)]));
    expect(byDeck('BIOLOGIE')).toEqual({
      'Qu’est-ce que la mitose ?': ['Une division<br>qui donne deux\tcellules filles.', 'Cours Biologie · p. 1'],
      [SHARED_FRONT]: ['L’unité du vivant &lt;cellula&gt;.', 'Cours Biologie · p. 1'],
      'ATP ?': ['La molécule qui stocke l’énergie &amp; la libère.', ''],
    });
    expect(byDeck('ÉCONOMIE')).toEqual({
      [SHARED_FRONT]: ['Une unité de production, ici.', 'Cours Économie · p. 1'],
      'PIB ?': ['Produit intérieur brut.', ''],
    });
    // The same front in two subjects: two notes, two guids.
    expect(new Set(pkg.notes.map((n) => n.id)).size).toBe(5);
    expect(new Set(pkg.notes.map((n) => n.guid)).size).toBe(5);

    // Each note keeps the ids, guid, note type and deck of its subject's own export: importing
    // either export after the other updates the same notes.
    const own = await Promise.all(
      [biology, economics].map(async (s) => {
        const r = await download(user, `/api/subjects/${s.id}/cards/export?format=apkg`);
        expect(r.status).toBe(200);
        return idsByDeckAndFront(await openPackage(r.bytes));
      }),
    );
    expect(idsByDeckAndFront(pkg)).toEqual({ ...own[0], ...own[1] });
    // And a second export of every subject gives them again.
    expect(idsByDeckAndFront(await openPackage((await exportAll(user, 'apkg')).bytes))).toEqual(idsByDeckAndFront(pkg));

    const csv = await exportAll(user, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="revise-cartes-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = new TextDecoder('utf-8', { fatal: true }).decode(csv.bytes).split('\n');
    expect(lines.pop()).toBe('');
    const [header, ...rows] = lines.map((l) => l.split('\t'));
    expect(header).toEqual(['front', 'back', 'source', 'subject']);
    expect(rows.every((row) => row.length === 4)).toBe(true);
    // Subjects by name, cards in creation order within each.
    expect(rows).toEqual([
      ['Qu’est-ce que la mitose ?', 'Une division qui donne deux cellules filles.', 'Cours Biologie · p. 1', 'BIOLOGIE'],
      [SHARED_FRONT, 'L’unité du vivant <cellula>.', 'Cours Biologie · p. 1', 'BIOLOGIE'],
      ['ATP ?', 'La molécule qui stocke l’énergie & la libère.', '', 'BIOLOGIE'],
      [SHARED_FRONT, 'Une unité de production, ici.', 'Cours Économie · p. 1', 'ÉCONOMIE'],
      ['PIB ?', 'Produit intérieur brut.', '', 'ÉCONOMIE'],
    ]);

    // Another student: nothing of it, in either format, said in their language.
    const stranger = await newUser(setup.host);
    for (const format of ['apkg', 'csv']) {
      const fr = await exportAll(stranger, format, { 'x-revise-language': 'fr' });
      expect(fr.status).toBe(404);
      expect(json(fr).error).toEqual({ code: 'cards_export_empty', message: 'Tu n’as encore aucune carte à exporter. Crée-en depuis la page Cartes d’une matière.' });
      const en = await exportAll(stranger, format, { 'x-revise-language': 'en' });
      expect(json(en).error).toEqual({ code: 'cards_export_empty', message: 'You have no cards to export yet. Make some on a subject’s flashcards page.' });
    }
    // Once they have a card of their own, their export holds it alone.
    const theirs = await createSubject(setup.host, stranger.accessToken, 'Biologie');
    expect((await api(setup.host, `/api/subjects/${theirs.id}/cards`, { token: stranger.accessToken, method: 'POST', body: { front: 'Mien ?', back: 'Oui.' } })).status).toBe(201);
    const theirPkg = await openPackage((await exportAll(stranger, 'apkg')).bytes);
    expect(theirPkg.notes.map((n) => n.fields[0])).toEqual(['Mien ?']);
    expect(Object.values(theirPkg.deckNames).sort()).toEqual(['BIOLOGIE', 'Default']);
    expect(Buffer.from((await exportAll(stranger, 'csv')).bytes).toString('utf8')).toBe('front\tback\tsource\tsubject\nMien ?\tOui.\t\tBIOLOGIE\n');
  });

  it('refuses a missing or unknown format and a visitor', async () => {
    const user = await newUser(setup.host);
    for (const format of ['', 'pdf']) {
      const r = await exportAll(user, format);
      expect(r.status).toBe(400);
      expect(json(r).error.code).toBe('invalid_input');
    }
    expect((await fetch(new URL('/api/cards/export?format=csv', setup.host.url))).status).toBe(401);
  });

  it('refuses a CSV over the response bound with its own message, and still sends the same cards as a package', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Immense');
    // 1,150 cards at their longest, in two-byte characters: about 5.75 MB of text.
    const now = new Date();
    const records = Array.from({ length: 1150 }, (_, i) =>
      newCardRecord({ id: `big${String(i).padStart(5, '0')}`, subjectId: subject.id, front: `${i} ${'é'.repeat(495)}`, back: 'à'.repeat(2000), kind: 'manual', source: 'manual', citations: [] }, now),
    );
    expect(await insertNewCards(user.sub, records)).toHaveLength(records.length);
    const csv = await exportAll(user, 'csv', { 'x-revise-language': 'fr' });
    expect(csv.status).toBe(413);
    expect(json(csv).error.code).toBe('cards_export_too_large');
    expect(json(csv).error.message).toMatch(/^Tes cartes sont trop nombreuses pour un seul fichier\./);
    // Repeated characters compress well: the package fits.
    const apkg = await exportAll(user, 'apkg');
    expect(apkg.status).toBe(200);
    expect((await openPackage(apkg.bytes)).notes).toHaveLength(records.length);
  }, 120_000);
});
