/** Regression tests for what the seeded incremental-equals-clean replay (test/build/incremental-replay.test.ts) found in the build cache. */
import { mkdtemp, readdir, readFile, rename, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo } from '../../src/incremental/memo.ts';
import { codeFingerprint } from '../../src/hash.ts';
import { cacheDir } from '../../src/bundle/templates.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { editFile, projectWithOwnCache, removeProject, runCli, tempProject } from '../helpers.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((d) => removeProject(d)));
});
const project = async () => {
  const dir = await tempProject();
  folders.push(dir);
  return dir;
};

/** A short article of the blog; `image` is written into its front matter when given. */
const article = (title: string, image?: string) =>
  ['---', `title: "${title}"`, 'excerpt: "An excerpt long enough to read like one, for a test article."', 'author: Dr. Jane Example, DNP, FNP-C', 'publishDate: 2024-01-02', 'category: Metabolic Health', 'readTime: 2 min read', ...(image ? [`image: ${image}`] : []), '---', 'Body text of the test article.', ''].join('\n');

const text = (files: Map<string, Uint8Array>, file: string) => Buffer.from(files.get(file)!).toString('utf8');

describe('build cache regressions', () => {
  it('should link the blog index to the new address of an article whose file was renamed (the index kept its old render)', async () => {
    const dir = await project();
    const memo = emptyMemo();
    const run = () => build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir), memo });
    await writeFile(join(dir, 'content/blog/renamed-before.md'), article('An article about to be renamed'));
    await run();
    await rename(join(dir, 'content/blog/renamed-before.md'), join(dir, 'content/blog/renamed-after.md'));
    await run();
    const index = await readFile(join(dir, 'dist/blog/index.html'), 'utf8');
    expect(index).toContain('href="/blog/renamed-after/"');
    expect(index).not.toContain('/blog/renamed-before/');
  });

  it('should not reuse the kept bundles after a template change whose rebuild failed (serve showed the old template)', async () => {
    const dir = await project();
    const writer = memoryWriter();
    const memo = emptyMemo();
    const rebuild = (...changed: string[]) => build({ root: dir, writer, memo, drafts: true, ...(changed.length > 0 ? { changed: new Set(changed) } : {}) });
    await rebuild();
    // A template broken: the rebuild fails in bundling, and so must the next one, told only of an article.
    await editFile(dir, 'templates/components/Footer.tsx', 'return (', 'return ((');
    await expect(rebuild('templates/components/Footer.tsx')).rejects.toThrow();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^title: .*$/m, 'title: "Changed while the footer is broken"');
    await expect(rebuild('content/blog/hrt-glow-up.md')).rejects.toThrow();
    await editFile(dir, 'templates/components/Footer.tsx', 'return ((', 'return (');
    await rebuild('templates/components/Footer.tsx');
  });

  it('should not reuse the kept bundles after a template change made while the content was broken (the fixed build showed the old template)', async () => {
    const dir = await project();
    const writer = memoryWriter();
    const memo = emptyMemo();
    const rebuild = (...changed: string[]) => build({ root: dir, writer, memo, drafts: true, ...(changed.length > 0 ? { changed: new Set(changed) } : {}) });
    await rebuild();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^title: .*$/m, 'title: [unclosed');
    await expect(rebuild('content/blog/hrt-glow-up.md')).rejects.toThrow();
    // The build fails while loading content, before it bundles: the template change must still count.
    await editFile(dir, 'templates/pages/NotFound.tsx', '<h1>', '<h1 data-edited-while-broken="">');
    await expect(rebuild('templates/pages/NotFound.tsx')).rejects.toThrow();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^title: .*$/m, 'title: "Fixed"');
    await rebuild('content/blog/hrt-glow-up.md');
    expect(text(writer.files, '404.html')).toContain('data-edited-while-broken');
  });

  it('should build with compiled templates an interrupted build left half-written (they were imported as they were)', async () => {
    // A cache of its own: other test files' builds write their templates into the shared one meanwhile.
    const dir = await projectWithOwnCache();
    folders.push(dir);
    const nonce = `n${Date.now().toString(36)}${process.pid}`;
    await editFile(dir, 'templates/pages/NotFound.tsx', '<h1>', `<h1 data-nonce="${nonce}">`);
    const first = await runCli(['build'], dir);
    expect(first.code, first.stderr).toBe(0);
    const compiled = [];
    for (const name of (await readdir(cacheDir(dir))).filter((n) => /^templates-\w+\.cjs$/.test(n))) {
      if ((await readFile(join(cacheDir(dir), name), 'utf8')).includes(nonce)) compiled.push(join(cacheDir(dir), name));
    }
    expect(compiled).toHaveLength(1);
    expect((await readdir(cacheDir(dir))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    try {
      // What a build killed halfway through writing the module left behind.
      await truncate(compiled[0]!, Math.floor((await stat(compiled[0]!)).size / 2));
      // Without the output, every page is rendered again with the templates.
      await rm(join(dir, 'dist'), { recursive: true, force: true });
      const second = await runCli(['build'], dir);
      expect(second.code, second.stderr).toBe(0);
      expect(await readFile(join(dir, 'dist/404.html'), 'utf8')).toContain(nonce);
    } finally {
      await rm(compiled[0]!, { force: true });
    }
  });

  it('should read an image beside an article again with a fresh memo, even at the same size and time (a process-wide memo kept the old one)', async () => {
    const dir = await project();
    // Uncompressed PNGs of one size: the same number of bytes, whatever the colour.
    const png = (r: number, g: number, b: number) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } }).png({ compressionLevel: 0 }).toBuffer();
    const [red, blue] = await Promise.all([png(255, 0, 0), png(0, 0, 255)]);
    expect(red.length).toBe(blue.length);
    const image = join(dir, 'content/blog/beside-photo.png');
    await writeFile(join(dir, 'content/blog/beside-photo.md'), article('An article with its own photo', 'beside-photo.png'));
    await writeFile(image, red);
    // A whole second: the time reads back exactly as it was set.
    const time = 1_700_000_000;
    await utimes(image, time, time);
    const clean = async () => {
      const writer = memoryWriter();
      await build({ root: dir, writer, memo: emptyMemo() });
      return Buffer.from(writer.files.get('images/blog/beside-photo.png')!);
    };
    expect((await clean()).equals(red)).toBe(true);
    await writeFile(image, blue);
    await utimes(image, time, time);
    expect((await clean()).equals(blue)).toBe(true);
  });

  it('should change the generator fingerprint when code in a subfolder changes (only files beside cache.ts counted)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clinic-fingerprint-'));
    folders.push(dir);
    await writeFile(join(dir, 'cache.ts'), 'export const a = 1;\n');
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'content'), { recursive: true }));
    await writeFile(join(dir, 'content', 'load.ts'), 'export const b = 1;\n');
    const before = codeFingerprint(dir);
    await writeFile(join(dir, 'content', 'load.ts'), 'export const b = 2;\n');
    expect(codeFingerprint(dir)).not.toBe(before);
    // A file moved to another folder is other code too.
    const moved = codeFingerprint(dir);
    await rename(join(dir, 'content', 'load.ts'), join(dir, 'load.ts'));
    expect(codeFingerprint(dir)).not.toBe(moved);
  });
});
