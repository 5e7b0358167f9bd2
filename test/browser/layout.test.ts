/**
 * Layouts that hold at every width: every page of the sitemap (and the not-found page) at 320, 390, 768, 1024 and 1280 px,
 * checked for orphaned cards (a grid whose last row holds one card under fuller rows), buttons whose label wraps and
 * horizontal overflow of the page. One page is resized between widths, so the whole run stays short.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedSite, type ServedSite } from './static-server.ts';

const widths = [320, 390, 768, 1024, 1280];

let site: ServedSite;
let routes: string[];

beforeAll(async () => {
  site = await servedSite();
  const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  routes.push('/no-such-page');
}, 60_000);
afterAll(async () => {
  await site?.close();
});

/** What is wrong with the layout as it stands, one line a problem. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
      return `${el.tagName.toLowerCase()}${id}${classes}`;
    };
    const shown = (el: Element): boolean => el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) && el.getClientRects().length > 0;

    const painted = (el: Element): boolean => {
      const style = getComputedStyle(el);
      return style.boxShadow !== 'none' || parseFloat(style.borderTopWidth) > 0 || !/^(rgba\(0, 0, 0, 0\)|transparent)$/.test(style.backgroundColor);
    };

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth} px`);

    // Orphans: in a grid of three or more cards (boxes with a border, a background or a shadow; a list of words in two
    // columns is not one), a last row with a single card under rows of two or more. A card that spans the row on purpose
    // (wider than 60% of the grid) is a layout choice, not an orphan.
    for (const grid of document.querySelectorAll('body *')) {
      const style = getComputedStyle(grid);
      if (!style.display.endsWith('grid') || !shown(grid)) continue;
      const cards = [...grid.children].filter((c) => shown(c) && !['absolute', 'fixed'].includes(getComputedStyle(c).position));
      if (!cards.every(painted)) continue;
      if (cards.length < 3) continue;
      const rows = new Map<number, Element[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), card]);
      }
      const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
      const last = ordered[ordered.length - 1]!;
      const fuller = ordered.slice(0, -1).some((row) => row.length > 1);
      const width = last[0]!.getBoundingClientRect().width;
      if (last.length === 1 && fuller && width < grid.getBoundingClientRect().width * 0.6) {
        problems.push(`${name(grid)} leaves ${name(last[0]!)} alone on its last row (${ordered.map((r) => r.length).join(' + ')})`);
      }
    }

    // Buttons: a label on two lines, or wider than its button. Each text node's line boxes are measured; an icon beside the text, text for screen
    // readers only ("opens in a new tab", clipped to a pixel), and the "(en inglés)" note a button sets on a line of its own under its label do not count.
    for (const button of document.querySelectorAll('.button, button, .cta-link, .pillar-toggle')) {
      if (!shown(button)) continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !shown(node.parentElement!) || node.parentElement!.closest('.visually-hidden')) continue;
        // "(en inglés)" set on a line of its own under the label (a column button, or a note as wide as the button) is by design.
        const note = node.parentElement!.closest<HTMLElement>('.in-english');
        if (note && (getComputedStyle(button).flexDirection === 'column' || getComputedStyle(note).flexBasis === '100%')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
      }
      const lines = [...tops].sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - all[i - 1]! > 2);
      if (lines.length > 1) problems.push(`${name(button)} "${button.textContent?.trim().replace(/\s+/g, ' ')}" wraps to ${lines.length} lines`);
      // A label kept on one line by `nowrap` must still fit inside its button.
      if (getComputedStyle(button).display !== 'inline' && button.scrollWidth > button.clientWidth + 1) {
        problems.push(`${name(button)} "${button.textContent?.trim().replace(/\s+/g, ' ')}" overflows its button`);
      }
    }
    return problems;
  });
}

describe('layout at every width', () => {
  it('should leave no orphaned card, no wrapped button and no sideways scrolling on any page from 320 to 1280 px', async () => {
    const context = await site.browser.newContext({ viewport: { width: widths[0]!, height: 800 }, reducedMotion: 'reduce' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' }));
    const page = await context.newPage();
    const problems: string[] = [];
    for (const route of routes) {
      await page.setViewportSize({ width: widths[0]!, height: 800 });
      // Images carry their width and height, so the layout is final once the HTML, the CSS and the font are in.
      await page.goto(site.origin + route, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const problem of await layoutProblems(page)) problems.push(`${route} at ${width} px: ${problem}`);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
