// sql.js's build with its WebAssembly inlined (no .wasm file to place beside a bundle), typed for
// what platform/anki-package.ts and the tests use (@types/sql.js would bring Emscripten's global
// types, which clash with PDFium's).
declare module 'sql.js/dist/sql-wasm-inline.js' {
  export type SqlValue = number | string | Uint8Array | null;
  export interface QueryExecResult {
    columns: string[];
    values: SqlValue[][];
  }
  export interface Statement {
    run(values?: SqlValue[]): void;
    free(): boolean;
  }
  export interface Database {
    run(sql: string, params?: SqlValue[]): Database;
    exec(sql: string, params?: SqlValue[]): QueryExecResult[];
    prepare(sql: string): Statement;
    export(): Uint8Array;
    close(): void;
  }
  export interface SqlJsStatic {
    Database: new (data?: ArrayLike<number> | Buffer | null) => Database;
  }
  export default function initSqlJs(config?: Record<string, unknown>): Promise<SqlJsStatic>;
}
