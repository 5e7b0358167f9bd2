/**
 * Issue 37, item 13: with `ulimit -n 256` (macOS's default) and 400 redirects, the build failed "too many
 * files are open": every redirect page, file of public/ and content file was opened at once.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxOpenFiles, withOpenFile } from '../../src/open-files.ts';
import { projectRoot, throwawayProjects } from '../helpers.ts';

const project = throwawayProjects();

/** Runs the CLI with `args` in `cwd` under `ulimit -n 256`. */
function buildUnderLimit(cwd: string, args: string[]): Promise<{ code: number; output: string }> {
  const cli = [process.execPath, join(projectRoot, 'bin', 'clinic-site.js'), ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve) => {
    execFile('bash', ['-c', `ulimit -n 256 && exec ${cli}`], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr });
    });
  });
}

describe('a build under a limit of 256 open files', () => {
  it('should build a site with 400 redirects, 400 more files in public/ and 300 more treatments', async () => {
    const dir = await project();
    const redirects = Array.from({ length: 400 }, (_, i) => `- from: /old-page-${i}\n  to: /process\n`).join('');
    await writeFile(join(dir, 'content/redirects.yaml'), redirects);
    await mkdir(join(dir, 'public/files'));
    await Promise.all(Array.from({ length: 400 }, (_, i) => writeFile(join(dir, `public/files/f${i}.txt`), `file ${i}\n`)));
    const treatment = await readFile(join(dir, 'content/treatments/nad.yaml'));
    await Promise.all(Array.from({ length: 300 }, (_, i) => writeFile(join(dir, `content/treatments/nad-${i}.yaml`), treatment)));
    const out = join(dir, 'out');
    const first = await buildUnderLimit(dir, ['build', '--out', out]);
    expect(first.output).not.toMatch(/too many (open )?files|EMFILE/);
    expect(first.code).toBe(0);
    expect(existsSync(join(out, 'old-page-399/index.html'))).toBe(true);
    expect(existsSync(join(out, 'files/f399.txt'))).toBe(true);
    // Again into the same output, after a change: the files compared, replaced and kept are bounded too.
    await writeFile(join(dir, 'content/redirects.yaml'), `${redirects}- from: /old-page-new\n  to: /process\n`);
    const second = await buildUnderLimit(dir, ['build', '--out', out]);
    expect(second.output).not.toMatch(/too many (open )?files|EMFILE/);
    expect(second.code).toBe(0);
  });
});

describe('withOpenFile', () => {
  it('should run at most maxOpenFiles tasks at once and every task in the end', async () => {
    let running = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: maxOpenFiles * 4 }, (_, i) =>
        withOpenFile(async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          running--;
          return i;
        }),
      ),
    );
    expect(most).toBe(maxOpenFiles);
    expect(done).toEqual(Array.from({ length: maxOpenFiles * 4 }, (_, i) => i));
  });

  it('should free the slot of a task that fails', async () => {
    const failures = Array.from({ length: maxOpenFiles + 1 }, () => withOpenFile(() => Promise.reject(new Error('no'))).catch(() => 'failed'));
    expect(await Promise.all(failures)).toEqual(Array(maxOpenFiles + 1).fill('failed'));
    expect(await withOpenFile(async () => 'still runs')).toBe('still runs');
  });
});
