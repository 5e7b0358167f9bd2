/**
 * An author typing in articles: a rebuild makes again only the pages made from what changed (an
 * article's own page for its body; every page showing its card for its front matter or read
 * time), and the output is what a clean build makes, whatever else happened (a body that breaks
 * a link, an output touched by hand). The dev server does the same in memory, told what changed.
 */
import { execFileSync } from 'node:child_process';
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticles } from '../../bench/harness/articles.mjs';
import { build, type BuildResult } from '../../src/build.ts';
import { emptyMemo } from '../../src/incremental/memo.ts';
import { fineSettledMs } from '../../src/incremental/survey.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, runCli, settlePause, siteErrorsOf, snapshot, tempProject } from '../helpers.ts';
import { cleanBuilds } from './clean-builds.ts';

describe('a rebuild after articles were typed into', { retry: 0, timeout: 120_000 }, () => {
  let dir: string;
  let inFeed: string;
  let notInFeed: string;
  const out = () => join(dir, 'dist');
  /** A build as `clinic-site build` runs it: the cache read from node_modules/.cache and saved again. */
  const warm = () => build({ root: dir, writer: diskWriter(out(), dir) });
  /** What a clean build of the same tree writes (into a folder of its own, with a cache of its own). */
  let clean: ReturnType<typeof cleanBuilds>;
  /** Long enough for what was just written to be settled (then the build leaves its record). */
  const pause = () => settlePause(dir);
  /** Edits, then builds once the edit is settled (so that the build leaves a record for the next). */
  const settledBuild = async (edit: () => Promise<void>): Promise<BuildResult> => {
    await edit();
    await pause();
    return warm();
  };
  const typeInto = (file: string, text: string) => () => appendFile(join(dir, 'content', 'blog', file), `\n\n${text}\n`);

  beforeAll(async () => {
    dir = await tempProject();
    clean = cleanBuilds(dir);
    // Thirty articles newer than the real ones: the feed carries twenty of them, the real ones fall out of it.
    for (const a of generateArticles(30)) await writeFile(join(dir, 'content', 'blog', a.file), a.text);
    const first = await settledBuild(async () => undefined);
    expect(first.way).toBe('pipeline');
    const feed = await readFile(join(out(), 'feed.xml'), 'utf8');
    const slugs = [...feed.matchAll(/<link>[^<]*\/blog\/([^/<]+)\/<\/link>/g)].map((m) => m[1]!);
    expect(slugs).toHaveLength(20);
    inFeed = `${slugs[3]}.md`;
    const real = await import('node:fs/promises').then((fs) => fs.readdir(join(dir, 'content', 'blog')));
    notInFeed = real.find((f) => f.endsWith('.md') && !f.endsWith('.es.md') && !slugs.includes(f.slice(0, -3)))!;
    expect(notInFeed).toBeDefined();
  });
  afterAll(() => removeProject(dir));

  it('should make the page of an article out of the feed again, and nothing else, as a clean build would', async () => {
    const feedBefore = await readFile(join(out(), 'feed.xml'));
    const result = await settledBuild(typeInto(notInFeed, 'A paragraph typed by the author, linking [the blog](/blog).'));
    expect(result.rendered).toBe(1);
    expect(result.largestPage?.file).toBe(`blog/${notInFeed.slice(0, -3)}/index.html`);
    expect(await readFile(join(out(), 'blog', notInFeed.slice(0, -3), 'index.html'), 'utf8')).toContain('A paragraph typed by the author');
    expect(await readFile(join(out(), 'feed.xml'))).toEqual(feedBefore);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should make the feed again with the page of an article it carries', async () => {
    const result = await settledBuild(typeInto(inFeed, 'A sentence the feed carries too.'));
    expect(result.rendered).toBe(1);
    expect(await readFile(join(out(), 'feed.xml'), 'utf8')).toContain('A sentence the feed carries too.');
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should take two articles typed into at once, and report what the last build reported', async () => {
    const before = await settledBuild(typeInto(notInFeed, 'Once more.'));
    const result = await settledBuild(async () => {
      await typeInto(notInFeed, 'And again.')();
      await typeInto(inFeed, 'And in the feed.')();
    });
    expect(result.rendered).toBe(2);
    // Beside the search index, whose chunks are named by what they hold.
    const files = (r: typeof result) => r.files.filter((f) => !f.startsWith('pagefind/')).sort();
    const reported = (r: typeof result) => ({ pages: r.pages, warnings: r.warnings, files: files(r), assets: r.assets });
    expect(reported(result)).toEqual(reported(before));
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should make again every page that shows an article whose front matter changed', async () => {
    const result = await settledBuild(() => editFile(dir, `content/blog/${notInFeed}`, /^title: .*$/m, 'title: "A title changed by the author"'));
    // Its own page, the blog index page and the category page that list it (and the pages it closes as related, if any).
    expect(result.rendered).toBeGreaterThanOrEqual(3);
    const pages = Object.keys(await snapshot(out())).filter((file) => file.endsWith('.html'));
    const showing = (await Promise.all(pages.map((f) => readFile(join(out(), f), 'utf8')))).filter((text) => text.includes('A title changed by the author'));
    expect(showing.length).toBe(result.rendered);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should report a body that breaks a link and keep the output, then make the page once it is mended', async () => {
    const kept = await snapshot(out());
    await typeInto(notInFeed, 'A link to [nowhere](/no-such-page).')();
    await pause();
    const errors = await siteErrorsOf(warm());
    expect(errors.map((e) => e.message).join('\n')).toContain('/no-such-page');
    expect(await snapshot(out())).toEqual(kept);
    await editFile(dir, `content/blog/${notInFeed}`, 'A link to [nowhere](/no-such-page).', 'A link mended.');
    // The build that failed left no record of its own: the last good one still describes the output, and this edit is a body's.
    await pause();
    const mended = await warm();
    expect(mended.rendered).toBe(1);
    expect(await snapshot(out())).toEqual(await clean());
  });

  // Regression: the search index's files are named by what they hold, so after a text change the last build's index files
  // were gone, and the warm build followed the links of every page again (4,000 articles: 0.7-1.6 s a build).
  it('should follow only the links of the pages made now after an article\'s text changed the search index', async () => {
    await settledBuild(typeInto(notInFeed, 'Before the index changes.'));
    const entry = await readFile(join(out(), 'pagefind', 'pagefind-entry.json'), 'utf8');
    // A page no build below makes again, given a link to nowhere with its size and time kept: only following every page's links finds it.
    const other = join(out(), 'blog', inFeed.slice(0, -3), 'index.html');
    const times = join(dir, 'times-of-the-page');
    execFileSync('touch', ['-r', other, times]);
    const html = await readFile(other, 'latin1');
    const link = '<a href="/nowhere-at-all/">x</a>';
    const end = html.indexOf('</main>');
    await writeFile(other, `${html.slice(0, end - link.length)}${link}${html.slice(end)}`, 'latin1');
    execFileSync('touch', ['-r', times, other]);
    const result = await settledBuild(typeInto(notInFeed, 'A sentence that changes the index.'));
    expect(result.rendered).toBe(1);
    expect(await readFile(join(out(), 'pagefind', 'pagefind-entry.json'), 'utf8')).not.toBe(entry);
    await writeFile(other, html, 'latin1');
    execFileSync('touch', ['-r', times, other]);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should refuse files dropped into or edited in the output by hand, and make the pages again once they are gone', async () => {
    await settledBuild(typeInto(inFeed, 'Settled first.'));
    const stray = join(out(), 'blog', notInFeed.slice(0, -3), 'stray.txt');
    const edited = join(out(), 'process', 'index.html');
    await writeFile(stray, 'dropped in by hand');
    await writeFile(edited, 'edited by hand');
    const touched = await snapshot(out());
    // Neither is the build's to replace (the output's marker does not list those bytes): the build refuses, touching nothing.
    await expect(settledBuild(typeInto(notInFeed, 'Typed after the output was touched.'))).rejects.toMatchObject({ code: 'unsafe-output' });
    expect(await snapshot(out())).toEqual(touched);
    await rm(stray);
    await expect(settledBuild(async () => undefined)).rejects.toThrow(/"process\/index\.html"/);
    await rm(edited);
    const result = await settledBuild(async () => undefined);
    expect(result.rendered).toBe(2);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should make a page again when a folder of the output was changed within the last build (its time not trusted)', async () => {
    // Two builds in quick succession: the first's output folders are too new for the second to trust their times.
    await typeInto(notInFeed, 'Quick one.')();
    await new Promise((resolve) => setTimeout(resolve, fineSettledMs + 50));
    await warm();
    await typeInto(notInFeed, 'Quick two.')();
    await warm();
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should take a draft typed into as nothing to make (its page is not published), and make it with --drafts', async () => {
    const draft = 'a-draft-in-progress.md';
    const text = ['---', 'title: "A draft in progress"', 'excerpt: "An excerpt for a draft, long enough to read like one."', 'author: Dr. Jane Example, DNP, FNP-C', 'publishDate: 2026-01-02', 'category: Metabolic Health', 'readTime: 3 min read', 'draft: true', '---', 'The first paragraph of a draft.', ''].join('\n');
    await settledBuild(() => writeFile(join(dir, 'content', 'blog', draft), text));
    const hidden = await settledBuild(typeInto(draft, 'A second paragraph, not published yet.'));
    expect(hidden.rendered).toBe(0);
    expect(await snapshot(out())).toEqual(await clean());
    // With --drafts (another output folder: the record is per folder and options) its page is made again.
    const drafts = join(dir, 'drafts');
    const withDrafts = () => build({ root: dir, writer: diskWriter(drafts, dir), drafts: true });
    await withDrafts();
    await typeInto(draft, 'A third paragraph.')();
    await pause();
    const shown = await withDrafts();
    expect(shown.rendered).toBe(1);
    expect(await readFile(join(drafts, 'blog', 'a-draft-in-progress', 'index.html'), 'utf8')).toContain('A third paragraph.');
    await rm(drafts, { recursive: true, force: true });
  });

  it('should make again every page that shows an article whose body changed its read time (shown on every card)', async () => {
    const long = 'read-time-grows.md';
    const text = ['---', 'title: "Read time grows"', 'excerpt: "An excerpt for an article whose read time comes from its body."', 'author: Dr. Jane Example, DNP, FNP-C', 'publishDate: 2020-01-02', 'category: Metabolic Health', '---', 'A short first paragraph.', ''].join('\n');
    await settledBuild(() => writeFile(join(dir, 'content', 'blog', long), text));
    const result = await settledBuild(typeInto(long, Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ')));
    expect(result.rendered).toBeGreaterThan(1);
    expect(await snapshot(out())).toEqual(await clean());
  });

  it('should make one page again from the CLI too', async () => {
    await settledBuild(typeInto(notInFeed, 'Before the CLI.'));
    await runCli(['build', '--out', 'dist'], dir);
    await typeInto(notInFeed, 'Typed for the CLI.')();
    await pause();
    const run = await runCli(['build', '--out', 'dist'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 rendered/);
    expect(await snapshot(out())).toEqual(await clean());
  });
});

describe('a rebuild after articles were typed into, in the dev server', { retry: 0, timeout: 120_000 }, () => {
  let dir: string;
  let inFeed: string;
  let notInFeed: string;
  /** The dev server's state: one writer and one memo in memory for every rebuild, each told what changed. */
  const writer = memoryWriter();
  const memo = emptyMemo();
  const baseUrl = 'http://localhost:4321';
  const serveBuild = (changed?: string[]) => build({ root: dir, writer, memo, drafts: true, baseUrl, ...(changed ? { changed: new Set(changed) } : {}) });
  /** What the pages hold, file by file, as text. */
  const texts = (files: Map<string, Uint8Array>) => Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, bytes]) => [file, Buffer.from(bytes).toString('latin1')]));
  /** What a clean build of the same tree serves. */
  const clean = async () => {
    const fresh = memoryWriter();
    await build({ root: dir, writer: fresh, memo: emptyMemo(), drafts: true, baseUrl });
    return texts(fresh.files);
  };
  const article = (file: string) => `content/blog/${file}`;
  const typeInto = (file: string, text: string) => appendFile(join(dir, article(file)), `\n\n${text}\n`);
  const page = (file: string) => Buffer.from(writer.files.get(`blog/${file.slice(0, -3)}/index.html`)!).toString('utf8');

  beforeAll(async () => {
    dir = await tempProject();
    for (const a of generateArticles(30)) await writeFile(join(dir, 'content', 'blog', a.file), a.text);
    expect((await serveBuild()).rendered).toBeGreaterThan(40);
    const feed = Buffer.from(writer.files.get('feed.xml')!).toString('utf8');
    const slugs = [...feed.matchAll(/<link>[^<]*\/blog\/([^/<]+)\/<\/link>/g)].map((m) => m[1]!);
    // Articles whose read time is in their front matter: what is typed into them leaves their cards as they are.
    const timed = generateArticles(30).filter((a) => a.text.includes('\nreadTime: '));
    inFeed = timed.find((a) => slugs.includes(a.slug))!.file;
    notInFeed = (await readdir(join(dir, 'content', 'blog'))).find((f) => f.endsWith('.md') && !f.endsWith('.es.md') && !slugs.includes(f.slice(0, -3)))!;
    expect(notInFeed).toBeDefined();
  });
  afterAll(() => removeProject(dir));

  it('should make the page of an article out of the feed again, and report what the last build reported', async () => {
    const before = await serveBuild([]);
    const feed = writer.files.get('feed.xml');
    await typeInto(notInFeed, 'Typed while the dev server runs, linking [the blog](/blog).');
    const result = await serveBuild([article(notInFeed)]);
    expect(result.rendered).toBe(1);
    expect({ pages: result.pages, warnings: result.warnings }).toEqual({ pages: before.pages, warnings: before.warnings });
    expect(page(notInFeed)).toContain('Typed while the dev server runs');
    expect(writer.files.get('feed.xml')).toBe(feed);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should make the feed again with the page of an article it carries, save after save', async () => {
    for (const n of [1, 2, 3]) {
      await typeInto(inFeed, `Save number ${n} of an article the feed carries.`);
      const result = await serveBuild([article(inFeed)]);
      expect(result.rendered).toBe(1);
      expect(Buffer.from(writer.files.get('feed.xml')!).toString('utf8')).toContain(`Save number ${n} of an article`);
    }
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should keep what it remembers as the pipeline would: a change elsewhere after bodies gives a clean build', async () => {
    await typeInto(notInFeed, 'One more body edit first.');
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(1);
    await editFile(dir, 'content/site.yaml', /^(name: .*)$/m, '$1 Test');
    // site.yaml is part of every page.
    expect((await serveBuild(['content/site.yaml'])).rendered).toBeGreaterThan(40);
    expect(texts(writer.files)).toEqual(await clean());
    await typeInto(notInFeed, 'And a body edit after the pipeline.');
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(1);
    await editFile(dir, article(inFeed), /^title: .*$/m, 'title: "A title the author changed in the dev server"');
    expect((await serveBuild([article(inFeed)])).rendered).toBeGreaterThan(3);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should check a page against its own new headings: a link to one taken away is reported, and the last good build is kept', async () => {
    await typeInto(notInFeed, '## A heading to link to\n\nSee [above](#a-heading-to-link-to).');
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(1);
    const good = texts(writer.files);
    await editFile(dir, article(notInFeed), '## A heading to link to', '## A heading renamed');
    const errors = await siteErrorsOf(serveBuild([article(notInFeed)]));
    expect(errors.map((e) => e.message).join('\n')).toContain('#a-heading-to-link-to');
    expect(texts(writer.files)).toEqual(good);
    await editFile(dir, article(notInFeed), '## A heading renamed', '## A heading to link to');
    // The article is as the last good build made it again: nothing to make.
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(0);
    // A link to no heading of the page, typed where no id went away.
    await typeInto(notInFeed, 'See [nothing](#no-such-heading).');
    expect((await siteErrorsOf(serveBuild([article(notInFeed)]))).map((e) => e.message).join('\n')).toContain('#no-such-heading');
    await editFile(dir, article(notInFeed), 'See [nothing](#no-such-heading).', '');
    await editFile(dir, article(notInFeed), '## A heading to link to', '## A heading renamed');
    await editFile(dir, article(notInFeed), 'See [above](#a-heading-to-link-to).', 'See [above](#a-heading-renamed).');
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(1);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should take an article added or removed, and a folder of templates named as changed', async () => {
    const added = generateArticles(31)[30]!;
    await writeFile(join(dir, 'content', 'blog', 'added-in-serve.md'), added.text);
    expect((await serveBuild([article('added-in-serve.md')])).rendered).toBeGreaterThan(1);
    expect(texts(writer.files)).toEqual(await clean());
    await rm(join(dir, 'content', 'blog', 'added-in-serve.md'));
    expect((await serveBuild([article('added-in-serve.md')])).rendered).toBeGreaterThan(0);
    expect(texts(writer.files)).toEqual(await clean());
    await typeInto(notInFeed, 'A body edit together with a template folder change.');
    expect((await serveBuild([article(notInFeed), 'templates'])).rendered).toBe(1);
    expect(texts(writer.files)).toEqual(await clean());
  });

  // Regression: a failed build cleared the mark that the output's links were verified, so the save after each broken one
  // followed the links of every page again (4,720 pages: 0.7-1.6 s and 300 MB of heap a save, and the server's memory grew).
  it('should follow only the links of the pages made now after a failed build, as after a good one', async () => {
    await typeInto(notInFeed, 'Before the break.');
    await serveBuild([article(notInFeed)]);
    // A page of the output that no build below makes again, given a link to nowhere: only following every page's links finds it.
    const other = [...writer.files.keys()].find((f) => f.startsWith('blog/') && f.endsWith('/index.html') && !f.includes(notInFeed.slice(0, -3)))!;
    const bytes = writer.files.get(other)!;
    writer.files.set(other, Buffer.from(Buffer.from(bytes).toString('utf8').replace('</main>', '<a href="/nowhere-at-all/">x</a></main>')));
    const text = await readFile(join(dir, article(notInFeed)), 'utf8');
    await writeFile(join(dir, article(notInFeed)), text.replace(/^title: .*$/m, 'title: [unclosed'));
    await expect(serveBuild([article(notInFeed)])).rejects.toThrow();
    await writeFile(join(dir, article(notInFeed)), `${text}\nMended.\n`);
    const mended = await serveBuild([article(notInFeed)]);
    expect(mended.rendered).toBe(1);
    writer.files.set(other, bytes);
    expect(texts(writer.files)).toEqual(await clean());
  });

  // Regression: the search index's files, named by what they hold, changed with an article's text, and the next save followed
  // every page's links (4,000 articles: 0.7-1.6 s a save); the dev server's output now holds no index at all.
  it('should follow only the links of the pages made now after an article\'s text changed', async () => {
    // A page of the output that no build below makes again, given a link to nowhere: only following every page's links finds it.
    const other = [...writer.files.keys()].find((f) => f.startsWith('blog/') && f.endsWith('/index.html') && !f.includes(notInFeed.slice(0, -3)))!;
    const bytes = writer.files.get(other)!;
    writer.files.set(other, Buffer.from(Buffer.from(bytes).toString('utf8').replace('</main>', '<a href="/nowhere-at-all/">x</a></main>')));
    await typeInto(notInFeed, 'A sentence search finds.');
    expect((await serveBuild([article(notInFeed)])).rendered).toBe(1);
    expect([...writer.files.keys()].filter((f) => f.startsWith('pagefind/'))).toEqual([]);
    writer.files.set(other, bytes);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should take a file whose name starts with a dot for no article when told of it, as the folder listing does (an editor\'s swap file)', async () => {
    const before = texts(writer.files);
    await writeFile(join(dir, 'content', 'blog', '.draft-in-editor.md'), generateArticles(31)[30]!.text);
    const result = await serveBuild([article('.draft-in-editor.md')]);
    expect(result.rendered).toBe(0);
    expect(texts(writer.files)).toEqual(before);
    expect(texts(writer.files)).toEqual(await clean());
    await rm(join(dir, 'content', 'blog', '.draft-in-editor.md'));
    expect((await serveBuild([article('.draft-in-editor.md')])).rendered).toBe(0);
  });
});
