// The laptop's DynamoDB: dynalite on LevelDB under the data directory, with the tables of
// functions/platform/tables.ts. Tables are created on first start and kept afterwards; when the
// table list gains an index (dynalite cannot add one to an existing table), the table is rebuilt
// with its items, a backup file covering the moment between delete and refill.
//
// dynalite takes any signature (it only looks for an Authorization header), so every call is
// checked first, as DynamoDB checks it: a SigV4 signature for `dynamodb` made with the local key
// pair (sigv4.ts, the body hashed here), or DynamoDB's 400 (`MissingAuthenticationToken`,
// `UnrecognizedClient`, `InvalidSignature`) and dynalite never sees the call.
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  BatchWriteItemCommand,
  type AttributeValue,
  type CreateTableCommandInput,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { TableDef } from '../../functions/platform/tables.js';
import { dynaliteWithTableCache } from './dynalite-table-cache.js';
import { SignatureError, verifyRequestSignature } from './sigv4.js';
import { keepConnectionsAlive } from './transport.js';

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
}

export async function startDynamo(opts: {
  directory: string;
  tables: TableDef[];
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  info: (message: string) => void;
}): Promise<LocalDynamo> {
  const server = keepConnectionsAlive(dynaliteWithTableCache({ path: opts.directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }));
  requireSignatures(server, opts.credentials);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: opts.region, credentials: opts.credentials });
  try {
    await ensureTables(client, opts.tables, path.dirname(opts.directory), opts.info);
  } catch (err) {
    await closeDynalite(server);
    throw err;
  } finally {
    client.destroy();
  }
  return { endpoint, close: () => closeDynalite(server) };
}

/** dynalite refuses bodies over 16 MiB; so does the check before it. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** DynamoDB's error type for each refusal of the signature check. */
const SIGNATURE_ERRORS: Record<SignatureError['code'], string> = {
  AccessDenied: 'MissingAuthenticationTokenException',
  InvalidAccessKeyId: 'UnrecognizedClientException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
  RequestTimeTooSkewed: 'InvalidSignatureException',
  AuthorizationHeaderMalformed: 'IncompleteSignatureException',
};

/**
 * Puts the signature check in front of dynalite's request handler: the body is read and hashed,
 * the signature verified, and only then is dynalite handed the request, its body replayed.
 */
export function requireSignatures(server: Server, credentials: { accessKeyId: string; secretAccessKey: string }): void {
  const dynalite = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const reply = (res: ServerResponse, status: number, type: string, message: string) => {
    const body = JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message });
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body) }).end(body);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) return reply(res, 413, 'RequestEntityTooLargeException', 'Request entity too large');
      const body = Buffer.concat(chunks);
      try {
        verifyRequestSignature(req, credentials, new Date(), { service: 'dynamodb', payloadHash: createHash('sha256').update(body).digest('hex') });
      } catch (err) {
        if (!(err instanceof SignatureError)) throw err;
        return reply(res, 400, SIGNATURE_ERRORS[err.code], err.message);
      }
      // Stopping: dynalite's store may be closing, and the caller is going away with the host.
      if (!server.listening) return res.destroy();
      // What dynalite reads of a request: its headers, method, URL and body events, replayed at
      // once (no tick between this check and dynalite's own bookkeeping of the call).
      const replayed = Object.assign(new EventEmitter(), { headers: req.headers, method: req.method, url: req.url });
      inFlight.set(server, (inFlight.get(server) ?? 0) + 1);
      res.once('close', () => inFlight.set(server, (inFlight.get(server) ?? 1) - 1));
      for (const handler of dynalite) handler(replayed as unknown as IncomingMessage, res);
      if (body.length) replayed.emit('data', body);
      replayed.emit('end');
    });
  });
}

/** Calls handed to dynalite and not answered yet, per server. */
const inFlight = new WeakMap<Server, number>();
/** How long a stop waits for the calls dynalite is serving before it cuts their connections. */
const DRAIN_MS = 2_000;

