/**
 * The hosted editor (`build --editor`) in Chromium, publishing through Decap's editorial workflow, and previewing the real page
 * with no server behind it. No Git host is reachable here, so the built configuration names Decap's in-memory `test-repo` in
 * place of GitHub, holding the real content files: a saved change waits as a draft in the Workflow tab, and reaches the
 * repository only once it is moved to Ready and published.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { load } from 'cheerio';
import { startStaticServer } from '../../scripts/audit/server.mjs';
import { build } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import { translationProblems } from '../../src/validate/translations.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { editFile, projectRoot, removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let out: string;
let project: string;
let server: { origin: string; close(): Promise<void> };
let browser: Browser;
const glp1 = 'content/treatments/glp1.yaml';
const glp1Spanish = 'content/treatments/glp1.es.yaml';
const siteFile = await readFile(join(projectRoot, 'content/site.yaml'), 'utf8');
const site = parse(siteFile) as { name: string; baseUrl: string; phone: string };

/** The first GLP-1 answer's English as the site has it once her change went live: its Spanish version is then out of date. */
const changedAnswer = 'Every body answers differently.';

beforeAll(async () => {
  project = await tempProject();
  await editFile(project, glp1, 'answer: >-\n      Studies of GLP-1', `answer: >-\n      ${changedAnswer} Studies of GLP-1`);
  out = join(await mkdtemp(join(tmpdir(), 'clinic-hosted-')), 'dist');
  // The real `build --editor` output: the site's _headers, and the hosted preview's script and snapshot beside the editor.
  // This server, like Cloudflare Pages, joins the headers of every rule a path matches, so a site policy that reached admin/
  // (it forbids what Decap needs) would stop the editor before its login page.
  await build({ root: project, writer: diskWriter(out, project), editor: { repo: 'heard-health/website', branch: 'main' } });
  // Decap's in-memory repository in place of GitHub (what withEditor's test switch writes): the rest of the configuration as built.
  const config = JSON.parse(await readFile(join(out, 'admin/config.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(out, 'admin/config.json'), `${JSON.stringify({ ...config, backend: { name: 'test-repo' } })}\n`);
  server = await startStaticServer({ root: out });
  // The server compresses a file on its first request, as a host does once: the editor's 6 MB take it a while, so not in a test.
  for (const script of (await readdir(join(out, 'admin'))).filter((f) => /^(editor|preview)-\w+\.js$/.test(f))) {
    await fetch(`${server.origin}/admin/${script}`, { headers: { 'accept-encoding': 'br' } });
  }
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) await rm(join(out, '..'), { recursive: true, force: true });
  if (project) await removeProject(project);
});

/** What the in-memory repository holds: content/`file` as published, and the changes waiting in the workflow. */
async function repository(page: Page, file = 'site.yaml'): Promise<{ published: string | undefined; waiting: Record<string, string> }> {
  return page.evaluate((file) => {
    type Repo = { repoFiles: { content: Record<string, { content: string }> }; repoFilesUnpublished: Record<string, { status: string }> };
    const repo = window as unknown as Repo;
    const waiting = Object.fromEntries(Object.entries(repo.repoFilesUnpublished).map(([key, entry]) => [key, entry.status]));
    return { published: repo.repoFiles.content[file]?.content, waiting };
  }, file);
}

/** The site settings with Saturday on a row of its own, closed (the real hours are the SPEC's: a clinic that will open Saturdays). */
const weekendApart = siteFile.replace(
  '  - label: Saturday and Sunday\n    days: [Sa, Su]\n    closed: true\n',
  '  - label: Saturday\n    days: [Sa]\n    closed: true\n  - label: Sunday\n    days: [Su]\n    closed: true\n',
);

/** Moves the draft of `entry` (its title in the Workflow tab) to Ready, and publishes it, saying yes to Decap's question. */
async function publishDraft(page: Page, entry: string, key: string): Promise<void> {
  // The address changes without a reload (which would empty the in-memory repository); the entry page has no header.
  await page.evaluate(() => (window.location.hash = '#/workflow'));
  const drafts = page.locator('h2', { hasText: 'Drafts' }).locator('..');
  await expect.poll(() => drafts.getByText(entry).count(), { timeout: 30_000 }).toBe(1);
  await drafts.getByText(entry).click();
  await page.getByRole('button', { name: /^Status: Draft/ }).click();
  await page.getByRole('menuitem', { name: 'Ready' }).click();
  await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ [key]: 'pending_publish' });
  // Decap asks "Are you sure you want to publish this entry?" in the browser's own dialog: she says yes.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
}

