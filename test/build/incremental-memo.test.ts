/**
 * The memo on disk is one file: a build with nothing changed writes nothing, and a memo that is
 * damaged, cut short or missing costs speed, never output.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoFolderOf, memoName, readMemo } from '../../src/incremental/memo.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, settlePause, snapshot, tempProject } from '../helpers.ts';

/** The memo folder's files with their modification times. */
async function memoFiles(dir: string): Promise<Map<string, number>> {
  const folder = memoFolderOf(dir);
  const names = await readdir(folder);
  return new Map(await Promise.all(names.map(async (n): Promise<[string, number]> => [n, (await stat(join(folder, n))).mtimeMs])));
}

describe('the memo on disk', { retry: 0 }, () => {
  let dir: string;
  const out = () => join(dir, 'dist');
  // No memo passed: each build reads the one in node_modules/.cache and saves it, as `clinic-site build` does.
  const run = () => build({ root: dir, writer: diskWriter(out(), dir) });

  beforeAll(async () => {
    dir = await tempProject();
    // The copied project settles first, as a real one has, so that the first build leaves a record.
    await settlePause(dir);
    await run();
  });
  afterAll(async () => {
    await rm(memoFolderOf(dir), { recursive: true, force: true });
    await removeProject(dir);
  });

  it('should be one file', async () => {
    expect([...(await memoFiles(dir)).keys()]).toEqual([memoName]);
  });

  it('should write nothing when nothing changed', async () => {
    const before = await memoFiles(dir);
    const result = await run();
    expect(result.way).toBe('settled');
    expect(await memoFiles(dir)).toEqual(before);
  });

  it('should remember every page of the output it describes, with its key', async () => {
    const memo = readMemo(dir).rest();
    expect(memo.outDir).toBe(out());
    expect(memo.pages.get('blog/hrt-glow-up/index.html')).toMatch(/\S/);
    expect(memo.pages.size).toBe((await run()).pages);
  });

  it('should build exactly what a clean build makes from a memo cut short, garbled or missing, and mend it', async () => {
    const clean = async () => {
      await rm(memoFolderOf(dir), { recursive: true, force: true });
      await rm(out(), { recursive: true, force: true });
      await run();
      return snapshot(out());
    };
    for (const damage of ['cut it short', 'garble it', 'delete it'] as const) {
      await editFile(dir, 'content/blog/hrt-glow-up.md', /^title: .*$/m, `title: "HRT, ${damage}"`);
      const file = join(memoFolderOf(dir), memoName);
      if (damage === 'cut it short') await writeFile(file, (await readFile(file)).subarray(0, 200));
      if (damage === 'garble it') await writeFile(file, 'not a memo');
      if (damage === 'delete it') await rm(file);
      await run();
      const warm = await snapshot(out());
      expect(warm, damage).toEqual(await clean());
      expect(readMemo(dir).rest().pages.size, damage).toBeGreaterThan(40);
    }
  });
});
