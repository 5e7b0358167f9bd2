/** An --out the shell left as "~" (not expanded to the home folder) is refused with what to write instead. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../helpers.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

async function project(): Promise<string> {
  const dir = await tempProject();
  made.push(dir);
  return dir;
}

describe('build --out=~', () => {
  it('should refuse an --out starting with "~" that the shell did not expand, instead of creating a folder named "~"', async () => {
    const dir = await project();
    for (const out of ['--out=~', '--out=~/site', '--out=~prober/site']) {
      const result = await runCli(['build', out], dir);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('which the shell did not turn into your home folder');
      expect(result.stderr).toContain('write the full path, such as --out "$HOME/site"');
      expect(result.stdout).not.toContain('written to');
    }
    expect(existsSync(join(dir, '~'))).toBe(false);
    expect(existsSync(join(dir, '~prober'))).toBe(false);
  });
});
