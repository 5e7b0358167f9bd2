/**
 * Issue 25, items 5 to 7: content that built with exit 0 and no word, crashed with a stack, or was
 * reported at the wrong place. Each is a located error saying what to do.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { SiteError } from '../../src/errors.ts';
import { inspectMarkdown, maxNesting } from '../../src/markdown/markdown.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, runCli, siteErrorsOf, tempProject } from '../helpers.ts';

const today = '2026-01-01';

/** Appends `text` to a file of the project in `dir`; resolves to the 1-based line the text starts on. */
async function append(dir: string, file: string, text: string): Promise<number> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  await writeFile(path, before + text);
  return before.split('\n').length;
}

/** The one error reported for `file` (every broken file here has exactly one). */
function errorOf(errors: readonly SiteError[], file: string): SiteError {
  const found = errors.filter((e) => e.loc?.file === file);
  expect(found.map((e) => `${e.code}: ${e.message}`), file).toHaveLength(1);
  return found[0]!;
}

describe('content that failed to load', () => {
  // One copy holds every load-stage problem: a build reports them all at once.
  let dir: string;
  let errors: SiteError[];
  const lines: Record<string, number> = {};

  beforeAll(async () => {
    dir = await tempProject();
    await writeFile(join(dir, 'content/blog/why-we-started.md'), '');
    lines.quotes = (await append(dir, 'content/blog/hrt-glow-up.md', `\n\n${'>'.repeat(2000)} deep\n`)) + 2;
    const deepList = Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item ${i + 1}\n`).join('');
    lines.list = (await append(dir, 'content/blog/burnout-and-energy.md', `\n\n${deepList}`)) + 2;
    lines.oneLine = (await append(dir, 'content/blog/fat-loss-vs-weight-loss.md', `\n\n${'- '.repeat(5000)}deep\n`)) + 2;
    await editFile(dir, 'content/blog/cbd-cbg-sleep-anxiety-pain.md', /\n---\n/, '\n');
    await editFile(dir, 'content/blog/body-composition-scanning.md', 'title: "Beyond', 'title: "\u0000Beyond');
    await editFile(dir, 'content/site.yaml', 'name: Heard', 'name: He\u0000ard');
    await editFile(dir, 'content/memberships.yaml', 'title: Biote Hormone Pellet Therapy', 'title: "Biote \\0 Pellets"');
    await editFile(dir, 'content/home.yaml', '\n  headline:', '\n    headline:');
    await copyFile(join(dir, 'content/treatments/nad.yaml'), join(dir, 'content/treatments/nad.yml'));
    await copyFile(join(dir, 'content/programs/body.yaml'), join(dir, 'content/programs/extra.yml'));
    await writeFile(join(dir, 'content/redirects.yml'), '- from: /old\n  to: /process\n');
    errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today }));
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should report an empty article as an empty file', () => {
    const error = errorOf(errors, 'content/blog/why-we-started.md');
    expect(error.code).toBe('empty-file');
    expect(error.loc).toMatchObject({ line: 1, column: 1 });
    expect(error.message).toContain('empty');
  });

  it('should report 2,000 nested ">" in an article as nesting past the stated limit, at the quote that goes too deep', () => {
    const error = errorOf(errors, 'content/blog/hrt-glow-up.md');
    expect(error.code).toBe('markdown-too-deep');
    expect(error.message).toContain(`${maxNesting} levels`);
    expect(error.loc).toMatchObject({ line: lines.quotes, column: maxNesting + 1 });
  });

  it('should report a list indented past the limit at the item that goes too deep', () => {
    const error = errorOf(errors, 'content/blog/burnout-and-energy.md');
    expect(error.code).toBe('markdown-too-deep');
    // Item 101 is the first too deep; it is indented by two spaces per level.
    expect(error.loc).toMatchObject({ line: lines.list! + maxNesting, column: 2 * maxNesting + 1 });
  });

  it('should report 5,000 list markers on one line at the marker past the limit, without parsing them all', () => {
    const error = errorOf(errors, 'content/blog/fat-loss-vs-weight-loss.md');
    expect(error.code).toBe('markdown-too-deep');
    expect(error.loc).toMatchObject({ line: lines.oneLine, column: 2 * maxNesting + 1 });
  });

  it('should say a front matter without its closing --- is not closed, at the line that opens it', () => {
    const error = errorOf(errors, 'content/blog/cbd-cbg-sleep-anxiety-pain.md');
    expect(error.code).toBe('front-matter-syntax');
    expect(error.message).toContain('never closed');
    expect(error.loc).toMatchObject({ line: 1, column: 1 });
  });

  it('should report a NUL byte in a YAML value, and in front matter, at the byte', () => {
    const site = errorOf(errors, 'content/site.yaml');
    expect(site.code).toBe('control-character');
    expect(site.message).toContain('U+0000');
    expect(site.loc).toMatchObject({ line: 3, column: 9 });
    const article = errorOf(errors, 'content/blog/body-composition-scanning.md');
    expect(article.code).toBe('control-character');
    expect(article.loc).toMatchObject({ line: 3, column: 9 });
  });

  it('should report a control character written as an escape ("\\0") at its value', async () => {
    const error = errorOf(errors, 'content/memberships.yaml');
    expect(error.code).toBe('control-character');
    const text = await readFile(join(dir, 'content/memberships.yaml'), 'utf8');
    const before = text.slice(0, text.indexOf('"Biote')).split('\n');
    expect(error.loc).toMatchObject({ line: before.length, column: before.at(-1)!.length + 1 });
  });

  it('should report treatments/nad.yml beside nad.yaml as a duplicate that is never read', () => {
    const error = errorOf(errors, 'content/treatments/nad.yml');
    expect(error.code).toBe('duplicate-id');
    expect(error.message).toContain('content/treatments/nad.yaml');
  });

  it('should tell to rename a .yml file in a content folder, or in content/ itself, to .yaml', () => {
    expect(errorOf(errors, 'content/programs/extra.yml').hint).toBe('rename the file to extra.yaml');
    expect(errorOf(errors, 'content/redirects.yml').hint).toBe('rename the file to redirects.yaml');
  });

  it('should report an over-indented line of home.yaml at that line, not the one above', () => {
    const error = errorOf(errors, 'content/home.yaml');
    expect(error.loc).toMatchObject({ line: 4, column: 5 });
    expect(error.message).toContain('"headline:"');
    expect(error.hint).toContain('same column as "eyebrow"');
  });

  it('should end the CLI build with exit 1 and located messages, never "Internal error" or a stack', async () => {
    const { code, stderr, stdout } = await runCli(['build', '--out', join(dir, 'out')], dir);
    expect(code).toBe(1);
    expect(stderr + stdout).not.toMatch(/Internal error|Maximum call stack|\n\s+at /);
    expect(stderr).toContain('content/blog/why-we-started.md:1:1');
    expect(stderr).toContain(`content/blog/hrt-glow-up.md:${lines.quotes}:${maxNesting + 1}`);
  });
});

describe('content that loaded but says something impossible', () => {
  it('should report a category described twice in blog.yaml, and a review dated in the future, each at its line', async () => {
    const dir = await tempProject();
    try {
      const twice = '  - name: Metabolic Health\n    color: green\n  - name: Natural Therapies\n';
      await editFile(dir, 'content/blog.yaml', '  - name: Natural Therapies\n', twice);
      const reviewLine = (await append(dir, 'content/treatments/glp1.yaml', 'reviewedBy: jane-example\nreviewedOn: 2999-01-01\n')) + 1;
      const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today }));
      const described = errorOf(errors, 'content/blog.yaml');
      expect(described.code).toBe('duplicate-id');
      expect(described.message).toContain('"Metabolic Health" is described twice');
      const text = await readFile(join(dir, 'content/blog.yaml'), 'utf8');
      const second = text.slice(0, text.lastIndexOf('Metabolic Health')).split('\n');
      expect(described.loc).toMatchObject({ line: second.length, column: second.at(-1)!.length + 1 });
      const future = errorOf(errors, 'content/treatments/glp1.yaml');
      expect(future.code).toBe('invalid-date');
      expect(future.message).toContain('2999-01-01');
      expect(future.loc).toMatchObject({ line: reviewLine, column: 13 });
    } finally {
      await removeProject(dir);
    }
  });
});

describe('the nesting limit', () => {
  it('should accept quotes and lists nested exactly to the limit', () => {
    const quotes = `${'>'.repeat(maxNesting)} deep\n`;
    const list = Array.from({ length: maxNesting }, (_, i) => `${'  '.repeat(i)}- item\n`).join('');
    expect(inspectMarkdown(quotes).findings).toEqual([]);
    expect(inspectMarkdown(list).findings).toEqual([]);
    expect(inspectMarkdown(`>${quotes}`).findings.map((f) => f.kind)).toEqual(['too-deep']);
  });
});
