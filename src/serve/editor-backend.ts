/**
 * Decap's local backend, answered in the dev server itself (the protocol of decap-server's local file system mode, for
 * Decap's proxy backend): the editor's files are read and written here, only under the names editor-requests.ts allows,
 * and only where their real path (links followed) is inside content/ or public/images/.
 */
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import {
  deleteProblem,
  editorPlaces,
  entryProblem,
  pictureProblem,
  readProblem,
  renameProblem,
  translationOf,
  type EditorPlaces,
} from './editor-requests.ts';
import { libraryFolder } from '../authoring/cms-config.ts';
import { recordSavedTranslations } from '../authoring/translated.ts';
import { refusedSaveLine, type SaveCheck, type SaveProblem } from './save-check.ts';

/** What the backend answers: an HTTP status and the JSON Decap reads (`{ error }` when refused). */
export interface BackendAnswer {
  status: number;
  body: unknown;
}

/** An entry as Decap reads it: the file's text (null when there is none) and its path, label and hash. */
interface EntryFile {
  data: string | null;
  file: { path: string; label?: string; id: string | null };
}

/** A picture as Decap reads it: its bytes in base64, hash, path and name. */
interface MediaFile {
  id: string;
  content: string;
  encoding: 'base64';
  path: string;
  name: string;
}

/** A file Decap saves: an entry's text (moved to `newPath` when renamed), or a picture's bytes in base64. */
interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}
interface Asset {
  path: string;
  content: string;
}

/** A request refused: its status and the one line the editor shows (with the build's problems, for a save it refuses). */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems?: SaveProblem[],
  ) {
    super(message);
  }
}

/** Refuses with `problem` (422) when there is one. */
function check(problem: string | undefined): void {
  if (problem) throw new Refusal(422, problem);
}

/**
 * The backend of the project at `root`: answers one request (`{ action, params }`) at a time, in the order asked. With
 * `checkSave`, an entry is saved only when the project builds with it (else 422, `{ error, problems }`, nothing written).
 */
export function localBackend(
  root: string,
  places: EditorPlaces = editorPlaces(),
  checkSave?: SaveCheck,
): (request: unknown) => Promise<BackendAnswer> {
  let queue: Promise<unknown> = Promise.resolve();
  return (request) => {
    const next = queue.then(() => answer({ root, places, checkSave }, request));
    queue = next.catch(() => undefined);
    return next;
  };
}

/** The project a backend works in, where the editor's files may go, and the build a save must pass. */
interface Project {
  root: string;
  places: EditorPlaces;
  checkSave: SaveCheck | undefined;
}

async function answer(project: Project, request: unknown): Promise<BackendAnswer> {
  try {
    const { action, params } = (request ?? {}) as { action?: unknown; params?: unknown };
    const body = await act(project, String(action), (params ?? {}) as Record<string, unknown>);
    return { status: 200, body };
  } catch (error) {
    if (error instanceof Refusal) {
      return { status: error.status, body: { error: error.message, ...(error.problems ? { problems: error.problems } : {}) } };
    }
    const code = (error as NodeJS.ErrnoException).code;
    return { status: 500, body: { error: `the file could not be read or written (${code ?? (error as Error).message})` } };
  }
}

