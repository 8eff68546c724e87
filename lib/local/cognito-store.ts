// Storage for cognito-local's user pools and app clients: one JSON file per store, held in memory
// and written atomically (temporary file, then rename) one write at a time. cognito-local's own
// store starts overlapping writes to the same file when two requests land together, which can
// leave a file that no longer parses; this one cannot. The file format is the same: plain JSON
// with every `...Date` field as an ISO string.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';

type Json = Record<string, unknown>;
type Key = string | string[];

const keyPath = (key: Key): string[] => (Array.isArray(key) ? key : [key]);

function replaceDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return key.endsWith('Date') && raw instanceof Date ? raw.toISOString() : value;
}

function reviveDates(key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  return value;
}

class JsonFileStore implements DataStore {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly state: Json,
  ) {}

  async getRoot<T>(): Promise<T | null> {
    return structuredClone(this.state) as T;
  }

  get<T>(ctx: unknown, key: Key): Promise<T | null>;
  get<T>(ctx: unknown, key: Key, defaultValue: T): Promise<T>;
  async get<T>(_ctx: unknown, key: Key, defaultValue?: T): Promise<T | null> {
    let node: unknown = this.state;
    for (const k of keyPath(key)) {
      if (!node || typeof node !== 'object') {
        node = undefined;
        break;
      }
      node = (node as Json)[k];
    }
    if (node === undefined || node === null) return defaultValue ?? null;
    return structuredClone(node) as T;
  }

  async set<T>(_ctx: unknown, key: Key, value: T): Promise<void> {
    const keys = keyPath(key);
    let node = this.state;
    for (const k of keys.slice(0, -1)) {
      if (!node[k] || typeof node[k] !== 'object') node[k] = {};
      node = node[k] as Json;
    }
    node[keys[keys.length - 1]] = structuredClone(value);
    await this.save();
  }

  async delete(_ctx: unknown, key: Key): Promise<void> {
    const keys = keyPath(key);
    let node: unknown = this.state;
    for (const k of keys.slice(0, -1)) {
      if (!node || typeof node !== 'object') return;
      node = (node as Json)[k];
    }
    if (node && typeof node === 'object') delete (node as Json)[keys[keys.length - 1]];
    await this.save();
  }

  save(): Promise<void> {
    const text = JSON.stringify(this.state, replaceDates, 2);
    const write = this.writing.then(async () => {
      const tmp = `${this.file}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, this.file);
    });
    this.writing = write.catch(() => undefined);
    return write;
  }
}

/** Opens `{directory}/{id}.json`, filling in the defaults for any missing top-level key. */
export class JsonFileStoreFactory implements DataStoreFactory {
  constructor(private readonly directory: string) {}

  async create(_ctx: unknown, id: string, defaults: object): Promise<DataStore> {
    await mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, `${id}.json`);
    let state: Json = {};
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      try {
        state = text.trim() ? (JSON.parse(text, reviveDates) as Json) : {};
      } catch {
        throw new Error(`The user pool data file ${file} is damaged (not valid JSON). Restore it or delete the data directory.`);
      }
    }
    for (const [k, v] of Object.entries(defaults)) if (!(k in state)) state[k] = structuredClone(v);
    const store = new JsonFileStore(file, state);
    await store.save();
    return store;
  }
}
