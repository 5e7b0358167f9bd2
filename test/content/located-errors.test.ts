/** Each class of content mistake is reported with its file, real line and column, and a hint. */
import { copyFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { SiteError } from '../../src/errors.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, tempProject, siteErrorsOf } from '../helpers.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

async function project(fixture?: string): Promise<string> {
  const dir = await tempProject(fixture);
  made.push(dir);
  return dir;
}

function only(errors: SiteError[], code: SiteError['code']): SiteError {
  const found = errors.filter((e) => e.code === code);
  expect(found, JSON.stringify(errors.map((e) => [e.code, e.message]))).toHaveLength(1);
  return found[0]!;
}

describe('content errors', () => {
  it('should report a YAML syntax error with its file and line', async () => {
    const errors = await siteErrorsOf(loadContent(await project('yaml-syntax')));
    const error = only(errors, 'yaml-syntax');
    expect(error.loc?.file).toBe('content/not-found.yaml');
    expect(error.loc?.line).toBe(2);
    expect(error.hint).toMatch(/quote/);
  });

  it('should report an unknown field at its line and suggest the nearest known name', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('unknown-field'))), 'unknown-field');
    expect(error.loc).toEqual({ file: 'content/treatments/ssri.yaml', line: 2, column: 1 });
    expect(error.message).toContain('descripton');
    expect(error.hint).toBe('did you mean "description"? it is required, so rename this one');
  });

  it('should report a misspelt required field once, as the misspelling, not also as missing', async () => {
    const errors = await siteErrorsOf(loadContent(await project('unknown-field')));
    expect(errors.filter((e) => e.loc?.file === 'content/treatments/ssri.yaml').map((e) => e.code)).toEqual(['unknown-field']);
  });

  it('should report every unknown field of a group, each at its own line', async () => {
    const dir = await project();
    await editFile(dir, 'content/treatments/nad.yaml', /^dosage:/m, 'colour: blue\nsize: large\ndosage:');
    const errors = (await siteErrorsOf(loadContent(dir))).filter((e) => e.code === 'unknown-field');
    expect(errors.map((e) => e.message)).toEqual(['"colour" is not a field this file can have', '"size" is not a field this file can have']);
    expect(errors[1]!.loc!.line).toBe(errors[0]!.loc!.line + 1);
  });

  it('should report a tab used as indentation once, at its line, with what to do', async () => {
    const dir = await project();
    await editFile(dir, 'content/site.yaml', /^  street: /m, '\tstreet: ');
    const errors = await siteErrorsOf(loadContent(dir));
    const lines = (await readFile(join(dir, 'content/site.yaml'), 'utf8')).split('\n');
    expect(errors.map((e) => e.code)).toEqual(['yaml-syntax']);
    expect(errors[0]!.loc).toEqual({ file: 'content/site.yaml', line: lines.findIndex((l) => l.startsWith('\tstreet')) + 1, column: 1 });
    expect(errors[0]!.hint).toContain('replace the tab');
  });

  it('should list the problems of several files by file and line', async () => {
    const dir = await project('unknown-field');
    await cpFixture(dir, 'missing-field');
    await editFile(dir, 'content/treatments/ssri.yaml', /^dosage:/m, 'strength: 1\ndosage:');
    const located = (await siteErrorsOf(loadContent(dir))).map((e) => [e.loc!.file, e.loc!.line] as const);
    const sorted = [...located].sort(([fa, la], [fb, lb]) => fa.localeCompare(fb) || la - lb);
    expect(located.length).toBeGreaterThan(2);
    expect(located).toEqual(sorted);
  });

  it('should report a missing field and say what to add', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('missing-field'))), 'missing-field');
    expect(error.loc?.file).toBe('content/treatments/nad.yaml');
    expect(error.message).toBe('"dosage" is required but missing');
    expect(error.hint).toContain('dosage:');
  });

  it('should report a mistyped field with what was expected and what was found', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('wrong-type'))), 'wrong-type');
    expect(error.loc).toEqual({ file: 'content/treatments/glp1.yaml', line: 4, column: 14 });
    expect(error.message).toContain('should be a list');
    expect(error.message).toContain('"Weight loss"');
  });

  it('should report a date that does not exist, counting the front matter lines', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('invalid-date'))), 'invalid-date');
    expect(error.loc).toEqual({ file: 'content/blog/leap-day.md', line: 5, column: 14 });
    expect(error.message).toContain('2023-02-29');
    expect(error.hint).toContain('YYYY-MM-DD');
  });

  it('should give front matter errors the real line in the markdown file', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('front-matter'))), 'unknown-field');
    expect(error.loc).toEqual({ file: 'content/blog/typo.md', line: 6, column: 1 });
    expect(error.hint).toBe('did you mean "category"? it is required, so rename this one');
  });

  it('should report two articles with the same slug', async () => {
    const error = only(await siteErrorsOf(loadContent(await project('duplicate-slug'))), 'duplicate-id');
    expect(error.message).toContain('why-we-started');
    expect(error.loc?.file).toMatch(/^content\/blog\/(archive\/)?why-we-started\.md$/);
  });

  it('should report a duplicate pillar id at the second definition', async () => {
    const dir = await project();
    await editFile(dir, 'content/home.yaml', '    - id: body', '    - id: brain');
    const error = only(await siteErrorsOf(loadContent(dir)), 'duplicate-id');
    expect(error.loc?.file).toBe('content/home.yaml');
    expect(error.message).toContain('"brain"');
  });

  it('should report a reference to an unknown treatment and list the closest ids', async () => {
    const dir = await project();
    await editFile(dir, 'content/home.yaml', 'treatments: [ssri,', 'treatments: [ssrri,');
    const error = only(await siteErrorsOf(loadContent(dir)), 'unknown-reference');
    expect(error.loc?.file).toBe('content/home.yaml');
    expect(error.message).toContain('ssrri');
    expect(error.hint).toContain('"ssri"');
  });

  it('should name the file and line that refer to a missing image', async () => {
    const dir = await project();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: /images/blog/glow.png');
    const error = only(await siteErrorsOf(build({ root: dir, writer: memoryWriter() })), 'missing-file');
    const lines = (await readFile(join(dir, 'content/blog/hrt-glow-up.md'), 'utf8')).split('\n');
    expect(error.loc).toEqual({ file: 'content/blog/hrt-glow-up.md', line: lines.indexOf('image: /images/blog/glow.png') + 1, column: 8 });
    expect(error.message).toBe('The image "public/images/blog/glow.png" does not exist');
  });

  it('should point to a missing image found elsewhere under public/ or beside the article', async () => {
    const dir = await project();
    await copyFile(join(dir, 'public/images/og-image.png'), join(dir, 'public/images/glow.png'));
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: /images/blog/glow.png');
    expect(only(await siteErrorsOf(build({ root: dir, writer: memoryWriter() })), 'missing-file').hint).toBe('did you mean "/images/glow.png"?');

    await rm(join(dir, 'public/images/glow.png'));
    await copyFile(join(dir, 'public/images/og-image.png'), join(dir, 'content/blog/glow.png'));
    expect(only(await siteErrorsOf(build({ root: dir, writer: memoryWriter() })), 'missing-file').hint).toBe(
      'content/blog/glow.png is beside the content file; images are served from public/: move it to public/images/blog/glow.png',
    );
  });

  it('should report a route without metadata', async () => {
    const dir = await project();
    await editFile(dir, 'content/metadata.yaml', /\/process:\n(  .*\n)+/, '');
    const error = only(await siteErrorsOf(build({ root: dir, writer: memoryWriter() })), 'missing-metadata');
    expect(error.message).toContain('/process');
    expect(error.loc?.file).toBe('content/metadata.yaml');
  });

  it('should report every problem of a run, not only the first', async () => {
    const dir = await project('unknown-field');
    await cpFixture(dir, 'missing-field');
    await cpFixture(dir, 'invalid-date');
    const errors = await siteErrorsOf(loadContent(dir));
    expect(new Set(errors.map((e) => e.code))).toEqual(new Set(['invalid-date', 'missing-field', 'unknown-field']));
    expect(new Set(errors.map((e) => e.loc?.file))).toEqual(new Set(['content/treatments/ssri.yaml', 'content/treatments/nad.yaml', 'content/blog/leap-day.md']));
  });

  it('should name the page and href of a broken link and a broken anchor', async () => {
    const errors = await siteErrorsOf(build({ root: await project('broken-link'), writer: memoryWriter() }));
    const link = errors.find((e) => e.code === 'broken-link' && e.message.includes('/pricing'));
    const anchor = errors.find((e) => e.code === 'broken-anchor' && e.message.includes('/process#no-such-step'));
    expect(link?.message).toContain('/blog/broken/');
    expect(anchor?.message).toContain('/blog/broken/');
    // Both are written in the article: the place is its file, line and column, counting the front matter.
    const line = 'See [our pricing](/pricing) and [the missing section](/process#no-such-step).';
    expect(link?.loc).toEqual({ file: 'content/blog/broken.md', line: 9, column: line.indexOf('(/pricing') + 2 });
    expect(anchor?.loc).toEqual({ file: 'content/blog/broken.md', line: 9, column: line.indexOf('(/process#') + 2 });
  });

  it('should find a broken navigation link in its YAML file and suggest the page meant', async () => {
    const dir = await project();
    await editFile(dir, 'content/navigation.yaml', /href: \/process$/m, 'href: /proces');
    const error = only(await siteErrorsOf(build({ root: dir, writer: memoryWriter() })), 'broken-link');
    const lines = (await readFile(join(dir, 'content/navigation.yaml'), 'utf8')).split('\n');
    expect(error.loc).toEqual({ file: 'content/navigation.yaml', line: lines.findIndex((l) => l.endsWith('href: /proces')) + 1, column: lines.find((l) => l.endsWith('href: /proces'))!.indexOf('/proces') + 1 });
    expect(error.hint).toBe('did you mean /process?');
  });
});

async function cpFixture(dir: string, fixture: string): Promise<void> {
  const { cp } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await cp(join(import.meta.dirname, '..', 'fixtures', fixture), dir, { recursive: true });
}
