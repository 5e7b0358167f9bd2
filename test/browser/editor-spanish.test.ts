/**
 * Spanish in the editor, in Chromium (issue 40, item 2): the office manager changes an English answer, finds its Spanish entry
 * marked out of date, updates it in the editor, and her save records it as up to date: the build no longer warns about it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { translationProblems } from '../../src/validate/translations.ts';
import { removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeProject(dir);
});

const read = (file: string) => readFile(join(dir, file), 'utf8');
const english = 'content/treatments/glp1.yaml';
const spanish = 'content/treatments/glp1.es.yaml';

/** Opens the editor at `hash`, logged in, once `shown` is on the page. */
async function openEditor(hash: string, shown: string | RegExp): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/${hash}`);
  const login = page.getByRole('button', { name: 'Login' });
  const text = page.getByText(shown).first();
  await Promise.race([login.click({ timeout: 60_000 }).catch(() => undefined), text.waitFor({ timeout: 60_000 })]);
  await text.waitFor({ timeout: 60_000 });
}

/** Changes the first question's answer of the entry open in the editor, and publishes it; resolves once the file changed. */
async function changeFirstAnswer(question: string, change: (answer: string) => string, file: string): Promise<void> {
  const before = await read(file);
  const row = page.locator('[class*="ListItem"]').filter({ hasText: question }).first();
  await row.locator('button').first().click({ timeout: 60_000 });
  // "Answer", or "Answer (optional)" in a translation, whose every field may wait for its translator.
  const answer = page.getByLabel(/^Answer( \(optional\))?$/).first();
  await expect.poll(() => answer.inputValue(), { timeout: 60_000 }).not.toBe('');
  await answer.fill(change(await answer.inputValue()));
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
  await expect.poll(() => read(file), { timeout: 30_000 }).not.toBe(before);
}

/** The build's warning that a translation is out of date, if it gives one. */
async function staleWarning(file: string) {
  return translationProblems(await loadContent(dir)).find((e) => e.code === 'translation-stale' && e.loc?.file === file);
}

describe('Spanish in the editor', () => {
  it('should edit the Spanish version of an answer she changed in English, and record it as up to date', async () => {
    expect(await staleWarning(spanish)).toBeUndefined();
    await openEditor('#/collections/treatments', 'GLP-1 Medications (Semaglutide and Tirzepatide)');
    await page.getByText('GLP-1 Medications (Semaglutide and Tirzepatide)', { exact: true }).click();
    await changeFirstAnswer('How much weight could I lose?', (a) => `Every body answers differently. ${a}`, english);
    expect(await staleWarning(spanish)).toBeDefined();
    // Right after her save, the editor names the Spanish entry to update, with a link to it: not only the terminal's warning.
    const notice = page.locator('[data-spanish-notice]');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('You changed English text that the Spanish site translates (Questions (FAQ))');
    const update = notice.getByRole('link', { name: /^Update the Spanish version: GLP-1 Medications/ });
    expect(await update.getAttribute('href')).toBe('#/collections/es-treatments/entries/es-glp1');

    // The English entry's form names the Spanish entry to update, and its link opens that entry.
    await openEditor('#/collections/treatments/entries/glp1', /Spanish versions out of date, to update:/);
    // (The editor opens a hint's link in a new tab: the entry is then read afresh.)
    const link = page.getByRole('link', { name: 'GLP-1 Medications (Semaglutide and Tirzepatide)', exact: true }).first();
    expect(await link.getAttribute('href')).toBe('#/collections/es-treatments/entries/es-glp1');
    await openEditor('#/collections/es-treatments/entries/es-glp1', /OUT OF DATE: the English of Questions \(FAQ\) changed/);

    // The Spanish entry is listed as out of date, and its form says so, with the new English under the questions.
    await openEditor('#/collections/es-treatments', /Out of date — GLP-1 Medications/);
    await page.getByText(/Out of date — GLP-1 Medications/).click();
    await page.getByText(/OUT OF DATE: the English of Questions \(FAQ\) changed/).waitFor({ timeout: 60_000 });
    await page.getByText(/Changed in English\. English: .*Every body answers differently\./).waitFor({ timeout: 60_000 });
    await changeFirstAnswer('¿Cuánto peso podría perder?', (a) => `Cada cuerpo responde de manera diferente. ${a}`, spanish);

    const saved = await read(spanish);
    expect(saved).toContain('Cada cuerpo responde de manera diferente.');
    await expect.poll(() => staleWarning(spanish), { timeout: 30_000 }).toBeUndefined();
    // Listed as up to date once the editor loads again.
    await openEditor('#/collections/es-treatments', /GLP-1 Medications .*\(Spanish\)/);
    expect(await page.getByText(/Out of date — GLP-1 Medications/).count()).toBe(0);
  }, 240_000);

  it('should make a first Spanish version of an English page that has none, started with its English, and record it', async () => {
    const made = 'content/legal/privacy-policy.es.yaml';
    await openEditor('#/collections/legal/entries/privacy-policy', /Not yet in Spanish, to make its Spanish version:/);
    const make = page.getByRole('link', { name: 'Website Privacy Policy', exact: true }).first();
    expect(await make.getAttribute('href')).toBe('#/collections/es-new-legal-privacy-policy/new');
    await page.evaluate(() => (window.location.hash = '#/collections/es-new-legal-privacy-policy/new'));
    // The form starts with the English text, shown under each field too: she replaces it with the Spanish and publishes.
    const title = page.getByLabel(/^Title( \(optional\))?$/).first();
    await expect.poll(() => title.inputValue(), { timeout: 60_000 }).toBe('Website Privacy Policy');
    await title.fill('Política de privacidad del sitio web');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await expect.poll(() => read(made).catch(() => ''), { timeout: 60_000 }).toContain('title: Política de privacidad del sitio web');
    // Written where clinic-site reads translations, and recorded as up to date with its English file.
    await expect.poll(async () => (await read(made)).includes('translation:'), { timeout: 30_000 }).toBe(true);
    const content = await loadContent(dir);
    expect(content.spanish!.translations.find((t) => t.file === made)?.english).toBe('content/legal/privacy-policy.yaml');
    expect(await staleWarning(made)).toBeUndefined();
  }, 240_000);
});
