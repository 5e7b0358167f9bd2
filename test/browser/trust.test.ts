/**
 * Issue 13 in Chromium: on every route, booking in the first phone viewport without opening the menu,
 * the legal links in the footer, every link and button at least 24 × 24 CSS px at 390 px (measured, and
 * axe-core's target-size rule), and the 988 Suicide & Crisis Lifeline on the mental-health pages.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

let site: ServedSite;
let content: Content;
let routes: string[];
let phone: BrowserContext;

beforeAll(async () => {
  content = await loadContent(projectRoot);
  site = await servedSite();
  const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).concat('/no-such-page');
  phone = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await phone.route('**/*', (route) =>
    route.request().url().startsWith(site.origin) ? route.continue() : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' }),
  );
}, 120_000);
afterAll(async () => {
  await site?.close();
});

type GtagCommand = [string, string, { event_category?: string; event_label?: string }];

describe('booking on phones', () => {
  it('should show a booking button in the first 390 × 844 viewport of every route, inside the 96 px header, covering nothing', async () => {
    for (const [route, seen] of await visited()) {
      const { book } = seen;
      expect(book.visible, route).toBe(true);
      const box = book.box!;
      expect(box.y + box.height, route).toBeLessThanOrEqual(96);
      expect(box.x + box.width, route).toBeLessThanOrEqual(390);
      expect(box.height, route).toBeGreaterThanOrEqual(44);
      expect(book.headerHeight, route).toBe(96);
      // Nothing overlaps it: the element at its centre is the button itself.
      expect(book.onTop, route).toBe(true);
      // The page does not scroll sideways.
      expect(book.scrollWidth, route).toBeLessThanOrEqual(390);
    }
  }, 240_000);

  it('should raise start_visit_clicked / conversion / mobile_header and open the booking page in a new tab', async () => {
    const page = await phone.newPage();
    await page.goto(`${site.origin}/services/brain/anxiety`);
    await page.waitForFunction(() => Array.isArray(window.dataLayer));
    const [opened] = await Promise.all([page.waitForEvent('popup'), page.click('a.header-book')]);
    await opened.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(opened.url()).toBe(`${content.site.links.booking}?service=${content.site.bookingServices.visit}`);
    await opened.close();
    const events = (await page.evaluate(() => (window.dataLayer as ArrayLike<unknown>[]).map((e) => Array.from(e)).filter((e) => e[0] === 'event'))) as GtagCommand[];
    expect(events.at(-1)).toEqual(['event', 'start_visit_clicked', { event_category: 'conversion', event_label: 'mobile_header' }]);
    await page.close();
  });
});

describe('legal pages', () => {
  it('should show the five legal links in the footer of every route, each opening its page', async () => {
    for (const [route, seen] of await visited()) {
      expect(seen.legalLinks.length, route).toBe(5);
      for (const visible of seen.legalLinks) expect(visible, route).toBe(true);
    }
    const page = await phone.newPage();
    for (const legal of content.legal) {
      const response = await page.goto(`${site.origin}/legal/${legal.id}`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(legal.title);
    }
    await page.close();
  }, 240_000);
});

/** Every visible link and button whose box is under 24 × 24 CSS px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return el.getClientRects().length > 0 && style.visibility !== 'hidden' && !el.closest('dialog:not([open]), [hidden], .visually-hidden, .skip-link');
      })
      // Inline links in running text are exempt (WCAG 2.5.8 "Inline"): a line of text sets their height.
      .filter((el) => !(el.tagName === 'A' && el.closest('.prose, .legal-body p, .crisis-line-copy p, .disclaimer') && getComputedStyle(el).display === 'inline'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${box.width.toFixed(0)}x${box.height.toFixed(0)}`),
  );
}

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[]; passes: { id: string; nodes: unknown[] }[] };

/** What the checks on every route read from it, at 390 × 844: the booking button, the footer's legal links, small targets, axe's rule. */
interface Seen {
  book: { visible: boolean; box: { x: number; y: number; width: number; height: number } | null; headerHeight: number | undefined; onTop: boolean; scrollWidth: number };
  legalLinks: boolean[];
  smallTargets: string[];
  axe: AxeResult;
}

let visits: Promise<Map<string, Seen>> | undefined;
/** Every route loaded once in one phone page, everything the route checks read taken from it (axe last: it adds its script). */
function visited(): Promise<Map<string, Seen>> {
  visits ??= (async () => {
    const page = await phone.newPage();
    const seen = new Map<string, Seen>();
    for (const route of routes) {
      await page.goto(`${site.origin}${route}`, { waitUntil: 'domcontentloaded' });
      const button = page.locator('.site-header a.header-book');
      const visible = await button.isVisible();
      const book = {
        visible,
        box: visible ? await button.boundingBox() : null,
        headerHeight: (await page.locator('.site-header').boundingBox())?.height,
        onTop: visible && (await button.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })),
        scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
      };
      const legalLinks = await Promise.all((await page.locator('footer .footer-legal a').all()).map((link) => link.isVisible()));
      const small = await smallTargets(page);
      await page.evaluate(axeSource);
      const axe = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResult> } }).axe;
        return axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] }, resultTypes: ['violations', 'passes'] });
      });
      seen.set(route, { book, legalLinks, smallTargets: small, axe });
    }
    await page.close();
    return seen;
  })();
  return visits;
}

describe('target size', () => {
  it('should make every link and button at least 24 × 24 CSS px at 390 px on every route', async () => {
    const small: string[] = [];
    for (const [route, seen] of await visited()) for (const target of seen.smallTargets) small.push(`${route}: ${target}`);
    expect(small).toEqual([]);
  }, 240_000);

  it("should pass axe-core's target-size rule on every route at 390 px", async () => {
    const failures: string[] = [];
    for (const [route, seen] of await visited()) {
      const result = seen.axe;
      expect(result.passes.find((p) => p.id === 'target-size')?.nodes.length ?? 0, route).toBeGreaterThan(0);
      for (const v of result.violations) failures.push(`${route}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('the crisis line', () => {
  it('should show 988 (call and text) in the first screens and at the end of the anxiety and mood pages', async () => {
    const page = await phone.newPage();
    for (const route of ['/services/brain/anxiety', '/services/brain/mood']) {
      await page.goto(`${site.origin}${route}`);
      const top = page.locator('[data-crisis-line="top"]');
      const close = page.locator('[data-crisis-line="close"]');
      expect(await top.isVisible(), route).toBe(true);
      expect(await close.isVisible(), route).toBe(true);
      // Near the top: it starts within the first two phone screens.
      expect((await top.boundingBox())!.y, route).toBeLessThan(844 * 2);
      expect(await top.locator('a[href="tel:988"]').first().isVisible()).toBe(true);
      expect(await top.locator('a[href="sms:988"]').isVisible()).toBe(true);
      expect(await close.locator('a[href="sms:988"]').isVisible()).toBe(true);
      expect(await page.locator('footer a[href="tel:911"]').isVisible()).toBe(true);
    }
    await page.close();
  });
});
