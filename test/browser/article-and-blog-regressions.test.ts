/** Regressions found in article pages and the blog index, measured in Chromium on a build of the real content plus the markdown probe. */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedSite, type ServedSite } from './static-server.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';

let dir: string;
let site: ServedSite;

beforeAll(async () => {
  dir = await tempProject('markdown-probe');
  // A heading long enough to wrap in the outline on a phone.
  await editFile(dir, 'content/blog/markdown-probe.md', '## Components', '## Components an article can use, each written on a line of its own');
  site = await servedSite(dir, { today: '2026-01-01' });
}, 120_000);
afterAll(async () => {
  await site?.close();
  if (dir) await removeProject(dir);
});

async function open(path: string, width: number, height = 900): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
  return page;
}

describe('the ::treatment card in an article', () => {
  it("should not draw the home list's chevron (a teal bar under its text at 390 px)", async () => {
    const page = await open('/blog/markdown-probe/', 390);
    const after = await page.locator('.prose a[href="/treatments/nad/"]').evaluate((a) => getComputedStyle(a, '::after').content);
    expect(after).toBe('none');
    await page.goto(`${site.origin}/`);
    // The home page's treatment links keep their chevron.
    expect(await page.locator('#services a.treatment-link').first().evaluate((a) => getComputedStyle(a, '::after').content)).toBe('""');
    await page.context().close();
  });
});

describe('the "On this page" outline at 390 px', () => {
  it('should put the number of a wrapped entry on its first line, each link at least 24 px tall', async () => {
    const page = await open('/blog/markdown-probe/', 390, 3000);
    const entries = await page.locator('nav.article-outline li').evaluateAll((items) =>
      items.map((li) => {
        const a = li.querySelector('a')!;
        const range = document.createRange();
        range.selectNodeContents(a);
        const lines = [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))].sort((x, y) => x - y);
        const first = range.getClientRects()[0]!;
        const box = li.getBoundingClientRect();
        const list = li.parentElement!.getBoundingClientRect();
        return { lines: lines.length, linkHeight: a.getBoundingClientRect().height, firstTop: first.top, firstBottom: first.bottom, clip: { x: list.left, y: box.top, width: box.left - list.left, height: box.height } };
      }),
    );
    expect(entries.some((e) => e.lines >= 2), 'an entry wraps').toBe(true);
    for (const entry of entries) {
      expect(entry.linkHeight).toBeGreaterThanOrEqual(24);
      // The number is drawn left of the entry: find the rows with ink in that column.
      const { data, info } = await sharp(await page.screenshot({ clip: entry.clip })).raw().toBuffer({ resolveWithObject: true });
      const inked: number[] = [];
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 160) {
            inked.push(y + entry.clip.y);
            break;
          }
        }
      }
      expect(inked.length, 'the number is drawn').toBeGreaterThan(0);
      expect(Math.min(...inked)).toBeGreaterThanOrEqual(entry.firstTop - 1);
      expect(Math.max(...inked)).toBeLessThanOrEqual(entry.firstBottom + 1);
    }
    await page.context().close();
  });
});

describe('the featured article card at 1280 px', () => {
  it('should show the whole title and up to 5 lines of excerpt, while grid cards keep 2 and 3', async () => {
    const page = await open('/blog', 1280);
    const clamps = await page.evaluate(() => {
      const of = (selector: string) => {
        const el = document.querySelector(selector)!;
        return { clamp: getComputedStyle(el).webkitLineClamp, cut: el.scrollHeight > el.clientHeight + 1 };
      };
      return { title: of('.article-card-featured .card-title'), excerpt: of('.article-card-featured .card-excerpt'), gridTitle: of('.article-grid .card-title').clamp, gridExcerpt: of('.article-grid .card-excerpt').clamp };
    });
    expect(clamps).toEqual({ title: { clamp: 'none', cut: false }, excerpt: { clamp: '5', cut: false }, gridTitle: '2', gridExcerpt: '3' });
    await page.context().close();
  });

  it('should size the featured media box to the art (no tinted bands, no crop), even before the image loads', async () => {
    for (const blockImages of [false, true]) {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (blockImages) await context.route(/\.(avif|webp|png|jpe?g)$/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${site.origin}/blog`, { waitUntil: 'load' });
      const boxes = await page.locator('.article-card-featured .card-image').evaluate((media) => {
        const img = media.querySelector('img')!;
        const m = media.getBoundingClientRect();
        const i = img.getBoundingClientRect();
        return { media: [m.width, m.height], img: [i.width, i.height], ratio: Number(img.getAttribute('width')) / Number(img.getAttribute('height')), fit: getComputedStyle(img).objectFit };
      });
      expect(Math.abs(boxes.media[1]! - boxes.img[1]!), `media and image heights, images blocked: ${blockImages}`).toBeLessThanOrEqual(1);
      expect(Math.abs(boxes.media[0]! - boxes.img[0]!)).toBeLessThanOrEqual(1);
      expect(Math.abs(boxes.img[0]! / boxes.img[1]! - boxes.ratio)).toBeLessThan(0.02);
      expect(boxes.fit).not.toBe('cover');
      await context.close();
    }
  });
});
