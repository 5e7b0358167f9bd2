/** A save the site would not build with (serve's editor): the check build in the preview's copy, and the field a problem is at. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewer, type Previewer } from '../../src/serve/editor-preview.ts';
import { fieldAt } from '../../src/serve/save-check.ts';
import { removeProject, tempProject } from '../helpers.ts';

describe('the field a problem of a saved file is at', () => {
  const article = ['---', '# schema line', 'title: Spring', 'excerpt: >-', '  two lines', '---', 'Body text', '', 'TODO'].join('\n');
  it('should be the body past the front matter, else the top-level key at or above the line', () => {
    expect(fieldAt(article, 9, true)).toBe('body');
    expect(fieldAt(article, 7, true)).toBe('body');
    expect(fieldAt(article, 5, true)).toBe('excerpt');
    expect(fieldAt(article, 3, true)).toBe('title');
    expect(fieldAt(article, 2, true)).toBeUndefined();
    const site = ['# comment', 'name: Clinic', 'hours:', '  - days: Monday', '    closes: "25:00"'].join('\n');
    expect(fieldAt(site, 5, false)).toBe('hours');
    expect(fieldAt(site, 1, false)).toBeUndefined();
  });
});

describe('the check build of a save', () => {
  let dir: string;
  let previews: Previewer;
  beforeAll(async () => {
    dir = await tempProject();
    const pageFile = (page: string) => `${page.slice(1)}index.html`;
    previews = previewer(dir, 'http://127.0.0.1:4321', (files, page) => (files.has(pageFile(page)) ? pageFile(page) : undefined));
  });
  afterAll(async () => {
    await previews?.close();
    await removeProject(dir);
  });

  it('should refuse the text its preview has just failed on, and pass the file as it is', async () => {
    const file = 'content/blog/body-composition-scanning.md';
    const text = `${await readFile(join(dir, file), 'utf8')}\nTODO add the price.\n`;
    const saved = await readFile(join(dir, file), 'utf8');
    expect(await previews.preview(file, saved, '/blog/body-composition-scanning/')).toHaveProperty('html');
    expect(await previews.preview(file, text, '/blog/body-composition-scanning/')).toHaveProperty('errors');
    const problems = await previews.problemsWith(new Map([[file, text]]), []);
    expect(problems.map((p) => `${p.file} ${p.message}`)).toEqual([`${file} "TODO" is placeholder text that would be published`]);
    // The file as it is builds: no problem.
    expect(await previews.problemsWith(new Map([[file, saved]]), [])).toEqual([]);
  }, 120_000);
});
