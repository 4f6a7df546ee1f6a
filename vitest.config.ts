import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // happy-dom where a DOM is needed; files for src/llm/ opt into node with a docblock.
          environment: 'happy-dom',
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
          // Two cores: one shared Chromium, test files in two workers.
          maxWorkers: 2,
        },
      },
    ],
    exclude: ['**/node_modules/**', '**/*.live.test.ts'],
  },
});
