// Podcasts through the laptop host: the real state machine (aws-local-stepfunctions running the
// one definition) with the registry's task handlers, espeak-ng speaking and LAME encoding. A short
// French episode reaches ready as a real MP3 whose measured length is inside the chosen range;
// the free plan's fourth podcast of the month is refused and costs nothing; a speech failure half
// way leaves the podcast failed with its unit given back and no audio object; ownership, saving
// (Premium), the listening position and deletion; a podcast deleted while its segments are spoken
// keeps no audio, its queued segments are not spoken and its unit stays spent, and a segment's
// task run again counts nothing; an episode chosen longer than its course is shorter and says so.
// After every test no object lacks its record.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { PODCAST_RANGES, PODCAST_SYNTHESIS_CONCURRENCY } from '../../functions/core/podcasts.js';
import { synthesiseSegment } from '../../functions/pipelines/podcast-tasks.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { speech } from '../../functions/platform/speech/index.js';
import { mp3Duration } from '../../functions/platform/speech/mp3.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

async function podcastOf(user: TestUser, id: string) {
  const r = await api(setup.host, `/api/podcasts/${id}`, { token: user.accessToken });
  expect(r.status).toBe(200);
  return r.body.podcast;
}

async function generate(user: TestUser, subjectId: string, body: Record<string, unknown>) {
  return api(setup.host, `/api/subjects/${subjectId}/podcasts`, { method: 'POST', token: user.accessToken, body });
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

async function podcastsUsed(user: TestUser): Promise<number> {
  const r = await api(setup.host, '/api/usage', { token: user.accessToken });
  return r.body.features.podcast_generation.used;
}

/** Speech that answers at once with a real (short) MP3: for the tests about limits and ownership. */
async function quickSpeech() {
  const sample = await speech().synthesize('Bonjour.', 'fr', 0);
  return vi.spyOn(speech(), 'synthesize').mockResolvedValue(sample);
}

describe('a short French podcast', () => {
  it('is written, spoken segment by segment and joined into a real MP3 whose measured length is inside the range', async () => {
    const { host } = setup;
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Biologie');
    const fileId = await readyFile(host, user, subject.id, 'Biologie', setup.biologyPdf);

    const started = await generate(user, subject.id, { file_id: fileId, duration: 'short', style: 'host' });
    expect(started.status).toBe(202);
    expect(started.body.podcast).toMatchObject({ status: 'scripting', language: 'fr', duration: 'short', style: 'host', file_id: fileId, saved: false, segments_done: 0 });
    expect(started.body.usage).toMatchObject({ feature: 'podcast_generation', used: 1, limit: 3 });
    const id = started.body.podcast.id as string;

    await host.stepFunctions.idle();
    const podcast = await podcastOf(user, id);
    expect(podcast.status).toBe('ready');
    expect(podcast.segments_done).toBe(podcast.segments_total);
    expect(podcast.segments.length).toBe(podcast.segments_total);
    expect(podcast.segments[0]).toMatchObject({ index: 0, speaker: 0, speaker_name: 'Léa' });
    expect(podcast.segments[0].text).toMatch(/^Bonjour et bienvenue/);
    expect(new Set(podcast.segments.map((s: { speaker_name: string }) => s.speaker_name))).toEqual(new Set(['Léa', 'Rémi']));
    for (const s of podcast.segments) {
      expect(s.citations.length).toBeGreaterThan(0);
      expect(s.citations[0].file_id).toBe(fileId);
      expect(s.duration_seconds).toBeGreaterThan(0);
      expect(s.audio_url).toMatch(/^http/);
    }
    // A segment's signed URL plays.
    const segment = await fetch(podcast.segments[1].audio_url);
    expect(segment.status).toBe(200);
    expect(mp3Duration(new Uint8Array(await segment.arrayBuffer()))).toBeCloseTo(podcast.segments[1].duration_seconds, 0);

    // The download: the whole episode as an attachment named after the title, its length measured on the audio.
    const download = await api(host, `/api/podcasts/${id}/download`, { token: user.accessToken });
    expect(download.status).toBe(200);
    const mp3 = await fetch(download.body.url);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect(mp3.headers.get('content-disposition')).toBe('attachment; filename="Biologie.mp3"');
    const seconds = mp3Duration(new Uint8Array(await mp3.arrayBuffer()));
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(PODCAST_RANGES.short.max);
    expect(Math.abs(seconds - podcast.duration_seconds)).toBeLessThan(2);

    // Listed under its subject (without its script), not among the saved ones.
    const listed = await api(host, `/api/subjects/${subject.id}/podcasts`, { token: user.accessToken });
    expect(listed.body.podcasts.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(listed.body.podcasts[0].segments).toBeUndefined();
    expect((await api(host, '/api/podcasts', { token: user.accessToken })).body.podcasts).toEqual([]);

    // Where the student stopped, kept for next time.
    expect((await api(host, `/api/podcasts/${id}/position`, { method: 'PUT', token: user.accessToken, body: { segment: 3, seconds: 2.5 } })).status).toBe(204);
    expect((await podcastOf(user, id)).position).toEqual({ segment: 3, seconds: 2.5 });
    expect((await api(host, `/api/podcasts/${id}/position`, { method: 'PUT', token: user.accessToken, body: { segment: 3 } })).status).toBe(400);

    // Another student sees nothing of it.
    const other = await newUser(host);
    for (const [method, path] of [['GET', `/api/podcasts/${id}`], ['GET', `/api/podcasts/${id}/download`], ['DELETE', `/api/podcasts/${id}`], ['POST', `/api/podcasts/${id}/save`]]) {
      const r = await api(host, path, { method, token: other.accessToken });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe('podcast_not_found');
    }
    expect((await api(host, `/api/subjects/${subject.id}/podcasts`, { token: other.accessToken })).status).toBe(404);

    // Saving is Premium: a free student keeps a draft.
    const refused = await api(host, `/api/podcasts/${id}/save`, { method: 'POST', token: user.accessToken, headers: { 'accept-language': 'fr' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'premium_only', message: 'Cette fonctionnalité est réservée aux abonnés Premium.' });
    expect((await podcastOf(user, id)).saved).toBe(false);
    await makePremium(user);
    const saved = await api(host, `/api/podcasts/${id}/save`, { method: 'POST', token: user.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body.podcast).toMatchObject({ saved: true, expires_at: null });
    expect((await api(host, '/api/podcasts', { token: user.accessToken })).body.podcasts.map((p: { id: string }) => p.id)).toEqual([id]);

    // Deleting removes the audio with it.
    expect((await objectsUnder(`${user.sub}/podcasts/${id}/`)).length).toBe(podcast.segments_total + 1);
    expect((await api(host, `/api/podcasts/${id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
    expect(await objectsUnder(`${user.sub}/podcasts/${id}/`)).toEqual([]);
    expect((await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).status).toBe(404);
  }, 240_000);
});

describe('a podcast longer than its course', () => {
  it('is shorter than chosen, says nothing twice, and the podcast and the list say the course was too short', async () => {
    const { host } = setup;
    await quickSpeech();
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Biologie');
    const fileId = await readyFile(host, user, subject.id, 'Biologie', setup.biologyPdf);

    const started = await generate(user, subject.id, { file_id: fileId, duration: 'medium', style: 'student' });
    expect(started.status).toBe(202);
    expect(started.body.podcast.short_course).toBe(false);
    const id = started.body.podcast.id as string;
    await host.stepFunctions.idle();
    const podcast = await podcastOf(user, id);
    expect(podcast).toMatchObject({ status: 'ready', short_course: true });
    const texts: string[] = podcast.segments.map((s: { text: string }) => s.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
    expect(texts[0]).toMatch(/en Biologie/);
    const words = texts.join(' ').split(/\s+/u).length;
    expect(words).toBeLessThan(0.8 * (PODCAST_RANGES.medium.target / 60) * 178);
    const listed = await api(host, `/api/subjects/${subject.id}/podcasts`, { token: user.accessToken });
    expect(listed.body.podcasts[0]).toMatchObject({ id, short_course: true });
  }, 120_000);
});

describe('the free plan', () => {
  it('refuses the fourth podcast of the month with the limit message, and it costs nothing', async () => {
    const { host } = setup;
    await quickSpeech();
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Économie');
    const fileId = await readyFile(host, user, subject.id, 'Economics', setup.englishPdf);
    const started = await Promise.all([1, 2, 3].map(() => generate(user, subject.id, { file_id: fileId, duration: 'short', style: 'student' })));
    expect(started.map((r) => r.status)).toEqual([202, 202, 202]);
    expect(started[0].body.podcast.language).toBe('en');
    const fourth = await generate(user, subject.id, { file_id: fileId, duration: 'short', style: 'student' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({ code: 'usage_limit_reached', message: 'Limite d’utilisation atteinte (3/3 ce mois-ci). Réessaie plus tard ou passe à Premium.'.replace('’', "'") });
    await host.stepFunctions.idle();
    expect(await podcastsUsed(user)).toBe(3);
    const listed = await api(host, `/api/subjects/${subject.id}/podcasts`, { token: user.accessToken });
    expect(listed.body.podcasts.map((p: { status: string }) => p.status)).toEqual(['ready', 'ready', 'ready']);
  }, 120_000);

  it('answers the spec’s errors before taking a unit: no file selected, a file of another subject', async () => {
    const { host } = setup;
    const user = await newUser(host);
    const empty = await createSubject(host, user.accessToken, 'Vide');
    const none = await generate(user, empty.id, { duration: 'short', style: 'host' });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('podcast_no_file');
    const unknown = await generate(user, empty.id, { file_id: 'nope', duration: 'short', style: 'host' });
    expect(unknown.status).toBe(404);
    expect((await generate(user, empty.id, { duration: 'forever', style: 'host' })).status).toBe(400);
    expect(await podcastsUsed(user)).toBe(0);
  }, 60_000);
});

describe('a speech failure half way', () => {
  it('leaves the podcast failed with the spec’s message, the unit given back and no audio object', async () => {
    const { host } = setup;
    const sample = await speech().synthesize('Bonjour.', 'fr', 0);
    let calls = 0;
    vi.spyOn(speech(), 'synthesize').mockImplementation(async () => {
      calls++;
      if (calls > 5) throw new Error('speech engine crashed');
      return sample;
    });
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Biologie');
    const fileId = await readyFile(host, user, subject.id, 'Biologie', setup.biologyPdf);
    const started = await generate(user, subject.id, { file_id: fileId, duration: 'short', style: 'expert' });
    expect(started.status).toBe(202);
    expect(await podcastsUsed(user)).toBe(1);
    await host.stepFunctions.idle();

    const r = await api(host, `/api/podcasts/${started.body.podcast.id}`, { token: user.accessToken, headers: { 'accept-language': 'fr' } });
    expect(r.body.podcast).toMatchObject({ status: 'failed', error: 'podcast_audio_failed' });
    expect(r.body.podcast.segments_done).toBeGreaterThanOrEqual(4);
    expect(r.body.podcast.segments_done).toBeLessThan(r.body.podcast.segments_total);
    expect(await podcastsUsed(user)).toBe(0);
    expect(await objectsUnder(`${user.sub}/podcasts/`)).toEqual([]);
    expect((await api(host, `/api/podcasts/${started.body.podcast.id}/download`, { token: user.accessToken })).body.error.code).toBe('podcast_not_ready');
  }, 120_000);
});

describe('a podcast deleted while its segments are spoken', () => {
  it('keeps no audio, speaks none of the segments still queued, and a segment run again counts nothing', async () => {
    const { host } = setup;
    const sample = await speech().synthesize('Bonjour.', 'fr', 0);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    // The first two segments are spoken at once; from the third on, speech waits.
    vi.spyOn(speech(), 'synthesize').mockImplementation(async () => {
      if (++calls > 2) await held;
      return sample;
    });
    const user = await newUser(host);
    const subject = await createSubject(host, user.accessToken, 'Biologie');
    const fileId = await readyFile(host, user, subject.id, 'Biologie', setup.biologyPdf);
    const started = await generate(user, subject.id, { file_id: fileId, duration: 'short', style: 'host' });
    const id = started.body.podcast.id as string;
    await vi.waitFor(() => expect(calls).toBe(2 + PODCAST_SYNTHESIS_CONCURRENCY), { timeout: 60_000, interval: 50 });
    const spoken = await podcastOf(user, id);
    expect(spoken).toMatchObject({ status: 'synthesising', segments_done: 2 });
    expect(spoken.segments_total).toBeGreaterThan(2 + PODCAST_SYNTHESIS_CONCURRENCY);

    // The first segment's task run again (a duplicate invocation): nothing spoken, nothing counted twice.
    const again = await synthesiseSegment({ user_id: user.sub, podcast_id: id, language: 'fr', segment: { index: 0, speaker: 0, text: spoken.segments[0].text } });
    expect(again).toEqual({ index: 0, seconds: spoken.segments[0].duration_seconds });
    expect(calls).toBe(2 + PODCAST_SYNTHESIS_CONCURRENCY);
    expect((await podcastOf(user, id)).segments_done).toBe(2);

    expect((await api(host, `/api/podcasts/${id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
    release();
    await host.stepFunctions.idle();
    // The segments being spoken wrote their audio after the delete and removed it; the queued ones were never spoken.
    expect(await objectsUnder(`${user.sub}/podcasts/${id}/`)).toEqual([]);
    expect(calls).toBe(2 + PODCAST_SYNTHESIS_CONCURRENCY);
    expect((await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).status).toBe(404);
    // Its run was going when the student deleted it: the unit stays spent (a run that had died would give it back: podcast-recovery.test.ts).
    expect(await podcastsUsed(user)).toBe(1);
  }, 120_000);
});
