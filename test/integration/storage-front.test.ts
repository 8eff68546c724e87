// The laptop's storage takes browser uploads the way S3 does: a POST is stored only when its
// signed policy holds (signature, expiry, key, content type, size range, no unsigned field), the
// file appears whole or not at all, and one ObjectCreated:Post notification follows. Everything
// else reaches s3rver unchanged once its SigV4 signature (the SDK's header, or a presigned URL's
// query) is verified: like S3, the bucket is private, and CORS preflights alone pass unsigned.
// Temporary files of uploads that never completed do not outlive the failure or a restart.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorage, type LocalStorage } from '../../lib/local/storage.js';

const BUCKET = 'uploads';
const ORIGIN = 'http://localhost:3999';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const MAX = 64 * 1024;

let directory: string;
let storage: LocalStorage;
let s3: S3Client;
let events: S3Event[] = [];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'revise-storage-'));
  storage = await startStorage({ directory, bucket: BUCKET, origins: [ORIGIN], region: 'eu-west-3', credentials, warn: () => undefined });
  storage.onObjectCreated((event) => {
    events.push(event);
  });
  s3 = new S3Client({ endpoint: storage.endpoint, region: 'eu-west-3', forcePathStyle: true, credentials });
});

afterAll(async () => {
  s3?.destroy();
  await storage?.close();
  await rm(directory, { recursive: true, force: true });
});

beforeEach(() => {
  events = [];
});

const presign = (key: string, expires = 60, fields: Record<string, string> = {}, max = MAX): Promise<PresignedPost> =>
  createPresignedPost(s3, {
    Bucket: BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, max],
      ['eq', '$Content-Type', 'application/pdf'],
    ],
    Fields: { 'Content-Type': 'application/pdf', ...fields },
    Expires: expires,
  });

async function post(upload: PresignedPost, bytes: Uint8Array, change: (form: FormData) => void = () => undefined) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  change(form);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'cours.pdf');
  const res = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: ORIGIN } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

async function keys(): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (out.Contents ?? []).map((o) => o.Key as string).sort();
}

const pdfBytes = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x41);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};

/**
 * Starts a browser upload of a `size`-byte PDF announcing its whole length, sends only the first
 * `sent(length)` bytes of the form, and goes away `waitMs` later.
 */
async function postCutShort(upload: PresignedPost, size: number, sent: (length: number) => number, waitMs: number): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([pdfBytes(size)], { type: 'application/pdf' }), 'cours.pdf');
  const encoded = new Request(upload.url, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(upload.url);
  await new Promise<void>((resolve) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent(body.length)), () => setTimeout(() => req.destroy(), waitMs));
  });
}

/** Notifications are delivered after the answer; give them a moment. */
const settle = () => new Promise((r) => setTimeout(r, 100));

