/**
 * Redirects that keep links alive: an article's `aliases:` and content/redirects.yaml become
 * `_redirects` lines and forwarding pages; clashes and dead ends are located errors; a page the
 * last build published that is gone is a warning naming the line that would keep it.
 */
import { load } from 'cheerio';
import { existsSync } from 'node:fs';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { SiteError } from '../../src/errors.ts';
import { loadYamlText } from '../../src/load/content.ts';
import { redirectsSchema } from '../../src/schemas/redirects.ts';
import { contentHash, markerText, outputMarker, readListing } from '../../src/write/marker.ts';
import { serve } from '../../src/serve/server.ts';
import { editFile, removeProject, runCli, snapshot, tempProject } from '../helpers.ts';

let dir: string;
beforeEach(async () => {
  dir = await tempProject();
});
afterEach(async () => {
  await removeProject(dir);
});

const aliases = (lines: string[]) => `readTime: 4 min read\naliases:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`;

describe('redirects', () => {
  it('should write _redirects lines and forwarding pages for aliases and content/redirects.yaml', async () => {
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'readTime: 4 min read\n', aliases(['/blog/hrt-glow-up-old/', '/hrt.html']));
    await writeFile(join(dir, 'content/redirects.yaml'), '- from: /old-process\n  to: /process\n- from: /price-list.pdf\n  to: /inbody-analysis#pricing\n- from: /book\n  to: https://booking.example.com/\n');
    const result = await runCli(['build'], dir);
    expect(result.code, result.stderr).toBe(0);
    const out = join(dir, 'dist');
    const rules = await readFile(join(out, '_redirects'), 'utf8');
    const lines = rules.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines).toEqual([
      '/blog/hrt-glow-up-old /blog/hrt-glow-up/ 301',
      '/blog/hrt-glow-up-old/ /blog/hrt-glow-up/ 301',
      '/hrt.html /blog/hrt-glow-up/ 301',
      '/old-process /process 301',
      '/old-process/ /process 301',
      '/price-list.pdf /inbody-analysis#pricing 301',
      '/book https://booking.example.com/ 301',
      '/book/ https://booking.example.com/ 301',
      // Last, the Spanish not-found page for unknown addresses under /es/.
      '/es/* /es/404.html 404',
    ]);
    // Each rule names the line that asked for it.
    expect(rules).toContain('# content/blog/hrt-glow-up.md:');
    expect(rules).toContain('# content/redirects.yaml:1');

    const page = load(await readFile(join(out, 'blog/hrt-glow-up-old/index.html'), 'utf8'));
    expect(page('meta[http-equiv="refresh"]').attr('content')).toBe('0; url=/blog/hrt-glow-up/');
    expect(page('link[rel="canonical"]').attr('href')).toBe('https://www.example.com/blog/hrt-glow-up/');
    expect(page('meta[name="robots"]').attr('content')).toBe('noindex');
    expect(page('a').attr('href')).toBe('/blog/hrt-glow-up/');
    expect(page('a').text()).toContain('HRT Glow-Up');
    expect(existsSync(join(out, 'hrt.html'))).toBe(true);
    // An address that is not a page's is kept by _redirects alone; forwarding pages stay out of the sitemap.
    expect(existsSync(join(out, 'price-list.pdf'))).toBe(false);
    expect(await readFile(join(out, 'sitemap.xml'), 'utf8')).not.toContain('hrt-glow-up-old');
  }, 60_000);

  it('should refuse an alias that is a page, one listed twice, and a redirect to nowhere or to another old address, at their lines', async () => {
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'readTime: 4 min read\n', aliases(['/process', '/blog/old/']));
    await editFile(dir, 'content/blog/burnout-and-energy.md', /\n---\n/, '\naliases:\n  - /blog/old\n---\n');
    await writeFile(join(dir, 'content/redirects.yaml'), '- from: /gone\n  to: /proces\n- from: /older\n  to: /blog/old/\n- from: /feed.xml\n  to: /blog\n');
    const result = await runCli(['build'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
    expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+[\s\S]*the old address \/process is a page of the site/);
    expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:11:\d+[\s\S]*the old address \/blog\/old\/ is already kept by content\/blog\/burnout-and-energy\.md:11/);
    expect(result.stderr).toMatch(/content\/redirects\.yaml:2:\d+[\s\S]*leads to \/proces, which is not a page of the site[\s\S]*did you mean \/process\?/);
    expect(result.stderr).toMatch(/content\/redirects\.yaml:4:\d+[\s\S]*\/blog\/old\/, which is itself an old address/);
    expect(result.stderr).toMatch(/content\/redirects\.yaml:5:\d+[\s\S]*the old address \/feed\.xml is a file of the site/);
  }, 60_000);

  it('should refuse, at its line, an old address under a file of the site or the output\'s marker, not with an unlocated "folder in the way"', async () => {
    for (const [from, why] of [
      ['/robots.txt/old', /content\/redirects\.yaml:2:\d+[\s\S]*the old address \/robots\.txt\/old is inside \/robots\.txt, a file of the site/],
      ['/.clinic-site-output', /content\/redirects\.yaml:2:\d+[\s\S]*cannot be \/\.clinic-site-output/],
    ] as const) {
      await writeFile(join(dir, 'content/redirects.yaml'), `- to: /process\n  from: ${from}\n`);
      const result = await runCli(['build'], dir);
      expect(result.code, from).toBe(1);
      expect(result.stderr).not.toMatch(/Internal error|\n\s+at |in the way/);
      expect(result.stderr).toMatch(why);
      expect(existsSync(join(dir, 'dist'))).toBe(false);
    }
  }, 60_000);

  it('should reject a malformed old address in front matter at its line', async () => {
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'readTime: 4 min read\n', aliases(['blog/no-slash', '/a/../b']));
    const result = await runCli(['check'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:10:\d+[\s\S]*must be a path from the site root/);
    expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:11:\d+[\s\S]*must not hold "\." or "\.\."/);
  }, 60_000);

  it('should refuse a redirect from a path the generator owns (/assets/, /pagefind/, /.clinic-site-output, /admin/) at its line', () => {
    const owned = ['/assets/site.css', '/pagefind/pagefind.js', '/.clinic-site-output', '/admin/', '/pagefind'];
    const text = owned.map((from) => `- from: ${from}\n  to: /process\n`).join('') + '- from: /assets-old\n  to: /process\n';
    const errors: SiteError[] = [];
    loadYamlText('content/redirects.yaml', text, redirectsSchema, errors);
    const tail = 'so a redirect from it would break that part of the site';
    expect(errors.map((e) => `${e.loc?.line} ${e.message}`)).toEqual([
      `1 "#1 from" cannot be /assets/site.css: /assets/ is where the build puts the bundled script, styles and fonts, ${tail}`,
      `3 "#2 from" cannot be /pagefind/pagefind.js: /pagefind/ is where the build puts the search index, ${tail}`,
      `5 "#3 from" cannot be /.clinic-site-output: /.clinic-site-output is where the build puts its list of the files it wrote, ${tail}`,
      `7 "#4 from" cannot be /admin/: /admin/ is where the build puts the browser editor, ${tail}`,
      `9 "#5 from" cannot be /pagefind: /pagefind/ is where the build puts the search index, ${tail}`,
    ]);
  });

  it('should warn, naming the old address and the aliases: line, when a published page is gone, and keep quiet once an alias keeps it', async () => {
    expect((await runCli(['build'], dir)).code).toBe(0);
    await rename(join(dir, 'content/blog/hrt-glow-up.md'), join(dir, 'content/blog/hrt-glow-up-guide.md'));
    const renamed = await runCli(['build'], dir);
    expect(renamed.code, renamed.stderr).toBe(0);
    const warned = renamed.stdout + renamed.stderr;
    expect(warned).toContain('/blog/hrt-glow-up/ was published by the last build and is gone now');
    expect(warned).toContain('add to content/blog/hrt-glow-up-guide.md:');
    expect(warned).toMatch(/aliases:\n\s+- \/blog\/hrt-glow-up\//);

    // The warning's own advice, followed, keeps the old address working and the build quiet.
    await editFile(dir, 'content/blog/hrt-glow-up-guide.md', 'readTime: 4 min read\n', aliases(['/blog/hrt-glow-up/']));
    const kept = await runCli(['build'], dir);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout + kept.stderr).not.toContain('is gone now');
    const forward = load(await readFile(join(dir, 'dist/blog/hrt-glow-up/index.html'), 'utf8'));
    expect(forward('meta[http-equiv="refresh"]').attr('content')).toBe('0; url=/blog/hrt-glow-up-guide/');
  }, 90_000);

  it('should suggest a content/redirects.yaml snippet that is valid YAML when a page that is not an article is gone', async () => {
    expect((await runCli(['build'], dir)).code).toBe(0);
    // The previous build published /old-page (as its sitemap says); this one has no such page.
    await editFile(dir, 'dist/sitemap.xml', '</urlset>', '<url><loc>https://example.com/old-page</loc></url></urlset>');
    await ownedByTheBuild(join(dir, 'dist'), 'sitemap.xml');
    const result = await runCli(['build'], dir);
    expect(result.code, result.stderr).toBe(0);
    const lines = (result.stdout + result.stderr).split('\n');
    const at = lines.findIndex((l) => l.includes('/old-page was published by the last build') && l.endsWith('add to content/redirects.yaml:'));
    expect(at, result.stdout + result.stderr).toBeGreaterThan(-1);
    const snippet = lines.slice(at + 1, at + 3);
    const indent = Math.min(...snippet.map((l) => l.length - l.trimStart().length));
    const pasted = snippet.map((l) => l.slice(indent)).join('\n');
    expect(parseYaml(pasted)).toEqual([{ from: '/old-page', to: '/the-page-that-replaces-it' }]);
    // Pasted under an existing list, it adds one more redirect.
    expect(parseYaml(`- from: /older\n  to: /process\n${pasted}\n`)).toHaveLength(2);
  }, 60_000);

  it('should tell the author in serve when a renamed article leaves its old address behind', async () => {
    const lines: string[] = [];
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: (line: string) => lines.push(line) });
    try {
      await rename(join(dir, 'content/blog/hrt-glow-up.md'), join(dir, 'content/blog/hrt-glow-up-guide.md'));
      const deadline = Date.now() + 20_000;
      while (!lines.some((l) => l.includes('is gone now')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const warning = lines.find((l) => l.includes('is gone now'));
      expect(warning, lines.join('\n')).toContain('/blog/hrt-glow-up/ was published by the last build');
      expect(warning).toContain('content/blog/hrt-glow-up-guide.md');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('should leave the output as it was when a redirect is refused', async () => {
    expect((await runCli(['build'], dir)).code).toBe(0);
    const good = await snapshot(join(dir, 'dist'));
    await writeFile(join(dir, 'content/redirects.yaml'), '- from: /blog\n  to: /process\n');
    expect((await runCli(['build'], dir)).code).toBe(1);
    expect(await snapshot(join(dir, 'dist'))).toEqual(good);
  }, 60_000);
});

/** Lists a file of an output, edited by a test to stand for what an earlier build wrote, in its marker with its bytes as they are now. */
async function ownedByTheBuild(out: string, file: string): Promise<void> {
  const bytes = await readFile(join(out, file));
  const { size, mtimeMs } = await stat(join(out, file));
  const listing = readListing(out)!;
  listing.set(file, [{ path: file, size, mtimeMs, hash: contentHash(bytes) }]);
  await writeFile(join(out, outputMarker), markerText([...listing.values()].flat()));
}
