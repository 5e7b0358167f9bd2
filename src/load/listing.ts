/** Listing a folder of content/, as the stray-file check and the look for translations do. */
import { readdirSync, type Dirent } from 'node:fs';

/** A folder's entries (with `deep`, those of the folders in it too), or undefined when it cannot be listed. */
export type FolderLister = (dir: string, deep: boolean) => Dirent[] | undefined;

/** Lists a folder on disk (see FolderLister). */
export const listFolder: FolderLister = (dir, deep) => {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: deep });
  } catch {
    // Each caller says what a folder that cannot be listed means (the loaders report one that should have been).
    return undefined;
  }
};
