// Podcasts in DynamoDB and their audio in the uploads bucket. One item per podcast, `{user_id,
// sk: podcast id}` (ids sort by time): the student's choices, the status the pipeline moves on
// (scripting → synthesising → ready | failed, each change conditional on the one it leaves), the
// script as JSON (with `short_course` when the course held too little for the chosen length), and
// the measured seconds of each synthesised segment in a map that each segment's task fills with
// its own conditional update (so parallel segments never overwrite each other). Audio: `{user}/podcasts/{podcast}/{segment:3}.mp3` and `episode.mp3`, under the
// student's prefix, so account deletion removes it with the rest of their objects.
//
// A draft (not saved) expires 24 h after it was created: readers hide it from then on, and the
// daily sweep (functions/pipelines/podcast-draft-sweep.ts) removes its audio and then its record,
// finding it through the sparse index `by-draft-end` (`draft_open`, `draft_until`: on drafts only,
// removed on save); listing the student's podcasts removes the expired drafts it meets the same
// way. Either claims the draft first with an update conditional on it being unsaved and past its
// end, and saving is conditional on no claim: a save and a sweep racing, one wins, and a saved
// podcast never loses its audio. The record's `expires_at` is DynamoDB's TTL in the cloud, a week
// after the end: only a backstop, as the sweep sees the record first.
//
// A podcast not yet ready or failed also carries its run: `run` (how many the pipeline started),
// `run_started` and `run_open = 'open'`, the keys of the sparse index `by-open-run` (removed when it
// becomes ready or failed), through which the recovery sweep (functions/pipelines/
// podcast-recovery.ts) finds runs that died without finishing. Ending one as failed (failPodcast,
// also the pipeline's MarkFailed) gives its `podcast_generation` unit back once and removes its
// audio; so does removing a podcast whose run is over unfinished (deleted, swept as an expired
// draft, its subject deleted), while removing one whose run still goes does not (the student
// stopped work that was being done).
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import { DRAFT_TTL_SECONDS, TITLE_MAX } from '../../core/limits.js';
import { truncate } from '../../core/text.js';
import type { PodcastSegment, PodcastView } from '../../core/views.js';
import type { PodcastLine } from '../../core/artefacts.js';
import { db, storage } from '../clients.js';
import { config } from '../config.js';
import { logger } from '../logger.js';
import { podcastRunOver } from '../podcast-pipeline.js';
import { refund } from '../usage.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

/** The record: the view's fields (the expiry as epoch seconds instead), the script and what the pipeline needs. */
export interface PodcastItem extends Omit<PodcastView, 'expires_at' | 'segments'> {
  user_id: string;
  sk: string;
  /** Epoch seconds: when an unsaved podcast stops being shown. */
  draft_until?: number;
  /** DynamoDB's TTL (epoch seconds), a week after `draft_until`; absent once saved. */
  expires_at?: number;
  /** `open` while unsaved: with `draft_until`, the key of the sparse index `by-draft-end`. */
  draft_open?: 'open';
  /** Epoch seconds: when a sweep claimed the expired draft for removal (it can no longer be saved). */
  swept_at?: number;
  speakers: [string, string];
  /** The script's lines, once written. */
  script_json?: string;
  /** Measured seconds of each synthesised segment, by index. */
  segment_seconds: Record<string, number>;
  /** The usage month the podcast's unit was taken from (given back if it fails). */
  usage_month: string;
  /** Runs of the pipeline started for it (1, then 2 once resumed). */
  run?: number;
  /** Epoch seconds: when the current run was started. */
  run_started?: number;
  /** `open` until ready or failed: with `run_started`, the key of the sparse index `by-open-run`. */
  run_open?: 'open';
}

const isUnfinished = (item: Pick<PodcastItem, 'status'>): boolean => item.status === 'scripting' || item.status === 'synthesising';

const table = () => config().tableNames.podcasts;
const bucket = () => config().UPLOADS_BUCKET;
/** How long DynamoDB keeps an expired draft's record after it stops being shown, for the sweep to remove its audio first. */
const SWEEP_GRACE_SECONDS = 7 * 24 * 3600;

export const audioPrefix = (userId: string, podcastId: string): string => `${userId}/podcasts/${podcastId}/`;
export const segmentKey = (userId: string, podcastId: string, index: number): string => `${audioPrefix(userId, podcastId)}${String(index).padStart(3, '0')}.mp3`;
export const episodeKey = (userId: string, podcastId: string): string => `${audioPrefix(userId, podcastId)}episode.mp3`;

