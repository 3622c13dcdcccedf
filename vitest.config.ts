import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API tests each open a real database; PGlite start-up is CPU-bound, so two workers suit these machines.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        // The web app runs in a browser: its tests, components (*.test.tsx) included, get a DOM.
        extends: true,
        test: { name: 'web', environment: 'happy-dom', include: ['apps/web/src/**/*.test.{ts,tsx}'], setupFiles: ['apps/web/src/testing/setup.ts'] },
      },
    ],
  },
});
