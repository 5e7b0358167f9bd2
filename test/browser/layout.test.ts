/**
 * Layouts that hold at every width: every page of the sitemap (and the not-found page) at 320, 390, 768, 1024 and 1280 px, and
 * at 200% zoom (a 1280 px window at 200% is a 640 CSS-px viewport at two device pixels a CSS pixel), checked for horizontal
 * overflow of the page, orphaned cards and empty slots (a grid whose last row holds one card under fuller rows, or leaves a
 * card's room empty), text squeezed to a word or two a line, titles cut short, hyphenated words broken at their hyphen, text
 * under 14 px, footer links under 44 px tall and buttons whose label wraps (issues 26 and 41). One page is resized between
 * widths, so the whole run stays short.
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
    const hidden = (el: Element): boolean => !shown(el) || el.closest('.visually-hidden, svg') !== null;
    const snippet = (el: Element): string => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 48);
    // The lines a piece of text takes: the tops of its line boxes, 4 px apart or more.
    const lineCount = (rects: DOMRect[]): number => {
      const tops = rects.filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)).sort((a, b) => a - b);
      return tops.filter((top, i, all) => i === 0 || top - all[i - 1]! > 2).length;
    };

    const painted = (el: Element): boolean => {
      const style = getComputedStyle(el);
      return style.boxShadow !== 'none' || parseFloat(style.borderTopWidth) > 0 || !/^(rgba\(0, 0, 0, 0\)|transparent)$/.test(style.backgroundColor);
    };

    // The page's own width: `scrollbar-gutter: stable` keeps a scrollbar's room even where the scrollbar is hidden (headless,
    // phones), so the layout is narrower than clientWidth says; a strip 4 px too wide at 320 px hid in that room (issue 41).
    const root = document.documentElement;
    const width = Math.min(root.clientWidth, Math.round(root.getBoundingClientRect().width));
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${width} px`);

    // Orphans: in a grid of three or more cards (boxes with a border, a background or a shadow; a list of words in two
    // columns is not one), a last row with a single card under rows of two or more. A card that spans the row on purpose
    // (wider than 60% of the grid) is a layout choice, not an orphan. Rows of cards that wrap (flex, each card growing to
    // fill its row) count as a grid; chips that keep their own width do not. Empty slots: a last row that leaves at least
    // half a card's room empty where the first row is full (the blog's 3 + 2 at 1024 and 1280 px).
    for (const grid of document.querySelectorAll('body *')) {
      const style = getComputedStyle(grid);
      const wraps = style.display.endsWith('flex') && style.flexWrap === 'wrap' && style.flexDirection === 'row';
      if (!(style.display.endsWith('grid') || wraps) || !shown(grid)) continue;
      const cards = [...grid.children].filter((c) => shown(c) && !['absolute', 'fixed'].includes(getComputedStyle(c).position));
      if (cards.length < 2 || !cards.every(painted)) continue;
      if (wraps && !cards.every((card) => parseFloat(getComputedStyle(card).flexGrow) > 0)) continue;
      const rows = new Map<number, Element[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), card]);
      }
      const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
      if (ordered.length < 2) continue;
      const box = grid.getBoundingClientRect();
      const last = ordered[ordered.length - 1]!;
      const fuller = ordered.slice(0, -1).some((row) => row.length > 1);
      const shape = ordered.map((r) => r.length).join(' + ');
      if (cards.length >= 3 && last.length === 1 && fuller && last[0]!.getBoundingClientRect().width < box.width * 0.6) {
        problems.push(`${name(grid)} leaves ${name(last[0]!)} alone on its last row (${shape})`);
        continue;
      }
      const right = (row: Element[]): number => Math.max(...row.map((c) => c.getBoundingClientRect().right));
      const narrowest = Math.min(...ordered[0]!.map((c) => c.getBoundingClientRect().width));
      if (fuller && box.right - right(ordered[0]!) < 2 && box.right - right(last) > narrowest / 2) {
        problems.push(`${name(grid)} leaves an empty slot on its last row (${shape})`);
      }
    }

    // Squeezed text: a block of text of three words or more, on three lines or more, in a column under 8 em (some 16
    // letters) wide: the credential cards at 200% zoom set a word a line.
    for (const block of document.querySelectorAll('p, h3, h4, h5, h6, li, dt, dd, td, th, figcaption, blockquote')) {
      if (hidden(block) || block.querySelector('p, h3, h4, h5, h6, li, dt, dd, td, th, figcaption, blockquote, div')) continue;
      const words = (block as HTMLElement).innerText.trim().split(/\s+/).filter(Boolean).length;
      const rects: DOMRect[] = [];
      const texts = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
      const lines = lineCount(rects);
      const style = getComputedStyle(block);
      const ems = (block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)) / parseFloat(style.fontSize);
      if (words >= 3 && lines >= 3 && ems < 8) {
        problems.push(`${name(block)} "${snippet(block)}" is squeezed into ${ems.toFixed(1)} em: ${words} words on ${lines} lines`);
      }
    }

    // Titles cut short: a heading clamped to fewer lines than it has ("…"), or cut at its side. SPEC.md fixes one clamp, which
    // wins over issue 41: a blog card's title holds to 2 lines (its whole title is the link's name and the article's heading).
    for (const title of document.querySelectorAll('h1, h2, h3, h4, h5, h6, .card-title')) {
      if (hidden(title)) continue;
      const style = getComputedStyle(title);
      if (title.matches('.article-card .card-title') && style.webkitLineClamp === '2') continue;
      const clips = style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
      if ((clips && title.scrollHeight > title.clientHeight + 1) || (style.textOverflow === 'ellipsis' && title.scrollWidth > title.clientWidth + 1)) {
        problems.push(`${name(title)} "${snippet(title)}" is cut short`);
      }
    }

    // Every piece of text: at least 14 px, and no hyphenated word ("GLP-1", "35-55", "Glow-Up") broken at its hyphen.
    const small = new Set<Element>();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(parent.tagName) || hidden(parent)) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < 14 && !small.has(parent)) {
        small.add(parent);
        problems.push(`${name(parent)} "${snippet(parent)}" is set at ${size} px`);
      }
      for (const match of node.textContent.matchAll(/[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lineCount([...range.getClientRects()]) > 1) problems.push(`"${match[0]}" breaks at its hyphen in ${name(parent)}`);
      }
    }

    // The footer's links are 44 px tall, a finger's size; a link inside a sentence (the disclaimer's 911) has no room to be.
    for (const link of document.querySelectorAll('footer a, footer button')) {
      if (hidden(link) || link.parentElement!.textContent!.trim() !== link.textContent!.trim()) continue;
      const height = link.getBoundingClientRect().height;
      if (height < 44) problems.push(`${name(link)} "${snippet(link)}" in the footer is ${Math.round(height)} px tall`);
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

/**
 * Every route at each width, one page resized between widths, `scale` device pixels a CSS pixel. A problem found on many
 * pages (the footer is on all of them) is one line naming the pages, so a failure reads as a list of cases.
 */
