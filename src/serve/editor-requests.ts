/**
 * The names the editor may read and write, taken from its configuration (cms-config.ts): an entry is a slug with its
 * collection's extension in the collection's folder (or its Spanish translation beside it), or one of the single files;
 * a picture has a safe name with a raster extension, in a folder the configuration uploads pictures to. Nothing else in
 * the project: no dot files, no %-escapes, no folder a collection does not have.
 */
import { posix } from 'node:path';
import { cmsConfig, type CmsConfig, type CmsField } from '../authoring/cms-config.ts';
import { englishOf } from '../schemas/translation.ts';

/** Where the editor's files live: entry folders with their extension, single files, and the folders pictures go to. */
export interface EditorPlaces {
  /** The folders of entries (content/treatments), each with its extension (yaml, md). */
  folders: Map<string, string>;
  /** The single files (content/site.yaml): written, never deleted or renamed. */
  files: Set<string>;
  /** The folders pictures are uploaded to (public/images/providers, content/blog). */
  pictures: Set<string>;
}

/** An entry's file name: a slug, a Spanish translation's `.es`, the collection's extension. */
const entryName = /^([a-z0-9]+(?:-[a-z0-9]+)*)(\.es)?\.([a-z]+)$/;

/** A picture's file name as the build and every host take it (SVG can carry a script: the editor uploads photos). */
const pictureName = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(png|jpe?g|webp|avif|gif)$/;

/** The places of the dev server's editor configuration. */
export function editorPlaces(config: CmsConfig = cmsConfig({ name: 'proxy', proxy_url: '/', branch: 'main' })): EditorPlaces {
  const places: EditorPlaces = { folders: new Map(), files: new Set(), pictures: new Set([folderOf(config.media_folder)]) };
  const pictureFolders = (fields: CmsField[] | undefined, own: string) => {
    for (const field of fields ?? []) {
      const media = (field as { media_folder?: string }).media_folder;
      if (field.widget === 'image' && media !== undefined) places.pictures.add(media === '' ? own : folderOf(media));
      pictureFolders([...(field.fields ?? []), ...(field.field ? [field.field] : [])], own);
    }
  };
  for (const collection of config.collections) {
    if (collection.folder) places.folders.set(collection.folder, collection.extension ?? 'yaml');
    for (const file of collection.files ?? []) places.files.add(file.file);
    const own = collection.folder ?? folderOf(config.media_folder);
    if (collection.media_folder === '') places.pictures.add(own);
    pictureFolders(collection.fields, own);
    for (const file of collection.files ?? []) pictureFolders(file.fields, own);
  }
  return places;
}

/** A media folder of the configuration as a path from the project (`/public/images/x` → `public/images/x`). */
function folderOf(media: string): string {
  return media.replace(/^\/+|\/+$/g, '');
}

/** Why `path` cannot be read: not a plain path inside content/ or public/images/ (a dot file, an escape, `..`). */
export function readProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '') return 'a path is missing';
  const parts = path.split('/');
  const odd = /[\\%\0]/.test(path) || parts.some((part) => part === '' || part.startsWith('.'));
  if (odd) return `the path ${path} is not allowed`;
  if (!/^(content|public\/images)\//.test(path)) return `the editor works only in content/ and public/images/, not ${path}`;
  return undefined;
}

/** Why `path` cannot be written as an entry: a single file, or a slug with its collection's extension in its folder. */
export function entryProblem(places: EditorPlaces, path: unknown): string | undefined {
  const unreadable = readProblem(path);
  if (unreadable) return unreadable;
  const file = path as string;
  // A single file's Spanish translation beside it (home.es.yaml) is written as the file is.
  if (places.files.has(file) || places.files.has(englishOf(file))) return undefined;
  const extension = places.folders.get(posix.dirname(file));
  if (extension === undefined) return `${file} is not a file of the editor's collections`;
  const name = entryName.exec(posix.basename(file));
  if (!name || name[3] !== extension) {
    return `"${posix.basename(file)}" is not an entry's file name: lower case words joined by hyphens, ending in .${extension}`;
  }
  return undefined;
}

/** Why `path` cannot be deleted: only the entries of folders are (single files never are), and pictures. */
export function deleteProblem(places: EditorPlaces, path: unknown): string | undefined {
  if (typeof path === 'string' && (places.files.has(path) || places.files.has(englishOf(path)))) return `${path} cannot be deleted`;
  const asEntry = entryProblem(places, path);
  return asEntry && pictureProblem(places, path) ? asEntry : undefined;
}

/** Why `path` cannot be written as a picture: a safe name with a raster extension, in a folder pictures are uploaded to. */
export function pictureProblem(places: EditorPlaces, path: unknown): string | undefined {
  const unreadable = readProblem(path);
  if (unreadable) return unreadable;
  const file = path as string;
  if (!places.pictures.has(posix.dirname(file))) return `${posix.dirname(file)}/ is not a folder the editor uploads pictures to`;
  const name = posix.basename(file);
  if (!pictureName.test(name)) {
    return `"${name}" is not a safe file name for a picture: use lower case letters, digits and hyphens, such as my-photo.jpg`;
  }
  return undefined;
}

/** Why an entry cannot move from `from` to `to`: both entries of the same folder (a rename never moves a folder). */
export function renameProblem(places: EditorPlaces, from: unknown, to: unknown): string | undefined {
  const problem = entryProblem(places, from) ?? entryProblem(places, to);
  if (problem) return problem;
  if (places.files.has(from as string) || places.files.has(to as string)) return `${String(from)} cannot be renamed`;
  if (posix.dirname(from as string) === posix.dirname(to as string)) return undefined;
  return `an entry is renamed within its own folder, not to ${String(to)}`;
}

/** The Spanish translation beside an English entry (content/treatments/ssri.es.yaml), or undefined for a translation. */
export function translationOf(path: string): string | undefined {
  const name = entryName.exec(posix.basename(path));
  if (!name || name[2]) return undefined;
  return posix.join(posix.dirname(path), `${name[1]}.es.${name[3]}`);
}
