// Podcasts (three a month free, saving Premium-only): a two-voice episode of one file (or the whole
// subject), written and spoken by the podcast pipeline (functions/pipelines/podcast-machine.ts).
// Generating takes one `podcast_generation` unit on the free plan, race-free (one conditional
// update), given back when the pipeline produces nothing (it failed, it could not start, or its run
// died and the podcast was ended or deleted unfinished); saving is Premium (`podcast_save`);
// an unsaved podcast is a draft for 24 h. Audio is served through short-lived signed URLs.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import { PODCAST_SPEAKERS } from '../core/podcasts.js';
import { podcastBody, podcastParams, podcastPositionBody, subjectParams } from '../core/schemas.js';
import { storage } from '../platform/clients.js';
import { config } from '../platform/config.js';
import { loadCourse } from '../platform/course.js';
import { Reply, userRoute } from '../platform/http.js';
import { logger } from '../platform/logger.js';
import { currentPlan } from '../platform/plan.js';
import { startPodcastPipeline } from '../platform/podcast-pipeline.js';
import { newItemId } from '../platform/store/drafts.js';
import {
  createPodcast,
  episodeKey,
  getPodcastOrThrow,
  listPodcasts,
  removePodcast,
  savePodcast,
  segmentKey,
  setPosition,
  toPodcastView,
  type PodcastItem,
} from '../platform/store/podcasts.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';
import { consume, monthlyLimit, refund, requirePremium } from '../platform/usage.js';

/** How long a segment's audio URL plays: one listening session. */
const AUDIO_URL_TTL_SECONDS = 3_600;
/** How long the episode's download link works. */
const DOWNLOAD_URL_TTL_SECONDS = 300;

const signedAudio = (key: string, expiresIn: number, disposition?: string) =>
  getSignedUrl(
    storage(),
    new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, ResponseContentType: 'audio/mpeg', ...(disposition ? { ResponseContentDisposition: disposition } : {}) }),
    { expiresIn },
  );

async function withSegments(item: PodcastItem) {
  const indexes = Object.keys(item.segment_seconds).map(Number);
  const urls = new Map(await Promise.all(indexes.map(async (i) => [i, await signedAudio(segmentKey(item.user_id, item.id, i), AUDIO_URL_TTL_SECONDS)] as const)));
  return toPodcastView(item, { audio: (i) => urls.get(i) ?? null });
}

/** A file name for the episode: the title's letters, digits and dashes, `.mp3`. */
export function episodeFileName(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'podcast'}.mp3`;
}

export const generatePodcast = userRoute({ params: subjectParams, body: podcastBody }, async ({ params, body, user }) => {
  const now = new Date();
  const fileId = body.file_id ?? undefined;
  const plan = await currentPlan(user.id, now);
  let course;
  try {
    course = await loadCourse(user.id, params.subjectId, { fileId, fallbackLanguage: plan.profile?.language ?? 'fr' });
  } catch (err) {
    // The podcast errors: no file selected (the subject has no course yet), file has no text.
    if (err instanceof AppError && err.code === 'no_content') throw new AppError(fileId ? 'podcast_no_text' : 'podcast_no_file');
    throw err;
  }
  const ticket = await consume(user.id, 'podcast_generation', monthlyLimit('podcast_generation', plan.subscribed), now);
  const id = newItemId(now);
  const title = fileId ? (course.pages.find((p) => p.file_id === fileId)?.file_name ?? course.subjectName) : course.subjectName;
  let item: PodcastItem | undefined;
  try {
    item = await createPodcast(
      {
        user_id: user.id,
        id,
        subject_id: params.subjectId,
        file_id: fileId ?? null,
        title,
        language: course.language,
        duration: body.duration,
        style: body.style,
        created_at: now.toISOString(),
        speakers: [...PODCAST_SPEAKERS[course.language]],
        usage_month: ticket.month,
      },
      now,
    );
    await startPodcastPipeline({ user_id: user.id, podcast_id: id });
  } catch (err) {
    logger.error({ podcastId: id, err: err instanceof Error ? err.message : String(err) }, 'podcast could not start');
    if (item) await removePodcast(item, now, { giveBack: false }).catch(() => undefined);
    await refund(ticket);
    throw new AppError('podcast_generation_failed');
  }
  return new Reply(202, { podcast: toPodcastView(item), usage: ticket.figure });
});

export const listSubjectPodcasts = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(await listPodcasts(user.id, new Date(), { subjectId: params.subjectId }), byIdNewestFirst, query);
  return { podcasts: page.items.map((i) => toPodcastView(i)), ...(page.next ? { next: page.next } : {}) };
});

export const listSavedPodcasts = userRoute({ query: pageQuery }, async ({ query, user }) => {
  const page = pageOf(await listPodcasts(user.id, new Date(), { savedOnly: true }), byIdNewestFirst, query);
  return { podcasts: page.items.map((i) => toPodcastView(i)), ...(page.next ? { next: page.next } : {}) };
});

export const getPodcast = userRoute({ params: podcastParams }, async ({ params, user }) => ({
  podcast: await withSegments(await getPodcastOrThrow(user.id, params.podcastId, new Date())),
}));

/** Saving is checked in this order: the podcast exists (404), then the plan includes it (403). */
export const savePodcastRoute = userRoute({ params: podcastParams }, async ({ params, user }) => {
  const now = new Date();
  await getPodcastOrThrow(user.id, params.podcastId, now);
  await requirePremium(user.id, 'podcast_save', { now });
  return { podcast: toPodcastView(await savePodcast(user.id, params.podcastId, now)) };
});

export const putPodcastPosition = userRoute({ params: podcastParams, body: podcastPositionBody }, async ({ params, body, user }) => {
  const now = new Date();
  const item = await getPodcastOrThrow(user.id, params.podcastId, now);
  if (item.segments_total > 0 && body.segment >= item.segments_total) throw new AppError('invalid_input', { details: { fr: `segment : au plus ${item.segments_total - 1}`, en: `segment: at most ${item.segments_total - 1}` } });
  await setPosition(user.id, params.podcastId, { segment: body.segment, seconds: body.seconds }, now);
  return undefined;
});

export const downloadPodcast = userRoute({ params: podcastParams }, async ({ params, user }) => {
  const item = await getPodcastOrThrow(user.id, params.podcastId, new Date());
  if (item.status !== 'ready') throw new AppError('podcast_not_ready');
  const name = episodeFileName(item.title);
  return { url: await signedAudio(episodeKey(user.id, item.id), DOWNLOAD_URL_TTL_SECONDS, `attachment; filename="${name}"`) };
});

export const deletePodcast = userRoute({ params: podcastParams }, async ({ params, user }) => {
  const now = new Date();
  const item = await getPodcastOrThrow(user.id, params.podcastId, now);
  await removePodcast(item, now);
  return undefined;
});
