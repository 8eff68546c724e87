// Batch writes to one table: 25 requests a batch, a few batches in flight, and what DynamoDB
// leaves unprocessed retried with capped exponential back-off. Every store that writes or deletes
// many items at once goes through here.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.js';
import { forEachLimit } from '../../core/concurrency.js';

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

const BATCH = 25;

/** Batches in flight at once for large writes (a subject's pages, an account's items). */
export const PARALLEL_BATCHES = 4;

async function writeBatch(table: string, requests: WriteRequest[]): Promise<void> {
  let pending: WriteRequest[] = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) {
      if (attempt > 8) throw new Error(`${pending.length} writes left unprocessed in ${table}`);
      await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 2_000)));
    }
    const out = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] as WriteRequest[] | undefined) ?? [];
  }
}

/** Writes every request, `parallel` batches at a time. */
export async function batchWrite(table: string, requests: WriteRequest[], parallel = 1): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
  await forEachLimit(batches, parallel, (batch) => writeBatch(table, batch));
}
