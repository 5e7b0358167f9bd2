/**
 * Site search in Chromium, under the site's own CSP: the dialog opens from the keyboard at 390 and
 * 1280 px, nothing of the search is fetched before, the patient's words find the right page first
 * (a word with one typo too), results are announced, and axe has nothing to say with it open.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers.ts';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

let site: ServedSite;
beforeAll(async () => {
  site = await servedSite();
});
afterAll(async () => {
  await site?.close();
});

/** What each search must list first. */
const expected: [string, string][] = [
  ['thyroid', '/services/well/thyroid'],
  ['ozempic', '/treatments/glp1/'],
  ['low t', '/treatments/testosterone-optimization/'],
  ['menopause', '/services/body/womens-health'],
  ['menopuase', '/services/body/womens-health'],
  ['thyriod', '/services/well/thyroid'],
];

/** Types `query` into the open dialog's field and waits for the announcement of its results; the first result's address. */
async function firstResult(page: Page, query: string): Promise<string | null> {
  await page.fill('#search-input', query);
  await expect.poll(() => page.locator('#search-status').textContent(), { message: query, timeout: 10_000 }).toContain(`“${query}”`);
  return page.locator('.search-result a').first().getAttribute('href');
}

/** axe-core's violations on the page as it is, by rule and element. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Violations = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<Violations> } }).axe;
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  });
}

describe('site search', () => {
  for (const width of [390, 1280]) {
    it(`should open by keyboard at ${width} px, fetch nothing of search before, and find each word's page first`, async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(`${site.origin}/process`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      expect(requests.filter((url) => /\/pagefind\/|\/assets\/search-/.test(url))).toEqual([]);
      // Tab into the page first: "/" works from anywhere but a field.
      await page.keyboard.press('Tab');
      await page.keyboard.press('/');
      await expect.poll(() => page.locator('#search').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
      for (const [query, path] of expected) expect(await firstResult(page, query), query).toBe(path);
      expect(requests.some((url) => url.includes('/pagefind/pagefind.js'))).toBe(true);
      expect(requests.filter((url) => !url.startsWith(site.origin) && !url.startsWith('data:'))).toEqual([]);
      // The status line announces the count to screen readers.
      expect(await page.locator('#search-status').getAttribute('aria-live')).toBe('polite');
      expect(await page.locator('.search-result mark').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen with the dialog open.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Down reaches the first result, Enter follows it.
      await page.keyboard.press('ArrowDown');
      const focused = await page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href'));
      expect(focused).toBe('/services/well/thyroid');
      await Promise.all([page.waitForURL(/well\/thyroid/), page.keyboard.press('Enter')]);
      await context.close();
    });
  }

  it('should show no excerpt of the words search.yaml adds, and the page\'s description when only they matched', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/`, { waitUntil: 'load' });
    await page.click('.header-actions .search-button');
    // Ozempic is only among the GLP-1 page's added words: its result shows the page's description, not the list.
    expect(await firstResult(page, 'ozempic')).toBe('/treatments/glp1/');
    const description = await (await fetch(`${site.origin}/treatments/glp1/`)).text();
    const meta = /<meta name="description" content="([^"]*)"/.exec(description)![1]!.replace(/&amp;/g, '&');
    const excerpt = page.locator('.search-result').first().locator('.search-excerpt');
    expect(await excerpt.textContent()).toBe(meta);
    // Every excerpt of a search that the page text and the added words both match shows the page text only.
    await firstResult(page, 'semaglutide');
    for (const text of await page.locator('.search-excerpt').allTextContents()) {
      expect(text).not.toMatch(/Wegovy|Mounjaro|Zepbound|lowt/);
    }
    expect(await page.locator('.search-result').first().locator('mark').first().textContent()).toMatch(/semaglutide/i);
    await context.close();
  });

  it('should search the Spanish pages from a Spanish page, in Spanish, and find a brand name there too', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/es/`, { waitUntil: 'load' });
    await page.click('.menu-button');
    await page.click('.drawer-search');
    const spanish = parse(await readFile(join(projectRoot, 'content/search.es.yaml'), 'utf8')) as { dialog: { inputLabel: string } };
    expect(await page.locator('label[for="search-input"]').textContent()).toBe(spanish.dialog.inputLabel);
    const first = await firstResult(page, 'tiroides');
    expect(first).toMatch(/^\/es\//);
    expect(await page.locator('#search-status').textContent()).toMatch(/resultados? para/);
    expect(await firstResult(page, 'ozempic')).toBe('/es/treatments/glp1/');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('should filter by kind of page, and show each result with its kind', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/`, { waitUntil: 'load' });
    await page.click('.header-actions .search-button');
    await firstResult(page, 'thyroid');
    const kinds = await page.locator('.search-kind').allTextContents();
    expect(new Set(kinds).size).toBeGreaterThan(1);
    await page.check('input[name="kind"][value="treatment"]');
    await expect.poll(async () => [...new Set(await page.locator('.search-kind').allTextContents())]).toEqual(['Treatment']);
    await context.close();
  });

  it('should open from the drawer on a phone, and from /search?q= with the words', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/blog`, { waitUntil: 'load' });
    await page.click('.menu-button');
    await page.click('.drawer-search');
    await expect.poll(() => page.locator('#search').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await page.locator('#drawer').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('menu-button');
    await page.goto(`${site.origin}/search/?q=ozempic`, { waitUntil: 'load' });
    await expect.poll(() => page.locator('.search-result a').first().getAttribute('href'), { timeout: 10_000 }).toBe('/treatments/glp1/');
    await context.close();
  });

  it('should lead to /search without JavaScript, which says search needs it and links the site map', async () => {
    const context = await site.browser.newContext({ viewport: { width: 480, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/process`, { waitUntil: 'load' });
    expect(await page.locator('.search-button').first().isVisible()).toBe(false);
    const link = page.locator('.search-toggle-narrow.search-link');
    expect(await link.isVisible()).toBe(true);
    await Promise.all([page.waitForURL(/\/search\/?$/), link.click()]);
    expect(await page.locator('.search-page-noscript').first().textContent()).toContain('needs JavaScript');
    expect(await page.locator('.search-page a[href="#site-map"]').isVisible()).toBe(true);
    expect(await page.locator('.search-page-open button').isVisible()).toBe(false);
    await context.close();
  });
});
