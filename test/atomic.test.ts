/** A failed build leaves the previous output byte for byte as it was, and exits 1. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editFile, removeProject, runCli, snapshot, tempProject } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('atomic output', () => {
  it('should leave the previous dist/ untouched when a content file is broken', async () => {
    const first = await runCli(['build'], dir);
    expect(first.code, first.stderr).toBe(0);
    const before = await snapshot(join(dir, 'dist'));
    expect(Object.keys(before)).toContain('index.html');

    await editFile(dir, 'content/treatments/ssri.yaml', /^title: /m, 'titel: ');
    const second = await runCli(['build'], dir);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('content/treatments/ssri.yaml:');
    expect(second.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
    expect(await snapshot(join(dir, 'dist'))).toEqual(before);
  });

  it('should leave the previous output untouched when a template fails to compile', async () => {
    const before = await snapshot(join(dir, 'dist'));
    await editFile(dir, 'content/treatments/ssri.yaml', /^titel: /m, 'title: ');
    await editFile(dir, 'templates/pages/NotFound.tsx', '<h1', '<h1 <');
    const result = await runCli(['build'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('templates/pages/NotFound.tsx');
    expect(await snapshot(join(dir, 'dist'))).toEqual(before);
  });
});
