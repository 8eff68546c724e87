// An Anki package (.apkg) of a subject's cards, or of every subject's: a zip holding
// `collection.anki2`, a SQLite collection in Anki's schema 11 (the legacy format every Anki from
// 2.1 on imports), and `media` (none here: `{}`). One deck per subject, named after it, one note
// type "Révise" with the fields Front, Back and Source, one note and one card per Révise card, each
// with ids and a guid derived from its subject's and its own id (core/card-export.ts): importing a
// second export, of the subject or of every subject, updates the same notes.
// Cards are imported as new: Anki schedules them itself.
//
// SQLite through sql.js (SQLite compiled to WebAssembly, the build with the module inlined so a
// bundled function needs no file beside it); the zip through fflate.
import { createHash } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import initSqlJs from 'sql.js/dist/sql-wasm-inline.js';
import type { SqlJsStatic } from 'sql.js/dist/sql-wasm-inline.js';
import { ANKI_MODEL_ID, ankiField, cardSourceText } from '../core/card-export.js';
import type { Card } from '../core/views.js';

/** A positive integer below 2^53 from a name: the same name always gives the same number. */
function hashedInt(name: string): number {
  // Anki's ids are usually creation times in milliseconds: derived ids stay in that range (2001
  // to 2033), where they look like any other.
  return 1_000_000_000_000 + (createHash('sha256').update(name).digest().readUIntBE(0, 6) % 1_000_000_000_000);
}

/**
 * The Anki note of a card: its id, guid and card id, the same at every export. A card's id is
 * unique within its subject only (a generated card's is a hash of its front), so the subject's id
 * is part of the name: two subjects' cards of the same front stay two notes.
 */
export function ankiNoteIds(subjectId: string, cardId: string): { noteId: number; guid: string; cardId: number } {
  const name = `${subjectId}/${cardId}`;
  return {
    noteId: hashedInt(`revise-note:${name}`),
    cardId: hashedInt(`revise-card:${name}`),
    guid: createHash('sha256').update(`revise-guid:${name}`).digest('base64url').slice(0, 16),
  };
}

/** The deck of a subject: the same id at every export, so that re-imports land in it. */
export const ankiDeckId = (subjectId: string): number => hashedInt(`revise-deck:${subjectId}`);

/** Anki's checksum of a note's sort field: the first 8 hex digits of its SHA-1, as a number. */
const ankiChecksum = (sortField: string): number => parseInt(createHash('sha1').update(sortField).digest('hex').slice(0, 8), 16);

let sqlJs: Promise<SqlJsStatic> | null = null;
const loadSqlJs = (): Promise<SqlJsStatic> => (sqlJs ??= initSqlJs());

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const FIELD_SEPARATOR = '\x1f';

function deckJson(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

function modelJson(deckId: number, mod: number) {
  const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] });
  return {
    id: ANKI_MODEL_ID,
    name: 'Révise',
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: 'Carte',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}\n\n{{#Source}}<div class="source">{{Source}}</div>{{/Source}}',
        did: null,
        bqfmt: '',
        bafmt: '',
      },
    ],
    flds: [field('Front', 0), field('Back', 1), field('Source', 2)],
    css: '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }\n.source { margin-top: 1em; font-size: 14px; color: #666; }',
    latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
}

const DEFAULT_DECK_CONFIG = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: true, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
  lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
  rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 200 },
};

/** A subject's deck in a package: the subject and its cards, in their order. */
export interface AnkiDeck {
  subject: { id: string; name: string };
  cards: Card[];
}

/** The .apkg of one subject's cards, as bytes. */
export async function buildAnkiPackage(subject: { id: string; name: string }, cards: Card[], now: Date): Promise<Uint8Array> {
  return buildAnkiDecksPackage([{ subject, cards }], now);
}

/** The .apkg of several subjects' cards, one deck each, as bytes (at least one deck). */
export async function buildAnkiDecksPackage(subjectDecks: AnkiDeck[], now: Date): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    const seconds = Math.floor(now.getTime() / 1000);
    const millis = now.getTime();
    const deckIds = subjectDecks.map((d) => ankiDeckId(d.subject.id));
    const total = subjectDecks.reduce((n, d) => n + d.cards.length, 0);
    const conf = { nextPos: total + 1, estTimes: true, activeDecks: deckIds, sortType: 'noteFld', timeLim: 0, sortBackwards: false, addToCur: true, curDeck: deckIds[0], newBury: true, newSpread: 0, dueCounts: true, curModel: String(ANKI_MODEL_ID), collapseTime: 1200 };
    const decks = { '1': deckJson(1, 'Default', seconds), ...Object.fromEntries(subjectDecks.map((d, i) => [String(deckIds[i]), deckJson(deckIds[i], d.subject.name, seconds)])) };
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      Math.floor(new Date(now.toISOString().slice(0, 10)).getTime() / 1000),
      millis,
      millis,
      JSON.stringify(conf),
      JSON.stringify({ [String(ANKI_MODEL_ID)]: modelJson(deckIds[0], seconds) }),
      JSON.stringify(decks),
      JSON.stringify({ '1': DEFAULT_DECK_CONFIG }),
      '{}',
    ]);
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const card = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)');
    try {
      let position = 0;
      subjectDecks.forEach(({ subject, cards }, d) => {
        for (const c of cards) {
          const ids = ankiNoteIds(subject.id, c.id);
          const front = ankiField(c.front);
          const fields = [front, ankiField(c.back), ankiField(cardSourceText(c))];
          // The note's time is the card's last edit: Anki updates a note it has only when this is newer.
          const mod = Math.floor(Date.parse(c.updated_at) / 1000) || seconds;
          note.run([ids.noteId, ids.guid, ANKI_MODEL_ID, mod, ' revise ', fields.join(FIELD_SEPARATOR), c.front, ankiChecksum(c.front), '']);
          card.run([ids.cardId, ids.noteId, deckIds[d], mod, (position += 1), '']);
        }
      });
    } finally {
      note.free();
      card.free();
    }
    const collection = db.export();
    return zipSync({ 'collection.anki2': collection, media: strToU8('{}') }, { level: 6 });
  } finally {
    db.close();
  }
}
