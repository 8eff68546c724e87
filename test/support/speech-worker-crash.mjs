// The laptop's speech worker, except that it dies (exit code 70) when asked to speak "CRASH": how
// test/unit/platform/speech-pool.test.ts makes a worker thread crash in the middle of a podcast.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (m) => {
  if (m?.text === 'CRASH') process.exit(70);
});
await import('../../functions/platform/speech/worker.mjs');
