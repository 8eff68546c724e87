// Podcast benchmark, part of `npm run bench` (`npm run bench podcast`): on the laptop host, a long
// episode (10 to 15 minutes) of a 30-page French course, from the click (POST) to the first
// playable segment (segment 0 has its audio) and to the whole episode ready, with the host's RSS
// growth, beside the speech engine's own speed on the same script in the same run (the segments
// spoken one after the other, straight to MP3, with no pipeline around them).
// Targets: first segment ≤ 5 s, whole episode ≤ 60 s (≥ 10× real time), RSS growth ≤ 150 MB.
import { performance } from 'node:perf_hooks';
import { speech } from '../../functions/platform/speech/index.js';
import { coursePdf } from '../support/fixtures.js';
import { largeCourse } from '../support/courses.js';
import { api, newUser, startTestHost } from '../support/host.js';
import { makePremium, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function benchPodcast(): Promise<void> {
  const host = await startTestHost();
  try {
    const user = await newUser(host);
    await makePremium(user);
    const subject = await createSubject(host, user.accessToken, 'Mécanique');
    const pages = largeCourse(30, 'fr').pages.map((p) => p.text);
    const fileId = await readyFile(host, user, subject.id, 'Mecanique', await coursePdf(pages, { title: 'Mécanique' }));

    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const started = await api(host, `/api/subjects/${subject.id}/podcasts`, { method: 'POST', token: user.accessToken, body: { file_id: fileId, duration: 'long', style: 'host' } });
    if (started.status !== 202) throw new Error(`generation refused: ${started.status} ${JSON.stringify(started.body)}`);
    const id = started.body.podcast.id as string;
    let firstMs = 0;
    let podcast;
    for (;;) {
      podcast = (await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).body.podcast;
      if (!firstMs && podcast.segments?.[0]?.audio_url) firstMs = performance.now() - t0;
      if (podcast.status === 'ready' || podcast.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const wholeMs = performance.now() - t0;
    clearInterval(sampler);
    if (podcast.status !== 'ready') throw new Error(`the podcast failed: ${podcast.error}`);

    // The reference: the speech engine alone on the same script.
    const r0 = performance.now();
    for (const seg of podcast.segments as { text: string; speaker: 0 | 1 }[]) await speech().synthesize(seg.text, 'fr', seg.speaker);
    const engineMs = performance.now() - r0;

    const audio = podcast.duration_seconds as number;
    const words = (podcast.segments as { text: string }[]).reduce((n, x) => n + x.text.split(/\s+/).length, 0);
    console.log(`podcast (laptop host, ${podcast.segments_total} segments, ${words} words, ${(audio / 60).toFixed(1)} min of audio, 30-page course)`);
    console.log(`  first playable segment  ${s(firstMs)}   (target ≤ 5 s)`);
    console.log(`  whole episode ready     ${s(wholeMs)}   ${(audio / (wholeMs / 1000)).toFixed(1)}× real time   (target ≤ 60 s, ≥ 10×)`);
    console.log(`  speech engine alone     ${s(engineMs)}   ${(audio / (engineMs / 1000)).toFixed(1)}× real time   pipeline / engine = ${(wholeMs / engineMs).toFixed(2)}`);
    console.log(`  host RSS growth         ${mb(peak - rss0)}   (target ≤ 150 MB)`);
  } finally {
    await host.stop();
  }
}
