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
    // vitest's default, cores - 1 (one file at a time on 2 cores). A file's time is mostly processor time (builds render on worker
    // threads, Chromium draws): 6 files (redirects, search quality, unlistable folders, office-manager input, service pages, blog at
    // scale) took 149 s with 1 worker and 184 s with 2 on this 2-core machine (busy with other work, 97 s and 105 s of CPU).
    maxWorkers: Math.max(availableParallelism() - 1, 1),
    // Browser tests drive a real Chromium on a shared 2-core machine; one retry absorbs a starved frame, a real bug fails twice.
    retry: 1,
    globalSetup: ['test/setup-compile.ts'],
  },
});
