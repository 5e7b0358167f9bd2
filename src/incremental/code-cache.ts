/**
 * The generator's own code, compiled once. Node 20 compiles every module from source at each
 * start: about 70 ms of every build that renders a page. V8 can hand back what it compiled
 * (a code cache) and take it again in the next process, but Node 20 offers that only for a script
 * given as text. So the CLI is compiled into one CommonJS file (lib/cli.cjs, by
 * scripts/compile.mjs), and bin/ loads it through this module: as a script, with the code V8
 * compiled in an earlier run. The cache lives in node_modules/.cache/clinic-site/code/, one file
 * per version of the code, and is safe to delete: without it the CLI compiles from source, as
 * Node would. This module is its own entry (lib/code-cache.js) and imports only Node's modules.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** The CLI as loaded: its entry point, and what says how it was loaded. */
export interface LoadedCli {
  main(argv: string[]): Promise<number>;
  /**
   * Saves what V8 compiled in this run: when no cache was taken, or while the cache has checks left and this run compiled more than it
   * holds.
   */
  save(): void;
  /** 'accepted', 'none', or why a cache found was not used ('damaged', 'rejected by V8'). */
  cache: string;
}

/**
 * The header of a cache file: a tag, how many more runs are to look for code the cache lacks, and
 * a hash of the data. Release builds of V8 check only the data's length and the source's length:
 * a file damaged in place, or kept for a script of the same length, must never reach it.
 */
const tag = Buffer.from('clinic-site code cache 2\n');
const checksAt = tag.length;
const hashAt = checksAt + 1;
const headerLength = hashAt + 20;

/**
 * How many runs after the cache was written look at what they compiled (9 ms at N = 4,000): the
 * first run may have done little (`--help`, a build with nothing changed, a cold build that
 * rendered in its workers), and a later one compiles what the next runs need.
 */
const checks = 3;

/** Loads `entry` (lib/cli.cjs) as a CommonJS module, with V8's code cache from `folder` when it holds one for this exact code. */
export function loadCli(entry: URL | string, folder?: string): LoadedCli {
  const file = typeof entry === 'string' ? entry : fileURLToPath(entry);
  folder ??= codeCacheFolder(file);
  const source = readFileSync(file, 'utf8');
  const cacheFile = join(folder, `${basename(file)}-${createHash('sha1').update(source).digest('hex').slice(0, 20)}.bin`);
  const cached = readCache(cacheFile);
  // A script compiled from a cache cannot call import() in Node 20 (without an experimental flag): the CLI loads what its bundle leaves out
  // with require (see requireModule in entries.ts).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData: typeof cached === 'object' ? cached.data : undefined,
  });
  const cache =
    cached === undefined ? 'none' : cached === 'damaged' ? 'damaged' : script.cachedDataRejected ? 'rejected by V8' : 'accepted';
  const module = { exports: {} as { main(argv: string[]): Promise<number> } };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return {
    main: (argv) => module.exports.main(argv),
    cache,
    save() {
      const outcome =
        typeof cached === 'object' && cache === 'accepted'
          ? lookAgain(cacheFile, script, cached)
          : writeCache(folder, cacheFile, script.createCachedData());
      if (process.env.CLINIC_SITE_TIMINGS) process.stderr.write(`  code cache: ${cache}, ${outcome}\n`);
    },
  };
}

/**
 * While the cache has checks left: saves what V8 has compiled of `script` when it holds more than
 * the cache did (the first warm build compiles what a cold one left to its workers), else counts the check.
 */
function lookAgain(file: string, script: Script, cached: CachedCode): string {
  if (cached.checksLeft === 0) return 'kept';
  const data = script.createCachedData();
  if (data.length > cached.data.length * 1.05) return writeCache(dirname(file), file, data);
  try {
    const handle = openSync(file, 'r+');
    try {
      writeSync(handle, Uint8Array.of(cached.checksLeft - 1), 0, 1, checksAt);
    } finally {
      closeSync(handle);
    }
  } catch {
    // Counted next time.
  }
  return `kept (${cached.checksLeft - 1} checks left)`;
}

/**
 * The code cache folder: in the node_modules folder the generator is installed in, or in its own
 * node_modules when it runs from its repository (lib/ beside package.json).
 */
export function codeCacheFolder(file: string): string {
  const parts = dirname(file).split(sep);
  const installed = parts.lastIndexOf('node_modules');
  const modules = installed > 0 ? parts.slice(0, installed + 1).join(sep) : join(dirname(dirname(file)), 'node_modules');
  return join(modules, '.cache', 'clinic-site', 'code');
}

/** A cache file read back whole. */
interface CachedCode {
  data: Buffer;
  checksLeft: number;
}

/** The cached data; 'damaged' when the file is there but not whole; undefined when there is none. */
function readCache(file: string): CachedCode | 'damaged' | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= headerLength || !bytes.subarray(0, tag.length).equals(tag)) return 'damaged';
  const data = bytes.subarray(headerLength);
  if (!createHash('sha1').update(data).digest().equals(bytes.subarray(hashAt, headerLength))) return 'damaged';
  return { data, checksLeft: bytes[checksAt]! };
}

/**
 * Writes the cache under a temporary name, then renames it (another run never reads half a
 * file), and removes the caches of other versions of the code. A folder that cannot be written
 * costs the next run its speed, never its result.
 */
function writeCache(folder: string, file: string, data: Buffer): string {
  const temp = `${file}.${process.pid}`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(temp, Buffer.concat([tag, Uint8Array.of(checks), createHash('sha1').update(data).digest(), data]));
    renameSync(temp, file);
    const prefix = basename(file).replace(/-[0-9a-f]+\.bin$/, '-');
    for (const name of readdirSync(folder)) {
      if (name.startsWith(prefix) && name !== basename(file) && name.endsWith('.bin')) rmSync(join(folder, name), { force: true });
    }
    return `saved (${(data.length / 2 ** 20).toFixed(1)} MB)`;
  } catch {
    // Read-only, or full: the next run compiles from source.
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
    return 'not saved (the folder cannot be written)';
  }
}
