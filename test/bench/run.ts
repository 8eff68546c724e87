// Benchmarks: `npm run bench`. Each figure is printed beside a reference measured in the same run
// on the same machine, so ratios stay meaningful whatever the hardware. Nothing here asserts: the
// tests check behaviour, this prints numbers.
import { benchApi } from './api.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  api: benchApi,
  extraction: async () => (await import('./extraction.js')).benchExtraction(),
  upload: async () => (await import('./upload.js')).benchUpload(),
  engine: async () => (await import('./engine.js')).benchEngine(),
  web: async () => (await import('./web.js')).benchWeb(),
  planning: async () => (await import('./planning.js')).benchPlanning(),
  podcast: async () => (await import('./podcast.js')).benchPodcast(),
  export: async () => (await import('./export.js')).benchExport(),
  cost: async () => (await import('./cost.js')).benchCost(),
};

for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
  console.log('');
}
