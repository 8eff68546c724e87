// Every item a DynamoDB query matches, following LastEvaluatedKey page after page: the stores read
// whole subjects (pages, cards, saved drafts) this way.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.js';

export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items as Record<string, unknown>[] | undefined) ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
