// Upload benchmark, part of `npm run bench`: a 95 MiB PDF through the product's own path (presign
// → POST straight to storage → completion check) on the laptop host, beside the same bytes POSTed
// to a loopback server that only discards them (the reference: what the machine's loopback and
// HTTP stack allow). The client runs in a child process, so the RSS growth printed is the host's.
// Targets: ≥ 100 MB/s, ≤ 64 MB RSS growth.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, newUser, startTestHost } from '../support/host.js';
import { createSubject, postToStorage } from '../support/uploads.js';

const SIZE_MB = 95;
const here = fileURLToPath(import.meta.url);

async function bigPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Annexes du cours : données brutes', { x: 50, y: 780, size: 14, font });
  // Random bytes do not compress, so the file really weighs what it says.
  const payload = randomBytes(SIZE_MB * 2 ** 20);
  await doc.attach(payload, 'donnees.bin', { mimeType: 'application/octet-stream' });
  return doc.save({ useObjectStreams: false });
}

/** Child: uploads once through the product and once to the reference sink; prints JSON. */
async function client(): Promise<void> {
  const { HOST_URL, TOKEN, SUBJECT, SINK } = process.env as Record<string, string>;
  const host = { url: HOST_URL } as Parameters<typeof api>[0];
  const bytes = await bigPdf();
  const t0 = performance.now();
  const sink = await fetch(SINK, { method: 'POST', body: bytes });
  await sink.arrayBuffer();
  const referenceMs = performance.now() - t0;

  const t1 = performance.now();
  const start = await api(host, `/api/subjects/${SUBJECT}/uploads`, {
    token: TOKEN,
    method: 'POST',
    body: { file_name: 'annexes.pdf', size: bytes.byteLength, content_type: 'application/pdf' },
  });
  if (start.status !== 201) throw new Error(`upload refused: ${JSON.stringify(start.body)}`);
  const t2 = performance.now();
  const stored = await postToStorage(start.body.upload, bytes, 'annexes.pdf');
  const t3 = performance.now();
  const complete = await api(host, `/api/subjects/${SUBJECT}/files/${start.body.file.id}/complete`, { token: TOKEN, method: 'POST' });
  const productMs = performance.now() - t1;
  console.error(
    `client: pdf ${bytes.byteLength} B, reference ${referenceMs.toFixed(0)} ms, product ${productMs.toFixed(0)} ms ` +
      `(presign ${(t2 - t1).toFixed(0)} ms, POST ${(t3 - t2).toFixed(0)} ms, completion ${(performance.now() - t3).toFixed(0)} ms)`,
  );
  console.log(JSON.stringify({ bytes: bytes.byteLength, referenceMs, productMs, stored, completed: complete.status }));
}

export async function benchUpload(): Promise<void> {
  console.log(`== Upload of a ${SIZE_MB} MiB PDF through the product's path`);
  const host = await startTestHost();
  const sink = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  try {
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Bench');
    let peak = process.memoryUsage().rss;
    const before = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const child = spawn(process.execPath, ['--import', 'tsx', here, 'client'], {
      env: { ...process.env, HOST_URL: host.url, TOKEN: user.accessToken, SUBJECT: subject.id, SINK: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise((r) => child.on('close', r));
    clearInterval(sampler);
    const report = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { bytes: number; referenceMs: number; productMs: number; stored: number; completed: number };
    const mb = report.bytes / 1e6;
    const product = mb / (report.productMs / 1000);
    const reference = mb / (report.referenceMs / 1000);
    console.log(`  product path (presign + POST to storage + completion): ${product.toFixed(0)} MB/s (storage answered ${report.stored}, completion ${report.completed})`);
    console.log(`  reference (same bytes POSTed to a loopback sink):      ${reference.toFixed(0)} MB/s`);
    console.log(`  ratio product / reference: ${((product / reference) * 100).toFixed(0)} %   target ≥ 100 MB/s: ${product >= 100 ? 'met' : 'missed'}`);
    const growth = (peak - before) / 2 ** 20;
    console.log(`  laptop host RSS growth during the upload: ${growth.toFixed(1)} MiB   target ≤ 64 MiB: ${growth <= 64 ? 'met' : 'missed'}`);
  } finally {
    sink.close();
    await host.stop();
  }
}

if (process.argv[2] === 'client') await client();
