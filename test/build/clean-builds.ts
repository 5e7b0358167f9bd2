/**
 * What a clean build writes, for the tests that check a warm build's output against it: built once for each state of the
 * sources and options, since the same sources and options make the same output (a test that changes nothing a build reads,
 * only the output, compares with the clean build it already has).
 */
import { createHash } from 'node:crypto';
import { readdir, readlink, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type BuildOptions } from '../../src/build.ts';
import { emptyMemo } from '../../src/incremental/memo.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { snapshot } from '../helpers.ts';

type Hashes = Map<string, { stamp: string; hash: string }>;

/** A maker of clean builds of `dir` (each into a folder of its own, with a cache of its own), resolving to the hash of each file written. */
export function cleanBuilds(dir: string): (options?: Partial<BuildOptions>) => Promise<Record<string, string>> {
  const made = new Map<string, Record<string, string>>();
  const hashes: Hashes = new Map();
  return async (options = {}) => {
    const key = await sourcesKey(dir, hashes, { today: new Date().toISOString().slice(0, 10), ...options });
    const kept = made.get(key);
    if (kept) return kept;
    const folder = join(dir, 'clean');
    await rm(folder, { recursive: true, force: true });
    await build({ root: dir, writer: diskWriter(folder, dir), memo: emptyMemo(), ...options });
    const files = await snapshot(folder);
    await rm(folder, { recursive: true, force: true });
    made.set(key, files);
    return files;
  };
}

/** Every name under the source folders with what it is (a file's hash, a link's target, a folder), and the options. */
async function sourcesKey(dir: string, hashes: Hashes, options: Partial<BuildOptions>): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const folder of ['content', 'templates', 'public']) {
    const entries = await readdir(join(dir, folder), { withFileTypes: true, recursive: true });
    const files = await snapshot(join(dir, folder), hashes);
    for (const entry of entries.sort((a, b) => (join(a.parentPath, a.name) < join(b.parentPath, b.name) ? -1 : 1))) {
      const path = join(entry.parentPath, entry.name);
      const name = relative(dir, path);
      if (entry.isSymbolicLink()) hash.update(`${name} -> ${await readlink(path)}\n`);
      else if (entry.isFile()) hash.update(`${name} ${files[relative(join(dir, folder), path)]}\n`);
      else hash.update(`${name} ${entry.isDirectory() ? '/' : '?'}\n`);
    }
  }
  return hash.digest('hex');
}
