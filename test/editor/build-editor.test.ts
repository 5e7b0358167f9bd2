/** `build --editor`: the browser editor in the output's admin/, for the GitHub backend, with its own rules in _headers; off by default. */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
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
    // Where each entry shows, from this build's pages (issue 40): the page names it, the file is beside the configuration.
    expect(page).toContain('"places":"places.json"');
    type Places = Record<string, { shownOn: { href: string }[] }>;
    const places = JSON.parse(await readFile(join(dir, 'out/admin/places.json'), 'utf8')) as Places;
    expect(places['content/treatments/glp1.yaml']!.shownOn.map((p) => p.href)).toContain('/services/body/weight-loss');
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

  it('should write the hosted preview beside the editor: a snapshot of the site and its script, named by their hash', async () => {
    const built = await runCli(['build', '--editor', 'heard-health/website', '--out', 'out'], dir);
    expect(built.code, built.stderr).toBe(0);
    const page = await readFile(join(dir, 'out/admin/index.html'), 'utf8');
    const settings = JSON.parse(load(page)('#clinic-editor-settings').text()) as { hostedPreview?: { script: string; snapshot: string } };
    expect(settings.hostedPreview?.script).toMatch(/^preview-[0-9a-f]{10}\.js$/);
    expect(settings.hostedPreview?.snapshot).toMatch(/^site-[0-9a-f]{10}\.json$/);
    const { script, snapshot: snapshotFile } = settings.hostedPreview!;
    type Snapshot = { files: Record<string, string>; assets: { css: string }; images: Record<string, unknown>; baseUrl: string };
    const snapshot = JSON.parse(await readFile(join(dir, 'out/admin', snapshotFile), 'utf8')) as Snapshot;
    // The content files as the build read them, the links and images of this build, the site's address.
    const service = 'content/services/mens-health.yaml';
    expect(snapshot.files[service]).toBe(await readFile(join(dir, service), 'utf8'));
    expect(Object.keys(snapshot.files)).toContain('content/site.yaml');
    expect(Object.keys(snapshot.files).some((file) => file.startsWith('content/blog/') && file.endsWith('.md'))).toBe(true);
    expect(Object.keys(snapshot.files).every((file) => /^content\/.+\.(ya?ml|md)$/.test(file))).toBe(true);
    expect(existsSync(join(dir, 'out', snapshot.assets.css))).toBe(true);
    expect(snapshot.images['/images/services/mens-health.jpg']).toBeDefined();
    expect(snapshot.baseUrl).toBe((parse(await readFile(join(dir, 'content/site.yaml'), 'utf8')) as { baseUrl: string }).baseUrl);
    // Kept small: the whole site's text is about 375 KB (110 KB compressed); the script is loaded by the editor alone.
    expect((await readFile(join(dir, 'out/admin', snapshotFile))).length).toBeLessThan(600_000);
    expect(existsSync(join(dir, 'out/admin', script))).toBe(true);
    for (const file of ['index.html', 'services/body/mens-health/index.html', 'blog/index.html']) {
      const html = await readFile(join(dir, 'out', file), 'utf8');
      expect(html, file).not.toContain(script);
      expect(html, file).not.toContain(snapshotFile);
    }
  }, 120_000);

  it('should still build a site where the editor is not installed (npm ci --omit=dev), and refuse --editor saying how to add it', async () => {
    // Node finds no decap-cms-app here, nor the packages the hosted preview takes from it.
    const hook = join(dir, 'no-editor.cjs');
    await writeFile(hook, `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^(decap-cms-[\\w-]+|path-browserify|buffer\\/)(\\/|$)/.test(request)) {
    throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
  }
  return resolve.call(this, request, ...rest);
};
`);
    const env = { NODE_OPTIONS: `--require ${hook}` };
    const plain = await runCli(['build', '--out', 'bare'], dir, env);
    expect(plain.code, plain.stderr).toBe(0);
    expect((await readdir(join(dir, 'bare'))).length).toBeGreaterThan(10);
    expect(existsSync(join(dir, 'bare/admin'))).toBe(false);
    const editor = await runCli(['build', '--editor', 'heard-health/website', '--out', 'bare'], dir, env);
    expect(editor.code).toBe(1);
    expect(editor.stderr).toMatch(/the browser editor \(decap-cms-app\) is not installed here/);
  }, 120_000);

  it('should refuse a repository that is not OWNER/NAME, with exit code 2', async () => {
    const wrong = await runCli(['build', '--editor', 'not a repository', '--out', 'out'], dir);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/must be a GitHub repository as OWNER\/NAME/);
  });
});
