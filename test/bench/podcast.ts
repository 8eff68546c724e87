// Podcast benchmark, part of `npm run bench` (`npm run bench podcast`): on the laptop host, a long
// episode (10 to 15 minutes) of a 30-page French course, from the click (POST) to the first
// playable segment (segment 0 has its audio) and to the whole episode ready, with the host's RSS
// growth, beside the speech engine's own speed on the same script in the same run (the segments
// spoken one after the other, straight to MP3, with no pipeline around them).
// Two episodes: the first after the host starts (it loads the study engine's modules), then the
// next one. Targets: first segment ≤ 5 s, whole episode ≤ 60 s (≥ 10× real time), RSS growth ≤ 150 MB.
import { performance } from 'node:perf_hooks';
import { closeSpeech, speech } from '../../functions/platform/speech/index.js';
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

    /** One episode from the click to ready, with the host's RSS growth meanwhile. */
    const episode = async () => {
      global.gc?.();
      const before = process.memoryUsage();
      const rss0 = before.rss;
      let peak = rss0;
      let atPeak = before;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        if (now.rss > peak) [peak, atPeak] = [now.rss, now];
      }, 50);
      const t0 = performance.now();
      const started = await api(host, `/api/subjects/${subject.id}/podcasts`, { method: 'POST', token: user.accessToken, body: { file_id: fileId, duration: 'long', style: 'host' } });
      if (started.status !== 202) throw new Error(`generation refused: ${started.status} ${JSON.stringify(started.body)}`);
      const id = started.body.podcast.id as string;
      let firstMs = 0;
      let scriptMs = 0;
      // Until segment 1 plays, the episode (segments and signed URLs) is read every 100 ms; then as
      // the page reads it (every 1.5 s), its status alone read every 100 ms (the subject's list).
      let podcast;
      let status: string;
      let readAt = 0;
      for (;;) {
        const now = performance.now();
        if (!firstMs || now - readAt >= 1_500) {
          podcast = (await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).body.podcast;
          status = podcast.status as string;
          readAt = now;
        } else {
          const listed = (await api(host, `/api/subjects/${subject.id}/podcasts`, { token: user.accessToken })).body.podcasts as { id: string; status: string }[];
          status = listed.find((p) => p.id === id)?.status ?? 'deleted';
        }
        if (!scriptMs && status !== 'scripting') scriptMs = performance.now() - t0;
        if (!firstMs && podcast.segments?.[0]?.audio_url) firstMs = performance.now() - t0;
        if (status === 'ready' || status === 'failed' || status === 'deleted') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const wholeMs = performance.now() - t0;
      podcast = (await api(host, `/api/podcasts/${id}`, { token: user.accessToken })).body.podcast;
      clearInterval(sampler);
      if (podcast.status !== 'ready') throw new Error(`the podcast failed: ${podcast.error}`);
      return { podcast, scriptMs, firstMs, wholeMs, growth: peak - rss0, heap: atPeak.heapTotal - before.heapTotal, buffers: atPeak.external - before.external };

    };

    // The first episode after the host starts loads the study engine's modules; the next one, as
    // after any question or sheet, finds them loaded (its speech workers start again, as after a
    // minute without speech).
    const first = await episode();
    await closeSpeech();
    const next = await episode();
    const podcast = first.podcast;

    // The reference: the speech engine alone on the same script.
    const r0 = performance.now();
    for (const seg of podcast.segments as { text: string; speaker: 0 | 1 }[]) await speech().synthesize(seg.text, 'fr', seg.speaker);
    const engineMs = performance.now() - r0;

    const audio = podcast.duration_seconds as number;
    const words = (podcast.segments as { text: string }[]).reduce((n, x) => n + x.text.split(/\s+/).length, 0);
    console.log(`podcast (laptop host, ${podcast.segments_total} segments, ${words} words, ${(audio / 60).toFixed(1)} min of audio, 30-page course)`);
    const report = (label: string, run: typeof first) => {
      console.log(`  ${label}`);
      console.log(`    script written          ${s(run.scriptMs)}`);
      console.log(`    first playable segment  ${s(run.firstMs)}   (target ≤ 5 s)   segment 1 lasts ${(run.podcast.segments[0].duration_seconds as number).toFixed(1)} s`);
      console.log(`    whole episode ready     ${s(run.wholeMs)}   ${(audio / (run.wholeMs / 1000)).toFixed(1)}× real time   (target ≤ 60 s, ≥ 10×)   pipeline / engine = ${(run.wholeMs / engineMs).toFixed(2)}`);
      console.log(`    host RSS growth         ${mb(run.growth)}   (target ≤ 150 MB)`);
      console.log(`      of which the host thread's JavaScript heap ${mb(run.heap)}, its buffers ${mb(run.buffers)}, the rest (worker threads, compiled code, native) ${mb(run.growth - run.heap - run.buffers)}`);
    };
    console.log(`  speech engine alone       ${s(engineMs)}   ${(audio / (engineMs / 1000)).toFixed(1)}× real time (the same script, segments one after the other)`);
    report('first episode after the host starts (the engine’s modules load)', first);
    report('next episode (the engine loaded)', next);
  } finally {
    await host.stop();
  }
}
