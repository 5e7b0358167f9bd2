import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // React's production build, as bin/clinic-site.js sets it for every user: vitest's own 'test' made every build in a test (and
    // every CLI it spawned, which keeps a NODE_ENV it is given) render with React's development build, about twice the CPU.
    env: { NODE_ENV: 'production' },
    // vitest's default, cores - 1 (one file at a time on 2 cores). Most of a file's time is waiting on what it started, but a run
    // with 3 files at once on a loaded 2-core machine went over 8 time limits: more workers wait for a quiet-machine measurement.
    maxWorkers: Math.max(availableParallelism() - 1, 1),
    // Browser tests drive a real Chromium on a shared 2-core machine; one retry absorbs a starved frame, a real bug fails twice.
    retry: 1,
    globalSetup: ['test/setup-compile.ts'],
  },
});
