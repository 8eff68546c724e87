// dynalite reads a table's description from LevelDB (and decodes its JSON) at the start of every
// call: GetItem, Query, PutItem, UpdateItem… This keeps each description in memory, as the JSON
// text LevelDB holds, so every caller still gets its own fresh object (dynalite's table actions
// change the object they read before writing it back). Every write of a description goes through
// the store's `tableDb.put` / `tableDb.del` (CreateTable, UpdateTable, DeleteTable and their
// status changes), which update the copy once LevelDB has written; a read that raced a write never
// fills the cache with what it read.
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import dynalite, { type DynaliteOptions } from 'dynalite';

type Callback<T = unknown> = (err: Error | null | undefined, value?: T) => void;

interface TableDb {
  get(key: string, cb: Callback): void;
  put(key: string, value: unknown, cb?: Callback): void;
  del(key: string, cb?: Callback): void;
}

interface DynaliteStore {
  tableDb: TableDb;
  recreate(this: DynaliteStore): void;
}

const storeModule = createRequire(import.meta.url)('dynalite/db/index.js') as { create: (options: DynaliteOptions) => DynaliteStore };

/** dynalite's server, its store's table descriptions kept in memory. */
export function dynaliteWithTableCache(options: DynaliteOptions): Server {
  const create = storeModule.create;
  // dynalite builds its store with this module's `create` once, inside `dynalite()`.
  storeModule.create = (o) => cacheTableDescriptions(create(o));
  try {
    return dynalite(options);
  } finally {
    storeModule.create = create;
  }
}

export function cacheTableDescriptions(store: DynaliteStore): DynaliteStore {
  const tableDb = store.tableDb;
  const { get, put, del } = tableDb;
  const cached = new Map<string, string>();
  /** Per table: the writes started (a version) and those not yet finished. */
  const versions = new Map<string, number>();
  const pending = new Map<string, number>();
  const version = (key: string) => versions.get(key) ?? 0;

  const startWrite = (key: string): number => {
    const v = version(key) + 1;
    versions.set(key, v);
    pending.set(key, (pending.get(key) ?? 0) + 1);
    cached.delete(key);
    return v;
  };
  const endWrite = (key: string) => {
    const left = (pending.get(key) ?? 1) - 1;
    if (left) pending.set(key, left);
    else pending.delete(key);
  };

  tableDb.get = (key, cb) => {
    const json = cached.get(key);
    if (json !== undefined) {
      // Asynchronous like LevelDB's answer, so callers keep their order of events.
      setImmediate(() => cb(null, JSON.parse(json)));
      return;
    }
    const readAt = version(key);
    get(key, (err, value) => {
      if (!err && value != null && typeof value === 'object' && version(key) === readAt && !pending.has(key)) {
        cached.set(key, JSON.stringify(value));
      }
      cb(err, value);
    });
  };
  tableDb.put = (key, value, cb) => {
    // The text LevelDB stores, taken now: callers change the object afterwards.
    const json = JSON.stringify(value);
    const v = startWrite(key);
    put(key, value, (err, result) => {
      endWrite(key);
      if (!err && version(key) === v) cached.set(key, json);
      cb?.(err, result);
    });
  };
  tableDb.del = (key, cb) => {
    startWrite(key);
    del(key, (err, result) => {
      endWrite(key);
      cb?.(err, result);
    });
  };
  // A server closed and listened to again builds a new store: it gets its own cache.
  const recreate = store.recreate;
  store.recreate = function (this: DynaliteStore) {
    recreate.call(this);
    cacheTableDescriptions(this);
  };
  return store;
}
