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
