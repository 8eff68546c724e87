// API benchmark: the cost of the JWT check and of DynamoDB reads and conditional writes, as
// latency multiples of a public route that does no I/O, measured in the same run.
import { performance } from 'node:perf_hooks';
import { api, newUser, startTestHost, type TestHost } from '../support/host.js';

interface Stats {
  n: number;
  p50: number;
  p95: number;
  perSecond: number;
}

async function measure(n: number, concurrency: number, call: () => Promise<unknown>): Promise<Stats> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { n, p50: at(0.5), p95: at(0.95), perSecond: (n / total) * 1000 };
}

const fmt = (s: Stats) => `p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  ${s.perSecond.toFixed(0)} req/s`;

export async function benchApi(): Promise<void> {
  console.log('== API requests through the laptop host');
  const host: TestHost = await startTestHost();
  try {
    const user = await newUser(host);
    const rssBefore = process.memoryUsage().rss;
    // Warm up handlers, JWKS cache and connections.
    for (let i = 0; i < 20; i++) {
      await api(host, '/api/health');
      await api(host, '/api/profile', { token: user.accessToken });
    }
    const rows: [string, Stats][] = [];
    for (const concurrency of [1, 8]) {
      const reference = await measure(400, concurrency, () => api(host, '/api/health'));
      const profile = await measure(400, concurrency, () => api(host, '/api/profile', { token: user.accessToken }));
      const streak = await measure(200, concurrency, () => api(host, '/api/streak', { token: user.accessToken, method: 'POST', body: {} }));
      rows.push([`health (reference, public, no I/O) c=${concurrency}`, reference]);
      rows.push([`GET /api/profile (JWT + 1 read) c=${concurrency}`, profile]);
      rows.push([`POST /api/streak (JWT + read + conditional write) c=${concurrency}`, streak]);
      console.log(`\nconcurrency ${concurrency}`);
      for (const [name, s] of rows.slice(-3)) {
        console.log(`  ${name.padEnd(62)} ${fmt(s)}  ×${(s.p50 / reference.p50).toFixed(1)} reference p50`);
      }
    }
    const rss = process.memoryUsage().rss;
    console.log(`\nlaptop host RSS: ${(rss / 2 ** 20).toFixed(0)} MiB (${((rss - rssBefore) / 2 ** 20).toFixed(1)} MiB grown during the run)`);
  } finally {
    await host.stop();
  }
}

