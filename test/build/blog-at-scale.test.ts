/**
 * The blog at scale: 75 generated articles on top of the real ones, paginated into windowed index
 * pages; warm rebuilds that update dist/ in place; link verification narrowed only when it is safe.
 */
import { load, type CheerioAPI } from 'cheerio';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import { emptyMemo, type BuildMemo } from '../../src/incremental/memo.ts';
import { memoFolderOf } from '../../src/incremental/memo.ts';
import { paginationOf } from '../../src/route/blog.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, snapshot, tempProject, siteErrorsOf } from '../helpers.ts';

/** How many articles each project gets on top of the six real ones. */
const generatedCount = 75;
/** content/site.yaml's baseUrl. */
const baseUrl = 'https://www.example.com';
/** The real article pinned with `featured: true`: always the featured card of /blog. */
const featuredSlug = 'why-we-started';

const slugOf = (i: number) => `scale-article-${String(i).padStart(2, '0')}`;

/** A past date; pairs of articles share one, so the slug has to break the tie. */
function dateOf(i: number): string {
  const day = new Date(Date.UTC(2023, 5, 1) + Math.floor(i / 2) * 9 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A generated article: front matter like content/blog/*.md and a few paragraphs under a heading. */
function articleText(i: number): string {
  return `---
title: "Scale Article ${i}: Notes on Steady Energy"
excerpt: "Generated article number ${i}, for testing the blog at scale."
author: Dr. Jane Example, DNP, FNP-C
publishDate: ${dateOf(i)}
category: Metabolic Health
readTime: 3 min read
---
Article ${i} opens with a paragraph about sleep, meals and movement, written plainly.

## What we look at first

We start with your history and your labs. See [how a first visit works](/process) for the steps.

A third paragraph closes article ${i} with a note on follow-up visits.
`;
}

/** A temporary project with the generated articles in content/blog/. */
async function scaleProject(): Promise<string> {
  const dir = await tempProject();
  await Promise.all(Array.from({ length: generatedCount }, (_, i) => writeFile(join(dir, 'content/blog', `${slugOf(i)}.md`), articleText(i))));
  return dir;
}

/** The published articles of a project by slug, newest first (ties: slug A to Z), read from their files. */
async function expectedOrder(dir: string): Promise<string[]> {
  // English articles: a translation (SLUG.es.md) takes its date from its English file.
  const files = (await readdir(join(dir, 'content/blog'))).filter((f) => f.endsWith('.md') && !f.endsWith('.es.md'));
  const dated = await Promise.all(
    files.map(async (f) => ({ slug: f.slice(0, -3), date: /^publishDate: (\S+)$/m.exec(await readFile(join(dir, 'content/blog', f), 'utf8'))![1]! })),
  );
  return dated.sort((a, b) => (a.date === b.date ? (a.slug < b.slug ? -1 : 1) : a.date < b.date ? 1 : -1)).map((a) => a.slug);
}

const blogPagePath = (n: number) => (n === 1 ? '/blog' : `/blog/page/${n}/`);
const blogPageFile = (n: number) => (n === 1 ? 'blog/index.html' : `blog/page/${n}/index.html`);
const page = async (out: string, file: string): Promise<CheerioAPI> => load(await readFile(join(out, file), 'utf8'));
/** The article slugs an index page lists, in order. */
const cardSlugs = ($: CheerioAPI): string[] => $('[data-article-card] a[data-article]').map((_, a) => /^\/blog\/([^/]+)\/$/.exec($(a).attr('href')!)![1]!).get();
/** The text and the link targets of an article's body, as its page shows it. */
const proseText = async (out: string, slug: string): Promise<string> => (await page(out, `blog/${slug}/index.html`))('.prose').text();
const proseLinks = async (out: string, slug: string): Promise<string[]> => {
  const $ = await page(out, `blog/${slug}/index.html`);
  return $('.prose a:not(.heading-anchor)').map((_, a) => $(a).attr('href')).get();
};
const sitemapUrls = async (out: string): Promise<string[]> => [...(await readFile(join(out, 'sitemap.xml'), 'utf8')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** The files whose bytes differ between two snapshots (added, removed or changed). */
function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => before[f] !== after[f]).sort();
}

/** The files that changed but the search index's (whose chunks change with any indexed page's text), and whether the index did. */
function changedBesideIndex(before: Record<string, string>, after: Record<string, string>): { files: string[]; index: boolean } {
  const changed = changedFiles(before, after);
  return { files: changed.filter((f) => !f.startsWith('pagefind/')), index: changed.includes('pagefind/pagefind-entry.json') };
}

describe('paginationOf', () => {
  /** The numbered list as a visitor reads it: page numbers and '…' for gaps. */
  const shown = (n: number, pages: number) => paginationOf(n, pages).items.map((item) => ('gap' in item ? '…' : item.page));

  it('should show the first and last pages and two either side of page 10 of 40, with gaps between', () => {
    expect(shown(10, 40)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 40]);
    expect(paginationOf(10, 40).previous).toBe('/blog/page/9/');
    expect(paginationOf(10, 40).next).toBe('/blog/page/11/');
  });

  it('should show every page of three without gaps', () => {
    expect(shown(1, 3)).toEqual([1, 2, 3]);
    expect(paginationOf(1, 3).previous).toBeUndefined();
    expect(paginationOf(3, 3).next).toBeUndefined();
  });

  it('should show a skipped single page as its number, not as a gap', () => {
    expect(shown(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown(6, 7)).toEqual([1, '…', 4, 5, 6, 7]);
  });

  it('should link page 1 as /blog and the others as /blog/page/N/', () => {
    const items = paginationOf(2, 3).items.filter((item) => !('gap' in item));
    expect(items.map((item) => ('href' in item ? item.href : ''))).toEqual(['/blog', '/blog/page/2/', '/blog/page/3/']);
    expect(paginationOf(2, 3).previous).toBe('/blog');
  });
});

describe('blog pagination at scale', () => {
  let dir: string;
  let out: string;
  let result: BuildResult;
  let order: string[];
  /** 81 articles: one featured on /blog, 80 more at 12 a page. */
  const pages = 7;

  beforeAll(async () => {
    dir = await scaleProject();
    out = join(dir, 'dist');
    result = await build({ root: dir, writer: diskWriter(out, dir), memo: emptyMemo() });
    order = await expectedOrder(dir);
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should publish every article, the real and the generated ones', () => {
    expect(order).toHaveLength(generatedCount + 6);
    for (const slug of order) expect(existsSync(join(out, 'blog', slug, 'index.html')), slug).toBe(true);
    expect(result.rendered).toBe(result.pages);
  });

  it('should write /blog and /blog/page/2/ to /blog/page/7/, and no page after the last', async () => {
    for (let n = 1; n <= pages; n++) expect(existsSync(join(out, blogPageFile(n))), blogPageFile(n)).toBe(true);
    expect((await readdir(join(out, 'blog/page'))).sort()).toEqual(['2', '3', '4', '5', '6', '7']);
    expect(result.files.filter((f) => f.startsWith('blog/page/'))).toHaveLength(pages - 1);
  });

  it('should point rel=prev and rel=next in the head at the neighbouring pages', async () => {
    for (let n = 1; n <= pages; n++) {
      const $ = await page(out, blogPageFile(n));
      const prev = $('head link[rel="prev"]');
      const next = $('head link[rel="next"]');
      if (n === 1) expect(prev.length, `page ${n}`).toBe(0);
      else expect(prev.attr('href'), `page ${n}`).toBe(blogPagePath(n - 1));
      if (n === pages) expect(next.length, `page ${n}`).toBe(0);
      else expect(next.attr('href'), `page ${n}`).toBe(blogPagePath(n + 1));
    }
    const $ = await page(out, blogPageFile(4));
    expect($('head link[rel="prev"]').attr('href')).toBe('/blog/page/3/');
    expect($('head link[rel="next"]').attr('href')).toBe('/blog/page/5/');
    expect((await page(out, blogPageFile(2)))('head link[rel="prev"]').attr('href')).toBe('/blog');
  });

  it('should give each page a canonical address and a title saying which page it is', async () => {
    const first = await page(out, blogPageFile(1));
    expect(first('link[rel="canonical"]').attr('href')).toBe(`${baseUrl}/blog/`);
    expect(first('title').text()).not.toContain('(page');
    const fourth = await page(out, blogPageFile(4));
    expect(fourth('link[rel="canonical"]').attr('href')).toBe(`${baseUrl}/blog/page/4/`);
    expect(fourth('title').text()).toContain('(page 4 of 7)');
  });

  it('should link newer and older pages and mark the current one in nav.pagination', async () => {
    for (let n = 1; n <= pages; n++) {
      const $ = await page(out, blogPageFile(n));
      const nav = $('nav.pagination');
      expect(nav.length, `page ${n}`).toBe(1);
      expect(nav.find('a[rel="prev"]').attr('href'), `page ${n}`).toBe(n === 1 ? undefined : blogPagePath(n - 1));
      expect(nav.find('a[rel="next"]').attr('href'), `page ${n}`).toBe(n === pages ? undefined : blogPagePath(n + 1));
      const current = nav.find('a[aria-current="page"]');
      expect(current.length, `page ${n}`).toBe(1);
      expect(current.text(), `page ${n}`).toBe(String(n));
      expect(current.attr('href'), `page ${n}`).toBe(blogPagePath(n));
    }
  });

  it('should window the numbered links: first, last, two either side, gaps only for two or more pages', async () => {
    const expected: Record<number, (number | '…')[]> = {
      1: [1, 2, 3, '…', 7],
      2: [1, 2, 3, 4, '…', 7],
      3: [1, 2, 3, 4, 5, 6, 7],
      4: [1, 2, 3, 4, 5, 6, 7],
      5: [1, 2, 3, 4, 5, 6, 7],
      6: [1, '…', 4, 5, 6, 7],
      7: [1, '…', 5, 6, 7],
    };
    for (let n = 1; n <= pages; n++) {
      const $ = await page(out, blogPageFile(n));
      const items = $('nav.pagination li')
        .map((_, li) => {
          const link = $(li).find('a');
          return link.length ? Number(link.text()) : $(li).text().trim();
        })
        .get() as (number | string)[];
      expect(items, `page ${n}`).toEqual(expected[n]);
      // The markup follows paginationOf, page for page.
      expect(items, `page ${n}`).toEqual(paginationOf(n, pages).items.map((item) => ('gap' in item ? '…' : item.page)));
      const hrefs = $('nav.pagination li a').map((_, a) => $(a).attr('href')).get();
      expect(hrefs, `page ${n}`).toEqual(items.filter((i) => i !== '…').map((i) => blogPagePath(i as number)));
    }
  });

  it('should list every article on exactly one index page, the featured one first on /blog, then newest first', async () => {
    const listed: string[][] = [];
    for (let n = 1; n <= pages; n++) listed.push(cardSlugs(await page(out, blogPageFile(n))));
    const first = await page(out, blogPageFile(1));
    expect(cardSlugs(first)[0]).toBe(featuredSlug);
    expect(first('.article-card-featured a[data-article]').attr('href')).toBe(`/blog/${featuredSlug}/`);
    expect(listed.map((l) => l.length)).toEqual([13, 12, 12, 12, 12, 12, 8]);
    expect(listed.flat()).toEqual([featuredSlug, ...order.filter((s) => s !== featuredSlug)]);
    expect(new Set(listed.flat()).size).toBe(order.length);
  });

  it('should put the 20 newest articles in feed.xml, newest first', async () => {
    const $ = load(await readFile(join(out, 'feed.xml'), 'utf8'), { xml: true });
    const links = $('item > link').map((_, el) => $(el).text()).get();
    expect(links).toEqual(order.slice(0, 20).map((slug) => `${baseUrl}/blog/${slug}/`));
  });

  it('should list every article page and every index page in the sitemap', async () => {
    const urls = new Set(await sitemapUrls(out));
    for (const slug of order) expect(urls.has(`${baseUrl}/blog/${slug}/`), slug).toBe(true);
    expect(urls.has(`${baseUrl}/blog/`)).toBe(true);
    for (let n = 2; n <= pages; n++) expect(urls.has(`${baseUrl}/blog/page/${n}/`), `page ${n}`).toBe(true);
    expect(urls.has(`${baseUrl}/blog/page/${pages + 1}/`)).toBe(false);
  });

  it('should keep each index page far under 30 KB compressed', async () => {
    for (let n = 1; n <= pages; n++) {
      const bytes = await readFile(join(out, blogPageFile(n)));
      expect(gzipSync(bytes).length, blogPageFile(n)).toBeLessThan(30 * 1024);
    }
  });
});

// Sequenced: each test starts from the content and dist/ the one before left (no retries).
describe('warm rebuilds in place', { retry: 0 }, () => {
  let dir: string;
  let out: string;
  let memo: BuildMemo;
  let order: string[];
  const run = () => build({ root: dir, writer: diskWriter(out, dir), memo });

  beforeAll(async () => {
    dir = await scaleProject();
    out = join(dir, 'dist');
    memo = emptyMemo();
    await run();
    order = await expectedOrder(dir);
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should change only the article page when an article outside the feed gets a new sentence', async () => {
    const slug = order[40]!;
    expect(slug).toMatch(/^scale-article-/);
    const untouched = join(out, 'blog', order[41]!, 'index.html');
    const untouchedTime = (await stat(untouched)).mtimeMs;
    const before = await snapshot(out);
    await editFile(dir, `content/blog/${slug}.md`, 'written plainly.', 'written plainly, and revised once.');
    const result = await run();
    // The article page alone: the index and category pages listing it show its card, which the
    // sentence did not change (the card's key covers what it shows, read time included).
    expect(result.rendered).toBe(1);
    const after = await snapshot(out);
    expect(changedBesideIndex(before, after)).toEqual({ files: [`blog/${slug}/index.html`], index: true });
    expect(await proseText(out, slug)).toContain('and revised once.');
    // An unchanged page was not written again: the new output holds the same file (a hard link), its time unchanged.
    expect((await stat(untouched)).mtimeMs).toBe(untouchedTime);
  });

  it('should change the article page and feed.xml, not the sitemap, when an article in the feed changes', async () => {
    const slug = order.slice(0, 20).find((s) => s.startsWith('scale-article-'))!;
    const before = await snapshot(out);
    await editFile(dir, `content/blog/${slug}.md`, 'written plainly.', 'written plainly, in the feed too.');
    const result = await run();
    expect(result.rendered).toBe(1);
    expect(changedBesideIndex(before, await snapshot(out))).toEqual({ files: [`blog/${slug}/index.html`, 'feed.xml'], index: true });
    expect(await readFile(join(out, 'feed.xml'), 'utf8')).toContain('in the feed too.');
  });

  it('should re-render nothing and change nothing when nothing changed', async () => {
    const before = await snapshot(out);
    const result = await run();
    expect(result.rendered).toBe(0);
    expect(await snapshot(out)).toEqual(before);
  });

  it('should remove a deleted article from dist, from every index page and from the sitemap', async () => {
    // The first article of page 3: pages 3 to 7 each shift by one, pages 1 and 2 stay as they are.
    const slug = order.filter((s) => s !== featuredSlug)[24]!;
    expect((await page(out, blogPageFile(3)))('[data-article-card] a[data-article]').first().attr('href')).toBe(`/blog/${slug}/`);
    const before = await snapshot(out);
    await rm(join(dir, 'content/blog', `${slug}.md`));
    const result = await run();
    order = await expectedOrder(dir);
    expect(order).not.toContain(slug);
    expect(existsSync(join(out, 'blog', slug))).toBe(false);
    const listed: string[] = [];
    for (let n = 1; n <= 7; n++) listed.push(...cardSlugs(await page(out, blogPageFile(n))));
    expect(listed).toEqual([featuredSlug, ...order.filter((s) => s !== featuredSlug)]);
    expect(await sitemapUrls(out)).not.toContain(`${baseUrl}/blog/${slug}/`);
    const { files: changed, index } = changedBesideIndex(before, await snapshot(out));
    expect(index).toBe(true);
    // The pages of its category from the one that listed it on shift by one too (all the generated articles share one).
    const category = changed.filter((f) => f.startsWith('blog/category/'));
    expect(category.length).toBeGreaterThan(0);
    expect(category.every((f) => /^blog\/category\/metabolic-health\/(page\/\d+\/)?(index\.html|feed\.xml)$/.test(f))).toBe(true);
    expect(changed).toEqual([`blog/${slug}/index.html`, ...[3, 4, 5, 6, 7].map(blogPageFile), ...category, 'sitemap.xml'].sort());
    // Exactly the pages that changed were rendered (the deleted one is not rendered, only removed).
    expect(result.rendered).toBe(changed.filter((f) => f.endsWith('.html')).length - 1);
  });

  it('should remove the last index page when its articles are deleted, and the links to it', async () => {
    // 79 articles after the featured one: page 7 holds 7; deleting the 7 oldest leaves 6 full pages.
    const oldest = order.slice(-7);
    expect((await page(out, blogPageFile(7)))('[data-article-card]').length).toBe(7);
    const before = await snapshot(out);
    await Promise.all(oldest.map((slug) => rm(join(dir, 'content/blog', `${slug}.md`))));
    const result = await run();
    // Every index page shows the number of the last page, so all six are rendered again; so is each
    // category page whose list changed. Exactly the pages that changed were rendered.
    const after = await snapshot(out);
    const changed = changedFiles(before, after).filter((f) => f.endsWith('.html') && f in after);
    expect([1, 2, 3, 4, 5, 6].map(blogPageFile).every((f) => changed.includes(f))).toBe(true);
    expect(result.rendered).toBe(changed.length);
    expect(existsSync(join(out, 'blog/page/7'))).toBe(false);
    expect((await readdir(join(out, 'blog/page'))).sort()).toEqual(['2', '3', '4', '5', '6']);
    const sixth = await page(out, blogPageFile(6));
    expect(sixth('head link[rel="next"]').length).toBe(0);
    expect(sixth('nav.pagination a[rel="next"]').length).toBe(0);
    expect(cardSlugs(sixth)).toHaveLength(12);
    expect(await sitemapUrls(out)).not.toContain(`${baseUrl}/blog/page/7/`);
    for (const slug of oldest) expect(existsSync(join(out, 'blog', slug)), slug).toBe(false);
  });

  it('should refuse, not delete, files and folders put into dist by hand, and write again a page deleted by hand', async () => {
    const before = await snapshot(out);
    await writeFile(join(out, 'stray.txt'), 'left here by hand');
    await rm(join(out, 'blog', order[30]!), { recursive: true });
    await mkdir(join(out, 'old-folder/deeper'), { recursive: true });
    await writeFile(join(out, 'old-folder/index.html'), '<!doctype html><p>old</p>');
    await writeFile(join(out, 'old-folder/deeper/note.txt'), 'old');
    // What the output's marker does not list is not the build's to delete: the build refuses and leaves it all.
    await expect(run()).rejects.toThrow();
    expect(existsSync(join(out, 'stray.txt'))).toBe(true);
    expect(existsSync(join(out, 'old-folder/deeper/note.txt'))).toBe(true);
    await rm(join(out, 'stray.txt'));
    await rm(join(out, 'old-folder'), { recursive: true });
    await run();
    // The page deleted by hand is written again, so dist is exactly what the build makes.
    expect(await snapshot(out)).toEqual(before);
  });

  it('should refuse feed.xml and a stylesheet changed by hand (not only pages), and write them again once deleted', async () => {
    const before = await snapshot(out);
    const css = Object.keys(before).find((f) => /^assets\/site-[A-Z0-9]+\.css$/.test(f))!;
    const feed = await readFile(join(out, 'feed.xml'), 'utf8');
    // Same size, one character different: the size alone cannot tell, the content hash does.
    await writeFile(join(out, 'feed.xml'), feed.replace('<title>', '<TITLE>'));
    await writeFile(join(out, css), 'body{color:red}');
    await expect(run()).rejects.toThrow(/"feed\.xml"/);
    expect(await readFile(join(out, css), 'utf8')).toBe('body{color:red}');
    await rm(join(out, 'feed.xml'));
    await rm(join(out, css));
    const result = await run();
    expect(result.rendered).toBe(0);
    expect(await snapshot(out)).toEqual(before);
  });

  it('should keep dist exactly as a cold build into a new folder makes it', async () => {
    const cold = join(dir, 'cold');
    await build({ root: dir, writer: diskWriter(cold, dir), memo: emptyMemo() });
    expect(await snapshot(out)).toEqual(await snapshot(cold));
  });
});

// Sequenced: each test starts from the content and dist/ the one before left (no retries).
describe('incremental link verification', { retry: 0 }, () => {
  let dir: string;
  let out: string;
  let memo: BuildMemo;
  const run = () => build({ root: dir, writer: diskWriter(out, dir), memo });
  /** Generated articles: `linking` links to `target`. */
  const linking = slugOf(60);
  const target = slugOf(20);
  const brokenLink = (page: string, href: string) => ['broken-link', `the page /blog/${page}/ links to ${href}, which is not a page of the site`];

  beforeAll(async () => {
    dir = await scaleProject();
    out = join(dir, 'dist');
    memo = emptyMemo();
    await run();
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should accept a link from one article to another', async () => {
    await editFile(dir, `content/blog/${linking}.md`, 'written plainly.', `written plainly. Read [the other article](/blog/${target}/) too.`);
    await run();
    expect(await proseLinks(out, linking)).toContain(`/blog/${target}/`);
  });

  it('should fail when the linked article is deleted, naming the unchanged linking page, and leave dist as it was', async () => {
    const before = await snapshot(out);
    const targetText = await readFile(join(dir, 'content/blog', `${target}.md`), 'utf8');
    await rm(join(dir, 'content/blog', `${target}.md`));
    const errors = await siteErrorsOf(run());
    expect(errors.map((e) => [e.code, e.message])).toEqual([brokenLink(linking, `/blog/${target}/`)]);
    expect(await snapshot(out)).toEqual(before);
    // Putting the article back makes the build pass again.
    await writeFile(join(dir, 'content/blog', `${target}.md`), targetText);
    await run();
    expect(existsSync(join(out, 'blog', target, 'index.html'))).toBe(true);
  });

  /** dist/ as the last good build left it, before the link to /nowhere. */
  let good: Record<string, string>;

  it('should fail on a link to /nowhere and leave dist as it was', async () => {
    good = await snapshot(out);
    await editFile(dir, `content/blog/${linking}.md`, 'for the steps.', 'for the steps, or [nowhere](/nowhere).');
    const errors = await siteErrorsOf(run());
    expect(errors.map((e) => [e.code, e.message])).toEqual([brokenLink(linking, '/nowhere')]);
    expect(await snapshot(out)).toEqual(good);
  });

  it('should fail again when nothing changed since the failed build', async () => {
    // A failed build records nothing, so the broken page is rendered and checked again.
    const errors = await siteErrorsOf(run());
    expect(errors.map((e) => [e.code, e.message])).toEqual([brokenLink(linking, '/nowhere')]);
    expect(await snapshot(out)).toEqual(good);
  });

  it('should pass once the link is fixed, with dist as it was before the failures', async () => {
    await editFile(dir, `content/blog/${linking}.md`, 'for the steps, or [nowhere](/nowhere).', 'for the steps.');
    const result = await run();
    // The content is back to what the last good build saw, so is the output.
    expect(await snapshot(out)).toEqual(good);
    // Failed builds record nothing: every page is as the last good build recorded it.
    expect(result.rendered).toBe(0);
    expect(await proseLinks(out, linking)).toEqual([`/blog/${target}/`, '/process']);
  });

  // A page rendered by a failed build must not be recorded as written: its file was discarded, and
  // the next build would take the old file over (found by these tests; records now wait for the commit).
  it('should write an article edited during a failed build once another article fixes the failure', async () => {
    const edited = slugOf(30);
    const broken = slugOf(31);
    await editFile(dir, `content/blog/${edited}.md`, 'written plainly.', 'written plainly, saved while another file was broken.');
    await editFile(dir, `content/blog/${broken}.md`, 'for the steps.', 'for the steps, or [nowhere](/nowhere).');
    expect((await siteErrorsOf(run())).map((e) => [e.code, e.message])).toEqual([brokenLink(broken, '/nowhere')]);
    await editFile(dir, `content/blog/${broken}.md`, 'for the steps, or [nowhere](/nowhere).', 'for the steps.');
    await run();
    expect(await proseText(out, edited)).toContain('saved while another file was broken.');
  });
});

describe('a build after a failed one, from the on-disk cache', { retry: 0 }, () => {
  let dir: string;
  let out: string;
  const run = () => build({ root: dir, writer: diskWriter(out, dir) });

  beforeAll(async () => {
    dir = await tempProject();
    out = join(dir, 'dist');
    await run();
  });
  afterAll(async () => {
    // The cache file lies in the shared node_modules/.cache (node_modules is a link), one per project folder.
    await rm(memoFolderOf(dir), { recursive: true, force: true });
    await removeProject(dir);
  });

  it('should write an article edited during a failed build once another article fixes the failure', async () => {
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'Scroll through social media', 'Scroll through any social feed');
    await editFile(dir, 'content/blog/burnout-and-energy.md', /\n## /, '\nSee [nowhere](/nowhere).\n\n## ');
    const before = await snapshot(out);
    expect((await siteErrorsOf(run())).map((e) => e.code)).toEqual(['broken-link']);
    expect(await snapshot(out)).toEqual(before);
    await editFile(dir, 'content/blog/burnout-and-energy.md', '\nSee [nowhere](/nowhere).\n', '');
    await run();
    expect(await proseText(out, 'hrt-glow-up')).toContain('Scroll through any social feed');
  });
});

describe('the dev server after a failed build (memory writer, cache kept in memory)', { retry: 0 }, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await tempProject();
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  // Same bug as above, as an author sees it in `serve`: the saved article keeps its old text.
  it('should serve an article saved while another article was broken once that one is fixed', async () => {
    const writer = memoryWriter();
    const memo = emptyMemo();
    const run = () => build({ root: dir, writer, memo });
    await run();
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'Scroll through social media', 'Scroll through any social feed');
    await editFile(dir, 'content/blog/burnout-and-energy.md', /\n## /, '\nSee [nowhere](/nowhere).\n\n## ');
    expect((await siteErrorsOf(run())).map((e) => e.code)).toEqual(['broken-link']);
    await editFile(dir, 'content/blog/burnout-and-energy.md', '\nSee [nowhere](/nowhere).\n', '');
    await run();
    expect(load(Buffer.from(writer.files.get('blog/hrt-glow-up/index.html')!).toString())('.prose').text()).toContain('Scroll through any social feed');
  });
});
