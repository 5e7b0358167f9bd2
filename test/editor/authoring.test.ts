/** Authoring aids: `new article`, `new treatment`, generated editor schemas and field reference. */
import { load } from 'cheerio';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import { generatedFiles } from '../../src/authoring/generated.ts';
import { slugify } from '../../src/authoring/scaffold.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { editFile, projectRoot, removeProject, runCli, tempProject } from '../helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('new article', () => {
  it('should write a complete draft that validates, and print its path and preview URL', async () => {
    const result = await runCli(['new', 'article', 'Sleep & Hormones: What Changes After 40?'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('content/blog/sleep-hormones-what-changes-after-40.md');
    expect(result.stdout).toContain('http://127.0.0.1:4321/blog/sleep-hormones-what-changes-after-40/');
    const text = await readFile(join(dir, 'content/blog/sleep-hormones-what-changes-after-40.md'), 'utf8');
    const today = new Date().toISOString().slice(0, 10);
    expect(text).toContain(`publishDate: ${today}`);
    // site.yaml's defaultAuthor, the founder's provider id: the byline comes from the provider file.
    expect(text).toMatch(/^author: "jane-example"$/m);
    expect(text).toContain('draft: true');
    const content = await loadContent(dir);
    const article = content.articles.find((a) => a.slug === 'sleep-hormones-what-changes-after-40')!;
    expect(article.draft).toBe(true);
    expect(article.author).toBe('Dr. Jane Example, DNP, FNP-C');
    expect(new Set(content.articles.map((a) => a.category)).has(article.category)).toBe(true);
    expect(article.readTime).toMatch(/^\d+ min read$/);
  });

  it('should refuse to overwrite an existing article and exit 1', async () => {
    const before = await readFile(join(dir, 'content/blog/why-we-started.md'), 'utf8');
    const result = await runCli(['new', 'article', 'Why We Started'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already exists');
    expect(await readFile(join(dir, 'content/blog/why-we-started.md'), 'utf8')).toBe(before);
  });

  it('should keep a draft out of build but show it with --drafts', async () => {
    const published = await build({ root: dir, writer: memoryWriter() });
    expect(published.files).not.toContain('blog/sleep-hormones-what-changes-after-40/index.html');
    expect(published.warnings.join(' ')).toMatch(/draft/);
    const writer = memoryWriter();
    await build({ root: dir, writer, drafts: true });
    const html = new TextDecoder().decode(writer.files.get('blog/sleep-hormones-what-changes-after-40/index.html'));
    expect(html).toContain('Draft');
    expect(new TextDecoder().decode(writer.files.get('sitemap.xml'))).not.toContain('sleep-hormones');
  });

  it('should make slugs from titles', () => {
    expect(slugify('Fat Loss vs. Weight Loss')).toBe('fat-loss-vs-weight-loss');
    expect(slugify("Women's Health — Café Edition")).toBe('womens-health-cafe-edition');
  });
});

describe('new treatment', () => {
  it('should write a treatment that validates and refuse a bad id with exit 2', async () => {
    const result = await runCli(['new', 'treatment', 'vitamin-d'], dir);
    expect(result.code, result.stderr).toBe(0);
    const content = await loadContent(dir);
    expect(content.treatments.get('vitamin-d')?.faq.length).toBeGreaterThanOrEqual(3);
    expect((await runCli(['new', 'treatment', 'Vitamin D'], dir)).code).toBe(2);
    expect((await runCli(['new', 'treatment', 'vitamin-d'], dir)).code).toBe(1);
  });
});

describe('generated files', () => {
  it('should have every editor schema, editor setting and the field reference up to date (run npm run generate)', async () => {
    for (const [file, text] of await generatedFiles(projectRoot)) {
      const current = await readFile(join(projectRoot, file), 'utf8').catch(() => '(missing)');
      expect(current, `${file} is out of date: run npm run generate`).toBe(text);
    }
  });

  it('should point every YAML file of content/ at its schema', async () => {
    const { readdir } = await import('node:fs/promises');
    const entries = await readdir(join(projectRoot, 'content'), { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((e) => e.isFile() && /\.(ya?ml|md)$/.test(e.name))) {
      const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
      const match = /# yaml-language-server: \$schema=(\S+)/.exec(text);
      expect(match, `${entry.name} has no schema comment`).not.toBeNull();
      await readFile(join(entry.parentPath, match![1]!)); // the schema file exists
    }
  });
});

describe('images beside an article', () => {
  let project: string;
  beforeAll(async () => {
    project = await tempProject();
  });
  afterAll(async () => {
    await removeProject(project);
  });

  it('should publish a PNG named by its file name beside the article, with its variants, size and sharing image', async () => {
    await copyFile(join(project, 'public/images/blog/hrt-glow-up.png'), join(project, 'content/blog/glow-beside.png'));
    await editFile(project, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: glow-beside.png');
    const writer = memoryWriter();
    await build({ root: project, writer });
    expect(writer.files.has('images/blog/glow-beside.png')).toBe(true);
    const variants = [...writer.files.keys()].filter((f) => f.startsWith('assets/img/blog-glow-beside-'));
    expect(variants.some((f) => f.endsWith('.avif')) && variants.some((f) => f.endsWith('.webp'))).toBe(true);
    const $ = load(Buffer.from(writer.files.get('blog/hrt-glow-up/index.html')!).toString('utf8'));
    // The art is wider than a sharing card: the card gets the 1200 px copy the build makes of it.
    const shared = $('meta[property="og:image"]').attr('content')!;
    expect(shared).toMatch(/^https:\/\/www\.example\.com\/assets\/img\/blog-glow-beside-share-[0-9a-f]+\.png$/);
    expect(writer.files.has(new URL(shared).pathname.slice(1))).toBe(true);
    expect($('meta[property="og:image:width"]').attr('content')).toBe('1200');
    const picture = $('picture').filter((_, el) => $(el).find('source').attr('srcset')?.includes('glow-beside') ?? false).first();
    expect(picture.find('img').attr('width')).toBeTruthy();
    expect(picture.find('img').attr('height')).toBeTruthy();
  });

  it('should name the article and line when the image beside it is missing', async () => {
    await rm(join(project, 'content/blog/glow-beside.png'));
    const errors = await build({ root: project, writer: memoryWriter() }).then(
      () => [],
      (error: unknown) => (error as SiteErrors).errors,
    );
    const lines = (await readFile(join(project, 'content/blog/hrt-glow-up.md'), 'utf8')).split('\n');
    expect(errors.map((e) => [e.code, e.loc])).toEqual([['missing-file', { file: 'content/blog/hrt-glow-up.md', line: lines.indexOf('image: glow-beside.png') + 1, column: 8 }]]);
    expect(errors[0]!.message).toBe('The image "content/blog/glow-beside.png" does not exist');
  });

  it('should refuse an image beside an article that would replace one of public/', async () => {
    await copyFile(join(project, 'public/images/blog/hrt-glow-up.png'), join(project, 'content/blog/why-we-started.png'));
    await editFile(project, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: why-we-started.png');
    const error = await build({ root: project, writer: memoryWriter() }).then(
      () => undefined,
      (e: unknown) => (e as SiteErrors).errors[0],
    );
    expect(error?.code).toBe('duplicate-id');
    expect(error?.message).toContain('/images/blog/why-we-started.png');
    expect(error?.loc?.file).toBe('content/blog/hrt-glow-up.md');
    expect(error?.hint).toBe('give one of them a different file name');
  });
});
