/** Shared test helpers: temporary copies of the project, fixture overlays, and running the CLI. */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import matter from 'gray-matter';
import { generateArticles } from '../bench/harness/articles.mjs';
import { afterAll } from 'vitest';
import { SiteErrors, type SiteError } from '../src/errors.ts';
import { settingsFiles } from '../src/incremental/bundles.ts';
import { fineSettledMs, settledMs } from '../src/incremental/survey.ts';

/** The project being tested. */
export const projectRoot = join(import.meta.dirname, '..');

/** The markdown bodies of the real articles, then of `generated` articles of the bench (prose, lists, links). */
export function articleBodies(generated: number): string[] {
  const dir = join(projectRoot, 'content', 'blog');
  const real = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
  return [...real, ...generateArticles(generated).map((a) => a.text)].map((text) => matter(text, { language: 'yaml' }).content);
}

/**
 * Copies the project's sources (content/, templates/, public/) into a new temporary folder,
 * links node_modules, and lays the files of test/fixtures/NAME over it when a name is given.
 */
export async function tempProject(fixture?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clinic-test-'));
  await Promise.all(['content', 'templates', 'public'].map((d) => cp(join(projectRoot, d), join(dir, d), { recursive: true })));
  await cp(join(projectRoot, 'package.json'), join(dir, 'package.json'));
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (fixture) await cp(join(projectRoot, 'test', 'fixtures', fixture), dir, { recursive: true });
  return dir;
}

