/** `--out` never replaces what clinic-site did not write, and a failed write leaves the previous output as it was. */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asNobody, editFile, projectForNobody, projectRoot, projectWithOwnCache, removeProject, runCli, snapshot, tempProject } from '../helpers.ts';

const stack = /\n\s+at .+:\d+:\d+\)?\n/;
let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

describe('build --out', () => {
  it('should refuse the project folder, its parents and its own folders, exit 2 and touch nothing', async () => {
    const before = await snapshot(dir);
    for (const [out, why] of [
      ['.', 'is the project folder itself'],
      ['..', 'contains the project'],
      ['content', "is the project's content/ folder"],
      ['public', "is the project's public/ folder"],
      ['templates', "is the project's templates/ folder"],
      ['src', "is the project's src/ folder"],
      ['content/blog', "is inside the project's content/ folder"],
      ['/', 'is the root of the filesystem'],
    ] as const) {
      const result = await runCli(['build', '--out', out], dir);
      expect(result.code, `--out ${out}`).toBe(2);
      expect(result.stderr).toContain(why);
      expect(result.stderr).toMatch(/Output folder refused/);
      expect(result.stderr).not.toMatch(stack);
    }
    expect(await snapshot(dir)).toEqual(before);
  });

  it('should refuse the home folder and leave its files alone', async () => {
    const home = join(dir, '..', `${join(dir).split('/').pop()}-home`);
    mkdirSync(join(home, 'Documents'), { recursive: true });
    writeFileSync(join(home, 'Documents', 'taxes.txt'), 'keep me');
    try {
      const result = await runCli(['build', '--out', home], dir, { HOME: home });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is your home folder');
      expect(existsSync(join(home, 'Documents', 'taxes.txt'))).toBe(true);
    } finally {
      await removeProject(home);
    }
  });

  it('should refuse a symbolic link that leads to the project', async () => {
    const link = join(dir, '..', `${dir.split('/').pop()}-link`);
    symlinkSync(dir, link);
    try {
      const result = await runCli(['build', '--out', link], dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is the project folder itself');
      expect(existsSync(join(dir, 'content', 'site.yaml'))).toBe(true);
    } finally {
      await removeProject(link);
    }
  });

  it('should refuse a folder holding files it did not write, and accept an empty one', async () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'my notes');
    const refused = await runCli(['build', '--out', 'mine'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already holds files that clinic-site did not write');
    expect(readdirSync(join(dir, 'mine'))).toEqual(['notes.txt']);

    mkdirSync(join(dir, 'empty'));
    const accepted = await runCli(['build', '--out', 'empty'], dir);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(readdirSync(join(dir, 'empty'))).toContain('.clinic-site-output');
    // Its own earlier output is replaced.
    const again = await runCli(['build', '--out', 'empty'], dir);
    expect(again.code, again.stderr).toBe(0);
  });

  it('should refuse a folder whose marker was made by hand, and keep the files in it', async () => {
    mkdirSync(join(dir, 'marked'));
    writeFileSync(join(dir, 'marked', 'keep.txt'), 'my notes');
    writeFileSync(join(dir, 'marked', '.clinic-site-output'), '');
    const result = await runCli(['build', '--out', 'marked'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the output folder "marked" holds files that clinic-site did not write: "keep.txt"');
    expect(result.stderr).toContain('build into another folder with --out');
    expect(result.stderr).not.toMatch(stack);
    expect(readdirSync(join(dir, 'marked')).sort()).toEqual(['.clinic-site-output', 'keep.txt']);
  });

  it('should refuse, not delete, the files that lines forged into a copied marker name', async () => {
    const real = await runCli(['build', '--out', 'real'], dir);
    expect(real.code, real.stderr).toBe(0);
    const victim = `${dir}-victim`;
    mkdirSync(join(victim, 'docs'), { recursive: true });
    writeFileSync(join(victim, 'important.txt'), 'my important notes');
    writeFileSync(join(victim, 'docs', 'thesis.txt'), 'three years of work');
    const header = readFileSync(join(dir, 'real', '.clinic-site-output'), 'utf8').split('\n').slice(0, 3).join('\n');
    const { size, mtimeMs } = statSync(join(victim, 'important.txt'));
    try {
      // The forgery (any hash, size and time), then a line with the file's true size and time: only its bytes prove it.
      for (const forged of ['AAAA\t1\t1\timportant.txt\nBBBB\t2\t2\tdocs/thesis.txt\n', `AAAA\t${size}\t${mtimeMs}\timportant.txt\n`]) {
        writeFileSync(join(victim, '.clinic-site-output'), `${header}\n${forged}`);
        const before = await snapshot(victim);
        const result = await runCli(['build', '--out', victim], dir);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain('holds files that clinic-site did not write:');
        expect(result.stderr).toContain('"important.txt"');
        expect(result.stderr).not.toMatch(stack);
        expect(await snapshot(victim)).toEqual(before);
        expect(readFileSync(join(victim, 'docs', 'thesis.txt'), 'utf8')).toBe('three years of work');
      }
    } finally {
      await removeProject(victim);
    }
  }, 240_000);

  it('should refuse a page of its output edited by hand (not the bytes it wrote), and write it again once it is deleted', async () => {
    const page = join(dir, 'real', 'process', 'index.html');
    if (!existsSync(page)) expect((await runCli(['build', '--out', 'real'], dir)).code).toBe(0);
    const built = readFileSync(page, 'utf8');
    writeFileSync(page, built.replace('</h1>', ' (my edit)</h1>'));
    const edited = await snapshot(join(dir, 'real'));
    const refused = await runCli(['build', '--out', 'real'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('holds files that clinic-site did not write: "process/index.html"');
    expect(refused.stderr).toContain('a file of the output you changed: delete it, and the build writes it again');
    expect(await snapshot(join(dir, 'real'))).toEqual(edited);
    await rm(page);
    const again = await runCli(['build', '--out', 'real'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(page, 'utf8')).toBe(built);
  });

  it('should exit 2 without a stack for an --out name too long for the file system and for one inside a file', async () => {
    const before = await snapshot(dir);
    for (const [out, why] of [
      [`${dir}-x/${'a'.repeat(300)}`, 'has a name 300 bytes long (at most 200 are allowed)'],
      [`${dir}-x/${'a'.repeat(230)}`, 'has a name 230 bytes long'],
      ['package.json/x', 'is inside "package.json", which is a file, not a folder'],
      ['package.json/x/y', 'is inside "package.json", which is a file, not a folder'],
    ] as const) {
      const result = await runCli(['build', '--out', out], dir);
      expect(result.code, `--out ${out}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(why);
      expect(result.stderr).not.toMatch(stack);
      expect(result.stderr).not.toContain('Internal error');
    }
    expect(existsSync(`${dir}-x`)).toBe(false);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('should refuse, not delete, files added by hand to an earlier output, with its cache or without', async () => {
    const copy = await projectWithOwnCache();
    try {
      const first = await runCli(['build'], copy);
      expect(first.code, first.stderr).toBe(0);
      mkdirSync(join(copy, 'dist', '.well-known'));
      writeFileSync(join(copy, 'dist', '.well-known', 'security.txt'), 'Contact: mailto:it@example.com');
      writeFileSync(join(copy, 'dist', 'blog', 'draft.html'), 'mine');
      const added = await snapshot(join(copy, 'dist'));
      // A build with nothing changed, one that changes every page (an update in place), and one without the cache (a whole new output).
      for (const step of ['nothing changed', 'tagline', 'no cache']) {
        if (step === 'tagline') await editFile(copy, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Heard, then helped"');
        if (step === 'no cache') await rm(join(copy, 'node_modules', '.cache'), { recursive: true, force: true });
        const result = await runCli(['build'], copy);
        expect(result.code, step).toBe(2);
        expect(result.stderr).toContain('the output folder "dist" holds files that clinic-site did not write: "');
        expect(result.stderr).toContain('".well-known/security.txt"');
        expect(result.stderr).toContain('"blog/draft.html"');
        expect(result.stderr).not.toMatch(stack);
        expect(await snapshot(join(copy, 'dist')), step).toEqual(added);
      }
      // Once they are moved away, the same build replaces its own output again, files touched since included (their content proves them).
      await rm(join(copy, 'dist', '.well-known'), { recursive: true });
      await rm(join(copy, 'dist', 'blog', 'draft.html'));
      utimesSync(join(copy, 'dist', 'index.html'), new Date(), new Date());
      const after = await runCli(['build'], copy);
      expect(after.code, after.stderr).toBe(0);
      expect(readFileSync(join(copy, 'dist', 'index.html'), 'utf8')).toContain('Heard, then helped');
    } finally {
      await removeProject(copy);
    }
  }, 240_000);

  it('should put the previous output back when a build was killed between the two renames of its swap', async () => {
    const copy = await projectWithOwnCache();
    // Kills the build (SIGKILL, as kill -9) at the rename of its new output into dist/, once dist/ was moved aside.
    const killer = join(copy, 'killer.cjs');
    writeFileSync(killer, killerScript);
    try {
      const first = await runCli(['build'], copy);
      expect(first.code, first.stderr).toBe(0);
      const previous = await snapshot(join(copy, 'dist'));
      await editFile(copy, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Killed in the swap"');
      const killed = await runCli(['build'], copy, { NODE_OPTIONS: `--require ${killer}` });
      expect(killed.code).not.toBe(0);
      // Neither output is in dist/ (never a mix of both): the previous one waits beside it.
      expect(existsSync(join(copy, 'dist'))).toBe(false);
      const [old] = readdirSync(copy).filter((name) => name.startsWith('.dist.old-'));
      expect(await snapshot(join(copy, old!))).toEqual(previous);

      await editFile(copy, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Built after the kill"');
      const next = await runCli(['build'], copy);
      expect(next.code, next.stderr).toBe(0);
      expect(readdirSync(copy).filter((name) => name.startsWith('.dist.'))).toEqual([]);
      const fresh = await runCli(['build', '--out', 'fresh'], copy);
      expect(fresh.code, fresh.stderr).toBe(0);
      const [built, clean] = await Promise.all([snapshot(join(copy, 'dist')), snapshot(join(copy, 'fresh'))]);
      expect(built).toEqual(clean);
    } finally {
      await removeProject(copy);
    }
  }, 240_000);
});

/** A preload that kills the process (SIGKILL) when it renames a folder onto dist/ (the second rename of the swap). */
const killerScript = `const fs = require('node:fs');
const path = require('node:path');
const out = path.resolve('dist');
const counted = (to) => {
  if (String(to) === out) process.kill(process.pid, 'SIGKILL');
};
const { renameSync } = fs;
const { rename } = fs.promises;
fs.renameSync = (from, to) => (counted(to), renameSync(from, to));
fs.promises.rename = (from, to) => (counted(to), rename(from, to));
`;

describe.skipIf(!asNobody)('a failed write', () => {
  it('should leave every file of the previous output as it was when the folder holding it is read-only, naming it', async () => {
    const copy = await projectForNobody();
    try {
      const first = await asNobody!(['build'], copy);
      expect(first.code, first.stderr).toBe(0);
      chmodSync(copy, 0o555);
      await editFile(copy, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Heard, then helped"');
      chownSync(join(copy, 'content', 'site.yaml'), 65534, 65534);
      const before = await snapshot(join(copy, 'dist'));
      const second = await asNobody!(['build'], copy);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/cannot create the temporary folder \.dist\.building-\d+-\d+ beside the output: permission denied/);
      expect(second.stderr).toContain('the folder that holds dist must be writable');
      expect(second.stderr).not.toMatch(stack);
      expect(await snapshot(join(copy, 'dist'))).toEqual(before);
      expect(readdirSync(copy).filter((f) => f.startsWith('.dist'))).toEqual([]);
      // Once the folder is writable again, the same build goes through.
      chmodSync(copy, 0o755);
      const third = await asNobody!(['build'], copy);
      expect(third.code, third.stderr).toBe(0);
    } finally {
      chmodSync(copy, 0o755);
      await removeProject(copy);
    }
  }, 240_000);

  it('should say node_modules is not writable instead of crashing when compiled templates cannot be saved', async () => {
    const copy = await tempProject(); // node_modules is the project's own, which "nobody" cannot write
    try {
      execFileSync('chown', ['-R', '-h', '65534:65534', copy]);
      chmodSync(copy, 0o755);
      await editFile(copy, 'templates/index.tsx', /$/, '\nexport const unsaved = "a template change";\n');
      const result = await asNobody!(['build'], copy);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('cannot save the compiled templates in node_modules/.cache/clinic-site: permission denied');
      expect(result.stderr).not.toMatch(stack);
    } finally {
      await removeProject(copy);
    }
  });

  it('should exit 2 without a stack for --out / as a user who cannot write there', async () => {
    const copy = await projectForNobody();
    try {
      const result = await asNobody!(['build', '--out', '/'], copy);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is the root of the filesystem');
      expect(result.stderr).not.toMatch(stack);
    } finally {
      await removeProject(copy);
    }
  });
});

/** Mounts a small tmpfs (root only); undefined where mounting is not allowed. */
function smallDisk(path: string, size: string): boolean {
  try {
    mkdirSync(path, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a full disk', () => {
  it('should say the disk is full and leave the previous output as it was', async (context) => {
    const disk = join(dir, '..', `${dir.split('/').pop()}-disk`);
    if (!smallDisk(disk, '64m')) context.skip();
    try {
      const first = await runCli(['build', '--out', join(disk, 'dist')], dir);
      expect(first.code, first.stderr).toBe(0);
      const before = await snapshot(join(disk, 'dist'));
      // Fill the disk but for a few kilobytes, then change what every page shows.
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'filler')}`, 'bs=64k'], { stdio: 'ignore' });
      } catch {
        // dd stops with an error once the disk is full: that is the point.
      }
      await editFile(dir, 'content/site.yaml', /^tagline: .*$/m, 'tagline: "Heard, then helped, then heard again"');
      const second = await runCli(['build', '--out', join(disk, 'dist')], dir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('the disk is full');
      expect(second.stderr).toContain('free some disk space');
      expect(second.stderr).not.toMatch(stack);
      expect(await snapshot(join(disk, 'dist'))).toEqual(before);
    } finally {
      execFileSync('umount', [disk], { stdio: 'ignore' });
      await removeProject(disk);
    }
  });
});

describe('a read-only disk', () => {
  it('should say the disk is read-only, not "ENOENT ... mkdir", when the output cannot be made there', async (context) => {
    const disk = `${dir}-readonly`;
    mkdirSync(disk, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', disk], { stdio: 'ignore' });
    } catch {
      await removeProject(disk);
      context.skip();
    }
    try {
      const result = await runCli(['build', '--out', join(disk, 'site', 'dist')], dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('beside the output: the disk is read-only');
      expect(result.stderr).toContain('build into a folder on a writable disk (--out DIR)');
      expect(result.stderr).not.toContain('ENOENT');
      expect(result.stderr).not.toMatch(stack);
    } finally {
      execFileSync('umount', [disk], { stdio: 'ignore' });
      await removeProject(disk);
    }
  });
});

describe('wrong usage', () => {
  it('should exit 2 for bare clinic-site and bare clinic-site new, with help on stderr', async () => {
    for (const args of [[], ['new']]) {
      const result = await runCli(args, dir);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage:');
    }
  });
});

/** Starts `clinic-site serve` with `args`; resolves with the lines it printed once it serves, then stops it. */
function serveOnce(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'bin', 'clinic-site.js'), 'serve', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`serve did not start within 60 s:\n${output}`));
    }, 60_000);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (/serving http/.test(output)) {
        clearTimeout(timer);
        setTimeout(() => child.kill('SIGTERM'), 200);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (/serving http/.test(output)) resolve(output);
      else reject(new Error(`serve exited ${code}:\n${output}`));
    });
  });
}

