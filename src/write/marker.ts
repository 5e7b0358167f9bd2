/**
 * The output's marker file: the list of every file a build wrote, each with its size, time and
 * content hash. It proves which files of a folder are the build's own to replace or delete: a file
 * is only when the marker lists its path with its bytes as they are now (its content hash). A
 * hand-made marker, or lines added to one, cannot make a file of yours the build's: the build
 * hashes each file it is about to delete or replace. No secret is kept, so deleting the cache in
 * node_modules cannot make a build disown its own output.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The file every output folder carries, so a later build knows which files in it are its own to replace. */
export const outputMarker = '.clinic-site-output';

/** The first lines of a marker: what it says to a person who finds it, then its format (a marker without them lists nothing). */
const header =
  'This folder is the output of "clinic-site build". A build replaces the files listed below, which it wrote;\n' +
  'it refuses to touch the folder while it holds any other file. Keep no other files here.\n' +
  'clinic-site-output 2: content hash, size, modification time (ms), path\n';

/** A file a build wrote, as the marker lists it. */
export interface WrittenFile {
  path: string;
  size: number;
  mtimeMs: number;
  hash: string;
}

/** The size and modification time of a file. */
type Stamp = { size: number; mtimeMs: number };

/** The files a marker lists, by path (a path can be listed more than once: see `markerText`). */
export type Listing = Map<string, WrittenFile[]>;

/** The hash a marker keeps of a file's content (SHA-256, 132 bits of it). */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 22);
}

/**
 * The text of a marker listing `files`. Paths holding a tab or line break, or starting with a
 * quote, are written as JSON strings, so that no file name can forge a line.
 */
export function markerText(files: Iterable<WrittenFile>): string {
  let text = header;
  for (const f of files) text += `${f.hash}\t${f.size}\t${f.mtimeMs}\t${/[\t\n\r]|^"/.test(f.path) ? JSON.stringify(f.path) : f.path}\n`;
  return text;
}

/** Whether a marker's text is one a build of this version wrote (an empty, hand-made or older one is not). */
export function isMarkerText(text: string): boolean {
  return text.startsWith(header);
}

/** The files the marker in `target` lists; undefined when there is no marker a build wrote. */
export function readListing(target: string): Listing | undefined {
  let text: string;
  try {
    text = readFileSync(join(target, outputMarker), 'utf8');
  } catch {
    return undefined;
  }
  if (!isMarkerText(text)) return undefined;
  const listing: Listing = new Map();
  for (const line of text.slice(header.length).split('\n')) {
    const [hash = '', size, mtimeMs, path, extra] = line.split('\t');
    if (path === undefined || extra !== undefined) continue;
    const file = { path: path.startsWith('"') ? (JSON.parse(path) as string) : path, size: Number(size), mtimeMs: Number(mtimeMs), hash };
    const listed = listing.get(file.path);
    if (listed) listed.push(file);
    else listing.set(file.path, [file]);
  }
  return listing;
}

/** How many of the files a build did not write a refusal names (the search stops there: the folder may be large). */
export const unknownShown = 5;

/**
 * A check of what a build is about to replace or delete in `target`: given a path there, adds to
 * `unknown` (paths inside the output) every file under it that `listing` does not list with its
 * bytes as they are now; false when it found one. Files the new output carries over unchanged
 * (`carried`, hard links to the same bytes) are neither replaced nor deleted, so they are not read.
 * The marker itself is the build's to replace. A folder holding nothing the build did not write is
 * the build's, and so is an empty one; a link or any other kind of entry is never.
 */
export function ownerCheck(
  target: string,
  listing: Listing | undefined,
  unknown: string[],
  carried: ReadonlySet<string> = new Set(),
): (path: string) => boolean {
  const check = (path: string, inside: string): void => {
    if (unknown.length > unknownShown || inside === outputMarker || carried.has(inside)) return;
    // The output folder itself may be a link to a folder elsewhere (the build writes through it); inside it, links are never followed.
    const info = inside === '' ? statSync(path, { throwIfNoEntry: false }) : lstatSync(path, { throwIfNoEntry: false });
    if (!info) return;
    if (info.isDirectory()) for (const name of readdirSync(path)) check(join(path, name), inside === '' ? name : `${inside}/${name}`);
    else if (!info.isFile() || !wrote(listing?.get(inside), path, info.size)) unknown.push(inside);
  };
  return (path) => {
    // Past the files a refusal names, nothing more is looked for, and nothing more is proven.
    if (unknown.length > unknownShown) return false;
    const before = unknown.length;
    check(path, relative(target, path).split(sep).join('/'));
    return unknown.length === before;
  };
}

/**
 * Whether a file holds the bytes the marker says a build wrote at its path (by size first, then by
 * content hash). A file edited since, or one a forged line names, is not the build's: it is refused.
 */
function wrote(listed: WrittenFile[] | undefined, path: string, size: number): boolean {
  const sized = listed?.filter((f) => f.size === size) ?? [];
  if (sized.length === 0) return false;
  const hash = hashOfFile(path);
  return sized.some((f) => f.hash === hash);
}

/**
 * What the new marker lists: every file of the new output in `folder`, each with the hash of its
 * bytes (a file carried over keeps the hash the last marker, `last`, gave it at the same size and time).
 */
export function markerFiles(folder: string, stamps: ReadonlyMap<string, Stamp>, hashes: ReadonlyMap<string, string>, last?: Listing) {
  const files: WrittenFile[] = [];
  for (const [path, { size, mtimeMs }] of stamps) {
    if (path === outputMarker) continue;
    const listed = hashes.has(path) ? undefined : last?.get(path)?.find((f) => f.size === size && f.mtimeMs === mtimeMs);
    const hash = listed ? undefined : (hashes.get(path) ?? hashOfFile(join(folder, path)));
    if (listed) files.push(listed);
    else if (hash !== undefined) files.push({ path, size, mtimeMs, hash });
  }
  return files;
}

/** The content hash of a file on disk; undefined when it cannot be read (it is then not listed, and so not the build's). */
function hashOfFile(path: string): string | undefined {
  try {
    return contentHash(readFileSync(path));
  } catch {
    return undefined;
  }
}
