/**
 * The project's files for the hosted preview, in the browser: the little of `node:fs` the load stage uses (reading, listing,
 * stat), over the snapshot's content/ files with the entry's unsaved text written over its own. The preview's bundle puts this
 * module in the place of `node:fs` and `node:fs/promises` (hosted-preview.ts), so the site's own load code runs unchanged.
 */
import { Buffer } from 'buffer';

/** The files, by absolute path ("/site/content/site.yaml"). */
const files = new Map<string, string>();

/** Replaces every file with `next` (absolute path to text). */
export function setFiles(next: ReadonlyMap<string, string>): void {
  files.clear();
  for (const [path, text] of next) files.set(path, text);
}

/** An error as Node's file system throws it (the load stage reads its code: ENOENT, EISDIR). */
function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: no such file or directory, '${path}'`), { code, path });
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const isFolder = (path: string) => {
  const prefix = `${trim(path)}/`;
  for (const file of files.keys()) if (file.startsWith(prefix)) return true;
  return false;
};

/** What a stat tells: a file or a folder. */
class Stat {
  constructor(
    private readonly folder: boolean,
    readonly size: number,
  ) {}
  readonly mtimeMs = 0;
  isFile(): boolean {
    return !this.folder;
  }
  isDirectory(): boolean {
    return this.folder;
  }
  isSymbolicLink(): boolean {
    return false;
  }
}

/** An entry of a folder's listing. */
class Dirent extends Stat {
  constructor(
    readonly name: string,
    readonly parentPath: string,
    folder: boolean,
  ) {
    super(folder, 0);
  }
  get path(): string {
    return this.parentPath;
  }
}

function statOf(path: string): Stat | undefined {
  const text = files.get(trim(path));
  if (text !== undefined) return new Stat(false, text.length);
  return isFolder(path) ? new Stat(true, 0) : undefined;
}

/** Node's statSync (throwIfNoEntry honoured). */
export function statSync(path: string, options?: { throwIfNoEntry?: boolean }): Stat | undefined {
  const found = statOf(path);
  if (!found && options?.throwIfNoEntry !== false) throw fsError('ENOENT', path);
  return found;
}
export const lstatSync = statSync;

/** Node's realpathSync: every path is its own (the snapshot has no links). */
export function realpathSync(path: string): string {
  return trim(path);
}
realpathSync.native = realpathSync;

type ListOptions = { withFileTypes?: boolean; recursive?: boolean } | string | undefined;

/** Node's readdirSync: names, or entries with types; with `recursive`, sub-folders' too (names relative to `dir`). */
export function readdirSync(dir: string, options?: ListOptions): (string | Dirent)[] {
  const top = trim(dir);
  if (!isFolder(top)) throw fsError(files.has(top) ? 'ENOTDIR' : 'ENOENT', dir);
  const recursive = typeof options === 'object' && options.recursive;
  const typed = typeof options === 'object' && options.withFileTypes;
  const found = new Map<string, boolean>();
  for (const file of files.keys()) {
    if (!file.startsWith(`${top}/`)) continue;
    const parts = file.slice(top.length + 1).split('/');
    const depth = recursive ? parts.length : 1;
    for (let i = 1; i <= depth; i++) found.set(parts.slice(0, i).join('/'), i < parts.length);
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : 1)).map(([relative, folder]) => {
    if (!typed) return relative;
    const at = relative.lastIndexOf('/');
    const parent = at < 0 ? top : `${top}/${relative.slice(0, at)}`;
    return new Dirent(relative.slice(at + 1), parent, folder);
  });
}

/** Open "file descriptors": the path each stands for. */
const opened = new Map<number, string>();
let nextDescriptor = 3;

/** Node's openSync, for reading. */
export function openSync(path: string): number {
  if (!files.has(trim(path))) throw fsError(isFolder(path) ? 'EISDIR' : 'ENOENT', path);
  opened.set(nextDescriptor, trim(path));
  return nextDescriptor++;
}

/** Node's closeSync. */
export function closeSync(descriptor: number): void {
  opened.delete(descriptor);
}

/** Node's readFileSync, by path or descriptor: text with an encoding, else bytes. */
export function readFileSync(from: string | number, options?: string | { encoding?: string }): string | Buffer {
  const path = typeof from === 'number' ? opened.get(from) ?? '' : trim(from);
  const text = files.get(path);
  if (text === undefined) throw fsError(isFolder(path) ? 'EISDIR' : 'ENOENT', String(from));
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding ? text : Buffer.from(text, 'utf8');
}

/** Node's fs.constants, as far as the load stage asks. */
export const constants = { O_RDONLY: 0, O_NOFOLLOW: 0 };

/** Node's fs/promises, over the same files. */
export const promises = {
  readFile: async (path: string, options?: string | { encoding?: string; flag?: number }) =>
    readFileSync(path, typeof options === 'object' ? { ...(options.encoding ? { encoding: options.encoding } : {}) } : options),
  readdir: async (dir: string, options?: ListOptions) => readdirSync(dir, options),
  stat: async (path: string) => statSync(path),
};
export const { readFile, readdir, stat } = promises;
export default { statSync, lstatSync, realpathSync, readdirSync, openSync, closeSync, readFileSync, constants, promises };
