// Another program on the laptop meets the host's embedded services. In the cloud the uploads bucket
// and the tables answer only signed requests; on the laptop every TCP port the host's process
// listens on (found in /proc, probed on 127.0.0.1 only) is tried as S3 and as DynamoDB, unsigned
// and with a forged signature (the right key id, a guessed secret): none lists or serves a
// student's file, none gives a row of a table. The host's own clients, which sign with the local
// key pair, still read both.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { request } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient, ScanCommand as RawScanCommand } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { coursePdf } from '../support/fixtures.js';
import { newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { BIOLOGY, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

let host: TestHost;
let user: TestUser;
let objectKey: string;

beforeAll(async () => {
  host = await startTestHost();
  user = await newUser(host);
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  await readyFile(host, user, subject.id, 'Biologie', await coursePdf(BIOLOGY, { title: 'Biologie' }));
  const listed = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${user.sub}/` }));
  objectKey = listed.Contents![0].Key!;
}, 120_000);

afterAll(async () => {
  await host?.stop();
});

/** The TCP ports this process listens on (its sockets' inodes, matched in /proc/net/tcp and tcp6). */
async function listeningPorts(): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      // local address, state (0A: listening), inode
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9])) ports.add(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

interface Reply {
  port: number;
  status: number;
  body: string;
}

function send(port: number, opts: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: opts.method, path: opts.path, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ port, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ port, status: 0, body: '' }));
    });
    req.on('error', () => resolve({ port, status: 0, body: '' }));
    req.setTimeout(5_000, () => req.destroy());
    req.end(opts.body);
  });
}

const amzDate = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const forged = (service: 's3' | 'dynamodb') => {
  const date = amzDate();
  return {
    'x-amz-date': date,
    'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    authorization: `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/${date.slice(0, 8)}/eu-west-3/${service}/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
  };
};

describe('the embedded services seen from another local program', () => {
  it("serve no student's file and no table row on any of the host's ports without a valid signature", async () => {
    const ports = await listeningPorts();
    // The public server, storage, DynamoDB, the user pool, Step Functions, SES, Stripe: at least these.
    expect(ports.length).toBeGreaterThanOrEqual(6);
    const bucket = config().UPLOADS_BUCKET;
    const scan = JSON.stringify({ TableName: config().tableNames.profiles });
    const dynamoHeaders = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' };
    const replies: Reply[] = [];
    for (const port of ports) {
      for (const headers of [{}, forged('s3')]) {
        replies.push(await send(port, { method: 'GET', path: `/${bucket}?list-type=2`, headers }));
        replies.push(await send(port, { method: 'GET', path: `/${bucket}/${objectKey.split('/').map(encodeURIComponent).join('/')}`, headers }));
      }
      for (const headers of [dynamoHeaders, { ...dynamoHeaders, ...forged('dynamodb') }, { ...dynamoHeaders, authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/eu-west-3/dynamodb/aws4_request, SignedHeaders=host, Signature=00' }]) {
        replies.push(await send(port, { method: 'POST', path: '/', headers, body: scan }));
      }
    }
    // Refusals may echo the path asked for, and the public server answers any page with the web app: what would give
    // something away is the file's bytes, a listing of the bucket, or rows.
    const revealing = replies.filter((r) => r.body.includes('%PDF') || /ListBucketResult|"Items"|"Count"/.test(r.body));
    expect(revealing.map((r) => `${r.port}: ${r.status} ${r.body.slice(0, 120)}`)).toEqual([]);
  }, 60_000);

  it('refuse clients that sign with a guessed secret, as AWS refuses them', async () => {
    const credentials = { accessKeyId: String(process.env.AWS_ACCESS_KEY_ID), secretAccessKey: 'guessed' };
    const dynamo = new DynamoDBClient({ region: config().AWS_REGION, endpoint: config().DYNAMODB_ENDPOINT, credentials, maxAttempts: 1 });
    const s3 = new S3Client({ region: config().AWS_REGION, endpoint: config().S3_ENDPOINT, forcePathStyle: true, credentials, maxAttempts: 1 });
    try {
      await expect(dynamo.send(new RawScanCommand({ TableName: config().tableNames.profiles }))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
      await expect(s3.send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: objectKey }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      dynamo.destroy();
      s3.destroy();
    }
    // The host's own clients, signing with the local key pair, read both.
    const profiles = await db().send(new ScanCommand({ TableName: config().tableNames.profiles }));
    expect(profiles.Items?.some((p) => p.user_id === user.sub)).toBe(true);
    const object = await storage().send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: objectKey }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
