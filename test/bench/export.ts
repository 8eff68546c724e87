// Data export benchmark, part of `npm run bench` (`npm run bench export`): the whole account of a
// student with 5 subjects × 3 large course files (synthetic PDFs of BENCH_EXPORT_MB MiB each: 20
// by default so that the run stays short, 100 for the 1.5 GB; written to a temporary file,
// never committed, and stored through the laptop host's storage) exported through the product's path (POST
// /api/exports, the job run by the host's Lambda stand-in, the zip streamed to a multipart upload),
// beside a reference measured in the same run: the same 15 objects read through the same storage
// client and thrown away, which is what streaming them costs at the least. Printed: the peak RSS
// and heap (and buffers) above the level before each, sampled every 25 ms in this process (the
// host runs in it), the time and throughput of each, and the archive's size against the stored
// bytes (what holding them would cost). No assertion: the tests check behaviour, this prints figures.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { api, newUser, startTestHost } from '../support/host.js';
import { createSubject } from '../support/uploads.js';

const SUBJECTS = 5;
const FILES_PER_SUBJECT = 3;
const SIZE_MB = Number(process.env.BENCH_EXPORT_MB) || 20;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Peak {
  rss: number;
  heap: number;
  buffers: number;
  ms: number;
}

/** Runs `work` while sampling memory; the peaks above the level measured right before it. */
async function measure(work: () => Promise<unknown>): Promise<Peak> {
  gc();
  const base = process.memoryUsage();
  const peak = { rss: 0, heap: 0, buffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss - base.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed - base.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers - base.arrayBuffers);
  };
  const timer = setInterval(sample, 25);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { ...peak, ms: performance.now() - t0 };
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** A PDF-looking file of `mb` MiB of incompressible bytes, written a MiB at a time. */
async function syntheticPdf(dir: string, mb: number): Promise<string> {
  const file = path.join(dir, 'course.pdf');
  const handle = await open(file, 'w');
  await handle.write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  for (let i = 0; i < mb; i++) await handle.write(randomBytes(1024 * 1024));
  await handle.write(Buffer.from('\n%%EOF\n'));
  await handle.close();
  return file;
}

export async function benchExport(): Promise<void> {
  console.log(`export: ${SUBJECTS} subjects × ${FILES_PER_SUBJECT} files of ${SIZE_MB} MiB (BENCH_EXPORT_MB), laptop host in this process`);
  const dir = await mkdtemp(path.join(tmpdir(), 'revise-bench-export-'));
  const host = await startTestHost();
  try {
    const pdf = await syntheticPdf(dir, SIZE_MB);
    const { size } = await stat(pdf);
    const user = await newUser(host);
    const bucket = config().UPLOADS_BUCKET;
    const keys: string[] = [];
    const now = new Date().toISOString();
    for (let s = 0; s < SUBJECTS; s++) {
      const subject = await createSubject(host, user.accessToken, `Matière ${s + 1}`);
      for (let f = 0; f < FILES_PER_SUBJECT; f++) {
        const id = `${Date.now()}-bench${s}${f}`;
        const key = `${user.sub}/${subject.id}/${id}-cours-${f + 1}.pdf`;
        await db().send(
          new PutCommand({
            TableName: config().tableNames.files,
            Item: { user_id: user.sub, sk: `${subject.id}#${id}`, id, subject_id: subject.id, name: `cours-${f + 1}.pdf`, display_name: `Cours ${f + 1}`, storage_path: key, size, content_type: 'application/pdf', status: 'ready', page_count: 1, created_at: now, updated_at: now },
          }),
        );
        // The record first (ready): the storage event then finds it and reads nothing.
        await storage().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(pdf), ContentLength: size, ContentType: 'application/pdf' }));
        keys.push(key);
      }
    }
    const stored = keys.length * size;
    console.log(`  stored: ${keys.length} files, ${mib(stored)}`);

    // Reference: the same objects read through the same client, each chunk thrown away.
    const reference = await measure(async () => {
      for (const key of keys) {
        const out = await storage().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        for await (const chunk of out.Body as Readable) void chunk;
      }
    });
    // The product: the export through the API and the job.
    let zipSize = 0;
    const product = await measure(async () => {
      const started = await api(host, '/api/exports', { token: user.accessToken, method: 'POST', body: {} });
      if (started.status !== 202) throw new Error(`Export not started: ${started.status} ${JSON.stringify(started.body)}`);
      await host.jobs.idle();
      const done = await api(host, `/api/exports/${started.body.id}`, { token: user.accessToken });
      if (done.body.status !== 'ready') throw new Error(`Export ended ${done.body.status}`);
      zipSize = done.body.size;
    });
    const row = (name: string, p: Peak) =>
      console.log(
        `  ${name.padEnd(34)} peak RSS +${mib(p.rss).padStart(10)}  heap +${mib(p.heap).padStart(10)}  buffers +${mib(p.buffers).padStart(10)}  ${(p.ms / 1000).toFixed(1)} s  ${((stored / 1024 / 1024) / (p.ms / 1000)).toFixed(0)} MiB/s`,
      );
    row('reference (read and discard)', reference);
    row('export (zip streamed to storage)', product);
    console.log(`  archive: ${mib(zipSize)} for ${mib(stored)} stored (${((zipSize / stored) * 100).toFixed(1)} %)`);
    console.log(
      `  ratios: export / reference RSS ×${(product.rss / Math.max(reference.rss, 1)).toFixed(2)}, time ×${(product.ms / reference.ms).toFixed(2)}; export peak RSS / stored bytes ${((product.rss / stored) * 100).toFixed(1)} %`,
    );
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
