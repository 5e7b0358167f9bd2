/** Reading a content file as UTF-8 text, with a located message when it cannot be read, is not a file or is not text. */
import { closeSync, constants, openSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { isUtf8 } from 'node:buffer';
import { problems, SiteError } from './errors.ts';
import { withOpenFile } from './open-files.ts';

/** The text of a file, or the problem that keeps it from being read; `file` is the path the project names it by. */
export type ReadResult = { text: string; error?: undefined } | { text?: undefined; error: SiteError };

/** Reads `path` (async). */
export async function readContentFile(path: string, file: string, what: string): Promise<ReadResult> {
  try {
    const bytes = await withOpenFile(() =>
      readFile(path, { flag: unlessLink }).catch((error: unknown) => {
        if (!isLink(error)) throw error;
        refuseOutside(path, file);
        return readFile(path);
      }),
    );
    return decode(file, bytes);
  } catch (error) {
    return { error: readProblem(file, error, what) };
  }
}

/** Reads `path` (sync: thousands of articles read through promises cost several times more). */
export function readContentFileSync(path: string, file: string, what: string): ReadResult {
  try {
    return decode(file, readProjectFileSync(path, file));
  } catch (error) {
    return { error: readProblem(file, error, what) };
  }
}

/**
 * The bytes of the file the project names `file` (at `path`); a symbolic link is followed only
 * when it leads to a file inside the project, else a SiteError is thrown and the target never read.
 */
export function readProjectFileSync(path: string, file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, unlessLink);
  } catch (error) {
    if (!isLink(error)) throw error;
    refuseOutside(path, file);
    return readFileSync(path);
  }
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

// Opening without following a link costs nothing more for a plain file: only a link pays for realpath.
const unlessLink = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** The error of opening a symbolic link with O_NOFOLLOW (a link that loops gives the same, and is read again to say so). */
function isLink(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ELOOP';
}

/** Throws the located error of a link at `path` (named `file` by the project) that leads out of the project. */
function refuseOutside(path: string, file: string): void {
  const target = outsideProject(projectRootOf(path, file), path);
  if (target !== undefined) throw problems.linkOutsideProject(file, target, false);
}

/** The project folder of a file whose project path `file` ("content/blog/a.md") ends `path`. */
export function projectRootOf(path: string, file: string): string {
  return resolve(
    path,
    ...file
      .split('/')
      .filter((part) => part !== '')
      .map(() => '..'),
  );
}

/**
 * Where `path` really is when that is outside the project `root` (a link, or a folder on the way,
 * leads out of it); undefined when it is inside, or leads nowhere (its reader says so).
 */
export function outsideProject(root: string, path: string): string | undefined {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch {
    return undefined;
  }
  const home = realpathSync.native(root);
  return real === home || real.startsWith(home.endsWith(sep) ? home : home + sep) ? undefined : real;
}

/**
 * The links under the project's folder `folder` ("templates") that lead out of the project, the
 * folder itself included, as located errors: checked before a bundler follows them. Sync, as the
 * listing of a few dozen files is cheaper than its promises.
 */
export function linksLeaving(root: string, folder: string): SiteError[] {
  const dir = join(root, folder);
  const away = outsideProject(root, dir);
  if (away !== undefined) return [problems.linkOutsideProject(`${folder}/`, away, true)];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return []; // a folder that cannot be listed is reported by what reads it
  }
  const errors: SiteError[] = [];
  for (const e of entries) {
    if (!e.isSymbolicLink()) continue;
    const path = join(e.parentPath, e.name);
    const target = outsideProject(root, path);
    const file = relative(root, path).split(sep).join('/');
    if (target !== undefined) errors.push(problems.linkOutsideProject(file, target, statSync(path).isDirectory()));
  }
  return errors;
}

/** What went wrong reading or listing a file, as a message at the file; `what` names it ("an article file"). */
export function readProblem(file: string, error: unknown, what: string): SiteError {
  // Already in the author's words (a link that leads out of the project).
  if (error instanceof SiteError) return error;
  const loc = { file, line: 1, column: 1 };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return problems.missingFile(loc, file, 'the content file', 'create the file, or restore it from the project');
    case 'EACCES':
    case 'EPERM':
      return problems.unreadableFile(loc, 'permission denied');
    case 'EISDIR':
      return problems.notAFile(loc, what);
    case 'ELOOP':
      return problems.unreadableFile(
        loc,
        'it is a symbolic link that points back to itself',
        'replace the link with the file it should point to',
      );
    default:
      return problems.unreadableFile(loc, code ? `${code}: ${(error as Error).message.replace(/^\w+: /, '')}` : String(error));
  }
}

/** UTF-8 text, or the place of the first byte that is not (the whole file when it is saved as UTF-16). */
function decode(file: string, bytes: Buffer): ReadResult {
  if (isUtf16(bytes)) return { error: problems.notUtf8({ file, line: 1, column: 1 }) };
  if (isUtf8(bytes)) return { text: bytes.toString('utf8') };
  const bad = firstInvalidByte(bytes);
  const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const column = [...bytes.subarray(lineStart, bad).toString('utf8')].length + 1;
  return { error: problems.badEncoding({ file, line, column }) };
}

/**
 * Whether bytes are UTF-16 text: a byte order mark, or (without one) a zero byte beside most letters of
 * the first lines, as English and Spanish text have in UTF-16. UTF-8 text has no zero byte at all but a
 * NUL typed into it, which the YAML and markdown checks report at its place.
 */
function isUtf16(bytes: Buffer): boolean {
  const bom = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (bom || bytes.indexOf(0) === -1) return bom;
  const pairs = Math.min(bytes.length >> 1, 2048);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) even++;
    if (bytes[2 * i + 1] === 0) odd++;
  }
  return Math.max(even, odd) * 2 > pairs;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (only called when there is one). */
function firstInvalidByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (length > 1 && !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}

/** The name `file` should have when it ends in an extension twice (`x.md.md` → `x.md`), else undefined. */
export function withoutDoubledExtension(file: string): string | undefined {
  const doubled = /\.(?:md|markdown|ya?ml|txt)(\.(?:md|yaml))$/i.exec(file);
  return doubled ? file.slice(0, doubled.index) + doubled[1] : undefined;
}

