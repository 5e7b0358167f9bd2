/**
 * The file watcher's thread: chokidar re-reads a folder after each change in it, which in a blog
 * of thousands is a hundred milliseconds of work; here it never delays a rebuild on the main thread.
 */
import { relative, resolve } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { watch } from 'chokidar';

/** What the watcher thread posts: a changed path (relative to the root), readiness, or a problem. */
export type WatchMessage = { path: string } | { ready: true } | { error: string } | { closed: true };

const { root, folders } = workerData as { root: string; folders: string[] };
const post = (message: WatchMessage) => parentPort!.postMessage(message);

const watcher = watch(folders, {
  cwd: root,
  ignoreInitial: true,
  // Dotfiles and editor backups are not sources; the output folder is not watched at all.
  ignored: (path: string) => /(^|[/\\])\.|~$|\.swp$/.test(relative(root, resolve(root, path))),
});
watcher.on('all', (_event, path) => post({ path }));
watcher.on('error', (error) => post({ error: error instanceof Error ? error.message : String(error) }));
watcher.once('ready', () => post({ ready: true }));
parentPort!.on('message', (message: unknown) => {
  if (message === 'close') void watcher.close().then(() => post({ closed: true }));
});
