/** Mistakes in article bodies: each is a located error (file, line, column) with what to do, and the CLI exits 1 without a stack trace. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { SiteError } from '../../src/errors.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, runCli, tempProject, siteErrorsOf } from '../helpers.ts';

const probe = 'content/blog/markdown-probe.md';
const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

/** A copy of the project with the probe article, its body edited. */
async function probeWith(from: string | RegExp, to: string): Promise<string> {
  const dir = await tempProject('markdown-probe');
  made.push(dir);
  await editFile(dir, probe, from, to);
  return dir;
}

const problemsOf = (dir: string) => siteErrorsOf(build({ root: dir, writer: memoryWriter(), today: '2026-01-01' }));

/** The 1-based line and column where `text` is in the probe article of `dir`. */
async function whereIs(dir: string, text: string): Promise<{ file: string; line: number; column: number }> {
  const source = await readFile(join(dir, probe), 'utf8');
  const index = source.indexOf(text);
  expect(index, text).toBeGreaterThan(0);
  const before = source.slice(0, index).split('\n');
  return { file: probe, line: before.length, column: before.at(-1)!.length + 1 };
}

async function onlyError(dir: string): Promise<SiteError> {
  const errors = await problemsOf(dir);
  expect(errors.map((e) => [e.code, e.message]), 'one problem').toHaveLength(1);
  return errors[0]!;
}

describe('markdown errors', () => {
  it('should report an unknown component at its line and column with the nearest name', async () => {
    const dir = await probeWith(':::note\n', ':::nte\n');
    const error = await onlyError(dir);
    expect(error.code).toBe('markdown-component');
    expect(error.loc).toEqual(await whereIs(dir, ':::nte'));
    expect(error.message).toBe('there is no component called "nte"');
    expect(error.hint).toBe('did you mean "note"?');
  });

  it('should report an unknown attribute with the nearest one', async () => {
    const dir = await probeWith('::booking{service=', '::booking{servce=');
    const error = await onlyError(dir);
    expect(error.loc).toEqual(await whereIs(dir, '::booking{servce='));
    expect(error.message).toContain('"servce"');
    expect(error.hint).toBe('did you mean "service"?');
  });

  it('should report an unknown treatment id with the closest ids', async () => {
    const dir = await probeWith('::treatment{id="nad"}', '::treatment{id="nda"}');
    const error = await onlyError(dir);
    expect(error.code).toBe('unknown-reference');
    expect(error.loc).toEqual(await whereIs(dir, '::treatment{id="nda"}'));
    expect(error.hint).toContain('"nad"');
  });

  it('should report a treatment card without an id, and a component written inline', async () => {
    const dir = await probeWith('::treatment{id="nad"}', '::treatment\n\nCall us, or :booking{service="initial-visit"} today.');
    const errors = await problemsOf(dir);
    expect(errors.map((e) => e.message)).toEqual(['the treatment component needs id="…"', 'the component "booking" is not written the way it works']);
    expect(errors[0]!.loc).toEqual(await whereIs(dir, '::treatment\n'));
    expect(errors[1]!.loc).toEqual(await whereIs(dir, ':booking{service="initial-visit"}'));
    expect(errors[1]!.hint).toBe('write ::booking{service="…"} on a line of its own');
  });

  it('should report an unknown booking service with the ones site.yaml names', async () => {
    const dir = await probeWith('service="diagnostic-experience"', 'service="diagnostic-experiance"');
    const error = await onlyError(dir);
    expect(error.loc).toEqual(await whereIs(dir, '::booking{'));
    expect(error.hint).toContain('"diagnostic-experience"');
  });

  it('should report an image without alt text at its line', async () => {
    const dir = await probeWith('![A body-composition scan report on a table]', '![]');
    const error = await onlyError(dir);
    expect(error.code).toBe('missing-alt');
    expect(error.loc).toEqual(await whereIs(dir, '![](./probe-scan.png)'));
    expect(error.hint).toContain('![What the photo shows](./probe-scan.png)');
  });

  it('should report a picture whose file is not beside the article', async () => {
    const dir = await probeWith('](./probe-scan.png)', '](./probe-scna.png)');
    const error = await onlyError(dir);
    expect(error.code).toBe('missing-file');
    expect(error.loc).toEqual(await whereIs(dir, '![A body'));
    expect(error.message).toBe('The image "content/blog/probe-scna.png" does not exist');
  });

  it('should refuse a picture from another site', async () => {
    const dir = await probeWith('](./probe-scan.png)', '](https://cdn.example.com/scan.png)');
    const error = await onlyError(dir);
    expect(error.loc).toEqual(await whereIs(dir, '![A body'));
    expect(error.message).toContain('on another site');
  });

  it('should report a link to a heading that does not exist, with the nearest id', async () => {
    const dir = await probeWith('/blog/hrt-glow-up/#is-it-safe', '/blog/hrt-glow-up/#is-it-saf');
    const error = await onlyError(dir);
    expect(error.code).toBe('broken-anchor');
    expect(error.loc).toEqual(await whereIs(dir, '/blog/hrt-glow-up/#is-it-saf'));
    expect(error.hint).toBe('did you mean /blog/hrt-glow-up/#is-it-safe?');
  });

  it('should fail a published article that still holds TODO or scaffold text, and allow it in a draft', async () => {
    const dir = await probeWith('Composition matters more.', 'Composition matters more. TODO: cite the study. Explain one idea per section.');
    const errors = await problemsOf(dir);
    expect(errors.map((e) => e.code)).toEqual(['placeholder-text', 'placeholder-text']);
    expect(errors[0]!.loc).toEqual(await whereIs(dir, 'TODO'));
    expect(errors[1]!.loc).toEqual(await whereIs(dir, 'Explain one idea'));
    await editFile(dir, probe, 'category: Practice Philosophy\n', 'category: Practice Philosophy\ndraft: true\n');
    await build({ root: dir, writer: memoryWriter(), today: '2026-01-01' });
  });

  it('should exit 1 naming file:line:col for every problem, without a stack trace', async () => {
    const dir = await probeWith(':::note\n', ':::nte\n');
    await editFile(dir, probe, '![A body-composition scan report on a table]', '![]');
    const { code, stdout, stderr } = await runCli(['check'], dir);
    const output = stdout + stderr;
    expect(code).toBe(1);
    const unknown = await whereIs(dir, ':::nte');
    const alt = await whereIs(dir, '![]');
    expect(output).toContain(`${probe}:${unknown.line}:${unknown.column}`);
    expect(output).toContain(`${probe}:${alt.line}:${alt.column}`);
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });

  it('should build every real article: ordinary colons never become component errors', async () => {
    const dir = await tempProject();
    made.push(dir);
    await build({ root: dir, writer: memoryWriter() });
  });
});
