// The storage invariant the product promises: once every operation has ended, no object exists
// without its file record and no record (past `uploading`) exists without its object.
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
  return {
    objectsWithoutRecord: [...keys].filter((k) => !paths.has(k)),
    recordsWithoutObject: records.filter((r) => r.status !== 'uploading' && !keys.has(r.storage_path)).map((r) => r.storage_path),
    uploading: records.filter((r) => r.status === 'uploading').map((r) => r.storage_path),
  };
}

/**
 * Every trace of a student left anywhere: items of every table of functions/platform/tables.ts
 * (scanned whole, whatever their keys) with an attribute that names the user id, and objects under
 * the student's prefix. A table the eraser forgets fails the tests that expect none.
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
  const objects = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${userId}/` }));
  for (const o of objects.Contents ?? []) traces.push(`uploads: ${o.Key}`);
  return traces;
}
