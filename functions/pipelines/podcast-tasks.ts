// The podcast pipeline's task handlers, one per Task state of functions/pipelines/podcast-machine.ts
// (Lambdas in the cloud, called in-process by the laptop's Step Functions stand-in). Each moves
// the podcast's record on with conditional updates, so a retried or duplicate task repeats
// nothing: a segment is counted once, the unit is given back once, and audio written for a
// podcast that has meanwhile failed or been deleted is removed at once (no orphan objects).
// A segment's task gets its line from the Map's item and never reads the script: only the
// podcast's status and its own entry, projected, before speaking and after a refused update.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { plannedWords } from '../core/podcasts.js';
import type { PodcastExecutionInput, ScriptWritten, SegmentTaskInput } from '../core/podcast-states.js';
import { segmentItems } from './podcast-machine.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { loadCourse, loadEngine } from '../platform/course.js';
import { currentPlan } from '../platform/plan.js';
import { logger } from '../platform/logger.js';
import { speech } from '../platform/speech/index.js';
import { concatMp3 } from '../platform/speech/mp3.js';
import {
  deletePodcastAudio,
  episodeKey,
  failPodcast,
  readPodcast,
  readProgress,
  readSegmentState,
  recordReady,
  recordScript,
  recordSegment,
  scriptOf,
  segmentKey,
} from '../platform/store/podcasts.js';


const putAudio = (key: string, body: Uint8Array) =>
  storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Body: body, ContentType: 'audio/mpeg' }));

/** Writes the script (the engine, planned from the voices' pace) and records it; the podcast then synthesises. */
export async function writeScript(input: PodcastExecutionInput): Promise<ScriptWritten> {
  const item = await readPodcast(input.user_id, input.podcast_id);
  if (!item || item.status !== 'scripting') {
    // Deleted, or a duplicate of a run already past this step: nothing to speak.
    return { ...input, language: item?.language ?? 'fr', segments: item?.status === 'synthesising' ? segmentItems(scriptOf(item)) : [] };
  }
  // The voices get ready while the script is written: segment 1 is spoken as soon as it exists.
  speech().prepare();
  const course = await loadCourse(input.user_id, item.subject_id, { fileId: item.file_id ?? undefined, fallbackLanguage: item.language });
  const voices = speech().voices(item.language);
  // The model of the student's plan when the script is written.
  const script = await (await loadEngine(await currentPlan(input.user_id, new Date()))).podcastScript({
    course,
    fileId: item.file_id ?? undefined,
    style: item.style,
    targetWords: plannedWords(item.duration, [voices[0].wordsPerMinute, voices[1].wordsPerMinute]),
    speakers: item.speakers,
    level: null,
  });
  if (!(await recordScript(input.user_id, input.podcast_id, script.title, script.segments, script.short_course ?? false))) return { ...input, language: item.language, segments: [] };
  return { ...input, language: item.language, segments: segmentItems(script.segments) };
}

/**
 * Speaks one segment to MP3 in storage and records its measured length with one update
 * conditional on the podcast still being spoken and the segment not yet recorded. The line comes
 * with the Map's item; the record is read only projected (status and this segment's entry):
 * before speaking, so that segments still queued when the podcast failed or was deleted are not
 * spoken for nothing (the laptop's Map starts them even after an iteration failed), and after a
 * refused update, to know whether the audio just written must go.
 */
export async function synthesiseSegment(input: SegmentTaskInput): Promise<{ index: number; seconds: number | null }> {
  const { index } = input.segment;
  const before = await readSegmentState(input.user_id, input.podcast_id, index, input.segment.text === undefined);
  if (before.status !== 'synthesising' || before.seconds !== null) return { index, seconds: before.seconds };
  const line = input.segment.text !== undefined ? { text: input.segment.text, speaker: input.segment.speaker ?? 0 } : before.line;
  if (!line) throw new Error(`The script has no segment ${index}`);
  const { seconds, mp3 } = await speech().synthesize(line.text, input.language, line.speaker);
  await putAudio(segmentKey(input.user_id, input.podcast_id, index), mp3);
  if (!(await recordSegment(input.user_id, input.podcast_id, index, seconds))) {
    // Failed or deleted meanwhile (or counted by a duplicate run): keep the audio only if the record still wants it.
    const now = await readSegmentState(input.user_id, input.podcast_id, index);
    if (now.status === null || now.status === 'failed') await deletePodcastAudio(input.user_id, input.podcast_id);
  }
  return { index, seconds };
}

/** Joins the segments into the episode's MP3 and marks the podcast ready with its measured length. */
export async function finalise(input: PodcastExecutionInput): Promise<{ ready: boolean; seconds: number }> {
  const item = await readProgress(input.user_id, input.podcast_id);
  if (!item || item.status !== 'synthesising') return { ready: item?.status === 'ready', seconds: item?.duration_seconds ?? 0 };
  const total = item.segments_total;
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
  logger.warn({ podcastId: input.podcast_id, error: input.failure?.Error, cause: input.failure?.Cause?.slice(0, 300) }, 'podcast failed');
  return { failed: await failPodcast(input.user_id, input.podcast_id, new Date()) };
}