/** Carries out one action of Decap's proxy backend (simple publishing: no editorial workflow). */
async function act(project: Project, action: string, params: Record<string, unknown>): Promise<unknown> {
  const { root, places } = project;
  switch (action) {
    case 'info':
      return { repo: basename(root), publish_modes: ['simple'], type: 'local_fs' };
    case 'entriesByFolder': {
      const folder = params.folder as string;
      check(places.folders.has(folder) ? undefined : `${String(folder)} is not a folder of the editor's collections`);
      const extension = typeof params.extension === 'string' ? params.extension : '';
      const names = await filesIn(root, folder, (name) => name.endsWith(extension));
      return Promise.all(names.map((name) => entryOf(root, { path: `${folder}/${name}` })));
    }
    case 'entriesByFiles': {
      const files = list<{ path?: unknown; label?: unknown }>(params.files);
      for (const file of files) check(readProblem(file.path));
      return Promise.all(files.map((file) => entryOf(root, { path: file.path as string, label: file.label })));
    }
    case 'getEntry':
      check(readProblem(params.path));
      return entryOf(root, { path: params.path as string });
    case 'persistEntry':
      return persistEntry(project, params);
    case 'getMedia': {
      const folder = params.mediaFolder as string;
      check(readProblem(folder));
      // The Media page (the library's own folder) shows the photos of every form too: it said "No assets found" (issue 40).
      const folders = folder === libraryFolder ? [...new Set([folder, ...places.pictures])] : [folder];
      const paths = await Promise.all(folders.map(async (at) => {
        const names = await filesIn(root, at, (name) => pictureProblem(places, `${at}/${name}`) === undefined);
        return names.map((name) => `${at}/${name}`);
      }));
      return Promise.all(paths.flat().map((path) => mediaOf(root, path)));
    }
    case 'getMediaFile':
      check(readProblem(params.path));
      return mediaOf(root, params.path as string);
    case 'persistMedia': {
      const asset = assetOf(places, params.asset);
      await write(root, asset.path, Buffer.from(asset.content, 'base64'));
      return mediaOf(root, asset.path);
    }
    case 'deleteFile':
    case 'deleteFiles': {
      const paths = action === 'deleteFile' ? [params.path] : list<unknown>(params.paths);
      for (const path of paths) check(deleteProblem(places, path));
      for (const path of paths as string[]) await unlink(await inside(root, path)).catch(missingIsFine);
      return { message: `deleted ${(paths as string[]).join(', ')}` };
    }
    case 'getDeployPreview':
      return null;
    default:
      throw new Refusal(422, `the editor does not use the action ${action}`);
  }
}

/**
 * Writes an entry's files and pictures, all checked first, and only when the project builds with them; a renamed entry
 * moves with its translation, in its folder.
 */
async function persistEntry({ root, places, checkSave }: Project, params: Record<string, unknown>): Promise<unknown> {
  const files = params.dataFiles !== undefined ? list<DataFile>(params.dataFiles) : [params.entry as DataFile];
  const assets = list<unknown>(params.assets ?? []).map((asset) => assetOf(places, asset));
  const moves: [string, string][] = [];
  for (const file of files) {
    check(typeof file?.raw === 'string' ? undefined : 'an entry is saved with its text');
    const moved = file.newPath !== undefined && file.newPath !== file.path;
    check(moved ? renameProblem(places, file.path, file.newPath) : entryProblem(places, file.path));
    if (!moved) continue;
    const translation = translationOf(file.path);
    moves.push([file.path, file.newPath!]);
    if (translation && (await exists(root, translation))) moves.push([translation, translationOf(file.newPath!)!]);
  }
  for (const [, to] of moves) if (await exists(root, to)) throw new Refusal(409, `${to} already exists: choose another title`);
  if (checkSave) await refuseUnbuilt(root, checkSave, { files, assets, moves });
  for (const file of files) await write(root, file.newPath ?? file.path, file.raw);
  for (const asset of assets) await write(root, asset.path, Buffer.from(asset.content, 'base64'));
  // A Spanish entry saved is recorded as up to date with its English file (`clinic-site translated`).
  await recordSavedTranslations(root, files.map((f) => f.newPath ?? f.path));
  // The entry's text is already at its new path: its old file goes; its translation moves beside it.
  for (const [from, to] of moves) {
    if (files.some((f) => f.path === from)) await unlink(await inside(root, from)).catch(missingIsFine);
    else await rename(await inside(root, from), await inside(root, to));
  }
  return { message: 'entry persisted' };
}

