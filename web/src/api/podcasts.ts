// The podcast API (functions/core/views.ts: PodcastView, PodcastSegment; schemas.ts: podcastBody,
// podcastPositionBody) as the web app calls it: generate an episode of a subject or of one file,
// follow it while it is written and spoken, save it (Premium), remember where the student stopped,
// download the whole MP3, delete it.
import type { PodcastDuration, PodcastSegment, PodcastStatus, PodcastStyle, PodcastView } from '../../../functions/core/views';
import { podcastBody, podcastPositionBody } from '../../../functions/core/schemas';
import { podcastDurations, podcastStyles } from '../../../functions/core/views';
import { api, request } from './client';

export type { PodcastDuration, PodcastSegment, PodcastStatus, PodcastStyle, PodcastView };
export { podcastDurations, podcastStyles };

export interface PodcastRequest {
  /** Absent: the whole subject. */
  file_id?: string;
  duration: PodcastDuration;
  style: PodcastStyle;
}

export interface PodcastPosition {
  segment: number;
  seconds: number;
}

const enc = encodeURIComponent;
const podcastPath = (id: string) => `/podcasts/${enc(id)}`;

/** The episode is still being written or spoken: the page keeps asking how far it got. */
export const isInProgress = (status: PodcastStatus): boolean => status === 'scripting' || status === 'synthesising';

export const podcastApi = {
  /** Not retried: each episode counts against the month's podcasts. */
  generate: (subjectId: string, body: PodcastRequest) =>
    api.post<{ podcast: PodcastView }>(`/subjects/${enc(subjectId)}/podcasts`, body, { retry: false, schema: podcastBody }),
  ofSubject: (subjectId: string) => api.getAll<{ podcasts: PodcastView[] }>(`/subjects/${enc(subjectId)}/podcasts`, 'podcasts'),
  /** The saved podcasts of every subject. */
  saved: () => api.getAll<{ podcasts: PodcastView[] }>('/podcasts', 'podcasts'),
  get: (id: string) => api.get<{ podcast: PodcastView }>(podcastPath(id)),
  save: (id: string) => api.post<{ podcast: PodcastView }>(`${podcastPath(id)}/save`),
  savePosition: (id: string, position: PodcastPosition) =>
    request<unknown>('PUT', `${podcastPath(id)}/position`, position, { schema: podcastPositionBody, retry: false }),
  download: (id: string) => api.get<{ url: string }>(`${podcastPath(id)}/download`),
  remove: (id: string) => api.del<void>(podcastPath(id)),
};
