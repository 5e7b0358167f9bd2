/**
 * The browser's CSS is content too: a stylesheet that does not parse, or imports what does not
 * exist (or what lives on another site), fails the build at its file and line, and shows in the
 * dev server's overlay like any other mistake, instead of shipping esbuild's guess with exit 0.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/serve/server.ts';
import { removeProject, runCli, stackTrace, tempProject, until } from '../helpers.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

/** A copy of the project whose templates/styles/trust.css ends with `tail`, and the line that tail starts on. */
async function withStylesheetTail(tail: string): Promise<{ dir: string; line: number }> {
  const dir = await tempProject();
  made.push(dir);
  const path = join(dir, 'templates/styles/trust.css');
  const text = await readFile(path, 'utf8');
  await appendFile(path, tail);
  return { dir, line: text.split('\n').length };
}

/** Checks a failed run: exit 1, one located problem, its message, no stack and no output written. */
async function expectFailure(dir: string, at: string, message: string): Promise<void> {
  const result = await runCli(['build'], dir);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toContain(`${at}  ${message}`);
  expect(result.stderr).toContain('1 problem found');
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stackTrace);
}

describe('stylesheets that do not parse', () => {
  it('should fail on a stylesheet with an unclosed brace, at the brace', async () => {
    const { dir, line } = await withStylesheetTail('.x { color: red\n');
    await expectFailure(dir, `templates/styles/trust.css:${line}:4`, 'the "{" opened here is never closed');
  });

  it('should fail on an @import after a rule, which browsers ignore and esbuild shipped as it was', async () => {
    const { dir, line } = await withStylesheetTail('@import "./no-such-file.css";\n');
    await expectFailure(dir, `templates/styles/trust.css:${line}:1`, 'an @import must come before every rule');
  });

  it('should fail on an @import of a stylesheet that does not exist, with what to check', async () => {
    const dir = await tempProject();
    made.push(dir);
    const path = join(dir, 'templates/styles/trust.css');
    await writeFile(path, `@import "./no-such-file.css";\n${await readFile(path, 'utf8')}`);
    await expectFailure(dir, 'templates/styles/trust.css:1:9', 'Could not resolve "./no-such-file.css"  (check the path');
  });

  it("should refuse an @import of another site's stylesheet instead of leaving it for every visitor to fetch", async () => {
    const dir = await tempProject();
    made.push(dir);
    const path = join(dir, 'templates/styles/trust.css');
    await writeFile(path, `@import "https://fonts.example.com/css";\n${await readFile(path, 'utf8')}`);
    await expectFailure(dir, 'templates/styles/trust.css:1:9', '@import "https://fonts.example.com/css" loads a stylesheet from another site');
  });
});

describe('a broken stylesheet in the dev server', () => {
  it("should show an unclosed brace in the overlay with its line, then clear it once the file is fixed", async () => {
    const dir = await tempProject();
    made.push(dir);
    const path = join(dir, 'templates/styles/trust.css');
    const good = await readFile(path, 'utf8');
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      expect(server.errors()).toBeUndefined();
      await writeFile(path, `${good}.x { color: red\n`);
      const errors = await until(() => server.errors());
      expect(errors.map((e) => `${e.file}:${e.line}:${e.column}  ${e.message}`)).toEqual([
        `templates/styles/trust.css:${good.split('\n').length}:4  the "{" opened here is never closed`,
      ]);
      expect(errors[0]!.frame.find((l) => l.marked)?.text).toBe('.x { color: red');
      await writeFile(path, good);
      await until(() => (server.errors() === undefined ? true : undefined));
    } finally {
      await server.close();
    }
  }, 40_000);
});
