/** The write stage: one small interface, a disk writer that swaps atomically and a memory writer. */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { problems, SiteError } from '../errors.ts';
import { foreignOutput, guardOutput, reasonOf, remedyOf } from './guard.ts';
import { besideOutput, buildStamp } from './leftovers.ts';
import { contentHash, markerFiles, markerText, outputMarker, ownerCheck, readListing, type Listing } from './marker.ts';
import { updateInPlace, type FolderEntry, type UpdatePlan } from './update.ts';

/** The size and time of an output file when it was written, and a hash where one was taken. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  hash?: string;
}

/** Where a build's files go. Nothing is visible at the destination until `commit`. */
export interface Writer {
  /** Which output this is (a folder path, or "memory"); the cache is only reused for the same one. */
  readonly id: string;
  write(file: string, data: string | Uint8Array): Promise<void>;
  /**
   * Takes a file over from the previous output unchanged, if it is still what `stamp` recorded;
   * false when it cannot (then the caller writes it). Synchronous: a rebuild asks this of
   * thousands of files, and a promise each costs more than the check.
   */
  reuse(file: string, stamp: FileStamp | undefined): boolean;
  /** A file of the current output (what the previous build left), or undefined when it has none. */
  previous(file: string): Uint8Array | undefined;
  /** The size and time of every file written or reused, by path. */
  stamps(): Map<string, FileStamp>;
  /** The files written (not reused) since the writer was made, in order. */
  written(): readonly string[];
  /** Makes the written files the output; a writer that is never committed leaves no trace. */
  commit(): Promise<void>;
  /** Drops whatever was written (after a failed build). */
  discard(): Promise<void>;
  /**
   * After `commit`: the stamp of every file of the output and the time of every folder holding one
   * (a file dropped into a folder changes its time). Undefined for output kept in memory.
   */
  survey?(): OutputSurvey;
  /** Whether the output is still as `survey` found it: no file of it changed or went, nothing was added. */
  unchangedSince?(survey: OutputSurvey): boolean;
  /**
   * Before the build writes: the output as the last build left it, so that `commit` need not read
   * again the folders still at the time they had then. Disk writer only.
   */
  lastSeen?(output: KnownOutput): void;
  /**
   * Before the build writes: takes over every file of the output as the last build left it; false,
   * and nothing taken, when it cannot. A disk writer is told that output (`last`) and takes it over
   * when each file still has the size and time of `last.stamps` (two numbers a file of
   * `last.output.files`) and each folder known (not -1) its time; the commit then reads only the
   * folders not known. The memory writer holds its last output itself and needs no `last`.
   */
  takeOver?(last?: { output: KnownOutput; stamps: Float64Array }): boolean;
}

/**
 * The files and folders of the output when the last build surveyed it. A folder's time is -1
 * where it is not to be trusted (set too shortly before the survey: something may have been
 * added within the same tick of the file system's clock).
 */
