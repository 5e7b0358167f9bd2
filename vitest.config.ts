import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Templates a test renders itself compile for React's production build too: its jsx-dev-runtime has no jsxDEV under
  // NODE_ENV=production (below), and Vite picks the development transform from its own mode, which stays 'test'.
  oxc: { jsx: { development: false } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // React's production build, as bin/clinic-site.js sets it for every user: vitest's own 'test' made every build in a test (and
    // every CLI it spawned, which keeps a NODE_ENV it is given) render with React's development build, about twice the CPU.
    env: { NODE_ENV: 'production' },
    // One file per core: a file's time is partly waiting (Chromium, spawned builds, watchers), so two at a time on this 2-core
    // machine keep both cores busy; the whole suite took 944 s of wall time with 2 workers and 1,440 s with 1 (a quiet machine).
    maxWorkers: Math.max(availableParallelism(), 1),
    // Browser tests drive a real Chromium on a shared 2-core machine; one retry absorbs a starved frame, a real bug fails twice.
    retry: 1,
    globalSetup: ['test/setup-compile.ts'],
  },
});
