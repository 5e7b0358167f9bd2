/** The command line: help, version, exit codes, the build summary, and colour rules. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editFile, projectRoot, removeProject, runCli, tempProject } from '../helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('clinic-site CLI', () => {
  it('should print help for the program and each command with exit code 0', async () => {
    const help = await runCli(['--help'], dir);
    expect(help.code).toBe(0);
    for (const command of ['build', 'serve', 'check']) expect(help.stdout).toContain(command);
    for (const [command, flags] of [['build', ['--out', '--base-url', '--drafts']], ['serve', ['--port', '--host', '--open']], ['check', []]] as const) {
      const result = await runCli([command, '--help'], dir);
      expect(result.code).toBe(0);
      for (const flag of flags) expect(result.stdout).toContain(flag);
    }
  });

  it('should print the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('should exit 2 on wrong usage', async () => {
    expect((await runCli(['bild'], dir)).code).toBe(2);
    expect((await runCli(['build', '--nope'], dir)).code).toBe(2);
    expect((await runCli(['serve', '--port', 'abc'], dir)).code).toBe(2);
    expect((await runCli(['build', '--base-url', 'not a url'], dir)).code).toBe(2);
  });

  it('should end a build quietly: its result line and a one-line count of the pages not yet reviewed, the list left to check', async () => {
    const result = await runCli(['build', '--out', 'out', '--base-url', 'https://clinic.example.org'], dir);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^✓ \d+ pages written to out\/ in \d+ ms/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^! \d+ medical pages were never medically reviewed \(.*\); `npm run check` lists them$/),
      expect.stringMatching(/^! \d+ translations have not been reviewed by a qualified medical translator \(.*\); `npm run check` lists them$/),
    ]);
    const sitemap = readFileSync(join(dir, 'out', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://clinic.example.org/</loc>');
    // check still names every file.
    const check = await runCli(['check'], dir);
    expect(check.stdout).toMatch(/never medically reviewed.*:\n {4}content\/treatments\/bioidentical-hrt\.yaml\n/);
  });

  it('should print asset sizes, the largest page and the files a warning names with build --verbose', async () => {
    const result = await runCli(['build', '--out', 'out-verbose', '--verbose'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/assets\/main-\w+\.js\s+[\d.]+ (K?B)\s+[\d.]+ (K?B) gzip/);
    expect(result.stdout).toMatch(/assets\/site-\w+\.css/);
    expect(result.stdout).toMatch(/largest page \S+\.html/);
    expect(result.stdout).toContain('\n    content/services/mood.yaml\n');
    expect((await runCli(['build', '--help'], dir)).stdout).toContain('--verbose');
  });

  it('should never colour output when NO_COLOR is set, even on request', async () => {
    const result = await runCli(['build', '--out', 'out'], dir, { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('should report a template that fails while it loads as a template error, naming none of the generator\'s files', async () => {
    const copy = await tempProject();
    try {
      await editFile(copy, 'templates/index.tsx', /$/, "\nimport 'no-such-package-in-templates';\n");
      const missing = await runCli(['build', '--out', 'out'], copy);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("loading templates/index.tsx failed: Cannot find module 'no-such-package-in-templates'");
      expect(missing.stderr).not.toMatch(/Require stack|lib\/cli\.cjs|Internal error/);
      await editFile(copy, 'templates/index.tsx', "import 'no-such-package-in-templates';", "throw new Error('a template broken on purpose');");
      const thrown = await runCli(['build', '--out', 'out'], copy);
      expect(thrown.code).toBe(1);
      expect(thrown.stderr).toContain('loading templates/index.tsx failed: a template broken on purpose');
    } finally {
      await removeProject(copy);
    }
  });

  it('should name each draft and future article it left out, with why', async () => {
    const copy = await tempProject();
    try {
      await editFile(copy, 'content/blog/hrt-glow-up.md', /^publishDate: .*$/m, 'publishDate: 2099-01-01');
      await editFile(copy, 'content/blog/why-we-started.md', /^title: /m, 'draft: true\ntitle: ');
      const result = await runCli(['build'], copy);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('left out 2 articles');
      expect(result.stdout).toContain('content/blog/hrt-glow-up.md (dated 2099-01-01, after today)');
      expect(result.stdout).toContain('content/blog/why-we-started.md (a draft)');
      const shown = await runCli(['build', '--drafts'], copy);
      expect(shown.stdout).not.toContain('left out');
    } finally {
      await removeProject(copy);
    }
  });

  it('should validate without writing anything on check', async () => {
    const result = await runCli(['check'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/pages checked/);
  });
});
