/**
 * The weight-loss and metabolic care page in Chromium: no axe-core violations at 390 and 1280 px, and reached by the
 * Services menu's group heading on a wide screen and in the phone drawer (which closes on the way).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

const path = '/services/body/weight-loss';
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

describe('the weight-loss page in a browser', () => {
  it('should have no axe-core violations at 390 and 1280 px, nor with the dropdown or drawer open', async () => {
    for (const width of [390, 1280]) {
      const page = await opened(width, path);
      expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
      await page.click(width < 768 ? '.menu-button' : '.dropdown-toggle');
      expect(await axeViolations(page), `menu open at ${width}`).toEqual([]);
      await page.context().close();
    }
  });

  it('should open from the dropdown heading on a wide screen and from the drawer on a phone', async () => {
    const wide = await opened(1280);
    await wide.click('.dropdown-toggle');
    await Promise.all([wide.waitForURL(`**${path}`), wide.click(`.dropdown-panel .service-group-name a[href="${path}"]`)]);
    expect(await wide.locator('h1').textContent()).toBe('Weight Loss & Metabolic Care');
    await wide.context().close();

    const phone = await opened(390);
    await phone.click('.menu-button');
    const link = phone.locator(`#drawer .service-group-name a[href="${path}"]`);
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await Promise.all([phone.waitForURL(`**${path}`), link.click()]);
    expect(await phone.locator('#drawer').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await phone.context().close();
  });
});
