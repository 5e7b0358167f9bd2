/**
 * Issue 37 item 12: a file of public/ at a path the build makes (a page, _headers, the search index, the output's own list) is a
 * located error naming the public/ file, never a silent winner or loser.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { SiteError } from '../../src/errors.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { removeProject, siteErrorsOf, tempProject } from '../helpers.ts';

const today = '2026-01-01';
const publicFiles: Record<string, string> = {
  'process/index.html': '<!doctype html><title>Hand-made process page</title>',
  _headers: '/*\n  X-Hand-Made: yes\n',
  '.clinic-site-output': 'hand-made\n',
  'pagefind/pagefind.js': 'export const handMade = true;\n',
  'assets/site.css': 'body{}',
  'feed.xml': '<rss/>',
};

describe('files of public/ at paths the build makes', () => {
  let dir: string;
  let errors: SiteError[];
  const writer = memoryWriter();

  beforeAll(async () => {
    dir = await tempProject();
    for (const [file, text] of Object.entries(publicFiles)) {
      await mkdir(join(dir, 'public', file, '..'), { recursive: true });
      await writeFile(join(dir, 'public', file), text);
    }
    errors = await siteErrorsOf(build({ root: dir, writer, today }));
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  /** The one error about public/FILE. */
  const errorAbout = (file: string) => {
    const found = errors.filter((e) => e.loc?.file === `public/${file}`);
    expect(found.map((e) => e.message), file).toHaveLength(1);
    return found[0]!;
  };

  it('should refuse public/process/index.html, which would replace the page /process, naming the file and the page', () => {
    const error = errorAbout('process/index.html');
    expect(error.code).toBe('public-clash');
    expect(error.loc).toEqual({ file: 'public/process/index.html', line: 1, column: 1 });
    expect(error.message).toBe('public/process/index.html would be copied to /process/index.html, where the build puts the page /process');
    expect(error.hint).toMatch(/^rename public\/process\/index\.html or remove it/);
  });

  it('should refuse public/_headers and public/feed.xml, files the build writes itself', () => {
    expect(errorAbout('_headers').message).toContain('where the build puts a file of its own');
    expect(errorAbout('feed.xml').code).toBe('public-clash');
  });

  it('should refuse public/.clinic-site-output, public/pagefind/pagefind.js and public/assets/site.css, paths the generator keeps', () => {
    expect(errorAbout('.clinic-site-output').message).toContain('its list of the files it wrote (/.clinic-site-output)');
    expect(errorAbout('pagefind/pagefind.js').message).toContain('the search index (/pagefind/)');
    expect(errorAbout('assets/site.css').message).toContain('(/assets/)');
    expect(errors).toHaveLength(Object.keys(publicFiles).length);
  });

  it('should publish the page /process once public/process/index.html is gone', async () => {
    await Promise.all(Object.keys(publicFiles).map((file) => rm(join(dir, 'public', file))));
    await build({ root: dir, writer, today });
    const page = Buffer.from(writer.files.get('process/index.html')!).toString('utf8');
    expect(page).not.toContain('Hand-made');
    expect(page).toContain('<h1');
    expect(Buffer.from(writer.files.get('_headers')!).toString('utf8')).not.toContain('X-Hand-Made');
  });
});