export function isLivePodcast(item: Pick<PodcastItem, 'saved' | 'draft_until' | 'swept_at'>, now: Date): boolean {
  return item.saved || (item.swept_at === undefined && typeof item.draft_until === 'number' && item.draft_until > now.getTime() / 1000);
}

export function scriptOf(item: Pick<PodcastItem, 'script_json'>): PodcastLine[] {
  return item.script_json ? (JSON.parse(item.script_json) as PodcastLine[]) : [];
}

/** The view the API returns; `audio` gives each segment's URL when the segments are asked for. */
export function toPodcastView(item: PodcastItem, segments?: { audio: (index: number) => string | null }): PodcastView {
  const view: PodcastView = {
    id: item.id,
    subject_id: item.subject_id,
    file_id: item.file_id ?? null,
    title: item.title,
    language: item.language,
    duration: item.duration,
    style: item.style,
    status: item.status,
    segments_done: item.segments_done,
    segments_total: item.segments_total,
    error: item.error ?? null,
    saved: Boolean(item.saved),
    expires_at: !item.saved && item.draft_until ? new Date(item.draft_until * 1000).toISOString() : null,
    created_at: item.created_at,
    duration_seconds: item.duration_seconds ?? null,
    short_course: Boolean(item.short_course),
    position: item.position ?? null,
  };
  if (segments) {
    view.segments = scriptOf(item).map(
      (line, index): PodcastSegment => ({
        index,
        speaker: line.speaker,
        speaker_name: item.speakers[line.speaker],
        text: line.text,
        citations: line.citations,
        // A failed podcast's audio is gone (removed with its failure).
        audio_url: item.status !== 'failed' && item.segment_seconds[index] !== undefined ? segments.audio(index) : null,
        duration_seconds: item.segment_seconds[index] ?? null,
      }),
    );
  }
  return view;
}

export async function createPodcast(
  fields: Omit<PodcastItem, 'sk' | 'status' | 'segments_total' | 'segments_done' | 'error' | 'saved' | 'draft_until' | 'expires_at' | 'duration_seconds' | 'short_course' | 'position' | 'segment_seconds' | 'run' | 'run_started' | 'run_open'>,
  now: Date,
): Promise<PodcastItem> {
  const draftUntil = Math.floor(now.getTime() / 1000) + DRAFT_TTL_SECONDS;
  const item: PodcastItem = {
    ...fields,
    sk: fields.id,
    title: truncate(fields.title, TITLE_MAX),
    status: 'scripting',
    segments_total: 0,
    segments_done: 0,
    error: null,
    saved: false,
    draft_open: 'open',
    draft_until: draftUntil,
    expires_at: draftUntil + SWEEP_GRACE_SECONDS,
    duration_seconds: null,
    short_course: false,
    position: null,
    segment_seconds: {},
    run: 1,
    run_started: Math.floor(now.getTime() / 1000),
    run_open: 'open',
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  return item;
}

/** The record, live or not (the pipeline's tasks); null when there is none. */
export async function readPodcast(userId: string, podcastId: string): Promise<PodcastItem | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: podcastId }, ConsistentRead: true }));
  return (out.Item as PodcastItem | undefined) ?? null;
}

/** What a segment's task knows of the record: the podcast's status (null: deleted) and this segment's recorded seconds. */
export interface SegmentState {
  status: PodcastItem['status'] | null;
  seconds: number | null;
  /** The segment's line, only when asked for (the Map's index-only items). */
  line?: PodcastLine;
}

/**
 * The least a segment's task reads: the status and this segment's entry of `segment_seconds`,
 * projected (never the script, unless `withLine`: then the script, to find the line).
 */
export async function readSegmentState(userId: string, podcastId: string, index: number, withLine = false): Promise<SegmentState> {
  const out = await db().send(
    new GetCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      ProjectionExpression: `#status, segment_seconds.#i${withLine ? ', script_json' : ''}`,
      ExpressionAttributeNames: { '#status': 'status', '#i': String(index) },
      ConsistentRead: true,
    }),
  );
  const item = out.Item as Pick<PodcastItem, 'status' | 'segment_seconds' | 'script_json'> | undefined;
  if (!item) return { status: null, seconds: null };
  return {
    status: item.status,
    seconds: item.segment_seconds?.[index] ?? null,
    ...(withLine ? { line: scriptOf(item)[index] } : {}),
  };
}

