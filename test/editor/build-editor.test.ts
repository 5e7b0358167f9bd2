/** `build --editor`: the browser editor in the output's admin/, for the GitHub backend, with its own rules in _headers; off by default. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'cheerio';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../scripts/audit/server.mjs';
import { removeProject, runCli, tempProject } from '../helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('build --editor', () => {
  it('should put the editor into admin/ for the GitHub repository, with its own CSP after the site\'s', async () => {
    const built = await runCli(['build', '--editor', 'heard-health/website@live', '--out', 'out'], dir);
    expect(built.code, built.stderr).toBe(0);
    const page = await readFile(join(dir, 'out/admin/index.html'), 'utf8');
    const script = /<script src="(editor-[\w]+\.js)" defer>/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(existsSync(join(dir, 'out/admin', script!))).toBe(true);
    // No preview endpoint on a static host: the page does not name one.
    expect(page).not.toContain('"preview"');
    const config = JSON.parse(await readFile(join(dir, 'out/admin/config.json'), 'utf8')) as { backend: object; collections: { name: string }[] };
    expect(config.backend).toEqual({ name: 'github', repo: 'heard-health/website', branch: 'live' });
    // The English collections, then their Spanish ones (test/editor/hosted-spanish.test.ts).
    expect(config.collections.filter((c) => !c.name.startsWith('es-')).length).toBe(8);
    // Login with GitHub shows the clinic's mark, beside the page's own heading with its name (test below).
    expect(config).toMatchObject({ logo: { src: '../favicon.svg', show_in_header: false } });
    const headers = await readFile(join(dir, 'out/_headers'), 'utf8');
    const site = headers.indexOf('/*\n');
    const editor = headers.indexOf('/admin/*\n');
    expect(site).toBeGreaterThanOrEqual(0);
    expect(editor).toBeGreaterThan(site);
    expect(headers.slice(editor)).toMatch(/Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'/);
    expect(headers.slice(editor)).toMatch(/connect-src 'self' blob: data: https:\/\/api\.github\.com;/);
    // A host joins every matching rule's headers (Cloudflare Pages): admin/ gets the editor's policy alone, the pages the site's.
    const rules = parseHeadersFile(headers);
    const policy = (path: string) => (headersFor(rules, path) as Record<string, string>)['content-security-policy'];
    for (const path of ['/admin/', '/admin/index.html', '/admin/config.json']) expect(policy(path), path).toMatch(/^[^,]*'unsafe-eval'[^,]*$/);
    for (const path of ['/', '/index.html', '/blog', '/blog/', '/es/blog/why-we-started/', '/assets/site.css', '/404.html']) {
      expect(policy(path), path).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'[^,]*$/);
    }
    expect((headersFor(rules, '/admin/') as Record<string, string>)['x-content-type-options']).toBe('nosniff');
  }, 120_000);

  it('should publish through the editorial workflow, linking each change to the host\'s deploy preview', async () => {
    const flags = ['--editor', 'heard-health/website', '--editor-preview-status', 'pages/preview'];
    const built = await runCli(['build', ...flags, '--out', 'out'], dir);
    expect(built.code, built.stderr).toBe(0);
    const config = JSON.parse(await readFile(join(dir, 'out/admin/config.json'), 'utf8')) as Record<string, unknown>;
    const site = parse(await readFile(join(dir, 'content/site.yaml'), 'utf8')) as { name: string; baseUrl: string };
    expect(config).toMatchObject({
      backend: { name: 'github', repo: 'heard-health/website', branch: 'main', preview_context: 'pages/preview' },
      publish_mode: 'editorial_workflow',
      show_preview_links: true,
      site_url: site.baseUrl,
      display_url: site.baseUrl,
    });
    // The login page is Decap's: the wrapper keeps the clinic's name over it until she is in.
    const page = load(await readFile(join(dir, 'out/admin/index.html'), 'utf8'));
    expect(page('title').text()).toBe(`Edit the website · ${site.name}`);
    expect(page('#clinic-editor-wrapper h1').text()).toBe(`Edit the website of ${site.name}`);
    const script = await readFile(join(dir, 'out/admin/hide-wrapper.js'), 'utf8');
    expect(script).toContain("wrapper.hidden = Boolean(localStorage.getItem('decap-cms-user'))");
  }, 120_000);

  it('should leave admin/ out of a build without the option, even right after one with it', async () => {
    const plain = await runCli(['build', '--out', 'out'], dir);
    expect(plain.code, plain.stderr).toBe(0);
    expect(existsSync(join(dir, 'out/admin'))).toBe(false);
    expect(await readFile(join(dir, 'out/_headers'), 'utf8')).not.toContain('/admin/*');
  }, 120_000);

  it('should refuse a repository that is not OWNER/NAME, with exit code 2', async () => {
    const wrong = await runCli(['build', '--editor', 'not a repository', '--out', 'out'], dir);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/must be a GitHub repository as OWNER\/NAME/);
  });
});
