/**
 * One build of the real content/ per test run, shared by the test files that only read it (cheerio checks, browser tests):
 * the first file that asks builds it with build() into the run's folder (see test/setup-compile.ts), the others, in any
 * worker, wait for it. A failed build fails every file that asked, with its message.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { build, type BuildResult } from '../src/build.ts';
import { diskWriter } from '../src/write/writer.ts';
import { projectRoot } from './helpers.ts';

/** The real site, built: its output folder (read it, never change it) and what build() returned. */
export interface RealSite {
  out: string;
  result: BuildResult;
}

let made: Promise<RealSite> | undefined;

/** The run's one build of the real content/ (made on the first call in the run, then read back). */
export function realSite(): Promise<RealSite> {
  made ??= builtOnce(inject('realSiteFolder'));
  return made;
}

async function builtOnce(folder: string): Promise<RealSite> {
  const out = join(folder, 'dist');
  const done = join(folder, 'result.json');
  const failed = join(folder, 'failed.txt');
  const building = await mkdir(join(folder, 'building')).then(
    () => true,
    () => false,
  );
  if (building) {
    try {
      const result = await build({ root: projectRoot, writer: diskWriter(out, projectRoot) });
      await writeFile(`${done}.tmp`, JSON.stringify(result));
      await rename(`${done}.tmp`, done);
    } catch (error) {
      await writeFile(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  // Another file builds it: wait for its result (a build takes seconds; the hook's own timeout bounds the wait).
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the shared build of the real content failed:\n${await readFile(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { out, result: JSON.parse(await readFile(done, 'utf8')) as BuildResult };
}
