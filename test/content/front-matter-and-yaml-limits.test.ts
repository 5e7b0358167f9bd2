/**
 * Regressions of the hardening issue, each a fixture site built with the real CLI: front matter
 * that is not YAML, broken fences, alias bombs and runaway nesting, unreadable files, tabs the old
 * fast YAML path let through, non-UTF-8 bytes, folders named like content files and file names
 * that are not slugs. Every one must exit 1 with the file and line, without "Internal error" or a
 * stack, and leave the previous output byte for byte as it was.
 */
import matter from 'gray-matter';
import { chmodSync, chownSync, existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArticle } from '../../src/load/article.ts';
import { readContentFileSync } from '../../src/read.ts';
import { slugOf } from '../../src/suggest.ts';
import { parseYaml } from '../../src/load/yaml.ts';
import type { SiteError } from '../../src/errors.ts';
import { articleSchema } from '../../src/schemas/article.ts';
import { asNobody, projectForNobody as nobodysProject, projectRoot, removeProject, runCli, snapshot, tempProject } from '../helpers.ts';

/** A copy of the project with a fixture that "nobody" owns, removed after the tests. */
async function projectForNobody(fixture: string): Promise<string> {
  const copy = await nobodysProject(fixture);
  made.push(copy);
  return copy;
}

const stack = /\n\s+at .+:\d+:\d+\)?\n/;
const made: string[] = [];
let built: string;

beforeAll(async () => {
  built = await tempProject();
  made.push(built);
  const first = await runCli(['build'], built);
  expect(first.code, first.stderr).toBe(0);
});
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

/** A copy of the built project (dist/ included) with a fixture laid over it. */
async function withFixture(fixture: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clinic-hardening-'));
  made.push(dir);
  await cp(built, dir, { recursive: true });
  await cp(join(projectRoot, 'test', 'fixtures', fixture), dir, { recursive: true });
  return dir;
}

/** Builds the project again and checks the failure is located, readable and changed nothing; returns stderr. */
async function failsAt(dir: string, ...places: string[]): Promise<string> {
  const before = await snapshot(join(dir, 'dist'));
  const result = await runCli(['build'], dir);
  expect(result.code, result.stderr).toBe(1);
  for (const place of places) expect(result.stderr).toContain(`${place}  `);
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stack);
  expect(await snapshot(join(dir, 'dist'))).toEqual(before);
  return result.stderr;
}

const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;

describe('front matter that is not YAML', () => {
  it('should refuse ---js front matter at its first line and never run it', async () => {
    const dir = await withFixture('front-matter-js');
    const stderr = await failsAt(dir, 'content/blog/x.md:1:4');
    expect(stderr).toContain('only YAML front matter is allowed');
    const checked = await runCli(['check'], dir);
    expect(checked.code).toBe(1);
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    expect(existsSync(join(projectRoot, 'PWNED'))).toBe(false);
  });

  it('should refuse every front matter language but YAML without evaluating any of them', () => {
    const g = globalThis as { evaluated?: boolean };
    for (const language of ['js', 'javascript', 'json', 'coffee', 'toml', ' js', 'JS', 'constructor', 'toString', '__proto__']) {
      const errors: SiteError[] = [];
      const text = `---${language}\n{ title: (globalThis.evaluated = true, 'T'), excerpt: 'x', author: 'a', publishDate: '2024-01-01', category: 'c' }\n---\nBody\n`;
      expect(loadArticle('content/blog/x.md', text, articleSchema, errors), language).toBeUndefined();
      expect(errors.map((e) => [e.code, e.loc?.line]), language).toEqual([['front-matter-syntax', 1]]);
    }
    expect(g.evaluated).toBeUndefined();
  });

  it('should refuse ---js front matter again when gray-matter has already cached the same text', () => {
    const text = "---js\n{ title: 'T', excerpt: 'x', author: 'a', publishDate: '2024-01-01', category: 'c' }\n---\nBody\n";
    // A call without options (as any other code in the process might make) fills gray-matter's module-level cache.
    expect(matter(text).data).toMatchObject({ title: 'T' });
    for (let i = 0; i < 2; i++) {
      const errors: SiteError[] = [];
      expect(loadArticle('content/blog/x.md', text, articleSchema, errors)).toBeUndefined();
      expect(errors.map((e) => e.code)).toEqual(['front-matter-syntax']);
    }
  });

  it('should report "--- title: oops" on the first line as a broken fence, not an internal error', async () => {
    const stderr = await failsAt(await withFixture('front-matter-fence'), 'content/blog/fence.md:1:5');
    expect(stderr).toContain('should be three dashes alone');
    expect(stderr).toContain('put "title: oops" on the next line');
  });
});