/** What Finalise reads: the record without its script. */
export async function readProgress(userId: string, podcastId: string): Promise<Pick<PodcastItem, 'status' | 'segments_total' | 'segment_seconds' | 'duration_seconds'> | null> {
  const out = await db().send(
    new GetCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      ProjectionExpression: '#status, segments_total, segment_seconds, duration_seconds',
      ExpressionAttributeNames: { '#status': 'status' },
      ConsistentRead: true,
    }),
  );
  const item = out.Item as Pick<PodcastItem, 'status' | 'segments_total' | 'segment_seconds' | 'duration_seconds'> | undefined;
  return item ? { ...item, segment_seconds: item.segment_seconds ?? {} } : null;
}

/** The student's podcast (404 `podcast_not_found` when there is none, or only an expired draft). */
export async function getPodcastOrThrow(userId: string, podcastId: string, now: Date): Promise<PodcastItem> {
  const item = await readPodcast(userId, podcastId);
  if (!item || !isLivePodcast(item, now)) throw new AppError('podcast_not_found');
  return item;
}

/** What a listing reads of each record: the view's fields and what liveness needs, never the script (tens of KB a podcast). */
const LISTED_ATTRIBUTES = [
  'user_id', 'sk', 'id', 'subject_id', 'file_id', 'title', 'language', 'duration', 'style', 'status', 'segments_done', 'segments_total',
  'error', 'saved', 'draft_until', 'swept_at', 'created_at', 'duration_seconds', 'short_course', 'position',
] as const;

/**
 * The student's live podcasts, newest first, without their scripts and segments' lengths (read
 * without them: a page polls this list while an episode is spoken); expired drafts found on the
 * way are removed (audio first, then the record).
 */
export async function listPodcasts(userId: string, now: Date, filter: { subjectId?: string; savedOnly?: boolean } = {}): Promise<PodcastItem[]> {
  const items = (await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
    ProjectionExpression: LISTED_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(LISTED_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
    ScanIndexForward: false,
    ConsistentRead: true,
  })) as unknown as PodcastItem[];
  const expired = items.filter((i) => !isLivePodcast(i, now));
  await Promise.all(expired.map((i) => removeExpiredDraft(i, now).catch(() => undefined)));
  return items
    .filter((i) => isLivePodcast(i, now))
    .filter((i) => !filter.subjectId || i.subject_id === filter.subjectId)
    .filter((i) => !filter.savedOnly || i.saved);
}

/**
 * The script is written: the podcast moves to `synthesising` (only from `scripting`), with whether
 * the course was too short for the chosen length (the episode is then shorter, and the page says so).
 */
export async function recordScript(userId: string, podcastId: string, title: string, lines: PodcastLine[], shortCourse = false): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      UpdateExpression: 'SET #status = :next, script_json = :script, segments_total = :n, title = :title, short_course = :short',
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':next': 'synthesising',
        ':from': 'scripting',
        ':script': JSON.stringify(lines),
        ':n': lines.length,
        ':title': truncate(title, TITLE_MAX),
        ':short': shortCourse,
      },
    }),
  );
}

/** A segment's audio is stored: its length recorded and counted once (a retried task counts nothing twice). */
export async function recordSegment(userId: string, podcastId: string, index: number, seconds: number): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      UpdateExpression: 'SET segment_seconds.#i = :s ADD segments_done :one',
      ConditionExpression: '#status = :synth AND attribute_not_exists(segment_seconds.#i)',
      ExpressionAttributeNames: { '#status': 'status', '#i': String(index) },
      ExpressionAttributeValues: { ':s': Math.round(seconds * 1000) / 1000, ':one': 1, ':synth': 'synthesising' },
    }),
  );
}

/** Every segment is stored and the episode joined: the podcast is ready with its measured length. */
export async function recordReady(userId: string, podcastId: string, seconds: number): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      UpdateExpression: 'SET #status = :ready, duration_seconds = :s REMOVE run_open',
      ConditionExpression: '#status = :synth',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':ready': 'ready', ':synth': 'synthesising', ':s': Math.round(seconds * 10) / 10 },
    }),
  );
}

