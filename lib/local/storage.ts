// The laptop's S3: s3rver on disk under the data directory, path-style, with the uploads bucket and
// the same CORS rule as the cloud bucket (lib/shared-definitions.ts), allowing the host's origin.
// s3rver announces every write; ObjectCreated notifications are passed on in the shape S3 sends
// to Lambda (keys URL-encoded, spaces as '+').
//
// s3rver never listens on a port of its own: a small server of ours (storage-front.ts) is the only
// way in. It takes browser uploads (POST with a signed policy) itself: it checks the policy as S3
// does, which s3rver does not, and streams the file to disk about twice as fast as s3rver's parser.
// Every other request must carry a valid signature and is then handed, unchanged, to s3rver's
// request handler in the same process (a raw s3rver port would list and serve every object to
// any local process, unsigned).
import S3rver from 's3rver';
import type { S3Event } from 'aws-lambda';
import { uploadsCorsRule } from '../shared-definitions.js';
import { startStorageFront } from './storage-front.js';

export type ObjectCreatedListener = (event: S3Event) => void | Promise<void>;

export interface LocalStorage {
  endpoint: string;
  onObjectCreated(listener: ObjectCreatedListener): () => void;
  close(): Promise<void>;
}

const xmlEscape = (s: string): string => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function corsXml(origins: string[]): string {
  const tag = (name: string, values: readonly string[]) => values.map((v) => `<${name}>${xmlEscape(v)}</${name}>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    tag('AllowedOrigin', origins) +
    tag('AllowedMethod', uploadsCorsRule.allowedMethods) +
    tag('AllowedHeader', uploadsCorsRule.allowedHeaders) +
    tag('ExposeHeader', uploadsCorsRule.exposedHeaders) +
    `<MaxAgeSeconds>${uploadsCorsRule.maxAgeSeconds}</MaxAgeSeconds>` +
    '</CORSRule></CORSConfiguration>'
  );
}

/** S3 notifications carry the key form-URL-encoded. */
export const encodeEventKey = (key: string): string =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%20/g, '+'))
    .join('/');

export async function startStorage(opts: {
  directory: string;
  bucket: string;
  origins: string[];
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  warn: (message: string, err?: unknown) => void;
}): Promise<LocalStorage> {
  const server = new S3rver({
    silent: true,
    directory: opts.directory,
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.origins)] }],
  });
  const listeners = new Set<ObjectCreatedListener>();
  server.on('event', (event: S3Event) => {
    const record = event.Records?.[0];
    if (!record?.eventName?.startsWith('ObjectCreated:')) return;
    const shaped: S3Event = {
      Records: event.Records.map((r) => ({
        ...r,
        awsRegion: opts.region,
        s3: { ...r.s3, object: { ...r.s3.object, key: encodeEventKey(r.s3.object.key) } },
      })),
    };
    for (const listener of listeners) {
      Promise.resolve()
        .then(() => listener(shaped))
        .catch((err: unknown) => opts.warn(`Upload notification handler failed for ${record.s3.object.key}`, err));
    }
  });
  // s3rver (Koa) reports request errors here; without a listener they go to stderr.
  server.on('error', () => undefined);
  // The bucket and its CORS rule, as `run()` would make them, without its listening server.
  await server.configureBuckets();
  const front = await startStorageFront({
    s3rver: server,
    bucket: opts.bucket,
    origins: opts.origins,
    credentials: opts.credentials,
    exposedHeaders: uploadsCorsRule.exposedHeaders,
  });
  return {
    endpoint: front.endpoint,
    onObjectCreated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await front.close();
      server.logger.close();
    },
  };
}
