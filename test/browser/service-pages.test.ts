/**
 * The pellet page, lab sales, InBody and the eight service pages in Chromium: every analytics event and external
 * target, no axe-core violations and nothing wider than the screen at 390 and 1280 px.
 * Set SHOTS_DIR to also save a full-page screenshot of each page at both widths.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

const routes = [
  '/memberships',
  '/lab-sales',
  '/inbody-analysis',
  '/services/brain/anxiety',
  '/services/brain/focus',
  '/services/brain/mood',
  '/services/body/mens-health',
  '/services/body/womens-health',
  '/services/well/peptide-therapy',
  '/services/well/thyroid',
  '/services/well/immune-support',
];
const widths = [390, 1280];

let content: Content;
let site: ServedSite;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  content = await loadContent(projectRoot);
  site = await servedSite();
  ({ origin, browser } = site);
});
afterAll(async () => {
  await site?.close();
});

/** A browser context whose requests never leave the machine: other origins get an empty page. */
async function isolatedContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' });
  });
  // External tabs opened by clicks are closed at once.
  context.on('page', (opened) => {
    opened
      .opener()
      .then((opener) => (opener ? opened.close() : undefined))
      .catch(() => undefined);
  });
  return context;
}

type GtagCommand = [string, string, { event_category?: string; event_label?: string; value?: number }];

/** The gtag 'event' commands pushed so far. */
async function events(page: Page): Promise<GtagCommand[]> {
  return page.evaluate(() => (window.dataLayer as ArrayLike<unknown>[]).map((entry) => Array.from(entry)).filter((entry) => entry[0] === 'event')) as Promise<GtagCommand[]>;
}

describe('part 2 pages in Chromium', () => {
  it('should raise every analytics event on click and open every external target in a new tab', async () => {
    const context = await isolatedContext(1280);
    const page = await context.newPage();
    let checked = 0;
    for (const route of routes) {
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => Array.isArray(window.dataLayer));
      const elements = await page.locator('main [data-event]').all();
      expect(elements.length, route).toBeGreaterThan(0);
      for (const element of elements) {
        const expected = await element.evaluate((el: HTMLElement) => ({
          name: el.dataset.event!,
          category: el.dataset.eventCategory,
          label: el.dataset.eventLabel,
          href: el.getAttribute('href') ?? '',
          target: el.getAttribute('target'),
          rel: el.getAttribute('rel'),
        }));
        if (expected.href.startsWith('http')) {
          expect(expected.target, `${route} ${expected.href}`).toBe('_blank');
          expect(expected.rel).toBe('noopener noreferrer');
          const known = Object.values(content.site.links).some((link) => expected.href.startsWith(link));
          expect(known, `${route}: ${expected.href} comes from site.yaml`).toBe(true);
        }
        if (expected.href.startsWith('tel:')) {
          // Do not hand the number to the system's dialer; the click listener still sees the event.
          await element.evaluate((el) => el.addEventListener('click', (e) => e.preventDefault(), { once: true }));
        }
        const before = (await events(page)).length;
        await element.scrollIntoViewIfNeeded();
        await element.click();
        const after = await events(page);
        expect(after.length, `${route}: ${expected.name} was not pushed`).toBe(before + 1);
        const [command, name, parameters] = after.at(-1)!;
        expect(command).toBe('event');
        expect(name).toBe(expected.name);
        expect(parameters.event_category).toBe(expected.category);
        expect(parameters.event_label).toBe(expected.label);
        expect(page.url()).toBe(`${origin}${route}`);
        checked++;
      }
    }
    // 8 closings + 8 hero buttons + 17 treatment cards' booking actions + 4 pellet links + 4 lab panels + 3 scans
    expect(checked).toBe(44);
    await context.close();
  }, 180_000);

  for (const width of widths) {
    it(`should have no axe-core violations and nothing wider than the screen at ${width} px`, async () => {
      const context = await isolatedContext(width);
      const page = await context.newPage();
      const shots = process.env.SHOTS_DIR;
      if (shots) await mkdir(shots, { recursive: true });
      for (const route of routes) {
        await page.goto(`${origin}${route}`, { waitUntil: 'load' });
        await page.evaluate(axeSource);
        const result = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
          return axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
        });
        const violations = result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(violations, `${route} at ${width} px`).toEqual([]);

        const overflow = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > limit + 1 && getComputedStyle(el).position !== 'fixed');
          return { scroll: document.documentElement.scrollWidth, limit, wide: wide.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`) };
        });
        expect(overflow.scroll, `${route} at ${width} px: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(overflow.limit);
        expect(overflow.wide, `${route} at ${width} px`).toEqual([]);

        const brokenImages = await page.evaluate(async () => {
          const images = [...document.querySelectorAll('main img')] as HTMLImageElement[];
          images.forEach((img) => (img.loading = 'eager'));
          await Promise.all(images.map((img) => (img.complete ? Promise.resolve() : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })))));
          return images.filter((img) => img.naturalWidth === 0).map((img) => img.src);
        });
        expect(brokenImages, route).toEqual([]);

        if (shots) {
          const name = route.replace(/^\//, '').replace(/\//g, '-');
          await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
        }
      }
      await context.close();
    }, 180_000);
  }
});