/**
 * The podcast failed: the record says what failed (the script, when none was written yet, or the
 * audio), with one update conditional on the status it leaves. Returns the item once: a retried
 * or duplicate failure gets null, so the caller gives the unit back only once.
 */
export async function recordFailure(userId: string, podcastId: string, now: Date): Promise<PodcastItem | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await readPodcast(userId, podcastId);
    if (!item || (item.status !== 'scripting' && item.status !== 'synthesising')) return null;
    const code = item.status === 'scripting' ? 'podcast_generation_failed' : 'podcast_audio_failed';
    const done = await conditional(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: podcastId },
        UpdateExpression: 'SET #status = :failed, #error = :code, failed_at = :now REMOVE run_open',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':failed': 'failed', ':code': code, ':from': item.status, ':now': now.toISOString() },
      }),
    );
    if (done) return { ...item, status: 'failed', error: code };
  }
  return null;
}

/** Gives back the `podcast_generation` unit a podcast took (to the month it was taken from). */
const giveUnitBack = (item: Pick<PodcastItem, 'user_id' | 'usage_month'>): Promise<void> =>
  refund({ userId: item.user_id, feature: 'podcast_generation', month: item.usage_month, figure: { feature: 'podcast_generation', used: 0, limit: null, remaining: null } });

/**
 * Ends an unfinished podcast as failed (recordFailure), gives its unit back (once: only the call
 * whose update made it failed does) and removes its audio. Returns whether this call failed it;
 * the audio goes either way (safe to run again).
 */
export async function failPodcast(userId: string, podcastId: string, now: Date): Promise<boolean> {
  const failed = await recordFailure(userId, podcastId, now);
  if (failed?.usage_month) await giveUnitBack(failed);
  await deletePodcastAudio(userId, podcastId);
  return failed !== null;
}

/**
 * Podcasts whose current run started at `startedBy` (epoch seconds) or before and which are not yet
 * ready or failed, from the sparse index `by-open-run` (one key range, no scan), oldest first.
 */
export async function openRuns(startedBy: number): Promise<Pick<PodcastItem, 'user_id' | 'id' | 'run' | 'run_started' | 'created_at'>[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'by-open-run',
    KeyConditionExpression: 'run_open = :open AND run_started <= :by',
    ExpressionAttributeValues: { ':open': 'open', ':by': startedBy },
    ProjectionExpression: 'user_id, id, run, run_started, created_at',
  });
  return items as unknown as Pick<PodcastItem, 'user_id' | 'id' | 'run' | 'run_started' | 'created_at'>[];
}

/**
 * Claims the next run of an unfinished podcast whose run `run` died: one update conditional on
 * that run still being the current one and the podcast unfinished, so of two sweeps racing one
 * starts it. Returns the new run's number, or null when the claim was lost.
 */
export async function claimNextRun(userId: string, podcastId: string, run: number | undefined, now: Date): Promise<number | null> {
  const next = (run ?? 1) + 1;
  const claimed = await conditional(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, sk: podcastId },
      UpdateExpression: 'SET run = :next, run_started = :now',
      ConditionExpression: `${run === undefined ? 'attribute_not_exists(run)' : 'run = :run'} AND #status IN (:scripting, :synth)`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':next': next, ':now': Math.floor(now.getTime() / 1000), ':scripting': 'scripting', ':synth': 'synthesising', ...(run === undefined ? {} : { ':run': run }) },
    }),
  );
  return claimed ? next : null;
}

/** One update of a live podcast (saved, or a draft not yet expired): 404 `podcast_not_found` otherwise. */
async function updateLive(userId: string, podcastId: string, now: Date, update: { expression: string; names?: Record<string, string>; values: Record<string, unknown> }): Promise<PodcastItem> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: podcastId },
        UpdateExpression: update.expression,
        ConditionExpression: 'attribute_exists(sk) AND (saved = :yes OR (draft_until > :now AND attribute_not_exists(swept_at)))',
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: { ...update.values, ':yes': true, ':now': Math.floor(now.getTime() / 1000) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as PodcastItem;
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('podcast_not_found');
    throw err;
  }
}

/** Saved: the podcast stops expiring. */
export const savePodcast = (userId: string, podcastId: string, now: Date): Promise<PodcastItem> =>
  updateLive(userId, podcastId, now, { expression: 'SET saved = :yes REMOVE expires_at, draft_until, draft_open', values: {} });