/**
 * Stops accepting calls, lets those dynalite is serving finish (their store writes would otherwise
 * meet a closed LevelDB, a failure nothing awaits), then cuts the idle connections; dynalite's close
 * waits for the HTTP server, then closes LevelDB (releasing its lock).
 */
async function closeDynalite(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((err?: Error) => (err ? reject(err) : resolve())));
  for (const until = Date.now() + DRAIN_MS; (inFlight.get(server) ?? 0) > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  server.closeAllConnections();
  await closed;
}

export function createTableInput(t: TableDef): CreateTableCommandInput {
  const attrs = new Map<string, string>();
  const keySchema = (pk: { name: string; type: string }, sk?: { name: string; type: string }) => {
    attrs.set(pk.name, pk.type);
    if (sk) attrs.set(sk.name, sk.type);
    return [
      { AttributeName: pk.name, KeyType: 'HASH' as const },
      ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
    ];
  };
  const input: CreateTableCommandInput = {
    TableName: t.id,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(t.partitionKey, t.sortKey),
    AttributeDefinitions: [],
  };
  if (t.indexes?.length) {
    input.GlobalSecondaryIndexes = t.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: keySchema(i.partitionKey, i.sortKey),
      Projection: i.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.include] } : { ProjectionType: 'ALL' },
    }));
  }
  input.AttributeDefinitions = [...attrs].map(([AttributeName, AttributeType]) => ({
    AttributeName,
    AttributeType: AttributeType as 'S' | 'N',
  }));
  return input;
}

const keyOf = (schema: { AttributeName?: string; KeyType?: string }[] | undefined): string =>
  (schema ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).join(',');

/** An index's keys and projection, compared to tell whether the table must be rebuilt. */
const indexOf = (i: { KeySchema?: { AttributeName?: string; KeyType?: string }[]; Projection?: { ProjectionType?: string; NonKeyAttributes?: string[] } }): string =>
  `${keyOf(i.KeySchema)} ${i.Projection?.ProjectionType ?? 'ALL'} ${[...(i.Projection?.NonKeyAttributes ?? [])].sort().join(',')}`;

async function ensureTables(client: DynamoDBClient, tables: TableDef[], dataDir: string, info: (m: string) => void): Promise<void> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    page.TableNames?.forEach((n) => existing.add(n));
    start = page.LastEvaluatedTableName;
  } while (start);

  for (const t of tables) {
    const input = createTableInput(t);
    const backupFile = path.join(dataDir, `dynamodb-rebuild-${t.id}.json`);
    if (!existing.has(t.id)) {
      await client.send(new CreateTableCommand(input));
      // A rebuild interrupted after the delete: refill from its backup.
      if (existsSync(backupFile)) {
        await putAll(client, t.id, JSON.parse(await readFile(backupFile, 'utf8')) as Record<string, AttributeValue>[]);
        await rm(backupFile);
      }
      continue;
    }
    const { Table } = await client.send(new DescribeTableCommand({ TableName: t.id }));
    const desc = Table as TableDescription;
    if (keyOf(desc.KeySchema) !== keyOf(input.KeySchema)) {
      throw new Error(
        `Local table ${t.id} has key ${keyOf(desc.KeySchema)} but tables.ts now says ${keyOf(input.KeySchema)}. ` +
          `Its items cannot be carried over: delete the data directory (or its dynamodb folder) to start afresh.`,
      );
    }
    const have = new Map((desc.GlobalSecondaryIndexes ?? []).map((i) => [i.IndexName, indexOf(i)]));
    const want = new Map((input.GlobalSecondaryIndexes ?? []).map((i) => [i.IndexName, indexOf(i)]));
    const same = have.size === want.size && [...want].every(([name, key]) => have.get(name) === key);
    if (same) continue;

    info(`Rebuilding local table ${t.id} with its new indexes`);
    const items: Record<string, AttributeValue>[] = [];
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: t.id, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    await writeFile(backupFile, JSON.stringify(items));
    await client.send(new DeleteTableCommand({ TableName: t.id }));
    await client.send(new CreateTableCommand(input));
    await putAll(client, t.id, items);
    await rm(backupFile);
  }
}

async function putAll(client: DynamoDBClient, table: string, items: Record<string, AttributeValue>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