describe('the hosted editor, publishing through the editorial workflow', () => {
  it('should keep her Saturday hours and extension a draft until Ready and published, refuse a bad time, add a redirect', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The repository the editor reads: the site settings, as GitHub would hand them over.
    await page.addInitScript((text: string) => {
      Object.assign(window, { repoFiles: { content: { 'site.yaml': { path: 'content/site.yaml', content: text } } } });
    }, weekendApart);
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
    await phone.fill(`${site.phone} ext. 12`);
    const row = page.locator('[class*="ListItem"]').filter({ hasText: /^Saturday/ }).first();
    await row.locator('button').first().click({ timeout: 60_000 });
    await row.getByLabel(/^Closed/).first().click();
    await row.getByLabel(/^Opens/).first().fill('9:00 AM');
    // A mistake the site would refuse: shown at its field, and nothing saved (no draft either).
    const closes = row.getByLabel(/^Closes/).first();
    await closes.fill('25:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // In her words: the field's name and the build's sentence, not Decap's "didn't match the pattern".
    await row.getByText(/^Closes must be a time such as 9:00, 17:00 or 9:00 AM\.$/i).waitFor({ timeout: 30_000 });
    expect((await repository(page)).waiting).toEqual({});
    // (Cleared first: the field shown in error took the new text after the old.)
    await closes.fill('');
    await closes.fill('12:00 PM');
    await expect.poll(() => closes.inputValue()).toBe('12:00 PM');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved as a draft (a branch and pull request on GitHub): the published file is as it was.
    await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ 'settings/site': 'draft' });
    expect((await repository(page)).published).toBe(weekendApart);

    await publishDraft(page, 'Clinic details, hours and links', 'settings/site');
    const saturday = /( {2}- label: Saturday\n {4}days: \[Sa\]\n)( {4}closed: true\n)/;
    const published = weekendApart.replace(`phone: ${site.phone}`, `phone: ${site.phone} ext. 12`)
      .replace(saturday, '$1    closed: false\n    opens: 9:00 AM\n    closes: 12:00 PM\n');
    await expect.poll(async () => (await repository(page)).published, { timeout: 30_000 }).toBe(published);
    expect((await repository(page)).waiting).toEqual({});

    // A redirect: a new file, published through the workflow as well.
    await page.evaluate(() => (window.location.hash = '#/collections/settings'));
    await page.evaluate(() => (window.location.hash = '#/collections/settings/entries/redirects'));
    await page.getByRole('button', { name: 'Add redirect', exact: true }).click({ timeout: 60_000 });
    await page.getByLabel('From', { exact: true }).locator('visible=true').last().fill('/old-page');
    await page.getByLabel('To', { exact: true }).locator('visible=true').last().fill('/process');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ 'settings/redirects': 'draft' });
    expect((await repository(page, 'redirects.yaml')).published).toBeUndefined();
    await publishDraft(page, 'Old addresses', 'settings/redirects');
    const line = '# yaml-language-server: $schema=../schemas/redirects.schema.json\n';
    await expect.poll(async () => (await repository(page, 'redirects.yaml')).published, { timeout: 30_000 })
      .toBe(`${line}- from: /old-page\n  to: /process\n`);
    await page.context().close();
  }, 240_000);
});

/** What a frame's script returns, or '' when the frame is between pages (evaluating it then can wait for ever). */
function inFrame(frame: Frame, script: () => string): Promise<string> {
  return Promise.race([frame.evaluate(script).catch(() => ''), new Promise<string>((resolve) => setTimeout(() => resolve(''), 3_000))]);
}

/** The preview's page (a frame inside Decap's preview frame) holding `text`: its text, and how its CSS laid it out. */
async function previewed(page: Page, text: string): Promise<{ text: string; layout: string } | undefined> {
  for (const frame of page.frames()) {
    const shown = await inFrame(frame, () => document.body?.innerText ?? '');
    if (!shown.includes(text) || !shown.includes('Book Visit')) continue;
    // The site's CSS reached the frame: the header is the site's sticky bar, the page's heading in the site's font size.
    const layout = await inFrame(frame, () => {
      const header = document.querySelector('header');
      return header ? `${getComputedStyle(header).position} ${document.querySelector('link[rel=stylesheet]')?.getAttribute('href')}` : '';
    });
    return { text: shown, layout };
  }
  return undefined;
}

