/** The probe article in Chromium: no axe-core violations at 390 and 1280 px, a table that scrolls inside its box on a phone, and the booking component's analytics event. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject, tempProject } from '../helpers.ts';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

let dir: string;
let site: ServedSite;

beforeAll(async () => {
  dir = await tempProject('markdown-probe');
  site = await servedSite(dir, { today: '2026-01-01' });
}, 120_000);
afterAll(async () => {
  await site?.close();
  if (dir) await removeProject(dir);
});

describe('markdown features in Chromium', () => {
  for (const width of [390, 1280]) {
    it(`should have no axe-core violations and nothing wider than the screen at ${width} px`, async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/blog/markdown-probe/`);
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });
  }

  it('should scroll a wide table inside its focusable box on a phone', async () => {
    const context = await site.browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/blog/markdown-probe/`);
    const region = page.locator('.table-scroll');
    await region.focus();
    expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it('should push book_now_clicked labelled with the article when the booking button is clicked', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', (route) => (route.request().url().startsWith(site.origin) ? route.continue() : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' })));
    const page = await context.newPage();
    await page.goto(`${site.origin}/blog/markdown-probe/`);
    await page.waitForFunction(() => Array.isArray(window.dataLayer));
    const popup = context.waitForEvent('page');
    await page.locator('.prose .article-booking a').click();
    await (await popup).close();
    const events = await page.evaluate(() => (window.dataLayer as ArrayLike<unknown>[]).map((e) => Array.from(e)).filter((e) => e[0] === 'event'));
    expect(events).toContainEqual(['event', 'book_now_clicked', expect.objectContaining({ event_category: 'conversion', event_label: 'article:markdown-probe' })]);
    await context.close();
  });
});
