/**
 * Publishing from the editor at /admin/ in `serve`: a save the build refuses is not written, and its message shows at the
 * field it concerns; the preview follows her typing at phone and desktop width; at 390 px the editor fits the screen.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeProject(dir);
});

const read = (file: string) => readFile(join(dir, file), 'utf8');

/** Opens an entry of the editor at `width` px, logged in, once its form has read the file (`label` shows `value`). */
async function openEntry(width: number, hash: string, label: string, value: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/${hash}`);
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  await expect.poll(() => page.getByLabel(label, { exact: true }).first().inputValue(), { timeout: 60_000 }).toBe(value);
  return page;
}

/** Whether the caret is at the end of the text of the editor's last rich-text field (runs in the page). */
function caretAtEnd(): boolean {
  const fields = document.querySelectorAll('[contenteditable="true"]');
  const field = fields[fields.length - 1];
  const caret = getSelection();
  if (!field || !caret?.focusNode || !field.contains(caret.focusNode)) return false;
  const after = document.createRange();
  after.selectNodeContents(field);
  after.setStart(caret.focusNode, caret.focusOffset);
  return after.toString().trim() === '';
}

describe('a mistake the build refuses, shown at the field and not saved', () => {
  it('should keep an article with a TODO left in its text off the disk and the site, and say so at its Text field', async () => {
    const file = 'content/blog/body-composition-scanning.md';
    const before = await read(file);
    const servedPage = () => fetch(`${server.url}/blog/body-composition-scanning/`).then((answer) => answer.text());
    const shownBefore = await servedPage();
    const title = 'Beyond the Scale: What a Body Composition Scan Can Tell You';
    const page = await openEntry(1280, '#/collections/blog/entries/body-composition-scanning', 'Title', title);
    // Typed once the form has settled: the first preview has shown the page (text typed while Decap still fills the form is lost).
    const pane = page.frameLocator('iframe[class*="PreviewPaneFrame"]');
    await expect.poll(() => pane.locator('iframe[data-preview-width]').count(), { timeout: 60_000 }).toBe(1);
    await page.locator('[contenteditable="true"]').last().click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('contenteditable'));
    await expect.poll(focused, { timeout: 30_000 }).toBe('true');
    await page.keyboard.press('Control+End');
    // Decap's rich text (slate-react) reads the caret from the page at most every 100 ms: typed sooner after the click and
    // Control+End, the text went back to where the click had put the caret, inside a word ("helpfTODO add the price.ul"),
    // where TODO is no word and the build rightly passed it (this test then failed at random, on its first try). A person is
    // slower than 100 ms; so is the test, once the caret is at the end of the text.
    await expect.poll(() => page.evaluate(caretAtEnd), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(250);
    await page.keyboard.type(' TODO add the price.');
    // The form holds the TODO where the build finds it: the preview says so (the same build the save runs).
    const text = () => page.locator('[contenteditable="true"]').last().textContent();
    await expect.poll(text, { timeout: 30_000 }).toMatch(/next visit\. TODO add the price\.$/);
    const problems = pane.locator('[data-preview-problems]');
    await expect.poll(() => problems.textContent().catch(() => ''), { timeout: 60_000 }).toMatch(/"TODO" is placeholder text/);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    // The build's own words, under the article's Text field (the body), with what to do.
    const note = page.locator('[data-save-problem="body"]');
    await expect.poll(() => note.textContent().catch(() => ''), { timeout: 60_000 }).toMatch(/"TODO" is placeholder text/);
    expect(await note.textContent()).toMatch(/What to do: finish what the TODO asks for and remove it/);
    const field = await page.locator('label[for^="body-field-"]').boundingBox();
    const shown = await note.boundingBox();
    expect(Math.abs(shown!.y - field!.y)).toBeLessThan(120);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, 'refused-save.png') });
    // Not saved, not published: the file is as it was, the site still builds and shows the page as it was, the entry unsaved.
    expect(await read(file)).toBe(before);
    await server.idle();
    expect(server.errors()).toBeUndefined();
    expect(await servedPage()).toBe(shownBefore);
    expect(shownBefore).not.toContain('TODO');
    expect(await page.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(1);
    // Decap's message says it in her words too: "Failed to persist entry: API_ERROR: …" was code to her.
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Not saved' }).last();
    const said = await toast.textContent({ timeout: 30_000 });
    expect(said).toMatch(/^Not saved: the site would not build with this change, so it stays as it was: "TODO" is placeholder text/);
    expect(said).toMatch(/What to do: finish what the TODO asks for and remove it/);
    expect(said).not.toMatch(/API_ERROR|persist|Failed/);
    // A save that never reaches the server (it stopped) says so, and what to do, rather than "TypeError: Failed to fetch".
    await page.route('**/admin/api/v1', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    const gone = page.locator('.Toastify__toast').filter({ hasText: 'could not reach' });
    const stopped = /^Not saved: the editor could not reach its server .* Start the editor again/;
    expect(await gone.textContent({ timeout: 30_000 })).toMatch(stopped);
    expect(await read(file)).toBe(before);
    await page.context().close();
  }, 240_000);
});

/** The page inside the preview (a frame in Decap's preview frame), once it shows `holding`. */
async function previewFrame(page: Page, holding: string): Promise<Frame> {
  const frame = page.frameLocator('iframe[class*="PreviewPaneFrame"]').locator('iframe[data-preview-width]');
  await frame.waitFor({ timeout: 60_000 });
  const inner = (await (await frame.elementHandle())!.contentFrame())!;
  await expect.poll(() => inner.evaluate(() => document.body?.innerText ?? '').catch(() => ''), { timeout: 60_000 }).toContain(holding);
  return inner;
}

/** Where the block holding `text` is in the preview's page: in view or not, and whether the FAQ answer around it is open. */
function placeOf(inner: Frame, text: string): Promise<{ inView: boolean; open: boolean | null } | null> {
  return inner
    .evaluate((wanted) => {
      const block = [...document.querySelectorAll('p')].find((p) => p.textContent?.includes(wanted));
      if (!block) return null;
      const box = block.getBoundingClientRect();
      const inView = box.top >= 0 && box.top < innerHeight && box.left >= 0 && box.right <= innerWidth + 1;
      return { inView, open: block.closest('details')?.open ?? null };
    }, text)
    .catch(() => null);
}

describe('the preview following her typing at phone and desktop width', () => {
  for (const [button, width] of [['Phone (390 px)', 390], ['Desktop', 1280]] as const) {
    it(`should show the page at ${width} px, open at the FAQ answer she types in, with the site's script and links kept`, async () => {
      const page = await openEntry(1280, '#/collections/treatments/entries/ssri', 'Title', 'SSRI Medication');
      const inner = await previewFrame(page, 'SSRI Medication');
      await page.frameLocator('iframe[class*="PreviewPaneFrame"]').getByRole('button', { name: button }).click();
      // The page is laid out at the chosen width, and scaled to fit the pane.
      await expect.poll(() => inner.evaluate(() => innerWidth).catch(() => 0), { timeout: 30_000 }).toBe(width);
      const pane = (await page.locator('iframe[class*="PreviewPaneFrame"]').boundingBox())!;
      const shown = (await page.frameLocator('iframe[class*="PreviewPaneFrame"]').locator('iframe[data-preview-width]').boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(pane.x - 1);
      expect(shown.x + shown.width).toBeLessThanOrEqual(pane.x + pane.width + 1);
      // The page opens at its top.
      expect(await inner.evaluate(() => scrollY)).toBe(0);
      // An answer far down the page, folded until she edits it.
      const row = page.locator('[class*="ListItem"]').filter({ hasText: 'Will I need to take it forever?' }).first();
      await row.locator('button').first().click({ timeout: 60_000 });
      const answer = page.getByLabel('Answer', { exact: true }).locator('visible=true').first();
      await answer.press('End');
      await answer.pressSequentially(' Ask at each visit.');
      await expect.poll(() => placeOf(inner, 'Ask at each visit.'), { timeout: 60_000 }).toEqual({ inView: true, open: true });
      // The site's own script runs in the preview (it marks the page), and its links leave the editor where it is.
      expect(await inner.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
      await inner.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="#site-map"]')!.click());
      const opened = page.context().waitForEvent('page');
      await inner.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/"]')!.click());
      expect((await opened).url()).toBe(`${server.url}/`);
      expect(await inner.evaluate(() => [location.href, document.title.startsWith('Edit the website')])).toEqual(['about:srcdoc', false]);
      expect(page.url()).toBe(`${server.url}/admin/#/collections/treatments/entries/ssri`);
      await page.context().close();
    }, 240_000);
  }
});

