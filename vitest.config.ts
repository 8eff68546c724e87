import { defineConfig } from 'vitest/config';

// Four suites: `npm test` runs unit, integration and infra; `npm run test:e2e` runs the browser
// journeys against the built app.
export default defineConfig({
  test: {
    projects: [
      // Unit tests include property checks over hundreds of generated cases: 30 s leaves room for a
      // loaded 2-core machine (the default 5 s does not).
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
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
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
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
