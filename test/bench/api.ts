// API benchmark: the cost of the JWT check and of DynamoDB reads and conditional writes, as
// latency multiples of a public route that does no I/O, measured in the same run; then the CPU
// time one DynamoDB round trip costs on the laptop host (the handlers' client against its
// dynalite), beside dynalite as it ships (its table descriptions read from LevelDB at every call),
// measured in turns in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { tables } from '../../functions/platform/tables.js';
import { createTableInput } from '../../lib/local/dynamo.js';
import { api, newUser, startTestHost, type TestHost } from '../support/host.js';

interface Stats {
  n: number;
  p50: number;
  p95: number;
  perSecond: number;
}

async function measure(n: number, concurrency: number, call: () => Promise<unknown>): Promise<Stats> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { n, p50: at(0.5), p95: at(0.95), perSecond: (n / total) * 1000 };
}

const fmt = (s: Stats) => `p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  ${s.perSecond.toFixed(0)} req/s`;

export async function benchApi(): Promise<void> {
  console.log('== API requests through the laptop host');
  const host: TestHost = await startTestHost();
  try {
    const user = await newUser(host);
    const rssBefore = process.memoryUsage().rss;
    // Warm up handlers, JWKS cache and connections.
    for (let i = 0; i < 20; i++) {
      await api(host, '/api/health');
      await api(host, '/api/profile', { token: user.accessToken });
    }
    const rows: [string, Stats][] = [];
    for (const concurrency of [1, 8]) {
      const reference = await measure(400, concurrency, () => api(host, '/api/health'));
      const profile = await measure(400, concurrency, () => api(host, '/api/profile', { token: user.accessToken }));
      const streak = await measure(200, concurrency, () => api(host, '/api/streak', { token: user.accessToken, method: 'POST', body: {} }));
      rows.push([`health (reference, public, no I/O) c=${concurrency}`, reference]);
      rows.push([`GET /api/profile (JWT + 1 read) c=${concurrency}`, profile]);
      rows.push([`POST /api/streak (JWT + read + conditional write) c=${concurrency}`, streak]);
      console.log(`\nconcurrency ${concurrency}`);
      for (const [name, s] of rows.slice(-3)) {
        console.log(`  ${name.padEnd(62)} ${fmt(s)}  ×${(s.p50 / reference.p50).toFixed(1)} reference p50`);
      }
    }
    const rss = process.memoryUsage().rss;
    console.log(`\nlaptop host RSS: ${(rss / 2 ** 20).toFixed(0)} MiB (${((rss - rssBefore) / 2 ** 20).toFixed(1)} MiB grown during the run)`);
    await benchRoundTrips(user.sub);
  } finally {
    await host.stop();
  }
}

/**
 * CPU time of one DynamoDB call through the SDK on the laptop host (process.cpuUsage: every thread
 * of the process, LevelDB's included), GetItem of a profile and Query of 20 progress records,
 * beside the same calls, by a client built the same way, to dynalite as it ships on its own
 * LevelDB folder. The two alternate in rounds, so the machine's other work weighs on both alike.
 */
async function benchRoundTrips(userId: string): Promise<void> {
  console.log('\nDynamoDB round trips through the SDK (CPU time a call, median of rounds; wall p50)');
  const dir = await mkdtemp(path.join(tmpdir(), 'revise-bench-dynalite-'));
  const plain = dynalite({ path: path.join(dir, 'db'), createTableMs: 0 });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  const reference = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: config().AWS_REGION, endpoint: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`, maxAttempts: 5 }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  try {
    const names = config().tableNames;
    for (const t of [tables.profiles, tables.progress]) await reference.send(new CreateTableCommand(createTableInput(t)));
    await new Promise((r) => setTimeout(r, 50));
    const { Item: profile } = await db().send(new GetCommand({ TableName: names.profiles, Key: { user_id: userId } }));
    for (const client of [reference, db()]) {
      await client.send(new PutCommand({ TableName: names.profiles, Item: profile }));
      for (let d = 1; d <= 20; d++) {
        await client.send(new PutCommand({ TableName: names.progress, Item: { user_id: userId, sk: `day#2026-01-${String(d).padStart(2, '0')}#bench`, date: `2026-01-${String(d).padStart(2, '0')}`, study_ms: 60_000 * d } }));
      }
    }
    const calls: [string, (c: DynamoDBDocumentClient) => Promise<unknown>][] = [
      ['GetItem (a profile)', (c) => c.send(new GetCommand({ TableName: names.profiles, Key: { user_id: userId } }))],
      ['Query (20 progress records)', (c) => c.send(new QueryCommand({ TableName: names.progress, KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)', ExpressionAttributeValues: { ':u': userId, ':p': 'day#' } }))],
    ];
    const setups: [string, DynamoDBDocumentClient][] = [
      ['dynalite as it ships (reference)', reference],
      ['laptop host', db()],
    ];
    const rounds = 8;
    const perRound = 150;
    for (const [call, run] of calls) {
      const cpu = new Map<string, number[]>();
      const wall = new Map<string, number[]>();
      for (const [, client] of setups) for (let i = 0; i < 30; i++) await run(client);
      for (let r = 0; r < rounds; r++) {
        for (const [name, client] of setups) {
          const started = process.cpuUsage();
          for (let i = 0; i < perRound; i++) {
            const t = performance.now();
            await run(client);
            (wall.get(name) ?? wall.set(name, []).get(name)!).push(performance.now() - t);
          }
          const used = process.cpuUsage(started);
          (cpu.get(name) ?? cpu.set(name, []).get(name)!).push((used.user + used.system) / 1000 / perRound);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
      const referenceCpu = median(cpu.get(setups[0][0])!);
      for (const [name] of setups) {
        const c = median(cpu.get(name)!);
        console.log(`  ${`${call}, ${name}`.padEnd(62)} CPU ${c.toFixed(2)} ms a call  wall p50 ${median(wall.get(name)!).toFixed(2)} ms  ×${(c / referenceCpu).toFixed(2)} reference CPU`);
      }
    }
  } finally {
    reference.destroy();
    await new Promise<void>((resolve) => {
      (plain as Server).close(() => resolve());
      (plain as Server).closeAllConnections();
    });
    await rm(dir, { recursive: true, force: true });
  }
}

