import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Browser tests drive a real Chromium on a shared 2-core machine; one retry absorbs a starved frame, a real bug fails twice.
    retry: 1,
    globalSetup: ['test/setup-compile.ts'],
  },
});
