// Type declarations for the embedded services that ship none.

declare module 'dynalite' {
  import type { Server } from 'node:http';
  export interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }
  function dynalite(options?: DynaliteOptions): Server;
  export default dynalite;
}

declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
    /** Creates the configured buckets (and their CORS rules), as run() does before listening. */
    configureBuckets(): Promise<void>;
    /** Its request handler (Koa's callback), to serve from another server. */
    getMiddleware(): import('node:http').RequestListener;
    /** Its winston logger, which run()'s server closes when it closes. */
    logger: { close(): void };
  }
  export default S3rver;
}
