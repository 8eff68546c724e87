// Writes a student's whole account as one zip in the uploads bucket, streamed end to end: every
// record is read from its table and written as JSON (core/data-export.ts names the files and
// writes the README), every PDF and podcast MP3 is read from storage chunk by chunk into the zip
// (stored, not compressed again), and the zip's bytes go to storage as a multipart upload, part
// by part. What is held in memory at any moment is at most two parts being sent (8 MiB each), the
// chunks of the next and one table's records (never a file's bytes, never the archive), whatever
// the size of the account. A failed run aborts its multipart upload: no partial zip is left.
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, ListObjectsV2Command, UploadPartCommand } from '@aws-sdk/client-s3';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Readable } from 'node:stream';
import { EXPORT_JSON_FILES, exportDay, exportReadme, readableItem, safeZipName, uniquePaths, unitsOfBytes, type ExportJsonFile, type ExportProgress } from '../core/data-export.js';
import type { Lang } from '../core/errors.js';
import { db, storage } from './clients.js';
import { config } from './config.js';
import { loadSubjectPlan } from './study-plan.js';

/** One multipart part: S3 takes at least 5 MiB for every part but the last. */
export const EXPORT_PART_BYTES = 8 * 1024 * 1024;
/** fflate writes no ZIP64: an archive stays under 4 GiB (a margin left for the records and headers). */
export const EXPORT_MAX_STORED_BYTES = 4 * 1024 ** 3 - 256 * 1024 ** 2;

type Item = Record<string, unknown>;

/** Parts being sent at once: reading the next part overlaps sending the last. */
export const EXPORT_PARTS_IN_FLIGHT = 2;

/**
 * The zip's bytes to storage as a multipart upload. `drain` hands each full part to storage and
 * returns once at most EXPORT_PARTS_IN_FLIGHT are being sent (the writer waits on it:
 * back-pressure), so what is held is those parts and the chunks of the next.
 */
class MultipartSink {
  private chunks: Uint8Array[] = [];
  private pending = 0;
  private readonly parts: { ETag: string; PartNumber: number }[] = [];
  private readonly sending = new Set<Promise<void>>();
  private nextPart = 1;
  private uploadId: string | undefined;
  private failure: Error | undefined;
  size = 0;

  constructor(
    private readonly bucket: string,
    private readonly key: string,
  ) {}

  /** fflate's `ondata`: synchronous, so the chunk is only kept; `drain` sends it. */
  readonly accept = (err: Error | null, chunk: Uint8Array): void => {
    if (err) {
      this.failure = err;
      return;
    }
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.pending += chunk.length;
    this.size += chunk.length;
  };

  async start(): Promise<void> {
    const out = await storage().send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, ContentType: 'application/zip' }));
    this.uploadId = out.UploadId;
  }

  async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.pending >= EXPORT_PART_BYTES) {
      while (this.sending.size >= EXPORT_PARTS_IN_FLIGHT) await Promise.race(this.sending);
      this.sendPart(EXPORT_PART_BYTES);
    }
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<void> {
    await this.drain();
    if (this.pending > 0 || this.nextPart === 1) this.sendPart(this.pending);
    await Promise.all(this.sending);
    if (this.failure) throw this.failure;
    const parts = [...this.parts].sort((a, b) => a.PartNumber - b.PartNumber);
    await storage().send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: parts } }));
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.sending);
    if (!this.uploadId) return;
    await storage().send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }));
  }

  /** Takes the next `bytes` of the pending chunks as one part and starts sending it. */
  private sendPart(bytes: number): void {
    const body = Buffer.allocUnsafe(bytes);
    let filled = 0;
    while (filled < bytes) {
      const head = this.chunks[0];
      const take = Math.min(head.length, bytes - filled);
      body.set(head.subarray(0, take), filled);
      filled += take;
      if (take === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(take);
    }
    this.pending -= bytes;
    const PartNumber = this.nextPart++;
    const sent: Promise<void> = storage()
      .send(new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: bytes }))
      .then(
        (out) => {
          this.parts.push({ ETag: out.ETag ?? '', PartNumber });
        },
        (err: unknown) => {
          this.failure ??= err instanceof Error ? err : new Error(String(err));
        },
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}

/** Every item a query matches, a page at a time. */
async function* queryPages(input: QueryCommandInput): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield (out.Items as Item[] | undefined) ?? [];
    start = out.LastEvaluatedKey;
  } while (start);
}

async function queryAllItems(input: QueryCommandInput): Promise<Item[]> {
  const all: Item[] = [];
  for await (const page of queryPages(input)) all.push(...page);
  return all;
}

const partition = (table: keyof ReturnType<typeof config>['tableNames'], key: string, value: string, index?: string): QueryCommandInput => ({
  TableName: config().tableNames[table],
  IndexName: index,
  KeyConditionExpression: '#k = :v',
  ExpressionAttributeNames: { '#k': key },
  ExpressionAttributeValues: { ':v': value },
});

