/**
 * Issue 37, item 9: "__proto__:" appended to content/metadata.yaml ended the build with a stack trace
 * (zod dropped the key without a word, then the translation check looked it up as a field), and
 * "constructor:" in metadata.es.yaml was accepted silently. Each is now a located error.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { parseYaml } from '../../src/load/yaml.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { runCli, siteErrorsOf, throwawayProjects } from '../helpers.ts';

const today = '2026-01-01';
const project = throwawayProjects();

/** Appends `text` to a file of the project in `dir`; resolves to the 1-based line the text starts on. */
async function append(dir: string, file: string, text: string): Promise<number> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  await writeFile(path, before + text);
  return before.split('\n').length;
}

const entry = (key: string) => `${key}:\n  title: x\n  description: y\n  keywords: [a]\n`;

describe('"__proto__", "constructor" and "prototype" as keys of content files', () => {
  it('should report "__proto__:" with title, description and keywords appended to metadata.yaml at its line, not crash', async () => {
    const dir = await project();
    const line = await append(dir, 'content/metadata.yaml', entry('__proto__'));
    const { code, stderr } = await runCli(['check'], dir);
    expect(stderr).not.toMatch(/Internal error|TypeError|    at /);
    expect(code).toBe(1);
    expect(stderr).toContain(`content/metadata.yaml:${line}:1  "__proto__" is not a field any content file can have`);
  });

  it('should report "constructor:" and "prototype:" appended to metadata.es.yaml, which built without a word', async () => {
    const dir = await project();
    const line = await append(dir, 'content/metadata.es.yaml', entry('constructor') + entry('prototype'));
    const errors = (await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today }))).filter(
      (e) => e.loc?.file === 'content/metadata.es.yaml',
    );
    expect(errors.map((e) => [e.loc?.line, e.message])).toEqual([
      [line + 1, '"constructor" is not an address: it must be a route such as /process'],
      [line + 5, '"prototype" is not an address: it must be a route such as /process'],
    ]);
  });

  it.each([
    ['at the top of a file', '__proto__: x\ntitle: T\n', 1, 1],
    ['in a group', 'title: T\nhero:\n  __proto__:\n    a: 1\n', 3, 3],
    ['in a list entry', 'faq:\n  - question: Q\n    __proto__: A\n', 3, 5],
    ['in flow style', 'hero: { "__proto__": 1 }\n', 1, 9],
  ])('should refuse "__proto__" %s at its key, in any YAML', (_, text, line, column) => {
    const { errors } = parseYaml('content/home.yaml', text);
    expect(errors.map((e) => [e.code, e.loc, e.message])).toEqual([
      ['unknown-field', { file: 'content/home.yaml', line, column }, '"__proto__" is not a field any content file can have'],
    ]);
  });
});
