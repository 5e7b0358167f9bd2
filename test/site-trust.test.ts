/** Issue 13, "a clinic site patients trust": booking on phones, legal pages, medical review, the crisis line, built from the real content and checked with cheerio. */
import { load, type CheerioAPI } from 'cheerio';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/build.ts';
import { loadContent, type Content } from '../src/content/load.ts';
import { diskWriter } from '../src/writer.ts';
import { projectRoot } from './helpers.ts';

let out: string;
let content: Content;
let result: BuildResult;

beforeAll(async () => {
  out = join(await mkdtemp(join(tmpdir(), 'clinic-trust-')), 'dist');
  content = await loadContent(projectRoot);
  result = await build({ root: projectRoot, writer: diskWriter(out, projectRoot) });
});
afterAll(async () => {
  await rm(join(out, '..'), { recursive: true, force: true });
});

const fileOf = (route: string) => (route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.replace(/^\/|\/$/g, '')}/index.html`);
const page = async (route: string): Promise<CheerioAPI> => load(await readFile(join(out, fileOf(route)), 'utf8'));
const text = (value: string) => value.replace(/\s+/g, ' ').trim();
/** Every page of the built site, from the build's own file list. */
const allRoutes = () =>
  result.files
    .filter((f) => f.endsWith('.html'))
    .map((f) => (f === 'index.html' ? '/' : f === '404.html' ? '/404' : `/${f.replace(/\/index\.html$/, '')}`));

describe('booking on phones', () => {
  it('should put a compact booking button beside the menu button on every page, raising start_visit_clicked / mobile_header', async () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const $ = await page(route);
      const book = $('.header-inner > a.header-book');
      expect(book.length, route).toBe(1);
      expect(text(book.text()), route).toContain(content.navigation.bookVisitShort);
      expect(book.attr('href'), route).toBe(`${content.site.links.booking}?service=${content.site.bookingServices.visit}`);
      expect(book.attr('target')).toBe('_blank');
      expect(book.attr('rel')).toBe('noopener noreferrer');
      expect([book.attr('data-event'), book.attr('data-event-category'), book.attr('data-event-label')]).toEqual(['start_visit_clicked', 'conversion', 'mobile_header']);
      // Beside the menu button: the next elements of the header row are the no-JavaScript Menu link and the menu button.
      expect(book.nextAll('.menu-button').length, route).toBe(1);
    }
  });
});

describe('legal pages', () => {
  const legalIds = ['notice-of-privacy-practices', 'privacy-policy', 'terms-of-use', 'accessibility', 'nondiscrimination'];

  it('should publish the five legal pages from content/legal/ at /legal/ID', async () => {
    expect(content.legal.map((l) => l.id).sort()).toEqual([...legalIds].sort());
    for (const id of legalIds) {
      const $ = await page(`/legal/${id}`);
      const legal = content.legal.find((l) => l.id === id)!;
      expect(text($('h1').text())).toBe(legal.title);
      expect($('title').text()).toBe(`${legal.title} | ${content.site.name}`);
      expect($('meta[name="description"]').attr('content')).toBe(legal.description);
      expect($('link[rel="canonical"]').attr('href')).toBe(`${content.site.baseUrl}/legal/${id}/`);
      // The office's phone as a tel: link and its e-mail, at the end of every legal page.
      expect($('.legal-contact a[href^="tel:"]').length).toBe(1);
      expect($(`.legal-contact a[href="mailto:${content.site.email}"]`).length).toBe(1);
    }
  });

  it('should link every legal page from the footer of every page', async () => {
    for (const route of allRoutes()) {
      const $ = await page(route);
      const hrefs = $('footer .footer-legal a').map((_, a) => $(a).attr('href')).get();
      expect(hrefs, route).toEqual(content.legal.map((l) => `/legal/${l.id}`));
    }
  });

  it('should say what each page must say: no collection without a measurement id, 911 and 988, WCAG 2.2 AA and a phone alternative', async () => {
    const privacy = text((await page('/legal/privacy-policy'))('main').text());
    expect(content.site.analytics.measurementId).toBeUndefined();
    expect(privacy).toContain('It sets no cookies and sends no information about your visit to anyone.');
    expect(privacy).not.toContain('Google Analytics');
    for (const service of ['book a visit', 'intake form', 'patient portal', 'Google Maps']) expect(privacy).toContain(service);

    const $terms = await page('/legal/terms-of-use');
    expect(text($terms('main').text())).toContain('not medical advice');
    expect($terms('main a[href="tel:911"]').length).toBe(1);
    expect($terms('main a[href="tel:988"]').length).toBe(1);

    const $a11y = await page('/legal/accessibility');
    expect(text($a11y('main').text())).toContain('WCAG) 2.2 at level AA');
    expect(text($a11y('main').text())).toContain('by phone');
    expect(text((await page('/legal/nondiscrimination'))('main').text())).toContain('does not discriminate');
    expect(text((await page('/legal/notice-of-privacy-practices'))('main').text())).toContain('Office for Civil Rights');
  });

  it('should say in each file, not on the page, that counsel must review it, and never claim a review', async () => {
    for (const id of legalIds) {
      const source = await readFile(join(projectRoot, 'content', 'legal', `${id}.yaml`), 'utf8');
      const comments = source.split('\n').filter((l) => l.startsWith('#')).join(' ');
      expect(comments, id).toMatch(/legal counsel must review/);
      expect(comments, id).toMatch(/Nobody has reviewed it yet|Nobody has reviewed them yet/);
      const shown = text((await page(`/legal/${id}`))('main').text());
      expect(shown, id).not.toMatch(/counsel|reviewed by|approved by/i);
    }
  });

  it('should list the legal pages in the sitemap', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    for (const id of legalIds) expect(sitemap).toContain(`${content.site.baseUrl}/legal/${id}/`);
  });
});
