// Upload benchmark, part of `npm run bench`: a 95 MiB PDF through the product's own path (presign
// → POST straight to storage → completion check) on the laptop host, beside a reference: the very
// same form bytes POSTed to a loopback server in the host's process that only discards them (what
// the machine's loopback and HTTP stack allow). Both sides get the same body, encoded once by the
// client beforehand, so the ratio compares servers, not client encodings; the encoding's time is
// printed apart and counted on neither side.
//
// The client runs in a child process, so the RSS growth printed is the host's. A small upload to
// each side warms both up first (connections, code loaded on first use); then each side is
// measured RUNS times, alternately, and the best and the median are printed. Between runs the
// host's extraction of the uploaded file is left to finish, so that no run meets the previous
// one's work. Each upload gets its own file record (the bench student is Premium: no cap).
// Targets, judged on the median: ≥ 100 MB/s for the whole path, ≤ 64 MiB RSS growth of the host.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { largeAttachmentPdf } from '../support/fixtures.js';
import { api, newUser, startTestHost } from '../support/host.js';
import { createSubject, encodeUploadForm, postEncoded, textPdf, waitForFinal } from '../support/uploads.js';

const SIZE_MB = 95;
const RUNS = 3;
const here = fileURLToPath(import.meta.url);

/** One upload through the product's path, as timed by the client. */
interface ProductRun {
  presignMs: number;
  postMs: number;
  completionMs: number;
  /** presign + POST + completion. */
  totalMs: number;
  /** Building the form's bytes, between presign and POST: counted on neither side. */
  encodeMs: number;
  stored: number;
  completed: number;
}

/** Child → host messages; the host answers each `begin`/`end` once it has noted its memory. */
type ChildMessage =
  | { type: 'begin' }
  | { type: 'end' }
  | { type: 'report'; bytes: number; product: ProductRun[]; referenceMs: number[]; warmUp: { product: ProductRun; referenceMs: number } };

/** Child: the warm-up, then RUNS × (upload through the product, the same bytes to the sink). */
async function client(): Promise<void> {
  const { HOST_URL, TOKEN, SUBJECT, SINK } = process.env as Record<string, string>;
  const host = { url: HOST_URL } as Parameters<typeof waitForFinal>[0];
  const tell = (message: ChildMessage) =>
    new Promise<void>((resolve) => {
      process.once('message', () => resolve());
      process.send?.(message);
    });

  async function throughProduct(bytes: Uint8Array, fileName: string, measured: boolean): Promise<{ run: ProductRun; form: { contentType: string; body: Uint8Array } }> {
    if (measured) await tell({ type: 'begin' });
    const t0 = performance.now();
    const start = await api(host, `/api/subjects/${SUBJECT}/uploads`, {
      token: TOKEN,
      method: 'POST',
      body: { file_name: fileName, size: bytes.byteLength, content_type: 'application/pdf' },
    });
    if (start.status !== 201) throw new Error(`upload refused: ${start.status} ${JSON.stringify(start.body)}`);
    const t1 = performance.now();
    const form = await encodeUploadForm(start.body.upload, bytes, fileName);
    const t2 = performance.now();
    const stored = await postEncoded(start.body.upload.url, form);
    const t3 = performance.now();
    const complete = await api(host, `/api/subjects/${SUBJECT}/files/${start.body.file.id}/complete`, { token: TOKEN, method: 'POST' });
    const t4 = performance.now();
    if (measured) await tell({ type: 'end' });
    // The host extracts the file now; the next measurement waits until it is done.
    await waitForFinal(host, TOKEN, SUBJECT, start.body.file.id, 300_000);
    const [presignMs, encodeMs, postMs, completionMs] = [t1 - t0, t2 - t1, t3 - t2, t4 - t3];
    return { run: { presignMs, postMs, completionMs, totalMs: presignMs + postMs + completionMs, encodeMs, stored: stored.status, completed: complete.status }, form };
  }

  async function toReference(form: { contentType: string; body: Uint8Array }): Promise<number> {
    const t0 = performance.now();
    const answer = await postEncoded(SINK, form);
    if (answer.status !== 200) throw new Error(`the reference sink answered ${answer.status}`);
    return performance.now() - t0;
  }

  const small = await textPdf(['Échauffement']);
  const warm = await throughProduct(small, 'echauffement.pdf', false);
  const warmUp = { product: warm.run, referenceMs: await toReference(warm.form) };

  const bytes = await largeAttachmentPdf(SIZE_MB);
  const product: ProductRun[] = [];
  const referenceMs: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const { run, form } = await throughProduct(bytes, `annexes-${i}.pdf`, true);
    product.push(run);
    referenceMs.push(await toReference(form));
  }
  await tell({ type: 'report', bytes: bytes.byteLength, product, referenceMs, warmUp });
  process.disconnect();
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (v: number): string => `${v.toFixed(0)} ms`;

