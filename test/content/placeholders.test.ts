/** Placeholder text from `new article` and `new treatment`, and any TODO, fails a build that would publish it; drafts and unlisted treatments may hold it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { newArticle, newTreatment } from '../../src/authoring/scaffold.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, tempProject, siteErrorsOf } from '../helpers.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

async function project(): Promise<string> {
  const dir = await tempProject();
  made.push(dir);
  return dir;
}

const run = (dir: string) => build({ root: dir, writer: memoryWriter(), today: '2026-01-01' });

const problemsOf = (dir: string) => siteErrorsOf(run(dir));

/** The 1-based line of the first line of `file` that contains `text`. */
async function lineOf(dir: string, file: string, text: string): Promise<number> {
  const lines = (await readFile(join(dir, file), 'utf8')).split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  expect(index, text).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe('placeholder text', () => {
  it('should let a new article build as a draft, and name every placeholder line once it is published', async () => {
    const dir = await project();
    const { file } = await newArticle(dir, 'Sleep and hormones', { today: '2025-12-01' });
    await run(dir);
    await editFile(dir, file, 'draft: true\n', '');
    const errors = await problemsOf(dir);
    expect(errors.every((e) => e.code === 'placeholder-text' && e.loc?.file === file), JSON.stringify(errors.map((e) => e.message))).toBe(true);
    const lines = errors.map((e) => e.loc!.line);
    expect(lines).toContain(await lineOf(dir, file, 'excerpt:'));
    expect(lines).toContain(await lineOf(dir, file, 'Open with the question'));
    expect(lines).toContain(await lineOf(dir, file, 'Explain one idea'));
    expect(lines).toContain(await lineOf(dir, file, 'A list works well'));
    expect(lines).toContain(await lineOf(dir, file, 'Close with a practical'));
    expect(errors[0]!.hint).toContain('draft: true');
  });

  it('should let a new treatment stay unlisted, and fail once a pillar shows it', async () => {
    const dir = await project();
    const { file } = await newTreatment(dir, 'vitamin-d');
    await run(dir);
    await editFile(dir, 'content/home.yaml', 'treatments: [bupropion, methylene-blue]', 'treatments: [bupropion, methylene-blue, vitamin-d]');
    const errors = await problemsOf(dir);
    expect(errors.every((e) => e.code === 'placeholder-text' && e.loc?.file === file)).toBe(true);
    const found = errors.map((e) => [e.loc!.line, e.message.split('"')[1]]);
    expect(found).toContainEqual([await lineOf(dir, file, 'Another one'), 'Another one']);
    // A folded value (>-) is located at its field, the line before the text.
    expect(found).toContainEqual([(await lineOf(dir, file, 'A short, careful answer.')) - 1, 'A short, careful answer']);
    expect(found).toContainEqual([(await lineOf(dir, file, 'Two to four plain')) - 1, 'Two to four plain sentences for patients']);
    expect(found).toHaveLength(7);
  });

  it('should fail a leftover TODO in a page file at its line', async () => {
    const dir = await project();
    await editFile(dir, 'content/process.yaml', 'heading: Our Process', 'heading: Our Process TODO check wording');
    const errors = await problemsOf(dir);
    expect(errors.map((e) => [e.code, e.loc?.file, e.loc?.line])).toEqual([['placeholder-text', 'content/process.yaml', 2]]);
    expect(errors[0]!.message).toBe('"TODO" is placeholder text that would be published');
  });

  it('should not tell a treatment or a page file to use draft: true, which only articles have', async () => {
    const dir = await project();
    await newTreatment(dir, 'vitamin-d');
    await editFile(dir, 'content/home.yaml', 'treatments: [bupropion, methylene-blue]', 'treatments: [bupropion, methylene-blue, vitamin-d]');
    await editFile(dir, 'content/process.yaml', 'heading: Our Process', 'heading: Our Process TODO check wording');
    const errors = await problemsOf(dir);
    const treatment = errors.filter((e) => e.loc?.file === 'content/treatments/vitamin-d.yaml');
    expect(treatment.length).toBeGreaterThan(0);
    for (const error of treatment) {
      expect(error.hint).not.toContain('draft: true');
      expect(error.hint).toContain('leave it out of content/home.yaml and the service pages');
    }
    expect(errors.find((e) => e.loc?.file === 'content/process.yaml')?.hint).toBe('finish what the TODO asks for and remove it');
  });
});
