// Opt-in tests against a real model (never in CI): `LIVE_LLM_BASE_URL=… LIVE_LLM_MODEL=… npm run test:live`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/live/**/*.live.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
