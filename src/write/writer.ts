/** The write stage: one small interface, a disk writer that swaps atomically and a memory writer. */
import { copyFileSync, linkSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { problems, SiteError } from '../errors.ts';
import { foreignOutput, guardOutput, reasonOf, remedyOf } from './guard.ts';
import { besideOutput, buildStamp } from './leftovers.ts';
import { contentHash, markerFiles, markerText, outputMarker, ownerCheck, readListing } from './marker.ts';
import { withOpenFile } from '../open-files.ts';

/** The size and time of an output file when it was written, and a hash where one was taken. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  hash?: string;
}

/** Where a build's files go. Nothing is visible at the destination until `commit`. */
export interface Writer {
  /** The output this writer replaces, as the last build left it. */
  readonly output: Output;
  write(file: string, data: string | Uint8Array): Promise<void>;
  /**
   * Takes a file over from the previous output unchanged, if it is still what `stamp` recorded;
   * false when it cannot (then the caller writes it). Synchronous: a rebuild asks this of
   * thousands of files, and a promise each costs more than the check.
   */
  reuse(file: string, stamp: FileStamp | undefined): boolean;
  /**
   * Makes the written files the output and gives the size and time of every file written or reused; never committed, it leaves no trace.
   */
  commit(): Promise<Map<string, FileStamp>>;
  /** Drops whatever was written (after a failed build). */
  discard(): Promise<void>;
}

/** An output: which one it is, where it lives on disk (none for output kept in memory) and its files as they are now. */
export interface Output {
  /** A folder path, or "memory": what the build memo was made for is reused only for the same output. */
  readonly id: string;
  readonly folder: string | undefined;
  read(file: string): Uint8Array | undefined;
}

/** The output folder as a build left it: its files with their sizes and times, and its folders with their times. */
export interface OutputSurvey {
  files: string[];
  /** Size and modification time of each file, in turn. */
  stamps: Float64Array;
  /** Paths inside the output ('.' for the output folder itself). */
  folders: string[];
  mtimes: Float64Array;
}

/**
 * Writes the whole new output into a temporary sibling of `outDir`: new and changed files are
 * written there, files taken over from the previous output are hard-linked there (same bytes, no
 * copy). `commit` then swaps the new folder in with two renames, so the output folder holds the old
 * output or the new one, never a mix, however the build ends: before the swap nothing in it has
 * changed; a build killed between the two renames leaves it missing, and the next build puts the
 * previous output back first (see removeLeftovers). The folder must be one the build may replace
 * (guardOutput): that is checked here and again before the commit, which swaps out only a folder
 * whose every file it deletes or replaces the output's marker lists with those bytes (see marker.ts).
 */
export function diskWriter(outDir: string, root: string): Writer {
  const target = outputFolder(outDir);
  guardOutput(root, target);
  const stamp = buildStamp(target);
  const staging = besideOutput(target, 'building', stamp);
  const shown = shownFrom(root);
  const stamps = new Map<string, FileStamp>();
  const hashes = new Map<string, string>(); // of each file written, for the marker
  const carried = new Set<string>(); // files taken over from the previous output
  const folders = folderMaker(staging, target, shown);
  const writer: Writer = {
    output: { id: target, folder: target, read: (file) => readOutputFile(target, file) },
    async write(file, data) {
      const path = join(staging, file);
      try {
        await folders.make(path);
        // A file taken over is a link to the previous output's bytes: writing through it would change the output before the swap.
        if (carried.delete(file)) await rm(path, { force: true });
        await withOpenFile(() => writeFile(path, data));
        const info = await stat(path);
        stamps.set(file, { size: info.size, mtimeMs: info.mtimeMs });
        if (file !== outputMarker) hashes.set(file, contentHash(data));
      } catch (error) {
        if (error instanceof SiteError) throw error;
        throw problems.outputError(`cannot write ${shown(join(target, file))}: ${reasonOf(error)}`, remedyOf(error));
      }
    },
    reuse(file, stamp) {
      if (!stamp) return false;
      // The previous output's file is taken over if it is still what the last build wrote.
      const from = join(target, file);
      const info = lstatSync(from, { throwIfNoEntry: false });
      if (!info?.isFile() || info.size !== stamp.size || info.mtimeMs !== stamp.mtimeMs) return false;
      const taken = carryOver(from, join(staging, file), folders.makeSync);
      if (!taken) return false; // the caller writes it instead, and a write names what failed
      stamps.set(file, taken === 'linked' ? stamp : taken);
      carried.add(file);
      return true;
    },
    async commit() {
      // The folder may have changed since the build started (files dropped in by hand).
      guardOutput(root, target);
      const listing = readListing(target);
      const unknown: string[] = [];
      if (!provenWhole(target, ownerCheck(target, listing, unknown, carried), shown)) throw foreignOutput(root, target, unknown);
      await writer.write(outputMarker, markerText(markerFiles(staging, stamps, hashes, listing)));
      await swap(target, staging, besideOutput(target, 'old', stamp), shown);
      return stamps;
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
  return writer;
}

/** The output folder's path; when it is a symbolic link to a folder, that folder (the swap replaces it, not the link). */
function outputFolder(outDir: string): string {
  const path = resolve(outDir);
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path; // guardOutput says what is wrong with it
  }
}

/**
 * Puts a file of the previous output into the new one: a hard link (same bytes, same time), else a
 * copy (a file system without hard links), whose stamp it gives; false when neither can be made.
 */
function carryOver(from: string, to: string, makeFolder: (path: string) => void): 'linked' | FileStamp | false {
  try {
    makeFolder(to);
    try {
      linkSync(from, to);
      return 'linked';
    } catch {
      copyFileSync(from, to);
      const info = statSync(to);
      return { size: info.size, mtimeMs: info.mtimeMs };
    }
  } catch {
    return false;
  }
}

/** A file's bytes as text (the memory writer keeps Uint8Arrays, whose own toString lists numbers). */
export function textOf(bytes: Uint8Array | undefined): string {
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : '';
}

/** A file of the output folder, or undefined when it has none. */
function readOutputFile(target: string, file: string): Uint8Array | undefined {
  try {
    return readFileSync(join(target, file));
  } catch {
    return undefined;
  }
}

/** How a message names a path: from the project when it is inside it, else in full. */
function shownFrom(root: string): (path: string) => string {
  return (path) => {
    const fromProject = relative(resolve(root), path);
    return fromProject.startsWith('..') ? path : fromProject;
  };
}

/** After a commit: the stamps of the files written or kept, and the times of their folders and the folders above them. */
export function surveyOutput(target: string, stamps: Map<string, FileStamp>): OutputSurvey {
  const files = [...stamps.keys()];
  const sizes = new Float64Array(files.length * 2);
  const folders = new Set<string>(['.']);
  files.forEach((file, i) => {
    const stamp = stamps.get(file)!;
    sizes[2 * i] = stamp.size;
    sizes[2 * i + 1] = stamp.mtimeMs;
    for (let dir = dirname(file); !folders.has(dir); dir = dirname(dir)) folders.add(dir);
  });
  const list = [...folders];
  const mtimes = Float64Array.from(list, (dir) => statSync(join(target, dir), { throwIfNoEntry: false })?.mtimeMs ?? -1);
  return { files, stamps: sizes, folders: list, mtimes };
}

/**
 * Whether every file and folder of `survey` still has its stamp (synchronous: thousands of stat calls through promises cost several times
 * more).
 */
export function unchangedOutput(target: string, survey: OutputSurvey): boolean {
  for (let i = 0; i < survey.folders.length; i++) {
    if (statSync(within(target, survey.folders[i]!), { throwIfNoEntry: false })?.mtimeMs !== survey.mtimes[i]) return false;
  }
  for (let i = 0; i < survey.files.length; i++) {
    const info = statSync(within(target, survey.files[i]!), { throwIfNoEntry: false });
    if (!info?.isFile() || info.size !== survey.stamps[2 * i] || info.mtimeMs !== survey.stamps[2 * i + 1]) return false;
  }
  return true;
}

/**
 * The path of `path` (inside the output, '/'-separated) under `target`: joined by hand when it is
 * plain (path.join normalizes, ~1 µs a call, thousands of times a rebuild), else by path.join.
 */
function within(target: string, path: string): string {
  return path === '.' || path.includes('..') || path.includes('\\') || path.startsWith('/') ? join(target, path) : `${target}${sep}${path}`;
}

/** Whether every file in the output folder is one the build may delete (true when there is no folder); `owned` collects the others. */
function provenWhole(target: string, owned: (path: string) => boolean, shown: (path: string) => string): boolean {
  try {
    return owned(target);
  } catch (error) {
    throw problems.outputError(`cannot read the output folder ${shown(target)}: ${reasonOf(error)}`, remedyOf(error));
  }
}

/** Makes the folders files are written into, the staging folder itself first (with a message when it cannot be made). */
function folderMaker(staging: string, target: string, shown: (path: string) => string) {
  const made = new Set<string>();
  const cannot = (error: unknown) =>
    problems.outputError(
      `cannot create the temporary folder ${shown(staging)} beside the output: ${reasonOf(error)}`,
      `the folder that holds ${shown(target)} must be writable (the build writes there first, then swaps the new output in): ` +
        remedyOf(error),
    );
  return {
    /** Makes the folder that will hold `path`. */
    async make(path: string): Promise<void> {
      const dir = dirname(path);
      if (made.has(dir)) return;
      if (made.size === 0) {
        await mkdir(staging, { recursive: true }).catch((error: unknown) => {
          throw cannot(whyNotMade(staging, error));
        });
        made.add(staging);
      }
      await mkdir(dir, { recursive: true });
      made.add(dir);
    },
    /** The same, synchronously (a rebuild takes thousands of files over). */
    makeSync(path: string): void {
      const dir = dirname(path);
      if (made.has(dir)) return;
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    },
  };
}

/**
 * Why a folder could not be made: a recursive mkdir reports a missing parent (ENOENT) where that
 * parent could not be made either (a read-only disk, no permission), so the first missing one is tried alone.
 */
function whyNotMade(folder: string, error: unknown): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return error;
  let missing = folder;
  while (dirname(missing) !== missing && !statSync(dirname(missing), { throwIfNoEntry: false })) missing = dirname(missing);
  try {
    mkdirSync(missing);
    rmdirSync(missing);
  } catch (cause) {
    return cause;
  }
  return error;
}

/** Swaps the staging folder in for the output with two renames (the old output is put back if the second fails). */
async function swap(target: string, staging: string, old: string, shown: (path: string) => string): Promise<void> {
  try {
    await rename(target, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw problems.outputError(`cannot replace ${shown(target)}: ${reasonOf(error)}`, remedyOf(error));
  }
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(old, target).catch(() => undefined);
    throw problems.outputError(`cannot move the new build into ${shown(target)}: ${reasonOf(error)}`, remedyOf(error));
  }
  await rm(old, { recursive: true, force: true }).catch(() => undefined);
}

/** Keeps files in memory: for tests, `check` and the dev server (which reuses it build after build); `files` is the committed output. */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array> } {
  let pending = new Map<string, Uint8Array>();
  let files = new Map<string, Uint8Array>();
  // What the build now running wrote and took over; after a commit, what the committed build did (until the next build starts).
  let stamps = new Map<string, FileStamp>();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    stamps = new Map();
  };
  const encoder = new TextEncoder();
  return {
    output: { id: 'memory', folder: undefined, read: (file) => files.get(file) },
    get files() {
      return files;
    },
    async write(file, data) {
      start();
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      pending.set(file, bytes);
      stamps.set(file, { size: bytes.length, mtimeMs: 0 });
    },
    reuse(file, stamp) {
      const bytes = files.get(file);
      if (!bytes) return false;
      start();
      pending.set(file, bytes);
      // The stamp recorded for these very bytes is kept as it is: thousands of pages are taken over on every save.
      stamps.set(file, stamp?.size === bytes.length && stamp.mtimeMs === 0 ? stamp : { size: bytes.length, mtimeMs: 0 });
      return true;
    },
    async commit() {
      files = pending;
      pending = new Map();
      started = false;
      return stamps;
    },
    async discard() {
      pending = new Map();
      started = false;
    },
  };
}
