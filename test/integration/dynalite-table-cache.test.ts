// The laptop's dynalite keeps table descriptions in memory (lib/local/dynalite-table-cache.ts):
// every change of a table (created, updated, deleted, created again with another key) is seen
// by the very next call, also by calls racing the change, and what is written still reaches
// LevelDB (a server started again on the same folder sees it).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynaliteWithTableCache } from '../../lib/local/dynalite-table-cache.js';

// dynalite adds an index to a provisioned table only.
const capacity = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };

let dir: string;
let server: Server;
let client: DynamoDBClient;

async function start(): Promise<void> {
  server = dynaliteWithTableCache({ path: path.join(dir, 'db'), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    region: 'eu-west-3',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

async function stop(): Promise<void> {
  client.destroy();
  await new Promise<void>((resolve, reject) => {
    server.close((err?: Error) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

// Polled for up to 20 s: on a loaded machine LevelDB's writes behind a change can take seconds.
const waitActive = async (TableName: string) => {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) return Table;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${TableName} never became active`);
};

const topicIndex = { IndexName: 'byTopic', KeySchema: [{ AttributeName: 'topic', KeyType: 'HASH' as const }], Projection: { ProjectionType: 'ALL' as const }, ProvisionedThroughput: capacity };

/** The Notes table: a string key; or a numeric key and an index by topic. */
const createNotes = (type: 'S' | 'N') =>
  client.send(
    new CreateTableCommand({
      TableName: 'Notes',
      ProvisionedThroughput: capacity,
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: type }, ...(type === 'N' ? [{ AttributeName: 'topic', AttributeType: 'S' as const }] : [])],
      ...(type === 'N' ? { GlobalSecondaryIndexes: [topicIndex] } : {}),
    }),
  );

const byTopic = () => client.send(new QueryCommand({ TableName: 'Notes', IndexName: 'byTopic', KeyConditionExpression: 'topic = :t', ExpressionAttributeValues: { ':t': { S: 'cells' } } }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'revise-dynalite-cache-'));
  await start();
});

afterAll(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

describe('dynalite with table descriptions in memory', () => {
  it('sees a table created, updated, deleted and created again with another key and an index', async () => {
    await createNotes('S');
    await waitActive('Notes');
    await client.send(new PutItemCommand({ TableName: 'Notes', Item: { id: { S: 'a' }, topic: { S: 'cells' } } }));
    expect((await client.send(new GetItemCommand({ TableName: 'Notes', Key: { id: { S: 'a' } } }))).Item?.topic).toEqual({ S: 'cells' });
    await expect(byTopic()).rejects.toThrow(/does not have the specified index: byTopic/);

    // Updated: the new capacity is described at once, then the table is active again.
    const { TableDescription } = await client.send(new UpdateTableCommand({ TableName: 'Notes', ProvisionedThroughput: { ReadCapacityUnits: 10, WriteCapacityUnits: 10 } }));
    expect(TableDescription?.TableStatus).toBe('UPDATING');
    expect((await waitActive('Notes')).ProvisionedThroughput).toMatchObject({ ReadCapacityUnits: 10, WriteCapacityUnits: 10 });

    // Deleted: the next call no longer finds it.
    await client.send(new DeleteTableCommand({ TableName: 'Notes' }));
    await expect(client.send(new GetItemCommand({ TableName: 'Notes', Key: { id: { S: 'a' } } }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });

    // Created again with a numeric key and an index: items are checked against the new key, the
    // old ones are gone, the index answers.
    await createNotes('N');
    await waitActive('Notes');
    await expect(client.send(new PutItemCommand({ TableName: 'Notes', Item: { id: { S: 'a' } } }))).rejects.toThrow(/Type mismatch for key id expected: N actual: S/);
    await client.send(new PutItemCommand({ TableName: 'Notes', Item: { id: { N: '7' }, topic: { S: 'cells' } } }));
    expect((await client.send(new GetItemCommand({ TableName: 'Notes', Key: { id: { N: '7' } } }))).Item).toEqual({ id: { N: '7' }, topic: { S: 'cells' } });
    expect((await byTopic()).Items).toEqual([{ id: { N: '7' }, topic: { S: 'cells' } }]);
  });

  it('never keeps a description read while the table was changing', async () => {
    await client.send(
      new CreateTableCommand({
        TableName: 'Racing',
        ProvisionedThroughput: capacity,
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      }),
    );
    await waitActive('Racing');
    // Reads fired around the change, some answered before it is written and some after.
    const reads = Array.from({ length: 30 }, () => client.send(new DescribeTableCommand({ TableName: 'Racing' })));
    const update = client.send(new UpdateTableCommand({ TableName: 'Racing', ProvisionedThroughput: { ReadCapacityUnits: 20, WriteCapacityUnits: 20 } }));
    await Promise.all([...reads, update]);
    await waitActive('Racing');
    for (let i = 0; i < 5; i++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: 'Racing' }));
      expect(Table?.TableStatus).toBe('ACTIVE');
      expect(Table?.ProvisionedThroughput).toMatchObject({ ReadCapacityUnits: 20, WriteCapacityUnits: 20 });
    }
  });

  it('writes every change through to LevelDB: a server started again on the folder sees the tables as they are', async () => {
    await stop();
    await start();
    const notes = await waitActive('Notes');
    expect(notes.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(notes.AttributeDefinitions).toContainEqual({ AttributeName: 'id', AttributeType: 'N' });
    expect(notes.GlobalSecondaryIndexes?.map((g) => g.IndexName)).toEqual(['byTopic']);
    expect((await byTopic()).Items).toEqual([{ id: { N: '7' }, topic: { S: 'cells' } }]);
    expect((await waitActive('Racing')).ProvisionedThroughput).toMatchObject({ ReadCapacityUnits: 20, WriteCapacityUnits: 20 });
  });
});
