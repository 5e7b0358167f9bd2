/**
 * The hosted editor (`build --editor`) in Chromium, publishing through Decap's editorial workflow. No Git host is reachable
 * here, so the admin files are made with Decap's in-memory `test-repo` in place of GitHub (a switch of withEditor that
 * the CLI never sets), holding the real content/site.yaml: a saved change waits as a draft in the Workflow tab, and
 * reaches the repository only once it is moved to Ready and published.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startStaticServer } from '../../scripts/audit/server.mjs';
import { withEditor } from '../../src/authoring/cms/admin-files.ts';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { projectRoot } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let out: string;
let server: { origin: string; close(): Promise<void> };
let browser: Browser;
const siteFile = await readFile(join(projectRoot, 'content/site.yaml'), 'utf8');
const site = parse(siteFile) as { name: string; baseUrl: string; phone: string };

beforeAll(async () => {
  out = join(await mkdtemp(join(tmpdir(), 'clinic-hosted-')), 'dist');
  await build({ root: projectRoot, writer: diskWriter(out, projectRoot) });
  // The site's real _headers and files: this server, like Cloudflare Pages, joins the headers of every rule a path matches,
  // so a site policy that reached admin/ (it forbids what Decap needs) would stop the editor before its login page.
  const names = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const built = await Promise.all(names.map(async (e) => {
    const path = join(e.parentPath, e.name);
    return { file: relative(out, path), bytes: await readFile(path) };
  }));
  const files = await withEditor(built, { repo: 'heard-health/website', branch: 'main' }, site, [], { backend: { name: 'test-repo' } });
  for (const { file, bytes } of files) {
    await mkdir(dirname(join(out, file)), { recursive: true });
    await writeFile(join(out, file), bytes);
  }
  server = await startStaticServer({ root: out });
  // The server compresses a file on its first request, as a host does once: the editor's 6 MB take it a while, so not in a test.
  const script = files.find((f) => /^admin\/editor-\w+\.js$/.test(f.file))!.file;
  await fetch(`${server.origin}/${script}`, { headers: { 'accept-encoding': 'br' } });
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) await rm(join(out, '..'), { recursive: true, force: true });
});

/** What the in-memory repository holds: content/site.yaml as published, and the changes waiting in the workflow. */
async function repository(page: Page): Promise<{ published: string; waiting: Record<string, string> }> {
  return page.evaluate(() => {
    type Repo = { repoFiles: { content: Record<string, { content: string }> }; repoFilesUnpublished: Record<string, { status: string }> };
    const repo = window as unknown as Repo;
    const waiting = Object.fromEntries(Object.entries(repo.repoFilesUnpublished).map(([key, entry]) => [key, entry.status]));
    return { published: repo.repoFiles.content['site.yaml']!.content, waiting };
  });
}

describe('the hosted editor, publishing through the editorial workflow', () => {
  it('should keep a saved change as a draft in the Workflow tab, off the site, until it is moved to Ready and published', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The repository the editor reads: the real site settings, as GitHub would hand them over.
    await page.addInitScript((text: string) => {
      Object.assign(window, { repoFiles: { content: { 'site.yaml': { path: 'content/site.yaml', content: text } } } });
    }, siteFile);
    await page.goto(`${server.origin}/admin/#/collections/settings/entries/site`);
    // The login page names the clinic, not only Decap.
    const login = page.getByRole('button', { name: 'Login' });
    await login.waitFor({ timeout: 60_000 });
    expect(await page.title()).toBe(`Edit the website · ${site.name}`);
    expect(await page.getByRole('heading', { name: `Edit the website of ${site.name}` }).isVisible()).toBe(true);
    await login.click();

    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => phone.inputValue(), { timeout: 60_000 }).toBe(site.phone);
    expect(await page.locator('#clinic-editor-wrapper').isHidden()).toBe(true);
    const changed = site.phone.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    await phone.fill(changed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved as a draft (a branch and pull request on GitHub): the published file is as it was.
    await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ 'settings/site': 'draft' });
    expect((await repository(page)).published).toBe(siteFile);

    // The address changes without a reload (which would empty the in-memory repository); the entry page has no header.
    await page.evaluate(() => (window.location.hash = '#/workflow'));
    const drafts = page.locator('h2', { hasText: 'Drafts' }).locator('..');
    await expect.poll(() => drafts.getByText('Clinic details, hours and links').count(), { timeout: 30_000 }).toBe(1);
    await drafts.getByText('Clinic details, hours and links').click();

    await page.getByRole('button', { name: /^Status: Draft/ }).click();
    await page.getByRole('menuitem', { name: 'Ready' }).click();
    await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ 'settings/site': 'pending_publish' });
    expect((await repository(page)).published).toBe(siteFile);
    // Decap asks "Are you sure you want to publish this entry?" in the browser's own dialog: she says yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await expect.poll(async () => (await repository(page)).published, { timeout: 30_000 }).toBe(siteFile.replace(site.phone, changed));
    expect((await repository(page)).waiting).toEqual({});
    await page.context().close();
  }, 240_000);
});
