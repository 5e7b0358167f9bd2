/** The write stage: one small interface, a disk writer that swaps atomically and a memory writer. */
import { link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileStamp } from './cache.ts';
import { problems } from './errors.ts';

/** Where a build's files go. Nothing is visible at the destination until `commit`. */
export interface Writer {
  /** Which output this is (a folder path, or "memory"); the cache is only reused for the same one. */
  readonly id: string;
  write(file: string, data: string | Uint8Array): Promise<void>;
  /**
   * Takes a file over from the previous output unchanged, if it is still what `stamp` recorded;
   * false when it cannot (then the caller writes it).
   */
  reuse(file: string, stamp: FileStamp | undefined): Promise<boolean>;
  /** The size and time of every file written or reused, by path. */
  stamps(): Map<string, FileStamp>;
  /** Makes the written files the output; a writer that is never committed leaves no trace. */
  commit(): Promise<void>;
  /** Drops whatever was written (after a failed build). */
  discard(): Promise<void>;
}

/**
 * Writes into a temporary sibling of `outDir`, then swaps it in with renames. Unchanged files are
 * hard-linked from the previous output instead of written again.
 */
export function diskWriter(outDir: string): Writer {
  const target = resolve(outDir);
  const staging = join(dirname(target), `.${basename(target)}.building-${process.pid}-${Date.now()}`);
  const made = new Set<string>();
  const stamps = new Map<string, FileStamp>();
  const ensureDir = async (path: string) => {
    const dir = dirname(path);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
  };
  return {
    id: target,
    async write(file, data) {
      const path = join(staging, file);
      await ensureDir(path);
      await writeFile(path, data);
      const info = await stat(path);
      stamps.set(file, { size: info.size, mtimeMs: info.mtimeMs });
    },
    async reuse(file, stamp) {
      if (!stamp) return false;
      try {
        const previous = join(target, file);
        const info = await stat(previous);
        if (info.size !== stamp.size || info.mtimeMs !== stamp.mtimeMs) return false;
        const path = join(staging, file);
        await ensureDir(path);
        await link(previous, path);
        stamps.set(file, stamp);
        return true;
      } catch {
        return false;
      }
    },
    stamps: () => stamps,
    async commit() {
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
    async reuse(file) {
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