/** Removes a temporary project. */
export async function removeProject(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Replaces text in a file of a temporary project; fails loudly when the text is not there. */
export async function editFile(dir: string, file: string, from: string | RegExp, to: string): Promise<void> {
  const path = join(dir, file);
  const text = await readFile(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`editFile: ${String(from)} not found in ${file}`);
  await writeFile(path, next);
}

/** Runs the compiled CLI in a folder (behind `runAs`, such as setpriv, when given); resolves to its exit code and output. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}, runAs: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = [...runAs, process.execPath, join(projectRoot, 'bin', 'clinic-site.js'), ...args];
  return new Promise((resolve) => {
    execFile(command[0]!, command.slice(1), { cwd, env: { ...process.env, NO_COLOR: '1', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * A hash of every file under a folder, by relative path: proves a folder did not change. An output's
 * marker counts by its presence alone: it lists the times its files were written, which no two builds share.
 * Given `known` (kept between calls on the same folder), a file whose inode, size, modification and change times
 * are all as when it was last hashed keeps that hash: a write of any kind moves its change time, so what changed is hashed again.
 */
export async function snapshot(dir: string, known?: Map<string, { stamp: string; hash: string }>): Promise<Record<string, string>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const result: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const file = relative(dir, path);
    if (file === '.clinic-site-output') {
      result[file] = 'marker';
      continue;
    }
    const s = known && (await stat(path, { bigint: true }));
    const stamp = s ? `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : '';
    const kept = known?.get(path);
    if (kept && kept.stamp === stamp) {
      result[file] = kept.hash;
      continue;
    }
    result[file] = createHash('sha256').update(await readFile(path)).digest('hex');
    known?.set(path, { stamp, hash: result[file] });
  }
  return result;
}

/**
 * Waits until what was just written under `dir` is old enough for a build to trust it and leave its record (src/incremental/survey.ts):
 * its 100 ms window (plus 200 ms to spare) where the file system keeps fractions of a second (tmpfs, ext4), else its 2 s window. The
 * template bundles, without which no record is left, trust their inputs after 2 s on any file system (src/incremental/bundles.ts): a
 * template or settings file changed less than 2.1 s ago is waited for (a 200 ms wait after a fresh copy left no record on 29 Nov).
 * File times cannot be set back instead: a file is trusted by its change time too, which only the clock sets.
 */
export async function settlePause(dir: string): Promise<void> {
  const fine = (await stat(join(dir, 'content'))).mtimeMs % 1000 !== 0;
  const bundled = fine ? await newestChange(dir, ['templates', ...settingsFiles]) : Date.now();
  const wait = Math.max(fine ? fineSettledMs + 200 : 0, bundled + settledMs + 100 - Date.now());
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The latest modification or change time of the paths (folders with all they hold) under `dir`; 0 for none. */
async function newestChange(dir: string, paths: string[]): Promise<number> {
  let newest = 0;
  const look = async (path: string): Promise<void> => {
    const found = await stat(path).catch(() => undefined);
    if (!found) return;
    newest = Math.max(newest, found.mtimeMs, found.ctimeMs);
    if (found.isDirectory()) await Promise.all((await readdir(path)).map((name) => look(join(path, name))));
  };
  await Promise.all(paths.map((path) => look(join(dir, path))));
  return newest;
}

/** mulberry32: a small, good-enough PRNG whose whole state is the seed (seeded tests replay exactly). */
export function seededRandom(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The problems a failing run reports (its SiteErrors); fails the test when it resolves or throws anything else. */
export async function siteErrorsOf(run: Promise<unknown>): Promise<SiteError[]> {
  try {
    await run;
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('expected the run to fail');
}

/** Runs the CLI as the unprivileged user "nobody" (root reads any file), or undefined when that cannot be done. */
export const asNobody = (() => {
  if (process.getuid?.() !== 0) return undefined;
  try {
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);
    return (args: string[], cwd: string) => runCli(args, cwd, {}, ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']);
  } catch {
    return undefined;
  }
})();

/**
 * A copy of the project whose node_modules/.cache/clinic-site is its own (compiled templates, build memo), so what a test
 * reads there is what its own builds left even while other test files build beside it; image variants stay shared.
 */
export async function projectWithOwnCache(): Promise<string> {
  const copy = await tempProject();
  await ownNodeModules(copy, 'linked');
  return copy;
}

/**
 * A copy of the project (with a fixture) that "nobody" owns, with a node_modules of its own (so its cache is its own). Its cache
 * starts with a copy of the shared image variants: encoding every picture again took some 9 s of CPU a first build.
 */
export async function projectForNobody(fixture?: string): Promise<string> {
  const copy = await tempProject(fixture);
  await ownNodeModules(copy, 'copied');
  execFileSync('chown', ['-R', '-h', '65534:65534', copy]);
  chmodSync(copy, 0o755);
  return copy;
}

/**
 * Gives a copy a node_modules of its own: links to the project's packages, and a cache of its own that starts with the shared
 * image variants, linked (builds add to the shared ones) or copied (for a copy another user owns).
 */
async function ownNodeModules(copy: string, images: 'linked' | 'copied'): Promise<void> {
  await rm(join(copy, 'node_modules'));
  const cache = join(copy, 'node_modules', '.cache', 'clinic-site');
  mkdirSync(cache, { recursive: true });
  for (const name of readdirSync(join(projectRoot, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(projectRoot, 'node_modules', name), join(copy, 'node_modules', name));
  }
  const shared = join(projectRoot, 'node_modules', '.cache', 'clinic-site', 'images');
  if (images === 'linked') {
    mkdirSync(shared, { recursive: true });
    symlinkSync(shared, join(cache, 'images'));
  } else if (existsSync(shared)) await cp(shared, join(cache, 'images'), { recursive: true });
}

/** A Node stack trace in a CLI's output: never shown for anything a user can cause. */
export const stackTrace = /\n\s+at .+:\d+:\d+\)?\n/;

/** Polls `value` until it gives something, for up to 15 s (the dev server's watcher waits for writes to settle). */
export async function until<T>(value: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const found = value();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nothing within 15 s');
}

/** A maker of temporary copies of the project (with `fixture` laid over, if given), all removed once the file's tests are done. */
export function throwawayProjects(): (fixture?: string) => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.splice(0).map(removeProject));
  });
  return async (fixture) => {
    const dir = await tempProject(fixture);
    made.push(dir);
    return dir;
  };
}