describe('the editor on a phone', () => {
  it('should fit 390 px: no sideways scrolling, Publish fully in view, the preview under the form', async () => {
    const page = await openEntry(390, '#/collections/treatments/entries/ssri', 'Title', 'SSRI Medication');
    await page.getByLabel('Title', { exact: true }).press('End');
    await page.getByLabel('Title', { exact: true }).pressSequentially(' (SSRI)');
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    const box = (await publish.boundingBox({ timeout: 30_000 }))!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    // In the toolbar, above the form, not over its first field.
    const field = (await page.getByLabel('Title', { exact: true }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(field.y);
    // Decap's side buttons (show the preview, scroll together) sat over the Title field: now in the toolbar, beside Publish.
    for (const name of ['Toggle preview', 'Sync scrolling']) {
      const side = (await page.getByTitle(name, { exact: true }).boundingBox())!;
      expect(side.x + side.width, name).toBeLessThanOrEqual(390);
      expect(side.y + side.height, name).toBeLessThanOrEqual(field.y - 24);
      expect(side.x >= box.x + box.width || side.y >= box.y + box.height || side.y + side.height <= box.y, name).toBe(true);
    }
    const label = (await page.locator('label[for^="title-field-"]').boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('label')?.htmlFor ?? '', [label.x + 4, label.y + 4]))
      .toMatch(/^title-field-/);
    expect(await page.evaluate(() => [document.scrollingElement!.scrollWidth, innerWidth])).toEqual([390, 390]);
    const preview = (await page.locator('iframe[class*="PreviewPaneFrame"]').boundingBox())!;
    expect(preview.x).toBeGreaterThanOrEqual(0);
    expect(preview.x + preview.width).toBeLessThanOrEqual(390);
    expect(preview.y + 100).toBeLessThan(800);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, 'editor-390.png') });
    await page.context().close();
  }, 240_000);
});
