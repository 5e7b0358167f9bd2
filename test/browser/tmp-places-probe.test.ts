import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { serve } from '../../src/serve/server.ts';
import { removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

const problems = async (page: import('playwright-core').Page) => {
  const out: string[] = [];
  for (const frame of page.frames()) {
    const t = await Promise.race([frame.evaluate(() => [...document.querySelectorAll('[data-preview-problems], [data-save-problem], [data-shown-on]')].map((e) => e.textContent).join(' || ')).catch(() => ''), new Promise<string>((r) => setTimeout(() => r(''), 3000))]);
    if (t) out.push(t);
  }
  return out.join('\n');
};

it('probe', async () => {
  const dir = await tempProject();
  const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${server.url}/admin/#/collections/providers/new`);
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  await page.getByText(/Writing in .* collection/).waitFor({ timeout: 60_000 });
  await new Promise((r) => setTimeout(r, 8000));
  console.log('NEW PROVIDER:', await problems(page));
  const photo = join(await mkdtemp(join(tmpdir(), 'places-photo-')), 'Sam.jpg');
  await copyFile(join(dir, 'public/images/providers/jane-example.jpg'), photo);
  await page.getByLabel('Name', { exact: true }).fill('Sam Example');
  await page.getByLabel('Credentials', { exact: true }).fill('MD');
  await page.getByLabel('Role', { exact: true }).fill('Physician');
  await page.getByRole('button', { name: /Choose an image/ }).click();
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByRole('button', { name: 'Choose selected' }).click({ timeout: 30_000 });
  await page.getByLabel('Alt text', { exact: true }).fill('Portrait of Sam Example');
  await page.getByLabel('Bio', { exact: true }).fill('Sam Example is made up.');
  await new Promise((r) => setTimeout(r, 8000));
  console.log('FILLED PROVIDER:', await problems(page));
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/#/collections/treatments/new`);
  await page.getByText(/Writing in .* collection/).waitFor({ timeout: 60_000 });
  await page.getByLabel('Title', { exact: true }).fill('Sam Therapy');
  await page.getByLabel('Description', { exact: true }).fill('Made up.');
  await page.getByLabel('Dosage', { exact: true }).fill('None.');
  await new Promise((r) => setTimeout(r, 8000));
  console.log('TREATMENT:', await problems(page), page.frames().map((f) => f.url()).join(' '));
  const pane = page.frameLocator('iframe[class*="PreviewPaneFrame"]');
  console.log('TITLE', await pane.locator('iframe').first().getAttribute('title').catch(() => 'none'));
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/#/collections/services/entries/mens-health`);
  await page.getByText(/Writing in .* collection/).waitFor({ timeout: 60_000 });
  await new Promise((r) => setTimeout(r, 5000));
  console.log('MENS:', await problems(page));
  await browser.close();
  await server.close();
  await removeProject(dir).catch(() => undefined);
}, 300_000);
