/**
 * A settled build: when nothing a build reads changed since the last build into the same folder,
 * and that output is as the build left it, the next build takes it over whole (it reports the
 * same and writes nothing). Any change it cannot see past (a file edited, added or removed, the
 * build asked another way or on another day, the output touched by hand) runs the pipeline again,
 * and the output is then what a clean build makes.
 */
import { appendFile, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../src/build.ts';
import { memoFolderOf, memoName, readMemo } from '../../src/incremental/memo.ts';
import { fineSettledMs } from '../../src/incremental/survey.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { removeProject, runCli, settlePause, siteErrorsOf, snapshot, tempProject } from '../helpers.ts';
import { cleanBuilds } from './clean-builds.ts';

describe('a settled build', { retry: 0, timeout: 120_000 }, () => {
  let dir: string;
  const out = () => join(dir, 'dist');
  const recordOf = () => join(memoFolderOf(dir), memoName);
  /** The time the record was written, or undefined when there is none (the memo holds it when the build may settle the next). */
  const recorded = () => (readMemo(dir).record ? stat(recordOf()).then((s) => s.mtimeMs, () => undefined) : Promise.resolve(undefined));
  /** A build as `clinic-site build` runs it: the cache read from node_modules/.cache and saved again. */
  const warm = (options: Partial<BuildOptions> = {}) => build({ root: dir, writer: diskWriter(out(), dir), ...options });
  /** What a clean build of the same tree writes (into a folder of its own, with a cache of its own). */
  let clean: ReturnType<typeof cleanBuilds>;
  /** Long enough for what was just written to be settled (then the build leaves its record). */
  const pause = () => settlePause(dir);
  /** Builds after a pause, so that the build records what it read: the next one with nothing changed is settled. */
  const settle = async (options: Partial<BuildOptions> = {}) => {
    await pause();
    await warm(options);
    expect(await recorded()).toBeDefined();
  };

  beforeAll(async () => {
    dir = await tempProject();
    clean = cleanBuilds(dir);
    await settle();
  });
  afterAll(async () => {
    await rm(memoFolderOf(dir), { recursive: true, force: true });
    await removeProject(dir);
  });

  it('should take over the last build when nothing changed: the same report, and nothing written, its record included', async () => {
    // The CLI runs the compiled generator, whose code the record of the build from source does not describe: it builds once, and records.
    expect((await runCli(['build'], dir)).code).toBe(0);
    // The pipeline with nothing changed (the record taken out of the memo), against the settled build that follows it.
    await writeFile(recordOf(), serialize({ ...(deserialize(await readFile(recordOf())) as object), settled: undefined }));
    const first = await runCli(['build'], dir);
    expect(first.code, first.stderr).toBe(0);
    const record = await recorded();
    const files = await snapshot(out());
    const second = await runCli(['build'], dir);
    expect(second.code, second.stderr).toBe(0);
    const noTime = (text: string) => text.replace(/ in \d+ ms/, ' in … ms');
    expect(noTime(second.stdout)).toBe(noTime(first.stdout));
    expect(second.stdout).toContain('never medically reviewed');
    expect(await recorded()).toBe(record);
    expect(await snapshot(out())).toEqual(files);
  });

  it('should report as the build it takes over did: pages, assets, the warnings about content, none rendered', async () => {
    await settle();
    const record = await recorded();
    const result = await warm();
    expect(await recorded()).toBe(record);
    expect(result.rendered).toBe(0);
    expect(result.largestPage).toBeUndefined();
    expect(result.pages).toBeGreaterThan(40);
    expect(result.assets.map((a) => a.file).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^assets\/site-.*\.css$/), expect.stringMatching(/^assets\/main-.*\.js$/)]));
    expect(result.warnings.join('\n')).toContain('never medically reviewed');
    expect(new Set(result.files)).toEqual(new Set(Object.keys(await snapshot(out())).filter((f) => f !== '.clinic-site-output')));
  });

  /** Writes a file into the output by hand; resolves to its path. */
  const dropIn = (path: string, text: string) => writeFile(path, text).then(() => path);
  /** Each change, which resolves to the path of a file it wrote into the output by hand, if it did. */
  const changes: [string, () => Promise<unknown>][] = [
    ['an article edited to the same size', async () => {
      const file = join(dir, 'content/blog/burnout-and-energy.md');
      const text = await readFile(file, 'utf8');
      const at = text.indexOf('energy', text.indexOf('---', 3));
      await writeFile(file, `${text.slice(0, at)}enegry${text.slice(at + 6)}`);
    }],
    ['a draft article added (it changes no page)', () => writeFile(join(dir, 'content/blog/settled-draft.md'), '---\ntitle: A draft\nexcerpt: Not yet.\nauthor: Dr. Jane Example, DNP, FNP-C\npublishDate: 2024-01-02\ncategory: Metabolic Health\nreadTime: 2 min read\ndraft: true\n---\n\nSoon.\n')],
    // One without a translation: renaming a translated one alone leaves its translation without an English file, an error.
    ['an article renamed', () => rename(join(dir, 'content/blog/cbd-cbg-sleep-anxiety-pain.md'), join(dir, 'content/blog/cbd-cbg-again.md'))],
    ['a picture of public/ replaced', async () => {
      const file = join(dir, 'public/images/blog/fat-loss-vs-weight-loss.png');
      const bytes = await readFile(file);
      await writeFile(file, Buffer.concat([bytes, Buffer.from([0])]));
    }],
    ['a file dropped into a page folder of the output', () => dropIn(join(out(), 'blog', 'stray.html'), '<p>not the generator\'s</p>')],
    // A page edited by hand no longer holds the bytes the marker lists: it is the user's, refused until it is deleted.
    ['a page of the output edited by hand', () => dropIn(join(out(), 'index.html'), 'edited')],
    ['a file of the output removed', () => rm(join(out(), 'sitemap.xml'))],
    // The pipeline runs, and its commit must not take the output's folders for what the record saw.
    ['an article edited, and a file dropped into a folder of the output that build does not write into', async () => {
      await appendFile(join(dir, 'content/blog/fat-loss-vs-weight-loss.md'), '\nOne more line.\n');
      return dropIn(join(out(), 'process', 'stray.html'), '<p>not the generator\'s</p>');
    }],
    ['an article edited, and a page of the output replaced by a folder', async () => {
      await appendFile(join(dir, 'content/blog/fat-loss-vs-weight-loss.md'), '\nOne more line.\n');
      await rm(join(out(), 'lab-sales', 'index.html'));
      await mkdir(join(out(), 'lab-sales', 'index.html', 'inside'), { recursive: true });
    }],
  ];
  for (const [what, change] of changes) {
    it(`should build again as a clean build does after ${what}`, async () => {
      await settle();
      const record = await recorded();
      const byHand = await change();
      if (typeof byHand === 'string') {
        // A file the build did not write (or not as it is) is not its to replace: it refuses, touching nothing; without it, it goes on.
        const touched = await snapshot(out());
        await expect(warm()).rejects.toMatchObject({ code: 'unsafe-output' });
        expect(await snapshot(out())).toEqual(touched);
        await rm(byHand);
      }
      const result = await warm();
      expect(await recorded(), 'the pipeline ran').not.toBe(record);
      expect(await snapshot(out())).toEqual(await clean());
      expect(result.pages).toBeGreaterThan(40);
    });
  }

  it('should build again when asked another way or on another day', async () => {
    await settle();
    let record = await recorded();
    await warm({ drafts: true });
    expect(await recorded()).not.toBe(record);
    expect(await snapshot(out())).toEqual(await clean({ drafts: true }));
    record = await recorded();
    await warm();
    expect(await recorded()).not.toBe(record);
    record = await recorded();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await warm({ today: tomorrow });
    expect(await recorded()).not.toBe(record);
    expect(await snapshot(out())).toEqual(await clean({ today: tomorrow }));
  });

  it('should take a damaged record for none: the pipeline runs, and the output is a clean build\'s', async () => {
    // The memo as written, its record changed into other shapes where nothing else would stop a build from taking it.
    const damaged = (change: (record: Record<string, any>) => unknown) => (memo: Record<string, any>) => serialize({ ...memo, settled: change(memo.settled) });
    const damages: ((memo: Record<string, any>) => Buffer)[] = [
      () => Buffer.from('not a record'),
      () => serialize([1, 2, 3]),
      damaged((record) => ({ ...record, stamps: 7 })),
      damaged((record) => ({ ...record, extra: [7] })),
      damaged((record) => ({ ...record, result: { ...record.result, warnings: 'none' } })),
      damaged((record) => ({ ...record, output: null })),
      damaged(() => [1, 2, 3]),
    ];
    // An article added before one damage and removed before the next: each damaged record follows a settled build with work to do.
    const article = join(dir, 'content/blog/settled-damage.md');
    await settle();
    for (const [i, damage] of damages.entries()) {
      if (i % 2 === 0) {
        await writeFile(article, '---\ntitle: Damage\nexcerpt: A record was damaged.\nauthor: Dr. Jane Example, DNP, FNP-C\npublishDate: 2024-01-04\ncategory: Metabolic Health\nreadTime: 2 min read\n---\n\nDamaged.\n');
      } else {
        await rm(article);
      }
      await pause();
      await warm();
      expect(await recorded()).toBeDefined();
      await writeFile(recordOf(), damage(deserialize(await readFile(recordOf())) as Record<string, any>));
      const result = await warm();
      expect(result.pages).toBeGreaterThan(40);
      expect(await snapshot(out())).toEqual(await clean());
    }
    await rm(article, { force: true });
  });

  it('should take no guidance from a record whose output names a path leading out of the output folder', async () => {
    await settle();
    const memo = deserialize(await readFile(recordOf())) as Record<string, any>;
    const { output } = memo.settled;
    // "process" is a folder the change below leaves alone.
    const files = [...output.files, 'process/..'];
    await writeFile(recordOf(), serialize({ ...memo, settled: { ...memo.settled, output: { ...output, files, stamps: Float64Array.from([...output.stamps, 0, 0]) } } }));
    await appendFile(join(dir, 'content/blog/hrt-glow-up.md'), '\nOne more line.\n');
    const result = await warm();
    expect(result.pages).toBeGreaterThan(40);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should leave a file it cannot stat to the loader, which reports it at the file (a link to itself), then settle once it is gone', async () => {
    await settle();
    const link = join(dir, 'content/blog/settled-loop.md');
    await symlink('settled-loop.md', link);
    const problems = await siteErrorsOf(warm());
    expect(problems.map((p) => `${p.loc?.file}: ${p.message}`).join('\n')).toContain('content/blog/settled-loop.md');
    await rm(link);
    await settle();
    const record = await recorded();
    await warm();
    expect(await recorded()).toBe(record);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should never settle while a link to a folder is among the sources (what is behind it is not surveyed), and not follow it', async () => {
    await settle();
    // A link to the project itself (one leading out of it is refused): following it would survey the project without end.
    const link = join(dir, 'public/everything');
    await symlink('..', link);
    await pause();
    await warm();
    expect(await recorded()).toBeUndefined();
    await rm(link);
    await settle();
  });

  it('should record nothing when a file it read changed just before it began, and settle once the file has been left alone', async () => {
    await settle();
    await writeFile(join(dir, 'content/blog/settled-late.md'), '---\ntitle: Late\nexcerpt: Written just now.\nauthor: Dr. Jane Example, DNP, FNP-C\npublishDate: 2024-01-03\ncategory: Metabolic Health\nreadTime: 2 min read\n---\n\nJust now.\n');
    await warm();
    // The file may have changed again while the build read it, within the file system's time step: no record to trust.
    expect(await recorded()).toBeUndefined();
    // This file system keeps fractions of a second (tmpfs, ext4): 100 ms later the file's stamp can be trusted.
    await new Promise((resolve) => setTimeout(resolve, fineSettledMs + 50));
    await warm();
    const record = await recorded();
    expect(record).toBeDefined();
    await warm();
    expect(await recorded()).toBe(record);
    expect(await snapshot(out())).toEqual(await clean());
  });
});
