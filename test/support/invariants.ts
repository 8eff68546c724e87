// The storage invariant the product promises: once every operation has ended, no object exists
// without its file record and no record (past `uploading`) exists without its object. A podcast's
// audio counts as its record's: a segment's object needs a podcast that is not failed and has
// recorded that segment, the episode's a ready podcast, and a ready podcast needs them all.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { tableList, tables, type TableKey } from '../../functions/platform/tables.js';

export async function findOrphans(): Promise<{ objectsWithoutRecord: string[]; recordsWithoutObject: string[]; uploading: string[] }> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) keys.add(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  const records: { storage_path: string; status: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: config().tableNames.files, ExclusiveStartKey: start, ConsistentRead: true }));
    records.push(...((out.Items ?? []) as { storage_path: string; status: string }[]));
    start = out.LastEvaluatedKey;
  } while (start);
  const paths = new Set(records.map((r) => r.storage_path));
  const podcasts = new Map<string, { status: string; segment_seconds: Record<string, number>; segments_total: number }>();
  start = undefined;
  do {
    const out: { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> } = await db().send(new ScanCommand({ TableName: config().tableNames.podcasts, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const p of out.Items ?? []) podcasts.set(`${p.user_id}/podcasts/${p.id}/`, p as never);
    start = out.LastEvaluatedKey;
  } while (start);
  // A student's export zip belongs to its export record while that export is ready.
  const exportsReady = new Set<string>();
  start = undefined;
  do {
    const out: { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> } = await db().send(new ScanCommand({ TableName: config().tableNames.exports, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const e of out.Items ?? []) if (e.status === 'ready' && typeof e.key === 'string') exportsReady.add(e.key);
    start = out.LastEvaluatedKey;
  } while (start);
  const audioWanted = (key: string): boolean => {
    if (exportsReady.has(key)) return true;
    const m = /^(.+\/podcasts\/[^/]+\/)(?:(\d{3})|episode)\.mp3$/.exec(key);
    const podcast = m && podcasts.get(m[1]);
    if (!m || !podcast || podcast.status === 'failed') return false;
    return m[2] === undefined ? podcast.status === 'ready' : podcast.segment_seconds[String(Number(m[2]))] !== undefined;
  };
  const readyAudioMissing = [...podcasts]
    .filter(([, p]) => p.status === 'ready')
    .flatMap(([prefix, p]) => [...Array.from({ length: p.segments_total }, (_, i) => `${prefix}${String(i).padStart(3, '0')}.mp3`), `${prefix}episode.mp3`])
    .filter((k) => !keys.has(k));
  return {
    objectsWithoutRecord: [...keys].filter((k) => !paths.has(k) && !audioWanted(k)),
    recordsWithoutObject: [...records.filter((r) => r.status !== 'uploading' && !keys.has(r.storage_path)).map((r) => r.storage_path), ...readyAudioMissing],
    uploading: records.filter((r) => r.status === 'uploading').map((r) => r.storage_path),
  };
}

/**
 * Every trace of a student left anywhere: items of every table of functions/platform/tables.ts
 * (scanned whole, whatever their keys) with an attribute that names the user id, and objects under
 * the student's prefix or their exports' one. A table the eraser forgets fails the tests that expect none.
 */
export async function userTraces(userId: string): Promise<string[]> {
  const traces: string[] = [];
  for (const def of tableList) {
    const table = config().tableNames[(Object.keys(tables) as TableKey[]).find((k) => tables[k].id === def.id)!];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await db().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
      for (const item of out.Items ?? []) {
        if (JSON.stringify(item).includes(userId)) traces.push(`${def.id}: ${JSON.stringify(Object.fromEntries([def.partitionKey.name, def.sortKey?.name].filter(Boolean).map((k) => [k, item[k!]])))}`);
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
  // The student's prefix, and their data export zips (kept under `exports/` for the bucket's lifecycle rule).
  for (const prefix of [`${userId}/`, `exports/${userId}/`]) {
    const objects = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: prefix }));
    for (const o of objects.Contents ?? []) traces.push(`uploads: ${o.Key}`);
  }
  return traces;
}