describe('browser uploads through the laptop storage', () => {
  it('stores a valid upload whole, answers with CORS headers and announces it once', async () => {
    const bytes = pdfBytes(10_000);
    const res = await post(await presign('u1/s1/ok.pdf'), bytes);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'u1/s1/ok.pdf' }));
    expect(stored.ContentType).toBe('application/pdf');
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(Buffer.from(bytes))).toBe(true);
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0].Records[0]).toMatchObject({ eventName: 'ObjectCreated:Post', s3: { object: { key: 'u1/s1/ok.pdf', size: 10_000 } } });
  });

  it('gives the object one quoted ETag: in the answer (exposed to the page), on reads and in the event', async () => {
    const res = await post(await presign('u1/s1/etag.pdf'), pdfBytes(5_000));
    expect(res.status).toBe(204);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'u1/s1/etag.pdf' }));
    expect(stored.ETag).toBe(etag);
    await stored.Body!.transformToByteArray();
    await settle();
    expect(events[0].Records[0].s3.object.eTag).toBe(etag!.slice(1, -1));

    const created = await post(await presign('u1/s1/etag-201.pdf', 60, { success_action_status: '201' }), pdfBytes(5_000));
    expect(created.status).toBe(201);
    expect(created.body).toContain(`<ETag>${created.headers.get('etag')}</ETag>`);
  });

  it('refuses a file larger than the signed size range and keeps nothing of it', async () => {
    const res = await post(await presign('u1/s1/big.pdf'), pdfBytes(MAX + 1));
    expect(res.status).toBe(400);
    expect(res.body).toContain('<Code>EntityTooLarge</Code>');
    expect(await keys()).not.toContain('u1/s1/big.pdf');
    const leftovers = (await readdir(path.join(directory, BUCKET), { recursive: true })).filter((f) => String(f).includes('big.pdf'));
    expect(leftovers).toEqual([]);
    await settle();
    expect(events).toHaveLength(0);
  });

  it('stores a file of several MiB byte for byte, and refuses one that passes the range after MiBs were written', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 12_345);
    bytes.write('%PDF-1.7\n');
    const res = await post(await presign('u1/s1/large.pdf', 60, {}, 4 * 1024 * 1024), bytes);
    expect(res.status).toBe(204);
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'u1/s1/large.pdf' }));
    expect(stored.ContentLength).toBe(bytes.length);
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(bytes)).toBe(true);

    const over = await post(await presign('u1/s1/over.pdf', 60, {}, 2 * 1024 * 1024), bytes);
    expect(over.status).toBe(400);
    expect(over.body).toContain('<Code>EntityTooLarge</Code>');
    expect(await keys()).not.toContain('u1/s1/over.pdf');
    const leftovers = (await readdir(path.join(directory, BUCKET), { recursive: true })).filter((f) => String(f).includes('over.pdf'));
    expect(leftovers).toEqual([]);
  });

  it('keeps nothing of an upload whose client stops half-way', async () => {
    await postCutShort(await presign('u1/s1/cut.pdf'), 40_000, (length) => length - 10_000, 100);
    await settle();
    expect(await keys()).not.toContain('u1/s1/cut.pdf');
    const leftovers = (await readdir(path.join(directory, BUCKET), { recursive: true })).filter((f) => String(f).includes('cut.pdf'));
    expect(leftovers).toEqual([]);
    expect(events).toHaveLength(0);
  });

  it('refuses an empty file (the range starts at 1 byte)', async () => {
    const res = await post(await presign('u1/s1/empty.pdf'), new Uint8Array(0));
    expect(res.status).toBe(400);
    expect(res.body).toContain('<Code>EntityTooSmall</Code>');
    expect(await keys()).not.toContain('u1/s1/empty.pdf');
  });

  it('refuses a form whose key, content type or extra field is not what was signed', async () => {
    const upload = await presign('u1/s1/mine.pdf');
    const otherKey = await post(upload, pdfBytes(100), (form) => form.set('key', 'u2/s9/theirs.pdf'));
    expect(otherKey.status).toBe(403);
    const otherType = await post(upload, pdfBytes(100), (form) => form.set('Content-Type', 'text/html'));
    expect(otherType.status).toBe(403);
    const extra = await post(upload, pdfBytes(100), (form) => form.append('x-amz-meta-owner', 'someone'));
    expect(extra.status).toBe(403);
    expect(extra.body).toContain('Extra input fields');
    expect(await keys()).not.toEqual(expect.arrayContaining(['u2/s9/theirs.pdf']));
    expect(await keys()).not.toContain('u1/s1/mine.pdf');
  });

  it('refuses a forged signature and an expired form', async () => {
    const forged = await post(await presign('u1/s1/forged.pdf'), pdfBytes(100), (form) => form.set('X-Amz-Signature', '0'.repeat(64)));
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('SignatureDoesNotMatch');
    const expired = await presign('u1/s1/late.pdf', 1);
    await new Promise((r) => setTimeout(r, 1_100));
    const late = await post(expired, pdfBytes(100));
    expect(late.status).toBe(403);
    expect(late.body).toContain('Policy expired');
    expect(await keys()).not.toEqual(expect.arrayContaining(['u1/s1/forged.pdf', 'u1/s1/late.pdf']));
  });

  it('passes SDK calls and CORS preflights to s3rver', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'u1/s1/put.pdf', Body: 'hello', ContentType: 'application/pdf' }));
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'u1/s1/put.pdf' }));
    expect(await read.Body!.transformToString()).toBe('hello');
    const preflight = await fetch(`${storage.endpoint}/${BUCKET}`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    // s3rver answers an allowed origin with '*'.
    expect([ORIGIN, '*']).toContain(preflight.headers.get('access-control-allow-origin'));
    const refused = await fetch(`${storage.endpoint}/${BUCKET}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** Sends a request as it is: no SDK, no signature unless the URL carries one. */
async function raw(method: string, pathAndQuery: string, body?: string) {
  const res = await fetch(`${storage.endpoint}${pathAndQuery}`, { method, body, headers: { origin: ORIGIN } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

describe('a private bucket, as in S3', () => {
  const key = 'u7/s7/cours (copie).pdf';
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');

  beforeAll(async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: '%PDF-1.7 secret course', ContentType: 'application/pdf' }));
  });

  it('refuses unsigned reads, heads and lists with an S3 AccessDenied error', async () => {
    for (const target of [`/${BUCKET}/${encodedKey}`, `/${BUCKET}`, `/${BUCKET}?list-type=2&prefix=u7/`, '/']) {
      const res = await raw('GET', target);
      expect(res.status, target).toBe(403);
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message><\/Error>$/);
      expect(res.body).not.toContain('secret course');
      // The page that asked can read the refusal.
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    }
    const head = await raw('HEAD', `/${BUCKET}/${encodedKey}`);
    expect(head.status).toBe(403);
  });

  it('refuses unsigned writes and deletes, and the object stays as it was', async () => {
    expect((await raw('PUT', `/${BUCKET}/${encodedKey}`, 'overwritten')).status).toBe(403);
    expect((await raw('DELETE', `/${BUCKET}/${encodedKey}`)).status).toBe(403);
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await stored.Body!.transformToString()).toBe('%PDF-1.7 secret course');
  });

  it('serves a presigned URL like the viewer and downloads use, and refuses it tampered with or expired', async () => {
    const command = new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: `inline; filename="${key.split('/').pop()}"`,
    });
    const url = await getSignedUrl(s3, command, { expiresIn: 60 });
    const ok = await fetch(url, { headers: { origin: ORIGIN, range: 'bytes=0-7' } });
    expect(ok.status).toBe(206);
    expect(await ok.text()).toBe('%PDF-1.7');

    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    const forged = url.replace(signature, (signature[0] === '0' ? '1' : '0') + signature.slice(1));
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // The same signature does not open another object, nor the same one for longer.
    const otherKey = url.replace(encodedKey.split('/').pop()!.replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`), 'autre.pdf');
    expect(otherKey).not.toBe(url);
    expect((await fetch(otherKey)).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'))).status).toBe(403);
    const unsignedQuery = new URL(url);
    for (const name of ['X-Amz-Signature', 'X-Amz-Credential', 'X-Amz-Date']) {
      const stripped = new URL(unsignedQuery);
      stripped.searchParams.delete(name);
      expect((await fetch(stripped)).status, name).toBe(403);
    }

    const forger = new S3Client({ endpoint: storage.endpoint, region: 'eu-west-3', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'guessed' } });
    const guessed = await fetch(await getSignedUrl(forger, command, { expiresIn: 60 }));
    expect(guessed.status).toBe(403);
    expect(await guessed.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const shortLived = await getSignedUrl(s3, command, { expiresIn: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    const late = await fetch(shortLived);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');
  });

  it('refuses SDK calls signed with the wrong secret, and serves those signed with the right one', async () => {
    const forger = new S3Client({ endpoint: storage.endpoint, region: 'eu-west-3', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'guessed' } });
    try {
      for (const call of [
        () => forger.send(new GetObjectCommand({ Bucket: BUCKET, Key: key })),
        () => forger.send(new ListObjectsV2Command({ Bucket: BUCKET })),
        () => forger.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key })),
      ]) {
        await expect(call()).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
      }
      await expect(forger.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    } finally {
      forger.destroy();
    }
    expect((await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentLength).toBe(22);
    expect(await keys()).toContain(key);
  });
});