describe('YAML that would exhaust the build', () => {
  it('should report an alias bomb in a treatment where aliases start to multiply, not crash', async () => {
    const dir = await withFixture('yaml-alias-bomb');
    const text = await readFile(join(dir, 'content/treatments/bomb.yaml'), 'utf8');
    // bomb_c: &c [*b, …]: the first alias to a list that itself holds aliases.
    const stderr = await failsAt(dir, `content/treatments/bomb.yaml:${lineOf(text, 'bomb_c')}:13`);
    expect(stderr).toContain('would expand to more than 100 copies');
  });

  it('should report block nesting 3,000 deep where it passes the limit, not overflow the stack', async () => {
    const dir = await withFixture('yaml-deep-nesting');
    const text = await readFile(join(dir, 'content/treatments/deep.yaml'), 'utf8');
    const line = lineOf(text, 'indications:') + 1;
    const stderr = await failsAt(dir, `content/treatments/deep.yaml:${line}:129`);
    expect(stderr).toContain('nested more than 64 levels deep');
  });

  it('should locate nesting of every kind (indented groups, lists, flow) past the limit', () => {
    const deep = {
      groups: Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k${i}:\n`).join('') + `${' '.repeat(3000)}x: 1\n`,
      lists: Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}-\n`).join('') + `${' '.repeat(3000)}x\n`,
      flow: `deep: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
      flowMaps: `deep: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`,
    };
    for (const [kind, text] of Object.entries(deep)) {
      const { errors } = parseYaml('content/x.yaml', text);
      expect(errors.map((e) => e.code), kind).toEqual(['yaml-too-complex']);
      expect(errors[0]!.loc!.line, kind).toBeLessThanOrEqual(66);
    }
  });
});

describe('one YAML dialect', () => {
  it('should reject a tab before a list item that the old fast path merged into one bullet', async () => {
    const stderr = await failsAt(await withFixture('yaml-tab-indent'), 'content/treatments/nad.yaml:14:1');
    expect(stderr).toContain('replace the tab');
  });

  it('should read YAML 1.2 (10:00 is text, 010 is ten) and refuse a %YAML 1.1 line', () => {
    expect(parseYaml('content/x.yaml', 'opens: 10:00\nn: 010\nyes: on\n').source.data).toEqual({ opens: '10:00', n: 10, yes: 'on' });
    const errors: SiteError[] = [];
    const loaded = loadArticle('content/blog/t.md', '---\ntitle: 10:00\nexcerpt: E\nauthor: A\npublishDate: 2024-03-04\ncategory: C\n---\nBody\n', articleSchema, errors);
    expect(loaded?.article.title).toBe('10:00');
    const old = parseYaml('content/x.yaml', '%YAML 1.1\n---\nopens: 10:00\n');
    expect(old.errors.map((e) => [e.code, e.loc?.line])).toEqual([['yaml-syntax', 1]]);
  });
});

describe('files the build cannot use', () => {
  it('should report non-UTF-8 bytes at the line and column of the first bad byte', async () => {
    const dir = await withFixture('not-utf8');
    const text = await readFile(join(dir, 'content/treatments/ssri.yaml'), 'latin1');
    const stderr = await failsAt(dir, `content/treatments/ssri.yaml:${lineOf(text, 'dosage: caf')}:12`);
    expect(stderr).toContain('not UTF-8');
  });

  it('should count the column of a bad byte in characters, after multi-byte ones, and find one at the very start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clinic-bytes-'));
    made.push(dir);
    const path = join(dir, 'x.yaml');
    await writeFile(path, Buffer.concat([Buffer.from('title: ok\nname: Café – “é” '), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]));
    expect(readContentFileSync(path, 'content/x.yaml', 'a YAML file').error?.loc).toEqual({ file: 'content/x.yaml', line: 2, column: 18 });
    await writeFile(path, Buffer.from([0xff, 0x0a, 0x61]));
    expect(readContentFileSync(path, 'content/x.yaml', 'a YAML file').error?.loc).toEqual({ file: 'content/x.yaml', line: 1, column: 1 });
    await writeFile(path, 'é ok\n');
    expect(readContentFileSync(path, 'content/x.yaml', 'a YAML file').text).toBe('é ok\n');
  });

  it('should suggest the slug "new article" would make', () => {
    expect(slugOf('My Post #1?')).toBe('my-post-1');
    expect(slugOf("Don't Panic: Café")).toBe('dont-panic-cafe');
    expect(slugOf('???')).toBeUndefined();
  });

  it('should report a folder named like an article or a treatment instead of skipping it', async () => {
    const stderr = await failsAt(await withFixture('folder-named-article'), 'content/blog/something.md:1:1', 'content/treatments/x.yaml:1:1');
    expect(stderr).toContain('is a folder, not an article file');
    expect(stderr).toContain('is a folder, not a YAML file');
  });

  it('should say an article or treatment file name must be a slug, and suggest one', async () => {
    const stderr = await failsAt(await withFixture('file-name-not-slug'), 'content/blog/My Post #1?.md:1:1', 'content/treatments/NAD Plus.yaml:1:1');
    expect(stderr).toContain('rename the file to my-post-1.md');
    expect(stderr).toContain('rename the file to nad-plus.yaml');
    expect(stderr).not.toContain('Broken link');
  });
});

describe.skipIf(!asNobody)('unreadable content files (run as "nobody")', () => {
  it('should report an unreadable article and treatment as permission denied with a cold cache', async () => {
    const dir = await projectForNobody('unreadable-file');
    chmodSync(join(dir, 'content/blog/locked.md'), 0);
    chmodSync(join(dir, 'content/treatments/nad.yaml'), 0);
    const result = await asNobody!(['check'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('content/blog/locked.md:1:1  content/blog/locked.md cannot be read (permission denied)');
    expect(result.stderr).toContain('content/treatments/nad.yaml:1:1  content/treatments/nad.yaml cannot be read (permission denied)');
    expect(result.stderr).not.toContain('does not exist');
    expect(result.stderr).not.toContain('Internal error');
    expect(result.stderr).not.toMatch(stack);
  });

  it('should not build from cached data when a file became unreadable after a warm build', async () => {
    const dir = await projectForNobody('unreadable-file');
    const first = await asNobody!(['build'], dir);
    expect(first.code, first.stderr).toBe(0);
    const before = await snapshot(join(dir, 'dist'));
    chmodSync(join(dir, 'content/blog/locked.md'), 0);
    const second = await asNobody!(['build'], dir);
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toContain('content/blog/locked.md:1:1  content/blog/locked.md cannot be read (permission denied)');
    expect(second.stderr).not.toContain('Internal error');
    expect(second.stderr).not.toMatch(stack);
    expect(await snapshot(join(dir, 'dist'))).toEqual(before);
    // Readable again, the same build goes through.
    chmodSync(join(dir, 'content/blog/locked.md'), 0o644);
    chownSync(join(dir, 'content/blog/locked.md'), 65534, 65534);
    const third = await asNobody!(['build'], dir);
    expect(third.code, third.stderr).toBe(0);
    expect(readFileSync(join(dir, 'dist/blog/locked/index.html'), 'utf8')).toContain('<h1');
  });
});
