/**
 * Sharp images: on every route, at 390 and 1280 px and at device pixel ratios 1 and 2, each image's
 * chosen srcset candidate (its currentSrc, read back as its natural size) has at least as many pixels
 * as the box it fills, counting what object-fit: cover crops away.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outside, servedSite, type ServedSite } from './static-server.ts';

let site: ServedSite;
let routes: string[];

beforeAll(async () => {
  site = await servedSite();
  // Every listed route from the build's own sitemap, and the not-found page.
  const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).concat('/no-such-page');
}, 120_000);
afterAll(async () => {
  await site?.close();
});

/** What each image of the page shows against the box it fills: the chosen file's own pixel size, and the box. */
interface Measured {
  src: string;
  /** Pixels of the chosen file (from its srcset width descriptor; naturalWidth is in CSS pixels once a srcset applies). */
  naturalWidth: number;
  naturalHeight: number;
  boxWidth: number;
  boxHeight: number;
  fit: string;
}

/** Loads every image (lazy ones too) at the page's size and measures it. */
async function measure(page: Page): Promise<Measured[]> {
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? img.decode().catch(() => undefined) : new Promise((r) => ['load', 'error'].forEach((type) => img.addEventListener(type, r, { once: true }))),
      ),
    );
  });
  return page.evaluate(() => {
    /** The width descriptor of the srcset candidate the browser chose, or undefined for a plain src. */
    const chosenWidth = (img: HTMLImageElement): number | undefined => {
      const sets = [...(img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelectorAll('source') : []), img].map((el) => el.getAttribute('srcset') ?? '');
      for (const set of sets) {
        for (const candidate of set.split(',')) {
          const [url, descriptor] = candidate.trim().split(/\s+/);
          if (url && descriptor?.endsWith('w') && new URL(url, location.href).href === img.currentSrc) return Number.parseInt(descriptor, 10);
        }
      }
      return undefined;
    };
    return [...document.images]
      .filter((img) => img.getBoundingClientRect().width > 0 && getComputedStyle(img).visibility !== 'hidden')
      .map((img) => {
        const box = img.getBoundingClientRect();
        const width = chosenWidth(img) ?? img.naturalWidth;
        const height = img.naturalWidth > 0 ? (width * img.naturalHeight) / img.naturalWidth : 0;
        return { src: img.currentSrc, naturalWidth: width, naturalHeight: height, boxWidth: box.width, boxHeight: box.height, fit: getComputedStyle(img).objectFit };
      });
  });
}

/** The pixels per CSS pixel the image gets: for cover the smaller of the two scales, else the width's. */
function density(m: Measured): number {
  const across = m.naturalWidth / m.boxWidth;
  return m.fit === 'cover' ? Math.min(across, m.naturalHeight / m.boxHeight) : across;
}

const measured = new Map<string, Promise<Map<string, Measured[]>>>();
/** Every route's images measured at a viewport width and device pixel ratio, once for all the checks that read them. */
function measuredAt(width: number, dpr: number): Promise<Map<string, Measured[]>> {
  const key = `${width}x${dpr}`;
  if (!measured.has(key)) {
    measured.set(key, (async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: dpr });
      await context.route(outside(site.origin), (route) => route.fulfill({ status: 204, body: '' }));
      const page = await context.newPage();
      const byRoute = new Map<string, Measured[]>();
      for (const route of routes) {
        await page.goto(`${site.origin}${route}`, { waitUntil: 'domcontentloaded' });
        byRoute.set(route, await measure(page));
      }
      await context.close();
      return byRoute;
    })());
  }
  return measured.get(key)!;
}

describe('sharp images', () => {
  for (const width of [390, 1280]) {
    for (const dpr of [1, 2]) {
      it(`should give every image on every route at least ${dpr} image pixel per device pixel at ${width} px, DPR ${dpr}`, async () => {
        const blurry: string[] = [];
        let images = 0;
        for (const [route, found] of await measuredAt(width, dpr)) {
          for (const m of found) {
            images++;
            expect(m.naturalWidth, `${route} ${m.src} did not load`).toBeGreaterThan(0);
            // Half a pixel for the rounding of fractional boxes.
            if (density(m) * (1 + 0.5 / m.boxWidth) < dpr) blurry.push(`${route}: ${m.src.replace(site.origin, '')} ${m.naturalWidth}x${m.naturalHeight} in a ${m.boxWidth.toFixed(0)}x${m.boxHeight.toFixed(0)} box (${m.fit})`);
          }
        }
        expect(images).toBeGreaterThan(routes.length / 4);
        expect(blurry).toEqual([]);
      }, 180_000);
    }
  }

  // The same measurements as the DPR 1 checks above (a page's boxes and chosen files at 1 device pixel per CSS pixel).
  it('should crop no image to less than 80% of its width or height (object-fit: cover keeps the subject)', async () => {
    const cropped: string[] = [];
    for (const width of [390, 1280]) {
      for (const [route, found] of await measuredAt(width, 1)) {
        for (const m of found) {
          if (m.fit !== 'cover') continue;
          const imageRatio = m.naturalWidth / m.naturalHeight;
          const boxRatio = m.boxWidth / m.boxHeight;
          const kept = Math.min(imageRatio, boxRatio) / Math.max(imageRatio, boxRatio);
          if (kept < 0.8) cropped.push(`${width} px ${route}: ${m.src.replace(site.origin, '')} keeps ${(kept * 100).toFixed(0)}%`);
        }
      }
    }
    expect(cropped).toEqual([]);
  }, 360_000);
});
