/**
 * Issue 41 item 1 in Chromium: at 390 px the phone menu has Contact and the Weight Loss heading is a visible link that looks
 * like the others (not a small-caps label), 44 px high; the costs and insurance page has no axe-core violations at 390 and 1280.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

const weightLoss = '/services/body/weight-loss';
let site: ServedSite;

beforeAll(async () => {
  site = await servedSite();
}, 120_000);
afterAll(async () => {
  await site?.close();
});

async function opened(width: number, at = '/'): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>stub</p>' }));
  const page = await context.newPage();
  await page.goto(site.origin + at);
  return page;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    type Axe = { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe('the phone menu at 390 px', () => {
  it('should list Contact, which leads to the contact section and closes the menu', async () => {
    const page = await opened(390, '/process');
    await page.click('.menu-button');
    const contact = page.locator('#drawer .drawer-list a', { hasText: 'Contact' });
    expect(await contact.isVisible()).toBe(true);
    expect((await contact.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await Promise.all([page.waitForURL('**/#contact'), contact.click()]);
    expect(await page.locator('#drawer').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await page.context().close();
  });

  it('should show the Weight Loss heading as a visible link, 44 px high, in the case and colour of a link', async () => {
    const page = await opened(390);
    await page.click('.menu-button');
    const link = page.locator(`#drawer .service-group-name a[href="${weightLoss}"]`);
    expect(await link.isVisible()).toBe(true);
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const style = await link.evaluate((a) => {
      const s = getComputedStyle(a);
      return { transform: s.textTransform, line: s.textDecorationLine, size: s.fontSize };
    });
    const itemSize = await page.locator('#drawer .service-group ul a').first().evaluate((a) => getComputedStyle(a).fontSize);
    expect(style).toEqual({ transform: 'none', line: 'underline', size: itemSize });
    await page.context().close();
  });
});

describe('the costs and insurance page in a browser', () => {
  it('should have no axe-core violations at 390 and 1280 px, in English and Spanish', async () => {
    for (const at of ['/cost-and-insurance', '/es/cost-and-insurance']) {
      for (const width of [390, 1280]) {
        const page = await opened(width, at);
        expect(await page.locator('h1').isVisible()).toBe(true);
        expect(await axeViolations(page), `${at} at ${width}`).toEqual([]);
        await page.context().close();
      }
    }
  });
});

describe('the costs and insurance page in search', () => {
  it('should be the first result for "insurance" and "cost", and for "seguro" in Spanish', async () => {
    for (const [at, query, href] of [
      ['/search/', 'insurance', '/cost-and-insurance'],
      ['/search/', 'cost', '/cost-and-insurance'],
      ['/es/search/', 'seguro', '/es/cost-and-insurance'],
    ] as const) {
      const page = await opened(1280, `${at}?q=${query}`);
      const first = page.locator('.search-result a').first();
      await first.waitFor();
      expect(await first.getAttribute('href'), query).toBe(href);
      await page.context().close();
    }
  });
});
