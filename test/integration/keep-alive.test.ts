// Clients that keep connections alive and reuse them, as the web app's browser, the SDK and test
// clients do, meet the laptop host on a loaded machine. Node's server closes an idle kept-alive
// connection after 5 s by default, the very idle time after which Node's own client agent stops
// reusing one (http.globalAgent's `timeout`; undici's is 4 s): a request written on a socket at
// that instant, or a little later on a machine whose timers run late, meets the close and gets a
// connection reset. The host keeps idle connections far longer than those clients reuse them, and
// says so in `Keep-Alive`; 2,000 requests from a pooled client, with both cores kept busy, all get
// their answer on reused connections. Only 127.0.0.1 is used.
import { Agent, globalAgent, request } from 'node:http';
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(async () => {
  await host?.stop();
});

interface Answer {
  status: number;
  keepAlive: string | undefined;
  /** The connection it came on. */
  socket: Socket;
}

function get(agent: Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive']?.toString(), socket: res.socket }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Threads that keep a core busy for `ms` (a loaded laptop: the host's timers and I/O run late). */
function busyCores(count: number, ms: number): Promise<unknown> {
  return Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(`const end = Date.now() + ${ms}; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);`, { eval: true });
      return new Promise((resolve) => worker.once('exit', resolve));
    }),
  );
}

describe('connections kept alive', () => {
  it('stay open far longer than clients reuse them, and the host says so', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await get(agent, '/api/health');
      expect(answer.status).toBe(200);
      const advertised = Number(/\btimeout=(\d+)/.exec(answer.keepAlive ?? '')?.[1]);
      // At least a minute beyond Node's client agent, whose idle sockets are reused for up to 5 s.
      const clientIdleMs = Number((globalAgent as Agent & { options: { timeout?: number } }).options.timeout ?? 5_000);
      expect(clientIdleMs).toBeLessThanOrEqual(5_000);
      expect(advertised * 1000 - clientIdleMs).toBeGreaterThanOrEqual(60_000);
    } finally {
      agent.destroy();
    }
  });

  it('answer 2,000 requests from a pooled client on a loaded machine, on reused connections, without a reset', async () => {
    // Node's client defaults (keep-alive, idle sockets reused for 5 s), 16 sockets at most.
    const agent = new Agent({ keepAlive: true, timeout: 5_000, maxSockets: 16 });
    const load = busyCores(2, 6_000);
    try {
      const answers: Answer[] = [];
      const failures: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < 2_000) {
            const path = next++ % 2 === 0 ? '/api/health' : '/config.json';
            try {
              answers.push(await get(agent, path));
            } catch (err) {
              failures.push((err as NodeJS.ErrnoException).code ?? String(err));
            }
          }
        }),
      );
      expect(failures).toEqual([]);
      expect(answers).toHaveLength(2_000);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      // No connection was closed under the pool: 2,000 answers came over the 16 it opened.
      expect(new Set(answers.map((a) => a.socket)).size).toBeLessThanOrEqual(16);
    } finally {
      agent.destroy();
      await load;
    }
  }, 60_000);
});
