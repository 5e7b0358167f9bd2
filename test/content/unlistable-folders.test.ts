/**
 * Content folders the build cannot list, and entries in them that are not files: each is a located
 * problem and exit 1, never a smaller site with exit 0 (pages would vanish from the output unnoticed).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asNobody, projectForNobody, removeProject, runCli, snapshot, stackTrace, tempProject } from '../helpers.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

describe.skipIf(!asNobody)('unreadable content folders (run as "nobody")', () => {
  it('should fail, not drop every article, when content/blog became unreadable after a warm build', async () => {
    const dir = await projectForNobody();
    made.push(dir);
    const first = await asNobody!(['build'], dir);
    expect(first.code, first.stderr).toBe(0);
    const before = await snapshot(join(dir, 'dist'));
    chmodSync(join(dir, 'content/blog'), 0);
    const second = await asNobody!(['build'], dir);
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toContain('content/blog/:1:1  content/blog/ cannot be read (permission denied)');
    expect(second.stderr).not.toMatch(stackTrace);
    expect(await snapshot(join(dir, 'dist'))).toEqual(before);
  });

  it('should fail check, not leave out the legal pages, when content/legal cannot be read', async () => {
    const dir = await projectForNobody();
    made.push(dir);
    chmodSync(join(dir, 'content/legal'), 0);
    const result = await asNobody!(['check'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('content/legal/:1:1  content/legal/ cannot be read (permission denied)');
    expect(result.stderr).not.toContain('Internal error');
  });
});

describe('entries of content/blog that are not article files', () => {
  it('should report a link to a missing file at the link, not skip the article', async () => {
    const dir = await tempProject();
    made.push(dir);
    symlinkSync('/nonexistent/article.md', join(dir, 'content/blog/dangling.md'));
    const result = await runCli(['check'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('content/blog/dangling.md:1:1  content/blog/dangling.md cannot be read (it is a link to a file that does not exist)');
  });

  it('should report a named pipe as not a regular file instead of waiting on it forever', async () => {
    const dir = await tempProject();
    made.push(dir);
    execFileSync('mkfifo', [join(dir, 'content/blog/pipe.md')]);
    expect(existsSync(join(dir, 'content/blog/pipe.md'))).toBe(true);
    const result = await runCli(['check'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('content/blog/pipe.md:1:1  content/blog/pipe.md cannot be read (it is not a regular file)');
  }, 30_000);
});
