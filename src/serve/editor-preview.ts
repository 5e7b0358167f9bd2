/**
 * The editor's preview builds: the real build, into memory, of a copy of the project in which one file has the
 * entry's unsaved text. The copy (a temporary folder) follows the project's files by size and time, so each
 * preview rebuilds only what changed, as the dev server does; the project itself is never written. The copy is removed
 * when the server stops; when it is killed outright, a small keeper process removes it as the server's channel to it
 * closes, and should the keeper be killed with it, the next server removes it (removeStalePreviews).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from '../build.ts';
import { userErrors } from '../errors.ts';
import { emptyMemo } from '../incremental/memo.ts';
import { overlayError, type OverlayError } from '../report.ts';
import { running } from '../write/leftovers.ts';
import { memoryWriter } from '../write/writer.ts';

/** What a preview shows: the page's HTML with the build's warnings about the entry's file (a photo too small), or its problems. */
export type PreviewResult = { html: string; page: string; warnings: string[] } | { errors: OverlayError[] } | { notShown: string };

/** What a build of the copy ends with: its warnings, or its problems. */
type Built = { warnings: string[] } | { errors: OverlayError[] };

/** Builds previews of unsaved entries; one at a time, in the order asked. */
export interface Previewer {
  /** The page `page` with `file` holding `text`, and the photos not yet saved (`photos`, by project path). */
  preview(file: string, text: string, page: string, photos?: UnsavedPhoto[]): Promise<PreviewResult>;
  /** The problems of the project with `writes` (path to text or bytes) over its files and `removed` gone; none when it builds. */
  problemsWith(writes: ReadonlyMap<string, string | Buffer>, removed: string[]): Promise<OverlayError[]>;
  close(): Promise<void>;
}

/** Finds the file of a build that answers a page's path (the dev server's resolveRequest). */
export type PageResolver = (files: ReadonlyMap<string, Uint8Array>, page: string) => string | undefined;

/** A photo chosen in the form but not saved yet: where it will be, and its bytes in base64. */
export interface UnsavedPhoto {
  path: string;
  content: string;
}

/** Where a photo of the preview may go: beside an article or under public/images/. */
const photoPath = /^(content|public\/images)\/[\w/-]+(\.[\w-]+)*\.(png|jpe?g|webp|avif|gif)$/;

/** The folders a build reads. */
const sources = ['content', 'templates', 'public'];

/** Starts a previewer for the project at `root`; `baseUrl` is the dev server's address; `resolve` finds a page's file. */
export function previewer(root: string, baseUrl: string, resolve: PageResolver): Previewer {
  const writer = memoryWriter();
  const memo = emptyMemo();
  const stamps = new Map<string, string>();
  let copy: Promise<PreviewCopy> | undefined;
  let built = false;
  // The files the last preview wrote over the project's (the entry, its photos): the project's again unless written again.
  let overlaid = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Builds the copy with `writes` over the project's files and `removed` gone: the build's warnings, or its problems. */
  const buildWith = async (writes: ReadonlyMap<string, string | Buffer>, removed: string[]): Promise<Built> => {
    const { dir } = await (copy ??= makeCopy(root));
    const changed = await follow(root, dir, stamps);
    await overlay({ root, dir, stamps, changed }, overlaid, writes, removed);
    // The files written over the project's or removed: the project's again at the next build unless written again.
    overlaid = new Set([...writes.keys(), ...removed]);
    try {
      const { warnings } = await build({ root: dir, writer, memo, drafts: true, baseUrl, ...(built ? { changed } : {}) });
      built = true;
      return { warnings };
    } catch (error) {
      const found = userErrors(error);
      if (!found) throw error;
      return { errors: found.map((e) => overlayError(dir, e)) };
    }
  };

  const run = async (file: string, text: string, page: string, photos: UnsavedPhoto[]): Promise<PreviewResult> => {
    const writes = new Map<string, string | Buffer>([[file, text]]);
    for (const photo of photos.filter((p) => photoPath.test(p.path) && !p.path.includes('..'))) {
      writes.set(photo.path, Buffer.from(photo.content, 'base64'));
    }
    const result = await buildWith(writes, []);
    if ('errors' in result) return result;
    const served = resolve(writer.files, page.split('#')[0]!);
    // No page of the site shows the entry yet (a new treatment no card names): said so, not shown as the 404 page.
    if (!served) return { notShown: page };
    const bytes = writer.files.get(served);
    // "content/providers/x.yaml:6:8  /images/… is 400x500 pixels, too small for …": the entry's own, said without the place.
    const own = result.warnings.filter((w) => w.startsWith(`${file}:`)).map((w) => w.replace(/^\S+\s+/, ''));
    return bytes ? { html: Buffer.from(bytes).toString('utf8'), page, warnings: own } : { errors: [] };
  };

  /** Runs `task` after the builds asked before it. */
  const queued = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    preview(file, text, page, photos = []) {
      return queued(() => run(file, text, page, photos));
    },
    async problemsWith(writes, removed) {
      const result = await queued(() => buildWith(writes, removed));
      return 'errors' in result ? result.errors : [];
    },
    async close() {
      await queue;
      if (!copy) return;
      const { dir, keeper } = await copy;
      await rm(dir, { recursive: true, force: true });
      if (keeper.connected) keeper.disconnect();
    },
  };
}

