/** The CLI's code cache: taken only for the exact code it was made from, never trusted when damaged, and never in the way. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheFolder } from '../src/incremental/code-cache.ts';
import { projectRoot, runCli } from './helpers.ts';

const cli = join(projectRoot, 'lib', 'cli.cjs');
const loader = join(projectRoot, 'lib', 'code-cache.js');
const run = promisify(execFile);
const folders: string[] = [];

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'clinic-code-cache-'));
  folders.push(folder);
  return folder;
}

/** The one cache file in `folder`. */
function cacheFileIn(folder: string): string {
  const files = readdirSync(folder).filter((f) => f.endsWith('.bin'));
  expect(files).toHaveLength(1);
  return join(folder, files[0]!);
}

/**
 * In a new process (V8 keeps what it compiled within one), loads the CLI through the compiled
 * loader with the cache in `folder`, runs `--version` and saves; returns how the cache was found.
 */
async function runOnce(folder: string): Promise<string> {
  const script = `const { loadCli } = await import(${JSON.stringify(pathToFileURL(loader).href)});
const cli = loadCli(process.argv[1], process.argv[2]);
const code = await cli.main(['--version']);
cli.save();
process.stderr.write('exit ' + code + ', cache ' + cli.cache);`;
  const { stderr } = await run(process.execPath, ['--input-type=module', '-e', script, cli, folder]);
  const [, code, cache] = /exit (\d+), cache (.*)$/.exec(stderr) ?? [];
  expect(code).toBe('0');
  return cache!;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('loadCli', () => {
  it('should compile from source the first time, then take the cache it saved', async () => {
    const folder = tempFolder();
    expect(await runOnce(folder)).toBe('none');
    expect(readFileSync(cacheFileIn(folder)).length).toBeGreaterThan(1000);
    expect(await runOnce(folder)).toBe('accepted');
  });

  it('should not hand V8 a cache damaged in place, and write a whole one again', async () => {
    const folder = tempFolder();
    await runOnce(folder);
    const file = cacheFileIn(folder);
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 0xff, bytes.length - 100);
    writeFileSync(file, bytes);
    expect(await runOnce(folder)).toBe('damaged');
    expect(await runOnce(folder)).toBe('accepted');
  });

  it('should not hand V8 a cut-off cache', async () => {
    const folder = tempFolder();
    await runOnce(folder);
    const file = cacheFileIn(folder);
    writeFileSync(file, readFileSync(file).subarray(0, 30));
    expect(await runOnce(folder)).toBe('damaged');
  });

  it('should run from source when V8 refuses a whole cache made for other code', async () => {
    const folder = tempFolder();
    await runOnce(folder);
    const file = cacheFileIn(folder);
    // A well-formed file whose data V8 made for another script.
    const other = new Script('(function () { return 1; })').createCachedData();
    const header = readFileSync(file).subarray(0, readFileSync(file).indexOf(10) + 2);
    const { createHash } = await import('node:crypto');
    writeFileSync(file, Buffer.concat([header, createHash('sha1').update(other).digest(), other]));
    expect(await runOnce(folder)).toBe('rejected by V8');
    expect(await runOnce(folder)).toBe('accepted');
  });

  it('should keep one cache, removing those of other versions of the code', async () => {
    const folder = tempFolder();
    writeFileSync(join(folder, 'cli.cjs-0123456789abcdef0123.bin'), 'an older version');
    await runOnce(folder);
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it('should run when the cache folder cannot be made', async () => {
    const parent = tempFolder();
    writeFileSync(join(parent, 'file'), '');
    expect(await runOnce(join(parent, 'file', 'code'))).toBe('none');
  });

  it('should look at what later runs compiled a few times, then no more', async () => {
    const folder = tempFolder();
    await runOnce(folder);
    const file = cacheFileIn(folder);
    const checksLeft = () => readFileSync(file)[readFileSync(file).indexOf(10) + 1];
    const counts = [checksLeft()];
    for (let i = 0; i < 4; i++) {
      await runOnce(folder);
      counts.push(checksLeft());
    }
    expect(counts).toEqual([3, 2, 1, 0, 0]);
  });
});

describe('codeCacheFolder', () => {
  it('should be in the node_modules the generator is installed in, or its own', () => {
    expect(codeCacheFolder('/site/node_modules/clinic-site/lib/cli.cjs')).toBe('/site/node_modules/.cache/clinic-site/code');
    expect(codeCacheFolder('/work/clinic-site/lib/cli.cjs')).toBe('/work/clinic-site/node_modules/.cache/clinic-site/code');
  });
});

describe('bin/clinic-site.js', () => {
  it('should say with CLINIC_SITE_TIMINGS that it took the code cache', async () => {
    await runCli(['--version'], projectRoot);
    const { code, stderr, stdout } = await runCli(['--version'], projectRoot, { CLINIC_SITE_TIMINGS: '1' });
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version);
    expect(stderr).toMatch(/code cache: accepted/);
  });
});
