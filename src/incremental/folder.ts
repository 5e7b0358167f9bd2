/** Where the incremental core keeps what it persists: one folder a project, safe to delete at any time. */
import { join } from 'node:path';
import { cacheDir } from '../bundle/templates.ts';
import { hashOf } from '../hash.ts';

/** The cache folder of a project folder (node_modules may be shared by several). */
export const cacheFolderOf = (root: string): string => join(cacheDir(root), `build-${hashOf(root).slice(0, 10)}`);

/** The file of the settled build's record (see settled.ts), beside the cache's head and shards. */
export const settledRecordName = 'settled.bin';