/** The start of the name of a preview's temporary folder; the process id of the server that made it follows. */
const copyPrefix = 'clinic-site-preview-';

/** Removes the preview folders of servers no longer running (killed outright: nothing of theirs could remove them). */
export async function removeStalePreviews(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(copyPrefix) ? Number(name.slice(copyPrefix.length).split('-')[0]) : 0;
    if (pid && !running(pid)) await rm(join(tmpdir(), name), { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The copy of the project the previews build, and the process that removes it should the server be killed. */
interface PreviewCopy {
  dir: string;
  keeper: ChildProcess;
}

/** The keeper's script: when its channel to the server closes (the server stopped, however it did), it removes the folder. */
const keeperScript = `process.on('message', () => undefined);
process.on('disconnect', () => {
  require('node:fs').rmSync(process.argv[1], { recursive: true, force: true });
  process.exit(0);
});`;

/** A temporary folder for the copy, with the project's packages linked in (the templates import React from them), and its keeper. */
async function makeCopy(root: string): Promise<PreviewCopy> {
  const dir = await mkdtemp(join(tmpdir(), `${copyPrefix}${process.pid}-`));
  // The keeper holds nothing of the server: no stdio, no environment (no NODE_OPTIONS), and never keeps the server running.
  const keeper = spawn(process.execPath, ['-e', keeperScript, dir], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: {} });
  keeper.on('error', () => undefined);
  keeper.unref();
  keeper.channel?.unref();
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir').catch(() => undefined);
  await copyFile(join(root, 'package.json'), join(dir, 'package.json')).catch(() => undefined);
  return { dir, keeper };
}

/** The copy being brought up to date: the project, the copy, the project's stamps as copied, and the paths changed so far. */
interface CopySync {
  root: string;
  dir: string;
  stamps: Map<string, string>;
  changed: Set<string>;
}

/** Writes `writes` over the copy's files and removes `removed`; the files `before` overlaid are the project's again. */
async function overlay(sync: CopySync, before: Set<string>, writes: ReadonlyMap<string, string | Buffer>, removed: string[]) {
  const { root, dir, stamps, changed } = sync;
  for (const path of [...before].filter((p) => !writes.has(p))) {
    await copyFile(join(root, path), join(dir, path)).catch(() => rm(join(dir, path), { force: true }));
    changed.add(path);
  }
  for (const [path, data] of writes) {
    const current = await readFile(join(dir, path)).catch(() => undefined);
    if (current === undefined || !current.equals(Buffer.from(data))) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), data);
      changed.add(path);
    }
    // The copy's file no longer matches the project's stamp: the next sync copies the project's back when it changes.
    stamps.delete(path);
  }
  for (const path of removed) {
    await rm(join(dir, path), { force: true });
    changed.add(path);
    stamps.delete(path);
  }
}

/** Copies into `dir` every source file whose size or time changed since the last call, deletes the ones gone; returns their paths. */
async function follow(root: string, dir: string, stamps: Map<string, string>): Promise<Set<string>> {
  const changed = new Set<string>();
  const seen = new Set<string>();
  for (const folder of sources) {
    const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .split('\\')
        .join('/');
      seen.add(file);
      const info = await stat(join(root, file));
      const stamp = `${info.size} ${info.mtimeMs}`;
      if (stamps.get(file) === stamp) continue;
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await copyFile(join(root, file), join(dir, file));
      stamps.set(file, stamp);
      changed.add(file);
    }
  }
  for (const file of [...stamps.keys()].filter((f) => !seen.has(f))) {
    await rm(join(dir, file), { force: true });
    stamps.delete(file);
    changed.add(file);
  }
  return changed;
}