export async function benchUpload(): Promise<void> {
  console.log(`== Upload of a ${SIZE_MB} MiB PDF through the product's path (${RUNS} runs per side after a small warm-up upload)`);
  const host = await startTestHost();
  const sink = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  try {
    const user = await newUser(host);
    const { updateProfileFields } = await import('../../functions/platform/store/profiles.js');
    await updateProfileFields(user.sub, { is_subscribed: true, subscription_status: 'active' }, new Date());
    const subject = await createSubject(host, user.accessToken, 'Bench');

    // The host's RSS, sampled while an upload is measured: growth = peak − value at its start.
    const growth: number[] = [];
    let base = 0;
    let peak = 0;
    let sampling = false;
    const sampler = setInterval(() => {
      if (sampling) peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    let report: Extract<ChildMessage, { type: 'report' }> | undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', here, 'client'], {
      env: { ...process.env, HOST_URL: host.url, TOKEN: user.accessToken, SUBJECT: subject.id, SINK: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'begin') {
        base = peak = process.memoryUsage.rss();
        sampling = true;
      } else if (message.type === 'end') {
        sampling = false;
        growth.push(Math.max(peak, process.memoryUsage.rss()) - base);
      } else {
        report = message;
      }
      if (child.connected) child.send('ok');
    });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    clearInterval(sampler);
    if (!report) {
      console.log(`  the client stopped (exit code ${code}) before reporting: no figures`);
      return;
    }

    const mb = report.bytes / 1e6;
    const rate = (milliseconds: number) => mb / (milliseconds / 1000);
    report.product.forEach((run, i) =>
      console.log(
        `  run ${i + 1}: product ${ms(run.totalMs)} = presign ${ms(run.presignMs)} + POST ${ms(run.postMs)} + completion ${ms(run.completionMs)}` +
          ` (storage ${run.stored}, completion ${run.completed}); reference ${ms(report!.referenceMs[i])}; host RSS +${(growth[i] / 2 ** 20).toFixed(1)} MiB`,
      ),
    );
    const totals = report.product.map((r) => r.totalMs);
    const product = { best: rate(Math.min(...totals)), median: rate(median(totals)) };
    const reference = { best: rate(Math.min(...report.referenceMs)), median: rate(median(report.referenceMs)) };
    const phase = (pick: (r: ProductRun) => number) => ms(median(report!.product.map(pick)));
    console.log(`  product path (presign + POST to storage + completion): best ${product.best.toFixed(0)} MB/s, median ${product.median.toFixed(0)} MB/s`);
    console.log(`    median phases: presign ${phase((r) => r.presignMs)}, POST ${phase((r) => r.postMs)}, completion ${phase((r) => r.completionMs)}`);
    console.log(`  reference (the same form bytes POSTed to a loopback sink):  best ${reference.best.toFixed(0)} MB/s, median ${reference.median.toFixed(0)} MB/s`);
    console.log(
      `  ratio product / reference: ${((product.median / reference.median) * 100).toFixed(0)} % (medians), ${((product.best / reference.best) * 100).toFixed(0)} % (bests)` +
        `   target ≥ 100 MB/s (median): ${product.median >= 100 ? 'met' : 'missed'}`,
    );
    console.log(
      `  warm-up (small file, not counted): product ${ms(report.warmUp.product.totalMs)} (presign ${ms(report.warmUp.product.presignMs)}, completion ${ms(report.warmUp.product.completionMs)}), reference ${ms(report.warmUp.referenceMs)};` +
        ` the client's form encoding, on neither side: median ${phase((r) => r.encodeMs)}`,
    );
    const worst = Math.max(...growth) / 2 ** 20;
    console.log(`  laptop host RSS growth during an upload: at most ${worst.toFixed(1)} MiB   target ≤ 64 MiB: ${worst <= 64 ? 'met' : 'missed'}`);
  } finally {
    sink.close();
    await host.stop();
  }
}

if (process.argv[2] === 'client') await client();