/** Refuses a save the build refuses: the project is built with the entry's files, pictures and moves first. */
async function refuseUnbuilt(root: string, checkSave: SaveCheck, save: { files: DataFile[]; assets: Asset[]; moves: [string, string][] }) {
  const { files, assets, moves } = save;
  const writes = new Map<string, string | Buffer>();
  for (const file of files) writes.set(file.newPath ?? file.path, file.raw);
  for (const asset of assets) writes.set(asset.path, Buffer.from(asset.content, 'base64'));
  const removed: string[] = [];
  for (const [from, to] of moves) {
    removed.push(from);
    // A translation moves as it is: the build reads it at its new place.
    if (!writes.has(to)) writes.set(to, await readFile(await inside(root, from)));
  }
  const problems = await checkSave(writes, removed);
  if (problems.length > 0) throw new Refusal(422, refusedSaveLine(problems), problems);
}

/** A picture to save, checked: its path and base64 bytes. */
function assetOf(places: EditorPlaces, value: unknown): Asset {
  const asset = (value ?? {}) as { path?: unknown; content?: unknown; encoding?: unknown };
  check(pictureProblem(places, asset.path));
  check(typeof asset.content === 'string' && (asset.encoding ?? 'base64') === 'base64' ? undefined : 'a picture is sent in base64');
  return asset as Asset;
}

/** A list parameter, or a refusal. */
function list<T>(value: unknown): T[] {
  check(Array.isArray(value) ? undefined : 'a list is missing from the request');
  return value as T[];
}

/** An entry's file as Decap reads it; a file that is not there has no data. */
async function entryOf(root: string, file: { path: string; label?: unknown }): Promise<EntryFile> {
  const label = typeof file.label === 'string' ? { label: file.label } : {};
  const bytes = await readFile(await inside(root, file.path)).catch(() => undefined);
  if (!bytes) return { data: null, file: { path: file.path, ...label, id: null } };
  return { data: bytes.toString('utf8'), file: { path: file.path, ...label, id: hashOf(bytes) } };
}

async function mediaOf(root: string, path: string): Promise<MediaFile> {
  const bytes = await readFile(await inside(root, path)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Refusal(404, `${path} is not there`);
    throw error;
  });
  return { id: hashOf(bytes), content: bytes.toString('base64'), encoding: 'base64', path, name: basename(path) };
}

function hashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The names of the files (not dot files) directly in `folder` that `wanted` takes; none when there is no such folder. */
async function filesIn(root: string, folder: string, wanted: (name: string) => boolean): Promise<string[]> {
  const entries = await readdir(await inside(root, folder), { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.startsWith('.') && wanted(e.name)).map((e) => e.name);
}

/** Writes a file the editor saves, making its folder when it is a collection's that does not exist yet. */
async function write(root: string, path: string, data: string | Buffer): Promise<void> {
  const target = await inside(root, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, data);
}

async function exists(root: string, path: string): Promise<boolean> {
  return lstat(await inside(root, path)).then(
    () => true,
    () => false,
  );
}

function missingIsFine(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** The real place of `path` (every link followed): refused unless it is inside the real content/ or public/images/. */
async function inside(root: string, path: string): Promise<string> {
  const target = await realPlace(join(root, path));
  const areas = await Promise.all([realPlace(join(root, 'content')), realPlace(join(root, 'public', 'images'))]);
  if (!areas.some((area) => target === area || target.startsWith(`${area}${sep}`))) {
    throw new Refusal(422, `${path} leads outside content/ and public/images/`);
  }
  return target;
}

/** A path with its existing part resolved to its real place; a link that leads nowhere is refused (a write would follow it). */
async function realPlace(path: string): Promise<string> {
  const missing: string[] = [];
  for (let existing = path; ; existing = dirname(existing)) {
    const found = await lstat(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT' || dirname(existing) === existing) throw error;
      return undefined;
    });
    if (!found) {
      missing.unshift(basename(existing));
      continue;
    }
    const real = await realpath(existing).catch(() => {
      throw new Refusal(422, `${path} is a link that leads nowhere`);
    });
    return join(real, ...missing);
  }
}
