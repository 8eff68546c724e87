// Podcasts whose laptop host is killed mid-episode (test/support/host.ts: killAndRestart abandons
// the host's executions where they are, as SIGKILL does; speech that never answers stands for
// the segments being spoken at that instant). After the restart the recovery sweep, run as its
// schedule would a few minutes later, resumes the podcast where it stopped: it becomes ready,
// only its missing segments spoken, its unit spent once. A podcast whose resumed run dies too is
// ended as failed with the spec's message, no audio object left and its unit given back; one
// deleted by the student once its run is over gives its unit back too. After every test no
// object lacks its record.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PODCAST_SYNTHESIS_CONCURRENCY } from '../../functions/core/podcasts.js';
import type { RecoveryResult } from '../../functions/pipelines/podcast-recovery.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { speech } from '../../functions/platform/speech/index.js';
import { coursePdf } from '../support/fixtures.js';
import { api, killAndRestart, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { findOrphans } from '../support/invariants.js';
import { BIOLOGY, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

let host: TestHost;
let biologyPdf: Uint8Array;

beforeAll(async () => {
  host = await startTestHost();
  biologyPdf = await coursePdf(BIOLOGY, { title: 'Biologie' });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  const orphans = await findOrphans();
  expect(orphans.objectsWithoutRecord).toEqual([]);
  expect(orphans.recordsWithoutObject).toEqual([]);
});

afterAll(async () => {
  await host?.stop();
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const sweep = async (at: Date) => (await host.functions.runSchedule('PodcastRecovery', at)) as RecoveryResult;

async function podcastOf(user: TestUser, id: string) {
  const r = await api(host, `/api/podcasts/${id}`, { token: user.accessToken, headers: { 'accept-language': 'fr' } });
  expect(r.status).toBe(200);
  return r.body.podcast;
}

async function podcastsUsed(user: TestUser): Promise<number> {
  const r = await api(host, '/api/usage', { token: user.accessToken });
  return r.body.features.podcast_generation.used;
}

async function audioOf(user: TestUser, id: string): Promise<string[]> {
  const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${user.sub}/podcasts/${id}/` }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/**
 * Speech that answers at once with a real short MP3 for `answered` utterances, then never: the
 * segments being spoken when the host is killed never come back.
 */
async function speechUntilKilled() {
  const sample = await speech().synthesize('Bonjour.', 'fr', 0);
  const speaking = { calls: 0, answered: Infinity };
  vi.spyOn(speech(), 'synthesize').mockImplementation(async () => {
    if (++speaking.calls > speaking.answered) await new Promise<never>(() => undefined);
    return sample;
  });
  return speaking;
}

/** A free student with a ready course file, and a way to start a short podcast of it. */
async function student() {
  const user = await newUser(host);
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  const fileId = await readyFile(host, user, subject.id, 'Biologie', biologyPdf);
  return {
    user,
    async podcast(): Promise<string> {
      const r = await api(host, `/api/subjects/${subject.id}/podcasts`, { method: 'POST', token: user.accessToken, body: { file_id: fileId, duration: 'short', style: 'host' } });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      return r.body.podcast.id as string;
    },
  };
}

/** Once the utterances answered are spoken and the Map's next batch is being spoken, kills the host and starts it again. */
async function killMidEpisode(speaking: { calls: number; answered: number }) {
  await vi.waitFor(() => expect(speaking.calls).toBe(speaking.answered + PODCAST_SYNTHESIS_CONCURRENCY), { timeout: 60_000, interval: 20 });
  host = await killAndRestart(host);
}

describe('a podcast whose host was killed mid-episode', () => {
  it('is resumed by the sweep after the restart and becomes ready, only its missing segments spoken, its unit spent once', async () => {
    const speaking = await speechUntilKilled();
    const { user, podcast } = await student();
    // Two segments spoken and stored, four being spoken when the host dies.
    speaking.answered = 2;
    const id = await podcast();
    await killMidEpisode(speaking);
    const killed = await podcastOf(user, id);
    expect(killed.status).toBe('synthesising');
    expect(killed.segments_done).toBeGreaterThanOrEqual(2);
    expect(killed.segments_total).toBeGreaterThan(killed.segments_done + PODCAST_SYNTHESIS_CONCURRENCY);
    expect(await audioOf(user, id)).toHaveLength(killed.segments_done);
    expect(await podcastsUsed(user)).toBe(1);

    // A sweep within the grace after the run's start leaves it alone: it might still be starting.
    expect(await sweep(new Date())).toMatchObject({ candidates: 0, resumed: 0, failed: 0 });

    // Minutes later the sweep finds its run gone and resumes it.
    speaking.calls = 0;
    speaking.answered = Infinity;
    expect(await sweep(minutesFromNow(6))).toMatchObject({ candidates: 1, running: 0, resumed: 1, failed: 0, errors: 0 });
    await host.stepFunctions.idle();
    expect(host.stepFunctions.executions()).toEqual([expect.objectContaining({ name: `${id}-run2`, status: 'SUCCEEDED' })]);

    const ready = await podcastOf(user, id);
    expect(ready).toMatchObject({ status: 'ready', error: null, segments_done: killed.segments_total, segments_total: killed.segments_total });
    expect(speaking.calls).toBe(killed.segments_total - killed.segments_done);
    expect(ready.segments.every((s: { audio_url: string | null }) => s.audio_url !== null)).toBe(true);
    expect(await audioOf(user, id)).toHaveLength(killed.segments_total + 1);
    expect(await podcastsUsed(user)).toBe(1);
    // Nothing left to recover.
    expect(await sweep(minutesFromNow(12))).toMatchObject({ candidates: 0 });
  }, 240_000);

  it('is ended as failed when its resumed run dies too: the spec’s message, no audio object left, its unit given back', async () => {
    const speaking = await speechUntilKilled();
    const { user, podcast } = await student();
    speaking.answered = 3;
    const id = await podcast();
    await killMidEpisode(speaking);
    expect(await audioOf(user, id)).toHaveLength(3);
    expect(await podcastsUsed(user)).toBe(1);

    // Resumed: the run speaks one more segment and dies with its host again.
    speaking.answered = speaking.calls + 1;
    expect(await sweep(minutesFromNow(6))).toMatchObject({ candidates: 1, resumed: 1 });
    await killMidEpisode(speaking);
    const twice = await podcastOf(user, id);
    expect(twice).toMatchObject({ status: 'synthesising', segments_done: 4 });
    expect(await audioOf(user, id)).toHaveLength(twice.segments_done);

    expect(await sweep(minutesFromNow(12))).toMatchObject({ candidates: 1, resumed: 0, failed: 1, errors: 0 });
    const failed = await podcastOf(user, id);
    expect(failed).toMatchObject({ status: 'failed', error: 'podcast_audio_failed' });
    expect(failed.segments.every((s: { audio_url: string | null }) => s.audio_url === null)).toBe(true);
    expect(await audioOf(user, id)).toEqual([]);
    expect(await podcastsUsed(user)).toBe(0);
    const download = await api(host, `/api/podcasts/${id}/download`, { token: user.accessToken });
    expect(download.body.error.code).toBe('podcast_not_ready');
    // Run again: nothing to do, and the unit is not given back twice.
    expect(await sweep(minutesFromNow(18))).toMatchObject({ candidates: 0 });
    expect(await podcastsUsed(user)).toBe(0);
  }, 240_000);

  it('gives its unit back when the student deletes it once its run is over', async () => {
    const speaking = await speechUntilKilled();
    const { user, podcast } = await student();
    speaking.answered = 2;
    const id = await podcast();
    await killMidEpisode(speaking);
    expect(await podcastsUsed(user)).toBe(1);

    // Deleted a few minutes later, before any sweep: the run is gone, the student got nothing.
    vi.useFakeTimers({ toFake: ['Date'], now: minutesFromNow(4) });
    expect((await api(host, `/api/podcasts/${id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
    vi.useRealTimers();
    expect(await audioOf(user, id)).toEqual([]);
    expect(await podcastsUsed(user)).toBe(0);
    expect((await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).status).toBe(404);
  }, 240_000);
});
