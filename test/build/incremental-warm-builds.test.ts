/** Warm builds: unchanged pages are taken over, changed inputs re-render exactly what depends on them. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo, readMemo } from '../../src/incremental/memo.ts';
import { verifiedBefore } from '../../src/incremental/outputs.ts';
import { outputMarker } from '../../src/write/guard.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, snapshot, tempProject } from '../helpers.ts';

let dir: string;
const out = () => join(dir, 'dist');
const run = () => build({ root: dir, writer: diskWriter(out(), dir), memo: sharedMemo });
let sharedMemo = emptyMemo();

beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('warm builds', () => {
  it('should render every page once, then none when nothing changed, with identical output', async () => {
    const first = await run();
    expect(first.rendered).toBe(first.pages);
    const before = await snapshot(out());
    const second = await run();
    expect(second.rendered).toBe(0);
    expect(await snapshot(out())).toEqual(before);
  });

  it('should re-render only the pages that show an article when its title changes', async () => {
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^title: .*$/m, 'title: "A Changed Title"');
    const result = await run();
    // Its own page, the blog index, its category's page and the articles it closes as related.
    const showing = Object.keys(await snapshot(out())).filter((f) => f.endsWith('.html'));
    const pages = (await Promise.all(showing.map(async (f) => ((await readFile(join(out(), f), 'utf8')).includes('A Changed Title') ? f : undefined)))).filter(Boolean);
    expect(pages).toContain('blog/category/womens-health/index.html');
    expect(pages.length).toBeGreaterThan(3);
    expect(result.rendered).toBe(pages.length);
    expect(await readFile(join(out(), 'blog/hrt-glow-up/index.html'), 'utf8')).toContain('A Changed Title');
    expect(await readFile(join(out(), 'blog/index.html'), 'utf8')).toContain('A Changed Title');
    expect(await readFile(join(out(), 'feed.xml'), 'utf8')).toContain('A Changed Title');
  });

  it('should re-render every page when a template changes', async () => {
    await editFile(dir, 'templates/pages/NotFound.tsx', '<h1', '<h1 data-template-edit=""');
    const result = await run();
    expect(result.rendered).toBe(result.pages);
  });

  it('should re-render every page when site.yaml changes', async () => {
    await editFile(dir, 'content/site.yaml', /^phone: .*$/m, 'phone: (555) 010-0199');
    const result = await run();
    expect(result.rendered).toBe(result.pages);
    expect(await readFile(join(out(), 'blog/hrt-glow-up/index.html'), 'utf8')).toContain('(555) 010-0199');
  });

  it('should refuse a page whose output file was changed by hand, and write it again once that file is deleted', async () => {
    const page = join(out(), 'process/index.html');
    const good = await readFile(page, 'utf8');
    await rm(page);
    await writeFile(page, 'tampered');
    // Not the bytes the build wrote: the file is the user's now, and the build replaces nothing of it.
    await expect(run()).rejects.toMatchObject({ code: 'unsafe-output' });
    expect(await readFile(page, 'utf8')).toBe('tampered');
    await rm(page);
    const result = await run();
    expect(result.rendered).toBe(1);
    expect(await readFile(page, 'utf8')).toBe(good);
  });

  it('should build the same bytes from the on-disk cache as from none', async () => {
    sharedMemo = emptyMemo();
    await build({ root: dir, writer: diskWriter(join(dir, 'fresh'), dir) });
    const warm = await build({ root: dir, writer: diskWriter(join(dir, 'fresh'), dir) });
    expect(warm.rendered).toBe(0);
    await build({ root: dir, writer: diskWriter(join(dir, 'cold'), dir), memo: emptyMemo() });
    expect(await snapshot(join(dir, 'fresh'))).toEqual(await snapshot(join(dir, 'cold')));
  });

  // Regression: the output's marker file was among the files the last build recorded, but never among the site's
  // files, so every warm CLI build thought a file had gone away and followed the links of all 4,710 pages again.
  it('should follow only the links of re-rendered pages after a committed disk build (the output marker is not a site file)', async () => {
    const result = await build({ root: dir, writer: diskWriter(join(dir, 'fresh'), dir) });
    const before = verifiedBefore(readMemo(dir).rest(), diskWriter(join(dir, 'fresh'), dir));
    expect(before).toBeDefined();
    expect(before!.has(outputMarker)).toBe(false);
    expect([...before!].filter((f) => !result.files.includes(f))).toEqual([]);
  });
});

describe('parallel rendering', () => {
  it('should write the same bytes from worker threads as from the main thread', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const cli = join(import.meta.dirname, '..', '..', 'bin', 'clinic-site.js');
    const runCli = (outDir: string, env: Record<string, string>) =>
      promisify(execFile)(process.execPath, [cli, 'build', '--out', outDir], { cwd: dir, env: { ...process.env, ...env } });
    await runCli('threads', { CLINIC_SITE_PARALLEL_MIN: '1', CLINIC_SITE_WORKERS: '2' });
    await runCli('single', { CLINIC_SITE_WORKERS: '0' });
    const threads = await snapshot(join(dir, 'threads'));
    expect(Object.keys(threads).length).toBeGreaterThan(20);
    expect(threads).toEqual(await snapshot(join(dir, 'single')));
  });
});
