// `npm start`: the whole application on this computer, in one process. Builds the web app first
// when its sources are newer than web/dist, then starts the laptop host (lib/local/host.ts).
// `npm run dev` serves the web app through Vite with hot reload instead of web/dist.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalHost } from '../lib/local/host.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
let building: ChildProcess | undefined;
let stopping = false;

/** Latest modification time of a file, or of any file below a directory. */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(p, entry.name)));
  }
  return latest;
}

async function buildWebIfStale(): Promise<void> {
  const viteConfig = path.join(root, 'web', 'vite.config.ts');
  if (!existsSync(viteConfig)) return;
  const index = path.join(root, 'web', 'dist', 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  // The app also bundles the shared domain modules (schemas, constants) from functions/core.
  const sourcesAt = Math.max(
    ...['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'functions/core'].map((p) => newest(path.join(root, p))),
  );
  if (builtAt && builtAt >= sourcesAt) return;

  console.log(builtAt ? 'Rebuilding the web app (sources changed)…' : 'Building the web app…');
  const started = Date.now();
  const output: Buffer[] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    building = child;
    child.stdout.on('data', (d: Buffer) => output.push(d));
    child.stderr.on('data', (d: Buffer) => output.push(d));
    child.on('error', (err) => {
      output.push(Buffer.from(String(err)));
      resolve(1);
    });
    child.on('close', (c) => resolve(c ?? 1));
  });
  building = undefined;
  if (stopping) return;
  if (code === 0) {
    console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  process.stderr.write(Buffer.concat(output));
  console.error(
    existsSync(index)
      ? '\nThe web app failed to build (output above); serving the previous build.'
      : '\nThe web app failed to build (output above); the API and the mailbox still run.',
  );
}

async function main(): Promise<void> {
  let host: LocalHost | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130); // a second Ctrl-C: leave now
    stopping = true;
    console.log(signal === 'SIGINT' ? '\nStopping…' : 'Stopping…');
    // Still starting: the rest of main() stops as soon as it can.
    if (host) shutDown(host);
    building?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  if (!dev) await buildWebIfStale();
  if (stopping) process.exit(0);
  // Loaded after the handlers above, so that Ctrl-C is handled from the very start.
  const { startLocalHost } = await import('../lib/local/host.js');
  if (stopping) process.exit(0);
  try {
    host = await startLocalHost({ dev });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(e.code === 'EADDRINUSE' ? e.message : `Révise could not start:\n${e.stack ?? e.message}`);
    process.exit(1);
  }
  if (stopping) {
    shutDown(host);
    return;
  }

  console.log(`Révise is running at ${host.url}`);
  console.log(`  E-mails sent by the app: ${host.url}/dev/mailbox`);
  console.log(`  Data: ${host.dataDir}`);
  console.log('  Press Ctrl-C to stop.');
}

function shutDown(host: LocalHost): void {
  const force = setTimeout(() => {
    console.error('Some services did not stop within 10 s; exiting anyway.');
    process.exit(0);
  }, 10_000);
  force.unref();
  host.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('Stopping failed:', err);
      process.exit(1);
    },
  );
}

void main();
