// The daily podcast draft sweep through the laptop host: the registry's scheduled handler run as
// its schedule would, at an instant after a free student's draft has expired (a draft lasts 24 h:
// the scheduled time stands in for the day passing). The student never lists their podcasts
// again, yet the draft's audio and then its record go; saved podcasts and drafts still live keep
// theirs; a second run finds nothing; a save that beats the sweep to a draft keeps its audio, and
// one that comes after the sweep's claim is refused (a removal broken half way is finished later).
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { speech } from '../../functions/platform/speech/index.js';
import { expiredDrafts, readPodcast, removeExpiredDraft } from '../../functions/platform/store/podcasts.js';
import type { DraftSweepResult } from '../../functions/pipelines/podcast-draft-sweep.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

/** Speech that answers at once with a real (short) MP3. */
async function quickSpeech() {
  const sample = await speech().synthesize('Bonjour.', 'fr', 0);
  return vi.spyOn(speech(), 'synthesize').mockResolvedValue(sample);
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** A student with a ready course file; returns a function that makes a podcast of it and waits until its audio is done. */
async function studentWithCourse(premium: boolean): Promise<{ user: TestUser; podcast: () => Promise<{ id: string; draftUntil: number; objects: number }> }> {
  const { host } = setup;
  const user = await newUser(host);
  if (premium) await makePremium(user);
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  const fileId = await readyFile(host, user, subject.id, 'Biologie', setup.biologyPdf);
  return {
    user,
    podcast: async () => {
      const r = await api(host, `/api/subjects/${subject.id}/podcasts`, { method: 'POST', token: user.accessToken, body: { file_id: fileId, duration: 'short', style: 'host' } });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      await host.stepFunctions.idle();
      const id = r.body.podcast.id as string;
      const got = await api(host, `/api/podcasts/${id}`, { token: user.accessToken });
      expect(got.body.podcast.status).toBe('ready');
      const objects = (await objectsUnder(`${user.sub}/podcasts/${id}/`)).length;
      expect(objects).toBe(got.body.podcast.segments_total + 1);
      return { id, draftUntil: Date.parse(r.body.podcast.expires_at) / 1000, objects };
    },
  };
}

const sweep = async (at: Date) => (await setup.host.functions.runSchedule('PodcastDraftSweep', at)) as DraftSweepResult;
const save = (user: TestUser, id: string) => api(setup.host, `/api/podcasts/${id}/save`, { method: 'POST', token: user.accessToken });

describe('the podcast draft sweep', () => {
  it("removes an expired draft's audio and record without the student listing anything, keeps saved podcasts and live drafts, and finds nothing the second time", async () => {
    const { host } = setup;
    await quickSpeech();
    const free = await studentWithCourse(false);
    const premium = await studentWithCourse(true);

    const expired = await free.podcast();
    const savedLongAgo = await premium.podcast();
    expect((await save(premium.user, savedLongAgo.id)).status).toBe(200);
    const savedJustBefore = await premium.podcast();
    // A second later: the draft still live when the sweep runs.
    await new Promise((r) => setTimeout(r, 1100));
    const live = await free.podcast();
    // The sweep runs one second before the live draft ends, after the others' 24 hours have passed.
    const at = new Date((live.draftUntil - 1) * 1000);
    expect(expired.draftUntil * 1000).toBeLessThanOrEqual(at.getTime());
    expect(savedJustBefore.draftUntil * 1000).toBeLessThanOrEqual(at.getTime());
    expect(at.getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await save(premium.user, savedJustBefore.id)).status).toBe(200);

    const first = await sweep(at);
    expect(first).toEqual({ at: at.toISOString(), candidates: 1, removed: 1, kept: 0, failed: 0 });
    expect(await objectsUnder(`${free.user.sub}/podcasts/${expired.id}/`)).toEqual([]);
    expect(await readPodcast(free.user.sub, expired.id)).toBeNull();

    // The live draft, the podcast saved long ago and the one saved just before: all still there, audio included.
    expect((await objectsUnder(`${free.user.sub}/podcasts/${live.id}/`)).length).toBe(live.objects);
    expect((await api(host, `/api/podcasts/${live.id}`, { token: free.user.accessToken })).body.podcast).toMatchObject({ status: 'ready', saved: false });
    for (const kept of [savedLongAgo, savedJustBefore]) {
      expect((await objectsUnder(`${premium.user.sub}/podcasts/${kept.id}/`)).length).toBe(kept.objects);
      expect((await api(host, `/api/podcasts/${kept.id}`, { token: premium.user.accessToken })).body.podcast).toMatchObject({ status: 'ready', saved: true });
    }
    const listed = await api(host, '/api/podcasts', { token: premium.user.accessToken });
    expect(listed.body.podcasts.map((p: { id: string }) => p.id).sort()).toEqual([savedLongAgo.id, savedJustBefore.id].sort());

    // Run again at the same instant: nothing left to sweep, nothing else touched.
    expect(await sweep(at)).toEqual({ at: at.toISOString(), candidates: 0, removed: 0, kept: 0, failed: 0 });
    expect((await objectsUnder(`${free.user.sub}/podcasts/${live.id}/`)).length).toBe(live.objects);

    // A day after the live draft's end, it goes too.
    const later = new Date((live.draftUntil + 3600) * 1000);
    expect(await sweep(later)).toMatchObject({ candidates: 1, removed: 1 });
    expect(await objectsUnder(`${free.user.sub}/podcasts/`)).toEqual([]);
    expect((await api(host, `/api/podcasts/${live.id}`, { token: free.user.accessToken })).status).toBe(404);
  }, 240_000);

  it('lets a save that reaches the draft first keep it with its audio, and refuses a save that comes after the claim', async () => {
    await quickSpeech();
    const premium = await studentWithCourse(true);
    const draft = await premium.podcast();
    const at = new Date((draft.draftUntil + 60) * 1000);

    // The sweep has read the index (the draft expired at its instant) when the student saves.
    const listed = await expiredDrafts(at);
    const candidate = listed.find((d) => d.id === draft.id);
    expect(candidate).toBeDefined();
    expect((await save(premium.user, draft.id)).status).toBe(200);

    expect(await removeExpiredDraft(candidate!, at)).toBe(false);
    expect((await objectsUnder(`${premium.user.sub}/podcasts/${draft.id}/`)).length).toBe(draft.objects);
    expect(await readPodcast(premium.user.sub, draft.id)).toMatchObject({ saved: true });
    expect((await expiredDrafts(at)).map((d) => d.id)).not.toContain(draft.id);

    // The other order: a sweep claims the draft, and storage fails half way through its audio. The
    // claimed draft is no longer shown nor savable (the student's clock says it is still live),
    // and the next run finishes the removal.
    const second = await premium.podcast();
    const claimedAt = new Date((second.draftUntil + 60) * 1000);
    const send = storage().send.bind(storage());
    let failed = false;
    vi.spyOn(storage(), 'send').mockImplementation((async (command: unknown) => {
      if (!failed && command instanceof DeleteObjectCommand && command.input.Key === `${premium.user.sub}/podcasts/${second.id}/episode.mp3`) {
        failed = true;
        throw new Error('storage unavailable');
      }
      return send(command as never);
    }) as never);
    expect(await sweep(claimedAt)).toMatchObject({ removed: 0, failed: 1 });
    expect(await readPodcast(premium.user.sub, second.id)).toMatchObject({ saved: false, swept_at: Math.floor(claimedAt.getTime() / 1000) });
    const late = await save(premium.user, second.id);
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('podcast_not_found');
    expect((await api(setup.host, `/api/podcasts/${second.id}`, { token: premium.user.accessToken })).status).toBe(404);
    expect(await sweep(claimedAt)).toMatchObject({ candidates: 1, removed: 1, failed: 0 });
    expect(await objectsUnder(`${premium.user.sub}/podcasts/${second.id}/`)).toEqual([]);
    expect(await readPodcast(premium.user.sub, second.id)).toBeNull();
  }, 180_000);
});