/** Decap's preview pane: the frame that holds the width switch and the page's frame. */
async function previewPane(page: Page): Promise<Frame | undefined> {
  for (const frame of page.frames()) if (await inFrame(frame, () => (document.querySelector('[data-preview-width]') ? 'yes' : ''))) return frame;
  return undefined;
}

/** The build's messages shown over the preview, or ''. */
async function previewProblems(page: Page): Promise<string> {
  for (const frame of page.frames()) {
    const text = await inFrame(frame, () => document.querySelector('[data-preview-problems]')?.textContent ?? '');
    if (text) return text;
  }
  return '';
}

describe('the hosted editor\'s preview, made in the browser', () => {
  it('should show the real service page with the form\'s unsaved values, follow her typing, say what is wrong in her words, at a phone\'s width too', async () => {
    const file = await readFile(join(projectRoot, 'content/services/mens-health.yaml'), 'utf8');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.addInitScript((text: string) => {
      const services = { 'mens-health.yaml': { path: 'content/services/mens-health.yaml', content: text } };
      Object.assign(window, { repoFiles: { content: { services } } });
    }, file);
    await page.goto(`${server.origin}/admin/#/collections/services/entries/mens-health`);
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    // The saved page, made from the snapshot by the site's own templates: a card's treatment from another file, the site's CSS.
    await expect.poll(async () => (await previewed(page, 'Our Men\'s Health Programs'))?.layout, { timeout: 60_000 })
      .toMatch(/^sticky \/assets\/.+\.css$/);
    const heading = page.getByLabel('Heading', { exact: true }).first();
    await heading.fill('Our Programs for Texas Men');
    await expect.poll(async () => (await previewed(page, 'Our Programs for Texas Men'))?.text ?? '', { timeout: 30_000 })
      .toContain('Testosterone');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, 'hosted-preview.png') });
    expect((await previewed(page, 'Our Programs for Texas Men'))!.text).not.toContain('Our Men\'s Health Programs');
    // A value the site would refuse: the build's own message, at the file and line, over the last good page.
    await heading.fill('');
    await expect.poll(() => previewProblems(page), { timeout: 30_000 }).toMatch(/content\/services\/mens-health\.yaml, line \d+/);
    expect(await previewed(page, 'Our Programs for Texas Men')).toBeDefined();
    if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, 'hosted-preview-problem.png') });
    // The same width switch as serve's preview: the page at a phone's width.
    const pane = await previewPane(page);
    await pane!.getByRole('button', { name: 'Phone (390 px)' }).click();
    const pageWidth = async () => {
      for (const frame of page.frames()) {
        const width = await inFrame(frame, () => (document.body?.innerText.includes('Texas Men') ? String(window.innerWidth) : ''));
        if (width) return width;
      }
      return '';
    };
    await expect.poll(pageWidth, { timeout: 30_000 }).toBe('390');
    await page.context().close();
  }, 240_000);
});

/** Gives the in-memory repository the site settings and every file of `folder` of the project, as GitHub would hand them over. */
async function withFolder(page: Page, folder: string): Promise<void> {
  const names = (await readdir(join(project, 'content', folder))).filter((name) => /\.(yaml|md)$/.test(name));
  const files = Object.fromEntries(await Promise.all(names.map(async (name) => {
    const path = `content/${folder}/${name}`;
    return [name, { path, content: await readFile(join(project, path), 'utf8') }] as const;
  })));
  await page.addInitScript((content) => {
    Object.assign(window, { repoFiles: { content } });
  }, { 'site.yaml': { path: 'content/site.yaml', content: siteFile }, [folder]: files });
}

/** The text of a change waiting in the workflow, by its entry (collection/name). */
async function waitingText(page: Page, key: string): Promise<string | undefined> {
  return (await waitingFile(page, key))?.content;
}

/** The file of a change waiting in the workflow, by its entry (collection/name). */
function waitingFile(page: Page, key: string): Promise<{ path: string; content: string } | undefined> {
  return page.evaluate((key) => {
    type Waiting = { repoFilesUnpublished: Record<string, { diffs: { path: string; content: string }[] }> };
    return (window as unknown as Waiting).repoFilesUnpublished[key]?.diffs[0];
  }, key);
}

