/**
 * Blog categories and related articles: a page per category (paginated like /blog, with its own
 * feed, in the sitemap, with breadcrumbs), category badges that link there, and three related
 * articles closing each article (same category first, then the newest).
 */
import { load, type CheerioAPI } from 'cheerio';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteError } from '../../src/errors.ts';
import { parseYaml } from '../../src/load/yaml.ts';
import { singleFiles } from '../../src/schemas/registry.ts';
import { validate } from '../../src/validate/schema.ts';
import { editFile, projectRoot, removeProject, runCli, tempProject } from '../helpers.ts';

let dir: string;
let out: string;
/** Every published article of the real content, read from its front matter: slug, category, date. */
let articles: { slug: string; category: string; date: string; title: string }[];
const page = async (path: string): Promise<CheerioAPI> => load(await readFile(join(out, path, 'index.html'), 'utf8'));
const slugOf = (name: string) => name.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

beforeAll(async () => {
  dir = await tempProject();
  out = join(dir, 'dist');
  // Enough Metabolic Health articles for that category to need three pages of three.
  await editFile(dir, 'content/blog.yaml', /pageSize: \d+/, 'pageSize: 3');
  for (let i = 1; i <= 5; i++) {
    await writeFile(
      join(dir, `content/blog/metabolic-note-${i}.md`),
      `---\ntitle: Metabolic note ${i}\nexcerpt: A short note on metabolism, number ${i}.\nauthor: Dr. Jane Example, DNP, FNP-C\npublishDate: 2023-0${i}-10\ncategory: Metabolic Health\n---\nNote ${i} about [the process](/process).\n`,
    );
  }
  const result = await runCli(['build'], dir);
  expect(result.code, result.stderr).toBe(0);
  // English articles: a translation (SLUG.es.md) takes its category and date from its English file.
  const files = (await readdir(join(dir, 'content/blog'))).filter((f) => f.endsWith('.md') && !f.endsWith('.es.md'));
  articles = await Promise.all(
    files.map(async (f) => {
      const text = await readFile(join(dir, 'content/blog', f), 'utf8');
      const field = (name: string) => new RegExp(`^${name}: "?(.*?)"?$`, 'm').exec(text)![1]!;
      return { slug: f.slice(0, -3), category: field('category'), date: field('publishDate'), title: field('title') };
    }),
  );
  articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}, 120_000);
afterAll(async () => {
  await removeProject(dir);
});

describe('category pages', () => {
  it('should give every category a page listing its articles, newest first, across pages like /blog', async () => {
    const categories = [...new Set(articles.map((a) => a.category))];
    expect(categories.length).toBeGreaterThan(2);
    for (const name of categories) {
      const first = `blog/category/${slugOf(name)}`;
      const expected = articles.filter((a) => a.category === name).map((a) => `/blog/${a.slug}/`);
      const listed: string[] = [];
      for (let n = 1; ; n++) {
        const $ = await page(n === 1 ? first : `${first}/page/${n}`).catch(() => undefined);
        if (!$) break;
        expect($('h1').text()).toBe(name);
        expect($('title').text()).toContain(name);
        listed.push(...$('.article-card .card-title a').map((_, a) => $(a).attr('href')).get());
        if (n > 1) expect($('link[rel="prev"]').attr('href')).toBe(n === 2 ? `/${first}/` : `/${first}/page/${n - 1}/`);
      }
      expect(listed, name).toEqual(expected);
    }
    // "Women's Health" follows the slug rules: apostrophe dropped, words joined by hyphens.
    expect((await page('blog/category/womens-health'))('h1').text()).toBe("Women's Health");
    expect(articles.filter((a) => a.category === 'Metabolic Health').length).toBeGreaterThan(6);
  });

  it('should link each category page to its own feed, holding that category only', async () => {
    const $ = await page('blog/category/metabolic-health');
    const feeds = $('link[rel="alternate"][type="application/rss+xml"]').map((_, l) => $(l).attr('href')).get();
    expect(feeds).toEqual(['/feed.xml', '/blog/category/metabolic-health/feed.xml']);
    const feed = load(await readFile(join(out, 'blog/category/metabolic-health/feed.xml'), 'utf8'), { xml: true });
    const categories = feed('item > category').map((_, c) => feed(c).text()).get();
    expect(categories.length).toBe(articles.filter((a) => a.category === 'Metabolic Health').length);
    expect(new Set(categories)).toEqual(new Set(['Metabolic Health']));
    expect(feed('channel > title').text()).toContain('Metabolic Health');
    expect(feed('atom\\:link').attr('href')).toBe('https://www.example.com/blog/category/metabolic-health/feed.xml');
  });

  it('should list category pages in the sitemap, with breadcrumbs Home › Blog › category', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.example.com/blog/category/womens-health/</loc>');
    expect(sitemap).toContain('<loc>https://www.example.com/blog/category/metabolic-health/page/2/</loc>');
    const $ = await page('blog/category/womens-health');
    const trails = $('script[type="application/ld+json"]').map((_, s) => JSON.parse($(s).text())).get().filter((d) => d['@type'] === 'BreadcrumbList');
    expect(trails).toHaveLength(1);
    expect(trails[0].itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Blog', "Women's Health"]);
  });

  it('should link the category badge of every card and article to the category page', async () => {
    const $ = await page('blog');
    const badges = $('.article-card .category-link');
    expect(badges.length).toBeGreaterThan(0);
    badges.each((_, a) => expect($(a).attr('href')).toBe(`/blog/category/${slugOf($(a).text())}/`));
    const article = await page('blog/hrt-glow-up');
    expect(article('.article-hero .category-link').attr('href')).toBe('/blog/category/womens-health/');
    expect(article('.article-hero .category-link').attr('aria-label')).toContain("Women's Health");
  });

  it('should keep the intake widget on /blog only', async () => {
    const blog = await readFile(join(out, 'blog/index.html'), 'utf8');
    const category = await readFile(join(out, 'blog/category/womens-health/index.html'), 'utf8');
    const widget = /<script src="(https:[^"]+)" async/.exec(blog)?.[1];
    expect(widget).toBeTruthy();
    expect(category).not.toContain(widget!);
  });
});

