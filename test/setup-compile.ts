/** Compiles src/ into lib/ once before the tests, so CLI tests run the code under test; makes the run's folder for the shared build. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A temporary folder of this run alone, where the first test that asks builds the real content once (test/real-site.ts). */
    realSiteFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'compile.mjs')], { stdio: 'inherit', cwd: join(import.meta.dirname, '..') });
  // In the system's temporary folder, never in the repository: a fresh clone starts without it, and each run makes its own.
  const folder = mkdtempSync(join(tmpdir(), 'clinic-real-site-'));
  project.provide('realSiteFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