/** Changes the first question's answer of the entry open in the editor, and saves it as a draft of the workflow. */
async function changeFirstAnswer(page: Page, question: string, change: (answer: string) => string, key: string): Promise<void> {
  const row = page.locator('[class*="ListItem"]').filter({ hasText: question }).first();
  await row.locator('button').first().click({ timeout: 60_000 });
  const answer = page.getByLabel(/^Answer( \(optional\))?$/).first();
  await expect.poll(() => answer.inputValue(), { timeout: 60_000 }).not.toBe('');
  await answer.fill(change(await answer.inputValue()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => waitingText(page, key), { timeout: 30_000 }).toBeDefined();
}

describe('Spanish in the hosted editor', () => {
  it('should edit the Spanish version of an answer she changed in English, and record it as up to date in the same change', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await withFolder(page, 'treatments');
    await page.goto(`${server.origin}/admin/#/collections/treatments/entries/glp1`);
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    // The English form names the Spanish entry that is out of date since her change went live.
    await page.getByText(/Spanish versions out of date, to update:/).first().waitFor({ timeout: 60_000 });
    // Another change of English text: the editor names the Spanish entry to update, with its link.
    await changeFirstAnswer(page, 'How much weight could I lose?', (a) => `${a} Ask us.`, 'treatments/glp1');
    const notice = page.locator('[data-spanish-notice]');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('You changed English text that the Spanish site translates (Questions (FAQ))');
    const link = notice.getByRole('link', { name: /^Update the Spanish version: GLP-1 Medications/ });
    expect(await link.getAttribute('href')).toBe('#/collections/es-treatments/entries/es-glp1');

    // The Spanish list says which entry is out of date; its form says so, with the English as live under each field.
    await page.evaluate(() => (window.location.hash = '#/collections/es-treatments'));
    await page.getByText(/Out of date — GLP-1 Medications/).click({ timeout: 60_000 });
    await page.getByText(/OUT OF DATE: the English of Questions \(FAQ\) changed/).waitFor({ timeout: 60_000 });
    await page.getByText(new RegExp(`Changed in English\\. English: .*${changedAnswer}`)).waitFor({ timeout: 60_000 });
    const before = await readFile(join(project, glp1Spanish), 'utf8');
    const inSpanish = (a: string) => `Cada cuerpo responde de manera diferente. ${a}`;
    await changeFirstAnswer(page, '¿Cuánto peso podría perder?', inSpanish, 'es-treatments/es-glp1');

    // The change waiting in the workflow holds her Spanish and the record: once published, the build no longer warns.
    const saved = (await waitingText(page, 'es-treatments/es-glp1'))!;
    expect(saved).toContain('Cada cuerpo responde de manera diferente.');
    const stale = async () => translationProblems(await loadContent(project)).filter((e) => e.code === 'translation-stale');
    expect((await stale()).map((e) => e.loc?.file)).toContain(glp1Spanish);
    await writeFile(join(project, glp1Spanish), saved);
    try {
      expect((await stale()).map((e) => e.loc?.file)).not.toContain(glp1Spanish);
    } finally {
      await writeFile(join(project, glp1Spanish), before);
    }
    await page.context().close();
  }, 240_000);

  it('should make a first Spanish version of an English page that has none, started with its English, and record it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await withFolder(page, 'legal');
    await page.goto(`${server.origin}/admin/#/collections/legal/entries/privacy-policy`);
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    // The English form names the pages without a Spanish version, each a link to make it.
    await page.getByText(/Not yet in Spanish, to make its Spanish version:/).first().waitFor({ timeout: 60_000 });
    const make = page.getByRole('link', { name: 'Website Privacy Policy', exact: true }).first();
    expect(await make.getAttribute('href')).toBe('#/collections/es-new-legal-privacy-policy/new');
    await page.evaluate(() => (window.location.hash = '#/collections/es-new-legal-privacy-policy/new'));
    // The form starts with the English text, shown under each field too: she replaces it with the Spanish.
    const title = page.getByLabel(/^Title( \(optional\))?$/).first();
    await expect.poll(() => title.inputValue(), { timeout: 60_000 }).toBe('Website Privacy Policy');
    await page.getByText('English: Website Privacy Policy').first().waitFor({ timeout: 30_000 });
    await title.fill('Política de privacidad del sitio web');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Saved where clinic-site reads translations, with its record: the build takes it as a translation up to date.
    const key = 'es-new-legal-privacy-policy/privacy-policy';
    await expect.poll(() => waitingFile(page, key), { timeout: 30_000 }).toBeDefined();
    const saved = (await waitingFile(page, key))!;
    expect(saved.path).toBe('content/legal/privacy-policy.es.yaml');
    expect(saved.content).toContain('title: Política de privacidad del sitio web');
    await writeFile(join(project, saved.path), saved.content);
    try {
      const content = await loadContent(project);
      expect(content.spanish!.translations.find((t) => t.file === saved.path)?.english).toBe('content/legal/privacy-policy.yaml');
      const problems = translationProblems(content).filter((e) => e.loc?.file === saved.path).map((e) => e.code);
      expect(problems).toEqual(['translation-not-reviewed']);
    } finally {
      await rm(join(project, saved.path));
    }
    await page.context().close();
  }, 240_000);
});