describe('signed requests with unusual keys and queries', () => {
  it('are verified as the SDK signs them: spaces, plus signs, reserved characters in keys and queries', async () => {
    // (The product's own keys are plain ASCII: storagePath() replaces everything else.)
    const keys = ['u8/s8/a b+c.pdf', 'u8/s8/(1) [final]!*~.pdf', "u8/s8/l'an 2000 & co=ok;.pdf"];
    for (const key of keys) {
      await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: key, ContentType: 'application/pdf' }));
      const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: 'bytes=0-3' }));
      expect(await read.Body!.transformToString(), key).toBe(key.slice(0, 4));
      const presigned = await fetch(await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 60 }));
      expect(presigned.status, key).toBe(200);
      expect(await presigned.text()).toBe(key);
    }
    // Query values with reserved characters are signed too. (s3rver's continuation tokens use DES,
    // which this Node's OpenSSL no longer offers, so lists are read in one page here.)
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'u8/s8/', StartAfter: 'u8/s8/(1) [final]!*~.pdf' }));
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual([keys[0], keys[2]].sort());
    const plus = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'u8/s8/a b+' }));
    expect(plus.Contents?.map((o) => o.Key)).toEqual([keys[0]]);
    for (const key of keys) await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    expect((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'u8/' }))).KeyCount).toBe(0);
  });
});

describe('temporary files of uploads that never completed', () => {
  const incomingFiles = async (dir: string) => (await readdir(dir, { recursive: true })).filter((f) => /\.incoming-/.test(String(f)));

  it('are removed when the storage starts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'revise-storage-'));
    const leftover = path.join(dir, BUCKET, 'u1', 's1', `cut.pdf._S3rver_object.incoming-${'ab12'.repeat(3)}`);
    await mkdir(path.dirname(leftover), { recursive: true });
    await writeFile(leftover, Buffer.alloc(1024 * 1024));
    const other = await startStorage({ directory: dir, bucket: BUCKET, origins: [ORIGIN], region: 'eu-west-3', credentials, warn: () => undefined });
    try {
      expect(await incomingFiles(dir)).toEqual([]);
      await expect(stat(leftover)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are removed when a client goes away in the middle of a large upload', async () => {
    await postCutShort(await presign('u1/s1/gone.pdf', 60, {}, 32 * 1024 * 1024), 24 * 1024 * 1024, () => 12 * 1024 * 1024, 200);
    await expect.poll(() => incomingFiles(directory), { timeout: 5_000 }).toEqual([]);
    expect(await keys()).not.toContain('u1/s1/gone.pdf');
    expect(events).toHaveLength(0);
  });
});
