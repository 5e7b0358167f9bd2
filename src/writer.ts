/** The write stage: one small interface, a disk writer that swaps atomically and a memory writer. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { problems } from './errors.ts';

/** Where a build's files go. Nothing is visible at the destination until `commit`. */
export interface Writer {
  write(file: string, data: string | Uint8Array): Promise<void>;
  /** Makes the written files the output; a writer that is never committed leaves no trace. */
  commit(): Promise<void>;
  /** Drops whatever was written (after a failed build). */
  discard(): Promise<void>;
}

/** Writes into a temporary sibling of `outDir`, then swaps it in with renames. */
export function diskWriter(outDir: string): Writer {
  const target = resolve(outDir);
  const staging = join(dirname(target), `.${basename(target)}.building-${process.pid}-${Date.now()}`);
  const made = new Set<string>();
  return {
    async write(file, data) {
      const path = join(staging, file);
      const dir = dirname(path);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await writeFile(path, data);
    },
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

/** Keeps files in memory: for tests, `check` and the dev server. */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array> } {
  const pending = new Map<string, Uint8Array>();
  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  return {
    files,
    async write(file, data) {
      pending.set(file, typeof data === 'string' ? encoder.encode(data) : data);
    },
    async commit() {
      files.clear();
      for (const [file, bytes] of pending) files.set(file, bytes);
      pending.clear();
    },
    async discard() {
      pending.clear();
    },
  };
}