export interface KnownOutput {
  files: string[];
  folders: string[];
  mtimes: Float64Array;
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
 * Writes into a temporary sibling of `outDir`; `commit` makes that the output. When no file was
 * taken over from the previous output, the new folder is swapped in whole with two renames. When
 * files were (a rebuild), the previous output stays where it is and is updated in place as one
 * transaction (see updateInPlace), so a rebuild touches only what changed. Until `commit`, the
 * output is left exactly as it was, and a failed commit leaves it so too. The folder must be one
 * the build may replace (guardOutput): that is checked here and again before the commit, which
 * replaces or deletes only files the output's marker lists (see marker.ts). What builds of the
 * same output that were killed left beside it goes first.
 */
export function diskWriter(outDir: string, root: string): Writer {
  const target = resolve(outDir);
  guardOutput(root, target);
  const stamp = buildStamp(target);
  const staging = besideOutput(target, 'building', stamp);
  const shown = shownFrom(root);
  const stamps = new Map<string, FileStamp>();
  const hashes = new Map<string, string>(); // of each file written, for the marker
  const written: string[] = [];
  let kept = 0;
  let known: KnownOutput | undefined;
  /** Whether the known folders' times were just checked (takeOver): the commit need not look at them again. */
  let knownChecked = false;
  /** The time of each folder the commit found as the last build left it and did not change (by path inside the output). */
  let unchangedFolders = new Map<string, number>();
  const ensureDir = folderMaker(staging, target, shown);
  const writer: Writer = {
    id: target,
    async write(file, data) {
      const path = join(staging, file);
      try {
        await ensureDir(path);
        await writeFile(path, data);
        const info = await stat(path);
        stamps.set(file, { size: info.size, mtimeMs: info.mtimeMs });
        if (file !== outputMarker) hashes.set(file, contentHash(data));
      } catch (error) {
        if (error instanceof SiteError) throw error;
        throw problems.outputError(`cannot write ${shown(join(target, file))}: ${reasonOf(error)}`, remedyOf(error));
      }
      written.push(file);
    },
    reuse(file, stamp) {
      if (!stamp) return false;
      // The previous output's file stays in place if it is still what the last build wrote.
      const info = statSync(join(target, file), { throwIfNoEntry: false });
      if (!info?.isFile() || info.size !== stamp.size || info.mtimeMs !== stamp.mtimeMs) return false;
      stamps.set(file, stamp);
      kept++;
      return true;
    },
    previous(file) {
      try {
        return readFileSync(join(target, file));
      } catch {
        return undefined;
      }
    },
    stamps: () => stamps,
    written: () => written,
    async commit() {
      // The folder may have changed since the build started (files dropped in by hand).
      guardOutput(root, target);
      const { listing, owned, refused } = ownership(root, target);
      if (kept === 0 && !provenWhole(target, owned, shown)) throw refused();
      await writer.write(outputMarker, markerText(markerFiles(target, stamps, hashes, kept > 0 ? listing : undefined)));
      if (kept === 0) return swap(target, staging, besideOutput(target, 'old', stamp), shown);
      const plan = { target, staging, backup: besideOutput(target, 'previous', stamp), shown, owned, refused };
      unchangedFolders = updateOutput(plan, written, new Set(stamps.keys()), known, knownChecked);
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
    survey: () => surveyOutput(target, stamps, unchangedFolders),
    unchangedSince: (survey) => unchangedOutput(target, survey),
    lastSeen(output) {
      known = output;
    },
    takeOver(last) {
      if (!stillAsLeft(target, last)) return false;
      const { output, stamps: fileStamps } = last;
      output.files.forEach((file, i) => stamps.set(file, { size: fileStamps[2 * i]!, mtimeMs: fileStamps[2 * i + 1]! }));
      kept += output.files.length;
      known = output;
      knownChecked = true;
      return true;
    },
  };
  return writer;
}

/** Updates the output in place (see updateChecked and updateListed); returns the folders left unchanged, with their times. */
function updateOutput(plan: UpdatePlan, written: readonly string[], keep: ReadonlySet<string>, known?: KnownOutput, checked = false) {
  // The marker goes in first: a build killed halfway leaves only files the marker in place lists.
  const moved = [outputMarker, ...written.filter((file) => file !== outputMarker)];
  return known && checked ? updateChecked(plan, moved, keep, known) : updateListed(plan, moved, keep, known);
}

/** How a message names a path: from the project when it is inside it, else in full. */
function shownFrom(root: string): (path: string) => string {
  return (path) => {
    const fromProject = relative(resolve(root), path);
    return fromProject.startsWith('..') ? path : fromProject;
  };
}

/**
 * Updates the output in place, reading only the folders `known` does not list as the last build
 * left them; returns the folders left unchanged, with their times (by path inside the output).
 */
function updateListed(plan: UpdatePlan, written: readonly string[], keep: ReadonlySet<string>, known: KnownOutput | undefined): Map<string, number> {
  const listed = known ? foldersAsLeft(plan.target, known) : new Map<string, FolderAsLeft>();
  const touched = updateInPlace(plan, written, keep, listed);
  return new Map([...listed].filter(([path]) => !touched.has(path)).map(([, { folder, mtimeMs }]) => [folder, mtimeMs]));
}

/**
 * Updates the output in place when takeOver checked every folder `known` has a time for: those
 * hold what they held and are not looked at, only the others are; returns the folders left unchanged.
 */
function updateChecked(plan: UpdatePlan, written: readonly string[], keep: ReadonlySet<string>, known: KnownOutput): Map<string, number> {
  const clean = new Set(known.folders.filter((_, i) => known.mtimes[i]! >= 0));
  const touched = updateInPlace(plan, written, keep, undefined, { clean, unknown: known.folders.filter((folder) => !clean.has(folder)) });
  const unchanged = new Map<string, number>();
  known.folders.forEach((folder, i) => {
    if (clean.has(folder) && !touched.has(folder === '.' ? plan.target : join(plan.target, folder))) unchanged.set(folder, known.mtimes[i]!);
  });
  return unchanged;
}

/** A folder of the output as the last build left it: its path inside the output, its time and its entries. */
interface FolderAsLeft {
  folder: string;
  mtimeMs: number;
  entries: FolderEntry[];
}

/**
 * The folders of `known` still at the time they had then, with their entries then (files and
 * folders added or removed since would have changed that time), by absolute path.
 */
function foldersAsLeft(target: string, known: KnownOutput): Map<string, FolderAsLeft> {
  const entries = new Map<string, FolderEntry[]>();
  const add = (path: string, folder: boolean): boolean => {
    const name = basename(path);
    // A damaged record could name an entry that leads out of its folder ("..", "."): then it is no guide at all.
    if (name === '' || name === '.' || name === '..') return false;
    const list = entries.get(dirname(path));
    if (list) list.push({ name, folder });
    else entries.set(dirname(path), [{ name, folder }]);
    return true;
  };
  if (!known.files.every((file) => add(file, false)) || !known.folders.every((folder) => folder === '.' || add(folder, true))) return new Map();
  const listed = new Map<string, FolderAsLeft>();
  known.folders.forEach((folder, i) => {
    const mtimeMs = known.mtimes[i]!;
    if (mtimeMs < 0) return;
    const path = join(target, folder);
    const info = statSync(path, { throwIfNoEntry: false });
    if (info?.isDirectory() && info.mtimeMs === mtimeMs) listed.set(path, { folder, mtimeMs, entries: entries.get(folder) ?? [] });
  });
  return listed;
}

/**
 * The stamps of the files written or kept, and the times of their folders and the folders above
 * them: read now, but for the folders the commit found unchanged and left so.
 */
function surveyOutput(target: string, stamps: Map<string, FileStamp>, unchangedFolders: ReadonlyMap<string, number>): OutputSurvey {
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
  const mtimes = Float64Array.from(list, (dir) => unchangedFolders.get(dir) ?? statSync(join(target, dir), { throwIfNoEntry: false })?.mtimeMs ?? -1);
  return { files, stamps: sizes, folders: list, mtimes };
}

/** Whether the output in `target` is still as `last` saw it: each file's size and time, each known folder's time (none to check without `last`). */
function stillAsLeft(target: string, last: { output: KnownOutput; stamps: Float64Array } | undefined): last is { output: KnownOutput; stamps: Float64Array } {
  return last !== undefined && last.stamps.length === 2 * last.output.files.length && unchangedOutput(target, { ...last.output, stamps: last.stamps }, true);
}

/**
 * Whether every file and folder of `survey` still has its stamp (synchronous: thousands of stat
 * calls through promises cost several times more); with `knownOnly`, folders whose time is not
 * known (-1) are not looked at.
 */
function unchangedOutput(target: string, survey: OutputSurvey, knownOnly = false): boolean {
  for (let i = 0; i < survey.folders.length; i++) {
    if (knownOnly && survey.mtimes[i]! < 0) continue;
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

/** The last build's marker, a check of what the commit replaces or deletes against it, and the refusal naming what that check found. */
function ownership(root: string, target: string): { listing?: Listing; owned: (path: string) => boolean; refused: () => SiteError } {
  const listing = readListing(target);
  const unknown: string[] = [];
  return { listing, owned: ownerCheck(target, listing, unknown), refused: () => foreignOutput(root, target, unknown) };
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
function folderMaker(staging: string, target: string, shown: (path: string) => string): (path: string) => Promise<void> {
  const made = new Set<string>();
  return async (path) => {
    const dir = dirname(path);
    if (made.has(dir)) return;
    if (made.size === 0) {
      await mkdir(staging, { recursive: true }).catch((error: unknown) => {
        throw problems.outputError(`cannot create the temporary folder ${shown(staging)} beside the output: ${reasonOf(error)}`, `the folder that holds ${shown(target)} must be writable: the build writes there first, then swaps it in`);
      });
      made.add(staging);
    }
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
}

/** Swaps the staging folder in for the output with two renames (the old output is put back if the second fails). */
async function swap(target: string, staging: string, old: string, shown: (path: string) => string): Promise<void> {
  try {
    await rename(target, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw problems.outputError(`cannot replace ${shown(target)}: ${reasonOf(error)}`, remedyOf(error));
  }
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(old, target).catch(() => undefined);
    throw problems.outputError(`cannot move the new build into ${shown(target)}: ${reasonOf(error)}`, remedyOf(error));
  }
  await rm(old, { recursive: true, force: true }).catch(() => undefined);
}

/**
 * Keeps files in memory: for tests, `check` and the dev server (which reuses it build after build).
 * `files` is the committed output: a new map after a build, the same map updated after a build
 * that took the output over (a rebuild of article bodies alone).
 */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array> } {
  let pending = new Map<string, Uint8Array>();
  let files = new Map<string, Uint8Array>();
  // What the build now running wrote and took over; after a commit, what the committed build did (until the next build starts).
  let stamps = new Map<string, FileStamp>();
  let written: string[] = [];
  let started = false;
  /** Whether the build took the committed output over (takeOver): what it writes then goes over that output, in place, at the commit. */
  let over = false;
  const start = () => {
    if (started) return;
    started = true;
    stamps = new Map();
    written = [];
  };
  const encoder = new TextEncoder();
  return {
    id: 'memory',
    get files() {
      return files;
    },
    async write(file, data) {
      start();
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      pending.set(file, bytes);
      stamps.set(file, { size: bytes.length, mtimeMs: 0 });
      written.push(file);
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
    previous: (file) => files.get(file),
    takeOver() {
      start();
      // Not copied: thousands of files the dev server serves, on every save of an article.
      over = true;
      return true;
    },
    stamps: () => stamps,
    written: () => written,
    async commit() {
      if (over) for (const [file, bytes] of pending) files.set(file, bytes);
      else files = pending;
      pending = new Map();
      started = false;
      over = false;
    },
    async discard() {
      pending = new Map();
      started = false;
      over = false;
    },
  };
}
