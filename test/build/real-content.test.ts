/** An integration build of the real content/ into a temporary folder, checked with cheerio. */
import { load, type CheerioAPI } from 'cheerio';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { realSite } from '../real-site.ts';

let out: string;
let result: BuildResult;
let content: Content;

beforeAll(async () => {
  ({ out, result } = await realSite());
  content = await loadContent(projectRoot);
});

const page = async (file: string): Promise<CheerioAPI> => load(await readFile(join(out, file), 'utf8'));
const jsonLd = ($: CheerioAPI): Record<string, unknown>[] => $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as Record<string, unknown>).get() as Record<string, unknown>[];

describe('build of the real content', () => {
  it('should write ROUTE/index.html for every route, 404.html, sitemap, robots and feed', async () => {
    const expected = ['index.html', 'blog/index.html', 'process/index.html', '404.html', 'sitemap.xml', 'robots.txt', 'feed.xml'];
    for (const article of content.articles.filter((a) => !a.draft)) expected.push(`blog/${article.slug}/index.html`);
    for (const file of expected) expect(existsSync(join(out, file)), file).toBe(true);
    expect(result.pages).toBe(result.files.filter((f) => f.endsWith('.html')).length);
  });

  it('should give every page a complete head', async () => {
    const files = result.files.filter((f) => f.endsWith('.html'));
    for (const file of files) {
      const html = await readFile(join(out, file), 'utf8');
      // Pages under es/ are the Spanish site's (issue 28): their language and feed are Spanish.
      const lang = file.startsWith('es/') ? 'es' : 'en';
      expect(html.startsWith(`<!doctype html><html lang="${lang}">`), file).toBe(true);
      const $ = load(html);
      const title = $('title').text();
      expect(title.endsWith(` | ${content.site.name}`), file).toBe(true);
      const notFound = file.endsWith('404.html');
      for (const selector of ['meta[name="description"]', 'meta[name="keywords"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:image"]', ...(notFound ? [] : ['meta[property="og:url"]'])]) {
        expect($(selector).attr('content'), `${file} ${selector}`).toBeTruthy();
      }
      if (!notFound) expect($('link[rel="canonical"]').attr('href'), file).toMatch(/^https:\/\//);
      expect($('meta[property="og:image:width"]').attr('content')).toBe('1200');
      expect($('meta[property="og:image:height"]').attr('content')).toBe('630');
      expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
      expect($('meta[name="robots"]').attr('content'), file).toBe('index, follow');
      expect($('link[rel="alternate"][type="application/rss+xml"]').attr('href')).toBe(lang === 'es' ? '/es/feed.xml' : '/feed.xml');
      expect($('link[rel="stylesheet"]').attr('href')).toMatch(/^\/assets\/site-[A-Z0-9]+\.css$/);
      expect($('script[src^="/assets/main-"]').length, file).toBe(1);
      expect(html, file).not.toContain('__clinic');
    }
  });

  it('should take each page title and description from its metadata entry', async () => {
    const $ = await page('process/index.html');
    const entry = content.metadata['/process']!;
    expect($('title').text()).toBe(`${entry.title} | ${content.site.name}`);
    expect($('meta[name="description"]').attr('content')).toBe(entry.description);
    expect($('meta[name="keywords"]').attr('content')).toBe(entry.keywords.join(', '));
    expect($('link[rel="canonical"]').attr('href')).toBe(`${content.site.baseUrl}/process/`);
  });

  it('should point og:image at a 1200x630 image that exists in the output', async () => {
    const $ = await page('index.html');
    const url = new URL($('meta[property="og:image"]').attr('content')!);
    const meta = await sharp(join(out, url.pathname)).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('should describe the clinic as MedicalClinic JSON-LD from site.yaml on every page', async () => {
    for (const file of ['index.html', 'process/index.html', '404.html']) {
      const clinic = jsonLd(await page(file)).find((d) => d['@type'] === 'MedicalClinic') as Record<string, any>;
      expect(clinic.name).toBe(content.site.name);
      expect(clinic.telephone).toBe(content.site.phone);
      expect(clinic.address.streetAddress).toBe(content.site.address.street);
      expect(clinic.openingHours).toEqual(['Mo-Fr 10:00-17:00']);
    }
  });

  it('should escape < inside JSON-LD so content cannot close the script', async () => {
    const html = await readFile(join(out, 'index.html'), 'utf8');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).not.toContain('<');
  });

  it('should give each article its own page with BlogPosting JSON-LD and metadata', async () => {
    const article = content.articles[0]!;
    const $ = await page(`blog/${article.slug}/index.html`);
    expect($('h1').text()).toBe(article.title);
    expect($('title').text()).toBe(`${article.title} | ${content.site.name}`);
    const posting = jsonLd($).find((d) => d['@type'] === 'BlogPosting') as Record<string, any>;
    expect(posting.headline).toBe(article.title);
    expect(posting.datePublished).toBe(article.publishDate);
    expect(posting.author.name).toBe(article.author);
    expect($('.prose h2').length).toBeGreaterThan(0);
  });

  it('should list every page but the 404 pages (English and Spanish) in the sitemap, with absolute URLs', async () => {
    const xml = await readFile(join(out, 'sitemap.xml'), 'utf8');
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.length).toBe(result.pages - result.files.filter((f) => f.endsWith('404.html')).length);
    for (const url of urls) expect(url.startsWith(`${content.site.baseUrl}/`)).toBe(true);
    expect(urls).toContain(`${content.site.baseUrl}/`);
    expect(urls.some((u) => u.includes('404'))).toBe(false);
  });

  it('should name the sitemap in robots.txt', async () => {
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${content.site.baseUrl}/sitemap.xml`);
  });

  it('should publish the articles in an RSS feed, newest first', async () => {
    const $ = load(await readFile(join(out, 'feed.xml'), 'utf8'), { xml: true });
    const titles = $('item > title').map((_, el) => $(el).text()).get();
    expect(titles).toEqual(content.articles.filter((a) => !a.draft).slice(0, 20).map((a) => a.title));
    expect($('item > link').first().text()).toBe(`${content.site.baseUrl}/blog/${content.articles[0]!.slug}/`);
  });

  it('should write hashed, minified assets and copy public/', async () => {
    const assets = await readdir(join(out, 'assets'));
    expect(assets.some((f) => /^main-[A-Z0-9]+\.js$/.test(f))).toBe(true);
    expect(assets.some((f) => /^site-[A-Z0-9]+\.css$/.test(f))).toBe(true);
    expect(existsSync(join(out, 'favicon.svg'))).toBe(true);
    const css = assets.find((f) => f.endsWith('.css'))!;
    expect((await readFile(join(out, 'assets', css), 'utf8')).split('\n').length).toBeLessThan(5);
  });

  it('should give the 404 page the not-found heading inside the shared layout', async () => {
    const $ = await page('404.html');
    expect($('h1').text()).toBe('404 Page Not Found');
    expect($('header.site-header').length).toBe(1);
    expect($('footer.site-footer').length).toBe(1);
  });

  it('should open every external link in a new tab without opener or referrer', async () => {
    for (const file of result.files.filter((f) => f.endsWith('.html'))) {
      const $ = await page(file);
      $('a[href^="http"]').each((_, el) => {
        expect($(el).attr('target'), `${file} ${$(el).attr('href')}`).toBe('_blank');
        expect($(el).attr('rel')).toBe('noopener noreferrer');
      });
    }
  });
});
