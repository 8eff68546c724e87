// The podcast API (functions/core/views.ts: PodcastView, PodcastSegment; schemas.ts: podcastBody,
// podcastPositionBody) as the web app calls it: generate an episode of a subject or of one file,
// follow it while it is written and spoken, save it (Premium), remember where the student stopped,
// download the whole MP3, delete it.
import type { PodcastDuration, PodcastSegment, PodcastStatus, PodcastStyle, PodcastView } from '@core/views.js';
import { podcastBody, podcastPositionBody } from '@core/schemas.js';
import { podcastDurations, podcastStyles } from '@core/views.js';
import type { BodyOf } from '@core/contract.js';
import { call, callAll } from './client';

export type { PodcastDuration, PodcastSegment, PodcastStatus, PodcastStyle, PodcastView };
export { podcastDurations, podcastStyles };

/** An episode to generate (`file_id` absent: the whole subject), as core/schemas.ts `podcastBody` reads it. */
export type PodcastRequest = BodyOf<'POST /api/subjects/{subjectId}/podcasts'>;

/** Where the listener stopped, as core/schemas.ts `podcastPositionBody` reads it. */
export type PodcastPosition = BodyOf<'PUT /api/podcasts/{podcastId}/position'>;

/** The episode is still being written or spoken: the page keeps asking how far it got. */
export const isInProgress = (status: PodcastStatus): boolean => status === 'scripting' || status === 'synthesising';

export const podcastApi = {
  /** Not retried: each episode counts against the month's podcasts. */
  generate: (subjectId: string, body: PodcastRequest) => call('POST /api/subjects/{subjectId}/podcasts', { subjectId }, body, { retry: false, schema: podcastBody }),
  ofSubject: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/podcasts', { subjectId }, 'podcasts'),
  /** The saved podcasts of every subject. */
  saved: () => callAll('GET /api/podcasts', {}, 'podcasts'),
  get: (podcastId: string) => call('GET /api/podcasts/{podcastId}', { podcastId }),
  save: (podcastId: string) => call('POST /api/podcasts/{podcastId}/save', { podcastId }),
  savePosition: (podcastId: string, position: PodcastPosition) =>
    call('PUT /api/podcasts/{podcastId}/position', { podcastId }, position, { schema: podcastPositionBody, retry: false }),
  download: (podcastId: string) => call('GET /api/podcasts/{podcastId}/download', { podcastId }),
  remove: (podcastId: string) => call('DELETE /api/podcasts/{podcastId}', { podcastId }),
};