describe('the hosted editor\'s preview of an article', () => {
  it('should open an article with its form and its page previewed (not an error page), and save her change as a draft', async () => {
    const slug = 'body-composition-scanning';
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The articles, beside which their pictures go: the in-memory repository once took them for uploads and stopped the editor.
    await withFolder(page, 'blog');
    await page.goto(`${server.origin}/admin/#/collections/blog/entries/${slug}`);
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    const title = page.getByLabel('Title', { exact: true }).first();
    await expect.poll(() => title.inputValue({ timeout: 1_000 }).catch(() => ''), { timeout: 60_000 })
      .toBe('Beyond the Scale: What a Body Composition Scan Can Tell You');
    expect(await page.getByText(/Cannot destructure/).count()).toBe(0);
    // The article's own page, its text made from the form's markdown by the site's templates.
    await expect.poll(async () => (await previewed(page, 'If you have ever worked hard on your health'))?.layout, { timeout: 60_000 })
      .toMatch(/^sticky \/assets\/.+\.css$/);
    const excerpt = page.getByLabel('Excerpt', { exact: true }).first();
    await excerpt.fill('What a body composition scan shows, in plain words.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await repository(page)).waiting, { timeout: 30_000 }).toEqual({ [`blog/${slug}`]: 'draft' });
    const saved = (await waitingFile(page, `blog/${slug}`))!;
    expect(saved.path).toBe(`content/blog/${slug}.md`);
    expect(saved.content).toContain('excerpt: "What a body composition scan shows, in plain words."');
    expect(saved.content).toContain('\nIf you have ever worked hard on your health');
    await page.context().close();
  }, 240_000);

  // The preview's script run as the editor runs it (hosted-builder.ts), under the editor's policy, on the snapshot beside it.
  it('should render an article\'s markdown in the browser as the build renders it, with the unsaved text', async () => {
    const slug = 'body-composition-scanning';
    const file = `content/blog/${slug}.md`;
    const text = await readFile(join(projectRoot, file), 'utf8');
    const settings = load(await (await fetch(`${server.origin}/admin/`)).text())('#clinic-editor-settings').text();
    const { script, snapshot } = (JSON.parse(settings) as { hostedPreview: { script: string; snapshot: string } }).hostedPreview;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/admin/config.json`);
    await page.addScriptTag({ url: `${server.origin}/admin/${script}` });
    type Answer = { html?: string; errors?: { message: string }[] };
    const preview = (body: string) => page.evaluate(async ([snapshotUrl, file, text, path]) => {
      const site = await (await fetch(snapshotUrl!)).json();
      type Preview = (snapshot: unknown, request: object) => Promise<Answer>;
      return (window as unknown as { clinicPagePreview: Preview }).clinicPagePreview(site, { file, text, page: path });
    }, [`${server.origin}/admin/${snapshot}`, file, body, `/blog/${slug}/`]);
    const prose = (html: string) => load(html)('.prose').html();
    const built = await (await fetch(`${server.origin}/blog/${slug}/`)).text();
    const saved = await preview(text);
    expect(saved.errors).toBeUndefined();
    expect(prose(built)!.length).toBeGreaterThan(2_000);
    expect(prose(saved.html!)).toBe(prose(built));
    // Her unsaved text, as markdown: a bold word and a new heading, rendered by the build's own remark.
    const edited = await preview(text.replace(/\nIf you have ever/, '\n## Before you book\n\nIf **you** have ever'));
    expect(load(edited.html!)('.prose h2').first().text()).toBe('Before you book');
    expect(load(edited.html!)('.prose strong').first().text()).toBe('you');
    await page.context().close();
  }, 120_000);
});
