/**
 * The on-disk build cache is one head file and one file a shard: a build writes only the shards
 * it changed (nothing at all when nothing changed), and a cache that is damaged or half-written
 * costs speed, never output.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { settledMs } from '../src/incremental/stamps.ts';
import { cacheFolderOf, settledRecordName } from '../src/incremental/folder.ts';
import { shardCount } from '../src/incremental/shards.ts';
import { packIndexes, unpackIndexes } from '../src/incremental/cache.ts';
import { diskWriter } from '../src/write/writer.ts';
import { editFile, removeProject, snapshot, tempProject } from './helpers.ts';

/** The cache folder's files with their modification times. */
async function cacheFiles(dir: string): Promise<Map<string, number>> {
  const folder = cacheFolderOf(dir);
  const names = await readdir(folder);
  return new Map(await Promise.all(names.map(async (n): Promise<[string, number]> => [n, (await stat(join(folder, n))).mtimeMs])));
}

const shardNames = (files: Map<string, number>) => [...files.keys()].filter((n) => n.startsWith('shard-'));

describe('the sharded build cache', { retry: 0 }, () => {
  let dir: string;
  const out = () => join(dir, 'dist');
  // No cache passed: each build reads the cache from node_modules/.cache and saves it, as `clinic-site build` does.
  const run = () => build({ root: dir, writer: diskWriter(out(), dir) });

  beforeAll(async () => {
    dir = await tempProject();
    for (let i = 0; i < 40; i++) {
      const body = `Paragraph ${i} about steady routines, sleep and movement.\n\n## Part ${i}\n\nMore words for article ${i}.\n`;
      await writeFile(join(dir, `content/blog/shard-test-${i}.md`), ['---', `title: "Shard test article ${i}"`, 'excerpt: "An excerpt long enough to read like one, for a generated test article."', 'author: Dr. Jane Example, DNP, FNP-C', `publishDate: 2024-02-${String((i % 27) + 1).padStart(2, '0')}`, 'category: Metabolic Health', '---', body].join('\n'));
    }
    // Bundles of templates saved this recently are not kept (a save during bundling would be missed); the
    // copied project settles first, as a real one has, so that the cache is whole after the first build.
    await new Promise((resolve) => setTimeout(resolve, settledMs + 100));
    await run();
  });
  afterAll(async () => {
    await rm(cacheFolderOf(dir), { recursive: true, force: true });
    await removeProject(dir);
  });

  it('should spread the records over many shard files named by the head', async () => {
    const files = await cacheFiles(dir);
    expect(files.has('head.bin')).toBe(true);
    // 40 generated articles and the real site's pages fill most of the 32 shards.
    expect(shardNames(files).length).toBeGreaterThan(shardCount / 2);
    // Besides them only the record of the whole build (settled.ts), when the build could make one.
    expect([...files.keys()].filter((n) => n !== 'head.bin' && n !== settledRecordName && !n.startsWith('shard-'))).toEqual([]);
  });

  it('should write nothing when nothing changed', async () => {
    const before = await cacheFiles(dir);
    await run();
    expect(await cacheFiles(dir)).toEqual(before);
  });

  it('should rewrite only the few shards an edited article touches, and remove the files they replace', async () => {
    const before = await cacheFiles(dir);
    await editFile(dir, 'content/blog/shard-test-7.md', 'More words for article 7.', 'Other words for article 7.');
    await run();
    const after = await cacheFiles(dir);
    const rewritten = shardNames(after).filter((n) => !before.has(n));
    // The article's memo entry and its page's record and stamp: one to three shards of 32.
    expect(rewritten.length).toBeGreaterThanOrEqual(1);
    expect(rewritten.length).toBeLessThanOrEqual(3);
    // Replaced shards are gone; the others are the very same files.
    expect(shardNames(after).length).toBe(shardNames(before).length);
    expect(shardNames(after).filter((n) => before.has(n)).every((n) => after.get(n) === before.get(n))).toBe(true);
    expect(await readFile(join(out(), 'blog/shard-test-7/index.html'), 'utf8')).toContain('Other words for article 7.');
  });

  it('should build exactly what a clean build makes from a damaged shard, a missing shard or a damaged head, and mend the cache', async () => {
    const clean = async () => {
      await rm(cacheFolderOf(dir), { recursive: true, force: true });
      await rm(out(), { recursive: true, force: true });
      await run();
      return snapshot(out());
    };
    for (const damage of ['truncate a shard', 'delete a shard', 'garble the head'] as const) {
      await editFile(dir, 'content/blog/shard-test-3.md', /Paragraph 3\b[^\n]*/, `Paragraph 3, ${damage}.`);
      const folder = cacheFolderOf(dir);
      const shard = shardNames(await cacheFiles(dir))[0]!;
      if (damage === 'truncate a shard') await writeFile(join(folder, shard), (await readFile(join(folder, shard))).subarray(0, 20));
      if (damage === 'delete a shard') await rm(join(folder, shard));
      if (damage === 'garble the head') await writeFile(join(folder, 'head.bin'), 'not a cache');
      await run();
      const warm = await snapshot(out());
      expect(warm, damage).toEqual(await clean());
      // The next build reads a whole cache again: nothing to write.
      const mended = await cacheFiles(dir);
      await run();
      expect(await cacheFiles(dir), damage).toEqual(mended);
    }
  });
});

describe('a page record\'s packed index lists', () => {
  it('should give back every index it packed, past 16 bits too, and none from what is not a packed list', () => {
    const indexes = [0, 1, 65_535, 65_536, 70_000, 0xd800, 0xdfff, 2 ** 31 + 5, 12];
    expect(unpackIndexes(packIndexes(indexes))).toEqual(indexes);
    expect(unpackIndexes(packIndexes([]))).toEqual([]);
    expect(unpackIndexes([1, 2, 3])).toEqual([]);
    expect(unpackIndexes(undefined)).toEqual([]);
  });
});
