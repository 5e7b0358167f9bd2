/**
 * Saving shows the change where the author is looking (issue 26, item 13): in `serve`, a save that changes only content
 * patches the open page in place (no navigation; scroll position, focus, open details and dialogs kept), and a change
 * of the styles reloads it.
 */
import { appendFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeProject(dir);
});

/** A page of the dev server, with a count of the navigations of its main frame after it loaded. */
async function opened(path: string): Promise<{ page: Page; navigations: () => number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + path, { waitUntil: 'load' });
  // The client keeps the page's HTML as served once the page has loaded; a save before that reloads.
  await page.waitForLoadState('networkidle');
  let count = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && count++);
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  return { page, navigations: () => count };
}

describe('saving while the page is open in serve', () => {
  it('should patch a saved article into the open, scrolled page without a navigation, keeping scroll and focus', async () => {
    const { page, navigations } = await opened('/blog/hrt-glow-up/');
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('footer a[href="/process"]')!.focus({ preventScroll: true });
      window.scrollTo({ top: 1200, behavior: 'instant' });
    });
    const before = await page.evaluate(() => ({ y: window.scrollY, focus: document.activeElement?.outerHTML }));
    expect(before.y).toBeGreaterThan(1000);

    await editFile(dir, 'content/blog/hrt-glow-up.md', /\n---\n(.+)/, '\n---\n$1 A sentence saved while the page was open.');
    const shown = () => document.body.textContent!.includes('A sentence saved while the page was open.');
    await page.waitForFunction(shown, undefined, { timeout: 30_000 });

    expect(navigations()).toBe(0);
    const after = await page.evaluate(() => ({
      y: window.scrollY,
      focus: document.activeElement?.outerHTML,
      kept: (window as unknown as { kept?: boolean }).kept,
    }));
    expect(after).toEqual({ ...before, kept: true });
    // The text is in the article where it belongs, once.
    expect(await page.locator('main p', { hasText: 'A sentence saved while the page was open.' }).count()).toBe(1);
    await page.close();
  });

  it('should keep open details and an open dialog when the home page is patched', async () => {
    const { page, navigations } = await opened('/');
    await page.click('button[aria-controls="pillar-body-treatments"]');
    await page.click('a[data-treatment="glp1"]');
    await page.locator('#treatment-dialog [data-treatment-body] summary').first().click();
    await editFile(dir, 'content/home.yaml', 'heading: About Our Founder', 'heading: About Our Founder and Her Practice');
    const shown = () => document.querySelector('#about h2')?.textContent === 'About Our Founder and Her Practice';
    await page.waitForFunction(shown, undefined, { timeout: 30_000 });
    expect(navigations()).toBe(0);
    expect(await page.locator('#treatment-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await page.locator('#treatment-dialog [data-treatment-body] details[open]').count()).toBe(1);
    expect(await page.getAttribute('button[aria-controls="pillar-body-treatments"]', 'aria-expanded')).toBe('true');
    await page.close();
  });

  it('should reload the page when the styles change', async () => {
    const { page, navigations } = await opened('/process');
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await appendFile(`${dir}/templates/styles/base.css`, '\nbody { outline: 0 solid transparent; }\n');
    await reloaded;
    expect(navigations()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBeUndefined();
    await page.close();
  });
});
