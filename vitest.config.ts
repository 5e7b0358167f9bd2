import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of a test file's time is spent waiting on what it started (CLI runs, builds' child processes, Chromium, the dev
    // server), so one file more than there are cores keeps them busy; vitest's default (cores - 1) ran one file at a time on 2.
    maxWorkers: Math.min(availableParallelism() + 1, 8),
    // Browser tests drive a real Chromium on a shared 2-core machine; one retry absorbs a starved frame, a real bug fails twice.
    retry: 1,
    globalSetup: ['test/setup-compile.ts'],
  },
});
