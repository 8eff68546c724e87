import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@core/…` in the web app's modules (web/tsconfig.json's `paths`, web/vite.config.ts's alias). */
const resolve = { alias: { '@core': fileURLToPath(new URL('./functions/core', import.meta.url)) } };

// Four suites: `npm test` runs unit, integration and infra; `npm run test:e2e` runs the browser
// journeys against the built app.
export default defineConfig({
  test: {
    projects: [
      // Unit tests include property checks over hundreds of generated cases: 30 s leaves room for a
      // loaded 2-core machine (the default 5 s does not).
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