describe('serve', () => {
  it('should move to the next free port when the port is busy, and say so', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const output = await serveOnce(['--port', String(busy)]);
      expect(output).toContain(`port ${busy} is busy (another preview is probably running there)`);
      expect(output).toMatch(new RegExp(`serving http://127\\.0\\.0\\.1:(?!${busy}\\b)\\d+`));
      expect(output).not.toMatch(stack);
    } finally {
      blocker.close();
    }
  });

  it('should listen on every interface for --host without a value', async () => {
    const output = await serveOnce(['--port', '0', '--host']);
    expect(output).toMatch(/serving http:\/\/localhost:\d+/);
  });

  it('should exit 1 with what to pass instead when the host is not an address of this computer', async () => {
    const result = await runCli(['serve', '--port', '0', '--host', '203.0.113.7'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not an address of this computer');
    expect(result.stderr).toContain('--host 127.0.0.1');
    expect(result.stderr).not.toMatch(stack);
  });
});

describe('links with a malformed %-escape', () => {
  it('should report /process%zz and #%zz in an article at their line, not crash on decodeURI', async () => {
    const copy = await tempProject();
    try {
      await editFile(copy, 'content/blog/hrt-glow-up.md', /$/, '\n\nSee [the process](/process%zz) and [this part](#%zz).\n');
      const result = await runCli(['check'], copy);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to \/process%zz, but a "%" in it is not followed by two hexadecimal digits/);
      expect(result.stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to #%zz/);
      expect(result.stderr).not.toContain('Internal error');
      expect(result.stderr).not.toMatch(stack);
    } finally {
      await removeProject(copy);
    }
  });
});