interface StoredObject {
  key: string;
  size: number;
}

async function listObjects(prefix: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: prefix, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** What the profile item holds about the plan and payments (the rest is the profile itself). */
const PAYMENT_FIELD = /^(is_subscribed|subscription_|trial_|promo_|stripe_|provider_|cancel_at_period_end|payment_method_|referral_reward)/;

export interface ExportOutcome {
  size: number;
  progress: ExportProgress;
}

/**
 * What the archive will hold, read first: the records that name the stored files (each given its
 * path in the archive), and the stored files with their sizes.
 */
async function planArchive(userId: string, paths: ReturnType<typeof uniquePaths>) {
  const [profileItem] = await queryAllItems(partition('profiles', 'user_id', userId));
  const subjects = (await queryAllItems(partition('subjects', 'user_id', userId))).filter((s) => typeof s.id === 'string' && !String(s.id).startsWith('#'));
  const files = await queryAllItems(partition('files', 'user_id', userId));
  const podcasts = await queryAllItems(partition('podcasts', 'user_id', userId));
  const objects = new Map((await listObjects(`${userId}/`)).map((o) => [o.key, o.size]));
  const subjectName = new Map(subjects.map((s) => [String(s.id), safeZipName(String(s.name ?? ''), String(s.id))]));

  const storedFiles: { key: string; path: string; size: number }[] = [];
  const fileRows = files.map((f) => {
    const { text_content: _text, ...rest } = f;
    const key = typeof f.storage_path === 'string' ? f.storage_path : '';
    const size = objects.get(key);
    let zipPath: string | null = null;
    if (size !== undefined && f.status !== 'uploading') {
      const folder = subjectName.get(String(f.subject_id)) ?? safeZipName(String(f.subject_id), 'subject');
      const base = safeZipName(String(f.display_name ?? f.name ?? ''), String(f.id)).replace(/\.pdf$/i, '');
      zipPath = paths(`files/${folder}/${base}.pdf`);
      storedFiles.push({ key, path: zipPath, size });
    }
    return { ...readableItem(rest), path_in_archive: zipPath };
  });
  const podcastRows = podcasts.map((p) => {
    const prefix = `${userId}/podcasts/${String(p.id ?? p.sk)}/`;
    const audio = [...objects].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => a.localeCompare(b));
    const audioPaths = audio.map(([key, size]) => {
      const path = paths(`podcasts/${safeZipName(String(p.id ?? p.sk), 'podcast')}/${key.slice(prefix.length)}`);
      storedFiles.push({ key, path, size });
      return path;
    });
    return { ...readableItem(p), audio_in_archive: audioPaths };
  });
  return { profileItem, subjects, fileRows, podcastRows, storedFiles };
}

/**
 * Writes the account of `userId` to `key` as a zip. `onProgress` is called as work units are done
 * (a JSON file is one, a stored file one per MiB); it may be slow (it writes the record), so it is
 * awaited between entries, never during a chunk.
 */
