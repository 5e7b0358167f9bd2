/**
 * Publishing from the editor at /admin/ in `serve`: a save the build refuses is not written, and its message shows at the
 * field it concerns; the preview follows her typing at phone and desktop width; at 390 px the editor fits the screen.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

describe('a mistake the build refuses, shown at the field and not saved', () => {
  it('should keep an article with a TODO left in its text off the disk and the site, and say so at its Text field', async () => {
    const file = 'content/blog/body-composition-scanning.md';
    const before = await read(file);
    const title = 'Beyond the Scale: What a Body Composition Scan Can Tell You';
    const page = await openEntry(1280, '#/collections/blog/entries/body-composition-scanning', 'Title', title);
    await page.locator('[contenteditable="true"]').last().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' TODO add the price.');
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
    // Not saved, not published: the file is as it was, the site still builds and shows no TODO, and the entry is unsaved.
    expect(await read(file)).toBe(before);
    await server.idle();
    expect(server.errors()).toBeUndefined();
    expect(await (await fetch(`${server.url}/blog/body-composition-scanning/`)).text()).not.toContain('TODO');
    expect(await page.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(1);
    await page.context().close();
  }, 240_000);
});