async function problemsOnEveryPage(widthsToTry: number[], scale = 1): Promise<string[]> {
  const viewport = { width: widthsToTry[0]!, height: 800 };
  const context = await site.browser.newContext({ viewport, deviceScaleFactor: scale, reducedMotion: 'reduce' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' }));
  const page = await context.newPage();
  const pagesByProblem = new Map<string, string[]>();
  for (const route of routes) {
    await page.setViewportSize(viewport);
    // Images carry their width and height, so the layout is final once the HTML, the CSS and the font are in.
    await page.goto(site.origin + route, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    for (const width of widthsToTry) {
      await page.setViewportSize({ width, height: 800 });
      for (const problem of await layoutProblems(page)) {
        const key = `at ${width} px${scale === 1 ? '' : ` (${scale * 100}% zoom)`}: ${problem}`;
        pagesByProblem.set(key, [...new Set([...(pagesByProblem.get(key) ?? []), route])]);
      }
    }
  }
  await context.close();
  return [...pagesByProblem].map(([problem, pages]) => {
    const where = pages.length > 3 ? `${pages.slice(0, 3).join(', ')} and ${pages.length - 3} more pages` : pages.join(', ');
    return `${where} ${problem}`;
  });
}

describe('layout at every width', () => {
  it('should leave no orphaned card, empty slot, squeezed or cut text, broken word, small text or target, wrapped button or sideways scrolling on any page from 320 to 1280 px', async () => {
    expect(await problemsOnEveryPage(widths)).toEqual([]);
  }, 400_000);

  // Browser zoom at 200% in a 1280 px window: a 640 CSS-px viewport, two device pixels a CSS pixel (issue 41).
  it('should hold the same at 200% zoom', async () => {
    expect(await problemsOnEveryPage([640], 2)).toEqual([]);
  }, 400_000);
});
