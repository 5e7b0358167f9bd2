/** The dev server's error overlay as an author sees it: a solid panel, readable text, code that wraps, a caret note apart from the file. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';
import { axeSource, launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;
const longLine = `${'A long paragraph that an author pasted in one piece, without line breaks, '.repeat(3)}with [a mistyped link](/proces) in the middle of it, ${'and more words after it. '.repeat(4)}`;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  browser = await launchChromium();
  // A broken link in the middle of a long line: the frame must wrap, and the column must be shown.
  await editFile(dir, 'content/blog/hrt-glow-up.md', /$/, `\n\n${longLine}\n`);
  for (let waited = 0; !server.errors() && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!server.errors()) throw new Error('the broken file was not reported within 20 s');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeProject(dir);
});

describe('error overlay', () => {
  for (const width of [390, 1280]) {
    it(`should cover the page with a solid, readable panel whose code wraps at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const overlay = page.locator('#clinic-error-overlay');
      await expect.poll(() => overlay.count()).toBe(1);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `overlay-${width}.png`) });
      const look = await page.evaluate(() => {
        const root = document.querySelector('#clinic-error-overlay')!.shadowRoot!;
        const backdrop = root.querySelector('.backdrop') as HTMLElement;
        const style = (selector: string) => getComputedStyle(root.querySelector(selector)!);
        return {
          background: getComputedStyle(backdrop).backgroundColor,
          // The whole viewport, the page's scrollbar gutter included.
          covers: backdrop.getBoundingClientRect().width >= innerWidth && backdrop.getBoundingClientRect().height >= innerHeight,
          messageFont: style('.message').fontFamily,
          titleFont: style('h1').fontFamily,
          overflowing: [...root.querySelectorAll('.row .text, .message, .hint, .where')].filter((n) => n.scrollWidth > n.clientWidth + 1).length,
          panelOverflow: backdrop.scrollWidth > backdrop.clientWidth + 1,
          caret: root.querySelector('.caret')?.textContent ?? '',
          caretInFile: root.querySelector('.row .caret, .row + .row.caret') !== null,
          marked: root.querySelector('.row.marked mark') !== null,
          where: root.querySelector('.where')?.textContent ?? '',
        };
      });
      expect(look.background).toMatch(/^rgb\(/); // fully opaque: no alpha channel
      expect(look.covers, JSON.stringify(look)).toBe(true);
      expect(look.messageFont).toMatch(/^Inter/);
      expect(look.titleFont).not.toMatch(/mono/i);
      expect(look.overflowing).toBe(0);
      expect(look.panelOverflow).toBe(false);
      expect(look.where).toMatch(/^content\/blog\/hrt-glow-up\.md, line \d+, column \d+$/);
      expect(look.caret).toMatch(/^↑ line \d+, column \d+$/);
      expect(look.caretInFile).toBe(false);
      expect(look.marked).toBe(true);
      // Accessible as it is: axe has nothing to say about the overlay.
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
        return (await axe.run(document.querySelector("#clinic-error-overlay")!, { resultTypes: ["violations"] })).violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(violations).toEqual([]);
      // "Show the page" hides it, for a look at the last good version.
      await page.locator('#clinic-error-overlay button').click();
      await expect.poll(() => overlay.count()).toBe(0);
      await context.close();
    });
  }

  it('should go away by itself once the file is fixed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('#clinic-error-overlay').count()).toBe(1);
    await editFile(dir, 'content/blog/hrt-glow-up.md', `\n\n${longLine}\n`, '');
    await writeFile(join(dir, 'content', '.touched'), ''); // nothing else: the fix alone clears it
    await expect.poll(() => page.locator('#clinic-error-overlay').count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
