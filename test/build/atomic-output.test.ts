/** A failed build leaves the previous output byte for byte as it was, and exits 1. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editFile, projectRoot, removeProject, runCli, snapshot, tempProject } from '../helpers.ts';

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

describe('a build killed at any moment', () => {
  // The forty kills (one to three minutes on a busy machine); CLINIC_SITE_KILL_LOOPS=N runs N.
  const loops = Number(process.env.CLINIC_SITE_KILL_LOOPS ?? 40);
  it(`should leave the output holding the old site or the new one, never both, over ${loops} builds killed (kill -9)`, async () => {
    const copy = await tempProject();
    const names = ['Heard Alpha Health', 'Heard Beta Health'];
    const site = join(copy, 'content', 'site.yaml');
    const rename = (name: string) => writeFileSync(site, readFileSync(site, 'utf8').replace(/^name: .*$/m, `name: ${name}`));
    const killer = join(copy, 'killer.cjs');
    writeFileSync(killer, killerScript);
    try {
      rename(names[0]!);
      const first = await runCli(['build'], copy);
      expect(first.code, first.stderr).toBe(0);
      const outcomes: string[] = [];
      let name = names[0]!;
      for (let i = 0; i < loops; i++) {
        // The name the output does not carry, so that every page changes (the other one when there is no output).
        const before = siteNamesIn(join(copy, 'dist'), names);
        name = before.length === 1 ? names.find((n) => n !== before[0])! : names[i % 2]!;
        rename(name);
        // Half the kills come 0.1 to 3 s into the build (loading, rendering, writing); half just before its Nth rename of a path in the
        // output (its commit: a time-based kill rarely lands in those few milliseconds).
        const after = i % 2 === 0 ? 100 + ((i * 733) % 2900) : undefined;
        const atRename = 1 + ((((i - 1) / 2) * 37) % 120); // 1 and 2 among them: before each rename of the swap
        const env = after === undefined ? { ...process.env, KILL_AT_RENAME: String(atRename), NODE_OPTIONS: `--require ${killer}` } : process.env;
        const cli = join(projectRoot, 'bin', 'clinic-site.js');
        const child = spawn(process.execPath, [cli, 'build'], { cwd: copy, stdio: 'ignore', env });
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        await (after === undefined ? exited : Promise.race([delay(after), exited]));
        child.kill('SIGKILL');
        const code = await exited;
        const shown = siteNamesIn(join(copy, 'dist'), names);
        const when = after === undefined ? `at rename ${atRename}` : `after ${after} ms`;
        outcomes.push(`kill ${i} ${when}, building "${name}" (${code === 0 ? 'build done' : 'killed'}): ${shown.join(' + ') || 'no output'}`);
        expect(shown.length, outcomes.join('\n')).toBeLessThanOrEqual(1);
      }
      // The next build mends whatever a kill left: the whole site carries the last name.
      const last = await runCli(['build'], copy);
      expect(last.code, last.stderr).toBe(0);
      expect(siteNamesIn(join(copy, 'dist'), names)).toEqual([name]);
    } finally {
      await removeProject(copy);
    }
  }, 300_000);
});

/** A preload that kills the process (SIGKILL) just before its KILL_AT_RENAME-th rename from or to a path in dist/ (dist/ included). */
const killerScript = `const fs = require('node:fs');
const path = require('node:path');
const out = path.resolve('dist');
let count = 0;
const inOutput = (p) => String(p) === out || String(p).startsWith(out + path.sep);
const counted = (from, to) => {
  if ((inOutput(from) || inOutput(to)) && ++count >= Number(process.env.KILL_AT_RENAME)) process.kill(process.pid, 'SIGKILL');
};
const { renameSync } = fs;
const { rename } = fs.promises;
fs.renameSync = (from, to) => (counted(from, to), renameSync(from, to));
fs.promises.rename = (from, to) => (counted(from, to), rename(from, to));
`;

/** Which of the site's names the pages of an output carry (none when there is no output). */
function siteNamesIn(out: string, names: readonly string[]): string[] {
  if (!existsSync(out)) return [];
  const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'));
  const found = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(join(out, page), 'utf8');
    for (const name of names) if (html.includes(name)) found.add(name);
  }
  return [...found].sort();
}
