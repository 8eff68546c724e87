// An exported Anki package opened as Anki opens it: the zip's files, then its SQLite collection
// read with sql.js (schema version, deck names by id, the note type's fields in order, and each
// note with its id, guid, note type, fields and the deck of its card). Shared by the tests of the
// flashcards exports.
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js/dist/sql-wasm-inline.js';

export interface AnkiNote {
  id: number;
  guid: string;
  mid: number;
  fields: string[];
  deck: number;
}

export interface OpenedPackage {
  files: string[];
  deckNames: Record<string, string>;
  notes: AnkiNote[];
  modelFields: string[];
  ver: number;
}

/** Reads an `.apkg`'s bytes; notes come in the order of their ids. */
export async function openPackage(bytes: Uint8Array): Promise<OpenedPackage> {
  const zip = unzipSync(bytes);
  const SQL = await initSqlJs();
  const db = new SQL.Database(zip['collection.anki2']);
  try {
    const [col] = db.exec('SELECT ver, decks, models FROM col');
    const [ver, decks, models] = col.values[0] as [number, string, string];
    const deckNames = Object.fromEntries(Object.entries(JSON.parse(decks) as Record<string, { name: string }>).map(([id, d]) => [id, d.name]));
    const model = Object.values(JSON.parse(models) as Record<string, { flds: { name: string; ord: number }[] }>)[0];
    const [rows] = db.exec('SELECT n.id, n.guid, n.mid, n.flds, c.did FROM notes n JOIN cards c ON c.nid = n.id ORDER BY n.id');
    const notes = (rows?.values ?? []).map(([id, guid, mid, flds, did]) => ({ id: Number(id), guid: String(guid), mid: Number(mid), fields: String(flds).split('\x1f'), deck: Number(did) }));
    return { files: Object.keys(zip).sort(), deckNames, notes, modelFields: model.flds.sort((a, b) => a.ord - b.ord).map((f) => f.name), ver };
  } finally {
    db.close();
  }
}
