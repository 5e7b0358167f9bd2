/**
 * Files that come, go or are renamed under content/ while the dev server runs (a stray file, a Spanish translation): the
 * save that brings each change finds it, and the output and the problems are what a clean build of the same tree gives.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo } from '../../src/incremental/memo.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { removeProject, siteErrorsOf, tempProject } from '../helpers.ts';

describe('files coming and going under content/ in the dev server', { retry: 0, timeout: 120_000 }, () => {
  let dir: string;
  /** The dev server's state: one writer and one memo in memory for every rebuild, each told what changed. */
  const writer = memoryWriter();
  const memo = emptyMemo();
  const baseUrl = 'http://localhost:4321';
  const serveBuild = (changed: string[]) => build({ root: dir, writer, memo, drafts: true, baseUrl, changed: new Set(changed) });
  /** What the output holds, file by file, as text. */
  const texts = (files: Map<string, Uint8Array>) =>
    Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, bytes]) => [file, Buffer.from(bytes).toString('latin1')]));
  /** What a clean build of the same tree serves. */
  const clean = async () => {
    const fresh = memoryWriter();
    await build({ root: dir, writer: fresh, memo: emptyMemo(), drafts: true, baseUrl });
    return texts(fresh.files);
  };
  const problemFiles = async (changed: string[]) => (await siteErrorsOf(serveBuild(changed))).map((e) => e.loc?.file);
  const english = 'content/blog/burnout-and-energy.md';
  const translation = 'content/blog/burnout-and-energy.es.md';
  const spanishPage = 'es/blog/burnout-and-energy/index.html';
  const stray = 'content/blog/notes.txt';
  let translated: string;

  beforeAll(async () => {
    dir = await tempProject();
    translated = await readFile(join(dir, translation), 'utf8');
    await build({ root: dir, writer, memo, drafts: true, baseUrl });
    expect(writer.files.has(spanishPage)).toBe(true);
  });
  afterAll(() => removeProject(dir));

  it('should report a stray file on the save that adds it, and forget it on the save that removes it', async () => {
    await writeFile(join(dir, stray), 'Notes the author left beside the articles.\n');
    expect(await problemFiles([stray])).toEqual([stray]);
    await rm(join(dir, stray));
    await serveBuild([stray]);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should drop a Spanish translation on the save that removes it, and find it on the save that adds it', async () => {
    await rm(join(dir, translation));
    await serveBuild([translation]);
    expect(writer.files.has(spanishPage)).toBe(false);
    expect(texts(writer.files)).toEqual(await clean());
    await writeFile(join(dir, translation), translated);
    await serveBuild([translation]);
    expect(writer.files.has(spanishPage)).toBe(true);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should report a translation renamed to a name it cannot read (.es.MD), and find it again when renamed back', async () => {
    const misnamed = translation.replace(/md$/, 'MD');
    await rename(join(dir, translation), join(dir, misnamed));
    expect(await problemFiles([translation, misnamed])).toEqual([misnamed]);
    await rename(join(dir, misnamed), join(dir, translation));
    await serveBuild([misnamed, translation]);
    expect(writer.files.has(spanishPage)).toBe(true);
    expect(texts(writer.files)).toEqual(await clean());
  });

  it('should find a translation added on a save that failed before translations were looked for', async () => {
    await rm(join(dir, translation));
    await serveBuild([translation]);
    const text = await readFile(join(dir, english), 'utf8');
    await writeFile(join(dir, english), text.replace(/^title: .*$/m, 'title: [unclosed'));
    await writeFile(join(dir, translation), translated);
    expect(await problemFiles([english, translation])).toEqual([english]);
    // Mended: only the English file is saved now, and the translation added with the failed save is still found.
    await writeFile(join(dir, english), text);
    await serveBuild([english]);
    expect(writer.files.has(spanishPage)).toBe(true);
    expect(texts(writer.files)).toEqual(await clean());
  });
});
