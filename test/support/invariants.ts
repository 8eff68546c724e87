// The storage invariant the product promises: once every operation has ended, no object exists
// without its file record and no record (past `uploading`) exists without its object.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';

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