export async function setPosition(userId: string, podcastId: string, position: { segment: number; seconds: number }, now: Date): Promise<void> {
  await updateLive(userId, podcastId, now, { expression: 'SET #position = :p', names: { '#position': 'position' }, values: { ':p': position } });
}

/** Every audio object of a podcast, then nothing else: safe to run again. */
export async function deletePodcastAudio(userId: string, podcastId: string): Promise<void> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await storage().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: audioPrefix(userId, podcastId), ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(keys.slice(i, i + 8).map((Key) => storage().send(new DeleteObjectCommand({ Bucket: bucket(), Key }))));
  }
}

/**
 * Removes a podcast: its audio first (a storage failure keeps the record, to delete again), then
 * the record. A podcast removed unfinished gives its unit back when its run is over (it died: the
 * student got nothing and nothing more is coming), not while the run still goes; only the removal
 * that deleted the record can, so never twice. `giveBack: false` when the caller gives it back
 * itself (a podcast whose pipeline could not start).
 */
export async function removePodcast(item: Pick<PodcastItem, 'user_id' | 'id'>, now: Date, opts: { giveBack?: boolean } = {}): Promise<boolean> {
  await deletePodcastAudio(item.user_id, item.id);
  const out = await db().send(new DeleteCommand({ TableName: table(), Key: { user_id: item.user_id, sk: item.id }, ReturnValues: 'ALL_OLD' }));
  const old = out.Attributes as PodcastItem | undefined;
  if (old && isUnfinished(old) && old.usage_month && opts.giveBack !== false) {
    const over = await podcastRunOver(old, now).catch((err: unknown) => {
      logger.error({ podcastId: old.id, err: err instanceof Error ? err.message : String(err) }, 'podcast run state unknown: unit kept');
      return false;
    });
    if (over) await giveUnitBack(old);
  }
  return Boolean(old && isLivePodcast(old, now));
}

/**
 * Removes a draft past its end, unless it was saved meanwhile: claimed first (`swept_at`, one update
 * conditional on being unsaved and expired at `now`; a save is conditional on no claim, so of a
 * save and a sweep racing exactly one wins), then its audio and its record. Returns whether it was
 * removed; a draft saved, deleted or still live is left as it is. A claim whose removal failed
 * half way (storage) is claimed and removed again by the next sweep or listing.
 */
export async function removeExpiredDraft(item: Pick<PodcastItem, 'user_id' | 'id'>, now: Date): Promise<boolean> {
  const claimed = await conditional(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: item.user_id, sk: item.id },
      UpdateExpression: 'SET swept_at = :now',
      ConditionExpression: 'attribute_exists(sk) AND saved = :no AND draft_until <= :now',
      ExpressionAttributeValues: { ':no': false, ':now': Math.floor(now.getTime() / 1000) },
    }),
  );
  if (!claimed) return false;
  await removePodcast(item, now);
  return true;
}

/**
 * The drafts whose end has passed at `now`, from the sparse index `by-draft-end` (drafts only,
 * ordered by their end: one key range, no scan), oldest first. The index may lag a save: the
 * removal checks the record itself.
 */
export async function expiredDrafts(now: Date): Promise<Pick<PodcastItem, 'user_id' | 'id' | 'draft_until'>[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'by-draft-end',
    KeyConditionExpression: 'draft_open = :open AND draft_until <= :now',
    ExpressionAttributeValues: { ':open': 'open', ':now': Math.floor(now.getTime() / 1000) },
    ProjectionExpression: 'user_id, id, draft_until',
  });
  return items as unknown as Pick<PodcastItem, 'user_id' | 'id' | 'draft_until'>[];
}

/** Every podcast of a subject, saved or not, with its audio (subject deletion). */
export async function deleteSubjectPodcasts(userId: string, subjectId: string, now: Date): Promise<void> {
  const items = (await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u',
    FilterExpression: 'subject_id = :s',
    ExpressionAttributeValues: { ':u': userId, ':s': subjectId },
    ProjectionExpression: 'user_id, id',
    ConsistentRead: true,
  })) as unknown as Pick<PodcastItem, 'user_id' | 'id'>[];
  for (const item of items) await removePodcast(item, now);
}

async function conditional(command: UpdateCommand): Promise<boolean> {
  try {
    await db().send(command);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
