// The podcast pipeline's task handlers, one per Task state of functions/pipelines/podcast-machine.ts
// (Lambdas in the cloud, called in-process by the laptop's Step Functions stand-in). Each reads
// the podcast's record and moves it on with conditional updates, so a retried or duplicate task
// repeats nothing: a segment is counted once, the unit is given back once, and audio written
// for a podcast that has meanwhile failed or been deleted is removed at once (no orphan objects).
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { plannedWords } from '../core/podcasts.js';
import type { PodcastExecutionInput } from './podcast-machine.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { loadCourse, loadEngine } from '../platform/course.js';
import { logger } from '../platform/logger.js';
import { speech } from '../platform/speech/index.js';
import { concatMp3 } from '../platform/speech/mp3.js';
import {
  deletePodcastAudio,
  episodeKey,
  readPodcast,
  recordFailure,
  recordReady,
  recordScript,
  recordSegment,
  scriptOf,
  segmentKey,
} from '../platform/store/podcasts.js';
import { refund } from '../platform/usage.js';


/** What WriteScript hands on: the execution's input and the segments to speak. */
export interface ScriptWritten extends PodcastExecutionInput {
  segments: number[];
}

const putAudio = (key: string, body: Uint8Array) =>
  storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Body: body, ContentType: 'audio/mpeg' }));

/** Writes the script (the engine, planned from the voices' pace) and records it; the podcast then synthesises. */
export async function writeScript(input: PodcastExecutionInput): Promise<ScriptWritten> {
  const item = await readPodcast(input.user_id, input.podcast_id);
  if (!item || item.status !== 'scripting') {
    // Deleted, or a duplicate of a run already past this step: nothing to speak.
    return { ...input, segments: item?.status === 'synthesising' ? scriptOf(item).map((_, i) => i) : [] };
  }
  // The voices get ready while the script is written: segment 1 is spoken as soon as it exists.
  speech().prepare();
  const course = await loadCourse(input.user_id, item.subject_id, { fileId: item.file_id ?? undefined, fallbackLanguage: item.language });
  const voices = speech().voices(item.language);
  const script = await (await loadEngine()).podcastScript({
    course,
    fileId: item.file_id ?? undefined,
    style: item.style,
    targetWords: plannedWords(item.duration, [voices[0].wordsPerMinute, voices[1].wordsPerMinute]),
    speakers: item.speakers,
    level: null,
  });
  if (!(await recordScript(input.user_id, input.podcast_id, script.title, script.segments))) return { ...input, segments: [] };
  return { ...input, segments: script.segments.map((_, i) => i) };
}

/** Speaks one segment to MP3 in storage and records its measured length. */
export async function synthesiseSegment(input: PodcastExecutionInput & { index: number }): Promise<{ index: number; seconds: number | null }> {
  const item = await readPodcast(input.user_id, input.podcast_id);
  if (!item || item.status !== 'synthesising') return { index: input.index, seconds: null };
  const line = scriptOf(item)[input.index];
  if (!line) throw new Error(`The script has no segment ${input.index}`);
  if (item.segment_seconds[input.index] !== undefined) return { index: input.index, seconds: item.segment_seconds[input.index] };
  const audio = await speech().synthesize(line.text, item.language, line.speaker);
  const key = segmentKey(input.user_id, input.podcast_id, input.index);
  await putAudio(key, audio.mp3);
  if (!(await recordSegment(input.user_id, input.podcast_id, input.index, audio.seconds))) {
    // Failed or deleted meanwhile (or counted by a duplicate run): keep the audio only if the record still wants it.
    const now = await readPodcast(input.user_id, input.podcast_id);
    if (!now || now.status === 'failed') await deletePodcastAudio(input.user_id, input.podcast_id);
  }
  return { index: input.index, seconds: audio.seconds };
}

/** Joins the segments into the episode's MP3 and marks the podcast ready with its measured length. */
export async function finalise(input: ScriptWritten): Promise<{ ready: boolean; seconds: number }> {
  const item = await readPodcast(input.user_id, input.podcast_id);
  if (!item || item.status !== 'synthesising') return { ready: item?.status === 'ready', seconds: item?.duration_seconds ?? 0 };
  const total = scriptOf(item).length;
  const missing = Array.from({ length: total }, (_, i) => i).filter((i) => item.segment_seconds[i] === undefined);
  if (missing.length > 0) throw new Error(`Segments not synthesised: ${missing.slice(0, 5).join(', ')}`);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < total; i++) {
    const out = await storage().send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: segmentKey(input.user_id, input.podcast_id, i) }));
    parts.push(await out.Body!.transformToByteArray());
  }
  await putAudio(episodeKey(input.user_id, input.podcast_id), concatMp3(parts));
  const seconds = Object.values(item.segment_seconds).reduce((n, s) => n + s, 0);
  if (!(await recordReady(input.user_id, input.podcast_id, seconds))) {
    const now = await readPodcast(input.user_id, input.podcast_id);
    if (!now || now.status === 'failed') await deletePodcastAudio(input.user_id, input.podcast_id);
    return { ready: false, seconds };
  }
  return { ready: true, seconds };
}

/** Any failure: the podcast says what failed, the unit is given back (once), the audio is removed. */
export async function markFailed(input: PodcastExecutionInput & { failure?: { Error?: string; Cause?: string } }): Promise<{ failed: boolean }> {
  const failed = await recordFailure(input.user_id, input.podcast_id, new Date());
  logger.warn({ podcastId: input.podcast_id, error: input.failure?.Error, cause: input.failure?.Cause?.slice(0, 300) }, 'podcast failed');
  if (failed?.usage_month) {
    await refund({ userId: input.user_id, feature: 'podcast_generation', month: failed.usage_month, figure: { feature: 'podcast_generation', used: 0, limit: null, remaining: null } });
  }
  await deletePodcastAudio(input.user_id, input.podcast_id);
  return { failed: failed !== null };
}