export async function writeStudentExport(
  opts: { userId: string; key: string; lang: Lang; now: Date },
  onProgress: (p: ExportProgress) => Promise<void>,
): Promise<ExportOutcome> {
  const { userId, lang, now } = opts;
  const bucket = config().UPLOADS_BUCKET;
  const sink = new MultipartSink(bucket, opts.key);
  const zip = new Zip(sink.accept);
  const encoder = new TextEncoder();
  const paths = uniquePaths();

  const { profileItem, subjects, fileRows, podcastRows, storedFiles } = await planArchive(userId, paths);
  const storedBytes = storedFiles.reduce((sum, f) => sum + f.size, 0);
  if (storedBytes > EXPORT_MAX_STORED_BYTES) throw new Error('export_too_large');

  const progress: ExportProgress = { done: 0, total: 1 + EXPORT_JSON_FILES.length + storedFiles.reduce((sum, f) => sum + unitsOfBytes(f.size), 0) };
  let reported = 0;
  const advance = async (units: number) => {
    progress.done += units;
    // A write at most every second: the page polls, the table is not a log.
    if (Date.now() - reported >= 1000) {
      reported = Date.now();
      await onProgress({ ...progress });
    }
  };

  /** A JSON file, written in pieces of about 64 KiB as the values come. */
  const writeJson = async (name: ExportJsonFile | 'README.txt', value: unknown | AsyncIterable<unknown>, asText = false) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    if (asText) {
      entry.push(encoder.encode(String(value)), true);
    } else if (value && typeof value === 'object' && Symbol.asyncIterator in value) {
      let piece = '[';
      let first = true;
      for await (const item of value as AsyncIterable<unknown>) {
        piece += `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
        first = false;
        if (piece.length >= 65_536) {
          entry.push(encoder.encode(piece));
          piece = '';
          await sink.drain();
        }
      }
      entry.push(encoder.encode(`${piece}${first ? ']' : '\n]'}\n`), true);
    } else {
      entry.push(encoder.encode(`${JSON.stringify(value, null, 2)}\n`), true);
    }
    await sink.drain();
    await advance(1);
  };

  await sink.start();
  try {
    await writeJson('README.txt', exportReadme(lang, now), true);

    const profile: Item = {};
    const payments: Item = {};
    for (const [k, v] of Object.entries(profileItem ?? {})) {
      if (k === 'user_id') continue;
      (PAYMENT_FIELD.test(k) ? payments : profile)[k] = v instanceof Set ? [...(v as Set<unknown>)] : v;
    }
    await writeJson('profile.json', { user_id: userId, ...profile });
    await writeJson('payments.json', payments);
    await writeJson('usage.json', (await queryAllItems(partition('usage', 'user_id', userId))).map(readableItem));
    const [made, received] = await Promise.all([
      queryAllItems(partition('referrals', 'referrer_user_id', userId)),
      queryAllItems(partition('referrals', 'referred_user_id', userId, 'by-referred-user')),
    ]);
    await writeJson('referrals.json', { referred_by_you: made.map((r) => ({ ...r })), referred_you: received.map((r) => ({ status: r.status, created_at: r.created_at })) });
    await writeJson('subjects.json', subjects.map(readableItem));
    await writeJson('files.json', fileRows);
    // Pages: the biggest records, written a query page at a time.
    async function* pages(): AsyncGenerator<unknown> {
      for (const s of subjects) {
        for await (const page of queryPages(partition('pages', 'owner', `${userId}#${String(s.id)}`))) {
          for (const item of page) yield { subject_id: s.id, ...readableItem(item) };
        }
      }
    }
    await writeJson('pages.json', pages());
    await writeJson('conversations.json', (await queryAllItems(partition('conversations', 'user_id', userId))).map(readableItem));
    await writeJson('sheets.json', (await queryAllItems(partition('sheets', 'user_id', userId))).map(readableItem));
    // A session's questions prepared but not yet asked (`waiting_json`) are not the student's: they stay out.
    await writeJson('quizzes.json', (await queryAllItems(partition('quizSessions', 'user_id', userId))).map(({ waiting_json: _unasked, ...rest }) => readableItem(rest)));
    await writeJson('cards.json', (await queryAllItems(partition('cards', 'user_id', userId))).map(readableItem));

    const progressItems = await queryAllItems(partition('progress', 'user_id', userId));
    const bySk = (prefix: string) => progressItems.filter((i) => String(i.sk).startsWith(prefix)).map(readableItem);
    const history = bySk('hist#');
    await writeJson('reviews.json', history.filter((h) => h.kind === 'review'));
    await writeJson('podcasts.json', podcastRows);
    const today = exportDay(now);
    const plans = [];
    for (const s of subjects) {
      const plan = await loadSubjectPlan(userId, String(s.id), today).catch(() => null);
      plans.push({ subject_id: s.id, subject: s.name, exam: plan?.exam ?? null, weekly_hours: plan?.weeklyHours ?? null, plan: plan?.plan ?? null });
    }
    await writeJson('plans.json', { subjects: plans, reminder_days: bySk('remind#') });
    await writeJson('tasks.json', bySk('todo#'));
    await writeJson('goals.json', progressItems.filter((i) => i.sk === 'goals').map(readableItem)[0] ?? null);
    await writeJson('statistics.json', {
      study_days: bySk('day#'),
      quiz_answers: history.filter((h) => h.kind === 'quiz'),
      monthly_by_subject: bySk('roll#'),
      monthly_account: bySk('rollall#'),
      reminders_sent: bySk('reminder#'),
    });
    const exams = (await queryAllItems(partition('exams', 'user_id', userId))).map(readableItem);
    await writeJson('exams.json', exams.filter((e) => e.kind === 'exam'));
    await writeJson('cases.json', exams.filter((e) => e.kind === 'case'));

    // The stored files themselves, chunk by chunk: each chunk goes on to storage before the next is read.
    for (const f of storedFiles) {
      const entry = new ZipPassThrough(f.path);
      entry.mtime = now;
      zip.add(entry);
      const out = await storage().send(new GetObjectCommand({ Bucket: bucket, Key: f.key }));
      for await (const chunk of out.Body as Readable) {
        entry.push(chunk as Uint8Array);
        await sink.drain();
      }
      entry.push(new Uint8Array(0), true);
      await sink.drain();
      await advance(unitsOfBytes(f.size));
    }
    zip.end();
    await sink.finish();
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
  return { size: sink.size, progress: { done: progress.total, total: progress.total } };
}
