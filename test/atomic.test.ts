/** A failed build leaves the previous output byte for byte as it was, and exits 1. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editFile, projectRoot, removeProject, runCli, snapshot, tempProject } from './helpers.ts';

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

describe('what a killed build left', () => {
  it('should remove what a killed build left beside the output, and leave what a running one uses', async () => {
    const copy = await tempProject();
    try {
      const first = await runCli(['build'], copy);
      expect(first.code, first.stderr).toBe(0);
      // A build killed (kill -9) once it has begun writing every page beside the output.
      await editFile(copy, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Heard, then helped"');
      const child = spawn(process.execPath, [join(projectRoot, 'bin', 'clinic-site.js'), 'build'], { cwd: copy, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      while (child.exitCode === null && !readdirSync(copy).some((name) => name.startsWith('.dist.building-'))) await delay(5);
      child.kill('SIGKILL');
      await exited;
      // And what builds whose process has gone left (named as the writer names them), beside what a running one uses and a stranger.
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      for (const name of [`.dist.previous-${gone}-1`, `.dist.old-${gone}-2`, `.dist.building-${process.pid}-3`, '.dist.building-notes']) {
        mkdirSync(join(copy, name));
        writeFileSync(join(copy, name, 'index.html'), 'x');
      }
      const left = readdirSync(copy).filter((name) => name.startsWith('.dist.'));
      expect(left.filter((name) => /^\.dist\.building-\d+-\d+$/.test(name)).length).toBeGreaterThanOrEqual(2);

      const next = await runCli(['build'], copy);
      expect(next.code, next.stderr).toBe(0);
      const kept = readdirSync(copy).filter((name) => name.startsWith('.dist.'));
      expect(kept.sort()).toEqual([`.dist.building-${process.pid}-3`, '.dist.building-notes']);
    } finally {
      await removeProject(copy);
    }
  });
});
