/**
 * Unreadable or damaged files in public/ and beside articles, each run through the real CLI on a copy of the project:
 * each must end in a located message with what to do, never "Internal error" or a stack.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asNobody, editFile, projectForNobody as nobodysProject, removeProject, runCli, tempProject } from '../helpers.ts';

/** A copy of the project that "nobody" owns, removed after the tests. */
async function projectForNobody(): Promise<string> {
  const copy = await nobodysProject();
  made.push(copy);
  return copy;
}

const stack = /\n\s+at .+:\d+:\d+\)?\n/;
const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

async function project(): Promise<string> {
  const dir = await tempProject();
  made.push(dir);
  return dir;
}

/** Runs `check` and expects exit 1 without an internal error; resolves to what it printed. */
async function checkFails(dir: string, runner = runCli): Promise<string> {
  const result = await runner(['check'], dir);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stack);
  return result.stderr;
}

describe.skipIf(!asNobody)('unreadable files of public/ and beside articles (run as "nobody")', () => {
  it('should report an unreadable file in public/ at that file as permission denied, not as an internal error', async () => {
    const dir = await projectForNobody();
    chmodSync(join(dir, 'public/favicon.svg'), 0);
    chmodSync(join(dir, 'public/images/blog/hrt-glow-up.png'), 0);
    const stderr = await checkFails(dir, asNobody);
    expect(stderr).toContain('public/favicon.svg:1:1  public/favicon.svg cannot be read (permission denied)  (give your user permission to read the file (for example chmod a+r public/favicon.svg)');
    expect(stderr).toContain('public/images/blog/hrt-glow-up.png:1:1  public/images/blog/hrt-glow-up.png cannot be read (permission denied)');
  });

  it('should report an unreadable public/ folder as permission denied instead of building without its files', async () => {
    const dir = await projectForNobody();
    chmodSync(join(dir, 'public/images'), 0);
    const stderr = await checkFails(dir, asNobody);
    expect(stderr).toContain('public/images:1:1  public/images cannot be read (permission denied)');
    expect(stderr).not.toContain('does not exist');
    chmodSync(join(dir, 'public/images'), 0o755);
    chmodSync(join(dir, 'public'), 0);
    const again = await checkFails(dir, asNobody);
    expect(again).toContain('public:1:1  public cannot be read (permission denied)');
    expect(again).not.toContain('does not exist');
  });

  it('should report an unreadable picture beside an article as permission denied, not as a missing file', async () => {
    const dir = await projectForNobody();
    cpSync(join(dir, 'public/images/blog/hrt-glow-up.png'), join(dir, 'content/blog/glow.png'));
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: glow.png');
    execFileSync('chown', ['-R', '65534:65534', join(dir, 'content/blog')]);
    chmodSync(join(dir, 'content/blog/glow.png'), 0);
    const stderr = await checkFails(dir, asNobody);
    expect(stderr).toContain('content/blog/glow.png:1:1  content/blog/glow.png cannot be read (permission denied)');
    expect(stderr).not.toContain('does not exist');
  });
});

describe('damaged pictures', () => {
  it('should report a .png in public/images or beside an article that is not a picture at that file, not as an internal error', async () => {
    const dir = await project();
    writeFileSync(join(dir, 'public/images/broken.png'), '<html>not a picture</html>');
    writeFileSync(join(dir, 'content/blog/glow.png'), 'not a picture either');
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: glow.png');
    const stderr = await checkFails(dir);
    expect(stderr).toContain('public/images/broken.png:1:1  public/images/broken.png is not a picture that can be read: the file is damaged, or it is not really a PNG');
    expect(stderr).toContain('content/blog/glow.png:1:1  content/blog/glow.png is not a picture that can be read');
  });
});

