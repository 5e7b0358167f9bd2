/**
 * A frozen copy of the product to benchmark: the working tree as it is now, or a git revision.
 * Colleagues may edit src/ while a run goes on; the copy keeps a run consistent and leaves the
 * repository's own lib/ and node_modules/.cache untouched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { repoDir } from './tools.mjs';

const parts = ['bin', 'src', 'scripts', 'templates', 'content', 'public', 'package.json', 'tsconfig.json'];

/** Copies the product (at `rev`, or the working tree) into `dest`, links its packages and compiles it; returns its description. */
export function snapshotProduct(dest, rev) {
  mkdirSync(dest, { recursive: true });
  if (rev) {
    const archive = execFileSync('git', ['-C', repoDir, 'archive', rev, ...parts.filter((p) => gitHas(rev, p))], { maxBuffer: 512 * 2 ** 20 });
    execFileSync('tar', ['-x', '-C', dest], { input: archive });
  } else {
    for (const part of parts) if (existsSync(join(repoDir, part))) cpSync(join(repoDir, part), join(dest, part), { recursive: true });
  }
  linkPackages(dest);
  const compiled = spawnSync(process.execPath, ['scripts/compile.mjs'], { cwd: dest, encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(`compiling ${rev ?? 'the working tree'} failed:\n${compiled.stderr || compiled.stdout}`);
  return describe(rev);
}

/** A real node_modules folder of links to the repository's packages, so caches written there stay in the copy. */
export function linkPackages(dest) {
  mkdirSync(join(dest, 'node_modules'), { recursive: true });
  for (const name of readdirSync(join(repoDir, 'node_modules'))) {
    if (!name.startsWith('.') && !existsSync(join(dest, 'node_modules', name))) symlinkSync(join(repoDir, 'node_modules', name), join(dest, 'node_modules', name));
  }
}

function describe(rev) {
  const version = JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')).version;
  const git = (...args) => spawnSync('git', ['-C', repoDir, ...args], { encoding: 'utf8' }).stdout?.trim();
  const commit = git('rev-parse', '--short', rev ?? 'HEAD');
  const dirty = rev ? '' : git('status', '--porcelain', '--', 'src', 'templates', 'content', 'public', 'bin', 'scripts');
  return `${version} (${commit}${dirty ? ' + uncommitted changes' : ''})`;
}

function gitHas(rev, path) {
  return spawnSync('git', ['-C', repoDir, 'cat-file', '-e', `${rev}:${path}`]).status === 0;
}
