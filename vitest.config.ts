import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { EnvironmentSequencer } from './test/helpers/environment-sequencer.js';

export default defineConfig({
  define: { __VERSION__: JSON.stringify('test'), __DOCS__: 'true' },
  // node/ imports the library by its package name, as users do; tests run it from source.
  resolve: { alias: [{ find: /^drop-in-page-agent$/, replacement: resolve(import.meta.dirname, 'src/lib.ts') }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.live.test.ts', '**/*.stress.test.ts'],
          // happy-dom where a DOM is needed; files for src/llm/ opt into node with a docblock.
          environment: 'happy-dom',
          // One module graph per worker instead of one per file (about 4x faster on two cores);
          // unit-setup.ts empties the document before each file and makes captured timers fakeable.
          isolate: false,
          setupFiles: ['test/helpers/unit-setup.ts'],
          // A worker thread starts faster than a forked process (no unit test changes directory or exits).
          pool: 'threads',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Unit tests that take seconds of CPU each (large hostile inputs): out of the fast unit
          // run, still part of `npm test`.
          name: 'stress',
          include: ['test/unit/**/*.stress.test.ts'],
          environment: 'happy-dom',
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Builds of the bundle and checks of what it ships: each test builds or spawns Node, which
          // takes seconds on a loaded two-core machine, so they are kept out of the fast unit run.
          // A whole build, or a packed task with Chromium and a tsc run, took 60-90 s under load.
          name: 'build',
          include: ['test/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for what the browser or another process does (a request reaching the
          // mock server, a message over the pairing socket): its 1 s default is a race on a loaded
          // two-core machine. A poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 10_000 } },
          // Two cores: one shared Chromium, test files in two workers.
          maxWorkers: 2,
          // One module graph per worker: playwright-core, the helpers and the bundles are imported and
          // built once per worker instead of once per file (a second of CPU each). Measured on the
          // perception files: 204 -> 173 s of CPU, 132 -> 101 s. Files keep their state in their own
          // module; shared helpers hold only caches and the one browser connection.
          isolate: false,
          // Unit tests first, then e2e (projects with different worker limits need distinct groups).
          sequence: { groupOrder: 1 },
        },
      },
    ],
    exclude: ['**/node_modules/**', '**/*.live.test.ts'],
    sequence: { sequencer: EnvironmentSequencer },
    // Transformed modules cached on disk between runs (node_modules/.experimental-vitest-cache; keyed by
    // file content and config): a warm unit run spends about 1 s instead of 5-10 s transforming.
    // `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
  },
});
