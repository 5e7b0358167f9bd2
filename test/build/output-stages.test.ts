/** Unit tests of the output stages: link verification, sitemaps, robots, structured data, headers. */
import { describe, expect, it } from 'vitest';
import { sitemaps, robotsTxt } from '../../src/render/feeds.ts';
import { SiteErrors } from '../../src/errors.ts';
import { serializeJsonLd, openingHours } from '../../src/route/structured-data.ts';
import { normalizePath } from '../../src/route/paths.ts';
import { pageLinks, verifyLinks } from '../../src/verify/links.ts';
import type { Route } from '../../src/route/routes.ts';
import type { Site } from '../../src/schemas/site.ts';

const page = (path: string, html: string) => pageLinks(path, html);

describe('verifyLinks', () => {
  it('should accept links to pages, files and existing anchors in any spelling', () => {
    const pages = [page('/', '<a href="/process">p</a><a href="/#about">a</a><div id="about"></div><a href="#about">self</a>'), page('/process', '<a href="/process/">x</a><img src="/logo.svg"><a href="/?q=1#about">q</a>')];
    expect(() => verifyLinks(pages, ['logo.svg'])).not.toThrow();
  });

  it('should name the page and the href of a link to no page', () => {
    try {
      verifyLinks([page('/', '<a href="/nowhere">x</a>')], []);
      throw new Error('expected failure');
    } catch (error) {
      const [e] = (error as SiteErrors).errors;
      expect(e?.code).toBe('broken-link');
      expect(e?.message).toBe('the page / links to /nowhere, which is not a page of the site');
    }
  });

  it('should suggest the page or id a mistyped link most likely meant, never a mere prefix', () => {
    const pages = [page('/', '<a href="/proces">x</a><a href="/process#step-l">y</a><a href="/zzzzzzzz">z</a>'), page('/process', '<h2 id="step-1"></h2>')];
    try {
      verifyLinks(pages, []);
      throw new Error('expected failure');
    } catch (error) {
      const hints = Object.fromEntries((error as SiteErrors).errors.map((e) => [e.message.split(' ')[5], e.hint]));
      expect(hints['/proces,']).toBe('did you mean /process?');
      expect(hints['/process#step-l,']).toBe('did you mean /process#step-1?');
      expect(hints['/zzzzzzzz,']).toBe('fix the link in the content or template that produces it, or add the missing page');
    }
  });

  it('should report a fragment with no element of that id, once per href with the pages that carry it', () => {
    const pages = [page('/', '<a href="/process#step-9">x</a>'), page('/blog', '<a href="/process#step-9">x</a>'), page('/process', '<h2 id="step-1"></h2>')];
    try {
      verifyLinks(pages, []);
      throw new Error('expected failure');
    } catch (error) {
      const errors = (error as SiteErrors).errors;
      expect(errors).toHaveLength(1);
      expect(errors[0]?.code).toBe('broken-anchor');
      expect(errors[0]?.message).toContain('/ (and 1 more: /blog)');
    }
  });

  it('should follow only the links of the pages it is told to check, still resolving into every page', () => {
    const pages = [page('/', '<a href="/nowhere">x</a><p id="about"></p>'), page('/blog', '<a href="/#about">a</a><a href="/gone">g</a>'), page('/about', '<a href="/blog">b</a>')];
    expect(() => verifyLinks(pages, [], pages.filter((p) => p.path === '/about'))).not.toThrow();
    try {
      verifyLinks(pages, [], pages.filter((p) => p.path === '/blog'));
      throw new Error('expected failure');
    } catch (error) {
      expect((error as SiteErrors).errors.map((e) => e.message)).toEqual(['the page /blog links to /gone, which is not a page of the site']);
    }
  });

  it('should normalise paths', () => {
    expect(normalizePath('/process/')).toBe('/process');
    expect(normalizePath('/blog/index.html')).toBe('/blog');
    expect(normalizePath('/')).toBe('/');
    // The quick way for a page's own address and the long one agree wherever they could differ.
    for (const [path, normal] of [['/blog/a/', '/blog/a'], ['/blog//', '/blog'], ['/a///', '/a'], ['//', '/'], ['/index.html', '/'], ['/blog/page.html', '/blog/page'], ['', '/']]) {
      expect(normalizePath(path!), path).toBe(normal);
    }
  });
});

describe('sitemaps', () => {
  const routes = (n: number) => Array.from({ length: n }, (_, i) => ({ listed: true, url: `https://x.example/p${i}/` }) as unknown as Route);

  it('should list URLs in one sitemap under the limit', () => {
    const files = sitemaps(routes(3), 'https://x.example', 5);
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml']);
    expect(files[0]!.text.match(/<loc>/g)).toHaveLength(3);
  });

  it('should split into a sitemap index past the limit', () => {
    const files = sitemaps(routes(12), 'https://x.example', 5);
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(files[0]!.text).toContain('<sitemapindex');
    expect(files[0]!.text).toContain('<loc>https://x.example/sitemap-3.xml</loc>');
    expect(files[3]!.text.match(/<loc>/g)).toHaveLength(2);
  });

  it('should name the sitemap in robots.txt', () => {
    expect(robotsTxt('https://x.example/')).toContain('Sitemap: https://x.example/sitemap.xml');
  });
});

describe('structured data', () => {
  it('should escape < and line separators inside JSON-LD', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>\u2028' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>\u2028');
  });

  it('should write opening hours in schema.org short form', () => {
    const site = { officeHours: [{ label: 'w', days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '10:00', closes: '17:00' }, { label: 'we', days: ['Sa', 'Su'], closed: true }] } as unknown as Site;
    expect(openingHours(site)).toEqual(['Mo-Fr 10:00-17:00']);
  });
});
