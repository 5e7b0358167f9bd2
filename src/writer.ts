/** The write stage: one small interface, a disk writer that swaps atomically and a memory writer. */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { FileStamp } from './cache.ts';
import { problems } from './errors.ts';

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
  /** The size and time of every file written or reused, by path. */
  stamps(): Map<string, FileStamp>;
  /** Makes the written files the output; a writer that is never committed leaves no trace. */
  commit(): Promise<void>;
  /** Drops whatever was written (after a failed build). */
  discard(): Promise<void>;
}

/**
 * Writes into a temporary sibling of `outDir`; `commit` makes that the output. When no file was
 * taken over from the previous output, the new folder is swapped in whole with two renames. When
 * files were (a rebuild), the previous output stays where it is: each new or changed file is
 * renamed over its old version and whatever the build no longer makes is deleted, so a rebuild
 * touches only what changed. Until `commit`, the output is left exactly as it was.
 */
export function diskWriter(outDir: string): Writer {
  const target = resolve(outDir);
  const staging = join(dirname(target), `.${basename(target)}.building-${process.pid}-${Date.now()}`);
  const made = new Set<string>();
  const stamps = new Map<string, FileStamp>();
  const written: string[] = [];
  let kept = 0;
  const ensureDir = async (path: string) => {
    const dir = dirname(path);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
  };

  /** Swaps the staging folder in for the output. */
  async function swap(): Promise<void> {
    await mkdir(staging, { recursive: true });
    const old = join(dirname(target), `.${basename(target)}.old-${process.pid}-${Date.now()}`);
    try {
      await rename(target, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw problems.outputError(`cannot replace ${outDir}: ${(error as Error).message}`);
    }
    try {
      await rename(staging, target);
    } catch (error) {
      await rename(old, target).catch(() => undefined);
      throw problems.outputError(`cannot move the new build into ${outDir}: ${(error as Error).message}`);
    }
    await rm(old, { recursive: true, force: true });
  }

  /** Moves the new and changed files into the output and deletes the files the build no longer makes. */
  function update(): void {
    try {
      const dirs = new Set<string>();
      for (const file of written) {
        const to = join(target, file);
        const dir = dirname(to);
        if (!dirs.has(dir)) {
          mkdirSync(dir, { recursive: true });
          dirs.add(dir);
        }
        try {
          renameSync(join(staging, file), to);
        } catch {
          // Something else is in the way (a folder where the file goes): it is not part of this build.
          rmSync(to, { recursive: true, force: true });
          renameSync(join(staging, file), to);
        }
      }
      // Folders that hold a file of this build, with their parents.
      const needed = new Set<string>([target]);
      for (const file of stamps.keys()) for (let dir = dirname(join(target, file)); !needed.has(dir); dir = dirname(dir)) needed.add(dir);
      const stale: string[] = [];
      for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
        const path = join(entry.parentPath, entry.name);
        if (entry.isDirectory()) {
          if (!needed.has(path)) stale.push(path);
        } else if (!stamps.has(relative(target, path).split(sep).join('/'))) {
          unlinkSync(path);
        }
      }
      // Deepest first, so a folder is empty when its turn comes.
      for (const dir of stale.sort((a, b) => b.length - a.length)) rmSync(dir, { recursive: true, force: true });
      rmSync(staging, { recursive: true, force: true });
    } catch (error) {
      throw problems.outputError(`cannot update ${outDir}: ${(error as Error).message}`);
    }
  }

  return {
    id: target,
    async write(file, data) {
      const path = join(staging, file);
      await ensureDir(path);
      await writeFile(path, data);
      const info = await stat(path);
      stamps.set(file, { size: info.size, mtimeMs: info.mtimeMs });
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
    stamps: () => stamps,
    async commit() {
      if (kept === 0) await swap();
      else update();
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Keeps files in memory: for tests, `check` and the dev server (which reuses it build after build). */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array> } {
  let pending = new Map<string, Uint8Array>();
  let files = new Map<string, Uint8Array>();
  const stamps = new Map<string, FileStamp>();
  const encoder = new TextEncoder();
  return {
    id: 'memory',
    get files() {
      return files;
    },
    async write(file, data) {
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      pending.set(file, bytes);
      stamps.set(file, { size: bytes.length, mtimeMs: 0 });
    },
    reuse(file) {
      const bytes = files.get(file);
      if (!bytes) return false;
      pending.set(file, bytes);
      stamps.set(file, { size: bytes.length, mtimeMs: 0 });
      return true;
    },
    stamps: () => stamps,
    async commit() {
      files = pending;
      pending = new Map();
    },
    async discard() {
      pending = new Map();
    },
  };
}