describe('related articles', () => {
  it('should close every article with three others: its category first, newest first, then the newest of the rest', async () => {
    for (const article of articles) {
      const $ = await page(`blog/${article.slug}`);
      const shown = $('.related-articles .card-title a').map((_, a) => $(a).attr('href')).get();
      const same = articles.filter((a) => a !== article && a.category === article.category);
      const others = articles.filter((a) => a !== article && a.category !== article.category);
      const expected = [...same, ...others].slice(0, 3).map((a) => `/blog/${a.slug}/`);
      expect(shown, article.slug).toEqual(expected);
      expect($('.related-articles h2').first().text()).toBe('Keep reading');
    }
  });
});

describe('category names', () => {
  it('should refuse two spellings of one category at the spelling blog.yaml does not describe', async () => {
    const clash = await tempProject();
    try {
      await editFile(clash, 'content/blog/hrt-glow-up.md', "category: Women's Health", 'category: Womens Health');
      await writeFile(join(clash, 'content/blog/another.md'), "---\ntitle: Another\nexcerpt: Another one.\nauthor: A. Author\npublishDate: 2020-01-01\ncategory: Women's Health\n---\nText.\n");
      const result = await runCli(['check'], clash);
      expect(result.code).toBe(1);
      // The article spelled as content/blog.yaml spells it is right; the other is told to follow it.
      expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:11\s+the category "Womens Health" would share its page with the category "Women's Health"/);
      expect(result.stderr).toContain('write it exactly as "Women\'s Health"');
      expect(result.stderr).not.toContain('content/blog/another.md');
      expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
    } finally {
      await removeProject(clash);
    }
  }, 60_000);
});

describe('categories content/blog.yaml does not describe', () => {
  it('should warn naming the article and the described category it most likely meant, and still build', async () => {
    const dir = await tempProject();
    try {
      await editFile(dir, 'content/blog/hrt-glow-up.md', "category: Women's Health", 'category: Womans Health');
      const result = await runCli(['check'], dir);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('1 article has a category that content/blog.yaml does not describe');
      expect(result.stdout).toContain('content/blog/hrt-glow-up.md ("Womans Health": did you mean "Women\'s Health"?)');
    } finally {
      await removeProject(dir);
    }
  }, 60_000);

  it('should say nothing of categories when every one is described (the real content)', async () => {
    const result = await runCli(['check'], projectRoot);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('does not describe');
  }, 60_000);
});

describe('pageSize out of range', () => {
  const errorsFor = async (file: string, from: RegExp, to: string) => {
    const schema = file === 'content/blog.yaml' ? singleFiles.blogPage.schema : singleFiles.navigation.schema;
    const text = (await readFile(join(projectRoot, file), 'utf8')).replace(from, to);
    const { source } = parseYaml(file, text);
    const errors: SiteError[] = [];
    validate(source, schema, errors);
    return errors.map((e) => [e.message, e.hint]);
  };

  it('should say "pageSize" must be at least 3, but it is 1, not zod\'s "Too small: expected number to be >=3"', async () => {
    expect(await errorsFor('content/blog.yaml', /pageSize: \d+/, 'pageSize: 1')).toEqual([['"pageSize" must be at least 3, but it is 1', 'write a number that is at least 3']]);
    expect(await errorsFor('content/blog.yaml', /pageSize: \d+/, 'pageSize: 100')).toEqual([['"pageSize" must be at most 60, but it is 100', 'write a number that is at most 60']]);
  });

  it('should say how many entries a list needs in plain words when the schema gives no message of its own', async () => {
    const [error] = await errorsFor('content/navigation.yaml', /^main:\n(  - .*\n|    .*\n)+/m, 'main: []\n');
    expect(error?.[0]).toBe('"main" must list at least 1 entry, but it lists 0');
    expect(error?.join(' ')).not.toMatch(/Too small|expected array/);
  });
});
