/**
 * The file watcher's process: chokidar re-reads a folder after each change in it, which in a blog of thousands is a
 * hundred milliseconds of work, and some 4,000 file looks on the thread pool. Started by the dev server (watcher.ts)
 * with the root and the folders to watch as its arguments; it posts what changed, and ends with the dev server.
 */
import { readdirSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';

/** What the watcher process posts: the changed paths of one save (relative to the root), readiness, or a problem. */
export type WatchMessage = { paths: string[] } | { ready: true } | { error: string };

const [root = '.', ...folders] = process.argv.slice(2);
const post = (message: WatchMessage) => process.send?.(message);
// The dev server is gone (stopped by Ctrl+C or a crash; it ends this process when it closes): so is its watcher.
process.on('disconnect', () => process.exit(0));

/**
 * On Linux this process yields the CPU to the build: after every save in a folder of thousands of
 * articles chokidar reads the folder again and looks at every file (some 60 MB allocated and 4,000
 * looks at N = 4,000), and on a machine of two cores that work otherwise slows the very rebuild it
 * reported. Each of its threads gets the lowest priority there is (a thread started later inherits
 * its starter's): the rebuild it reported is all that waits on it. Elsewhere it runs as it is.
 */
function yieldToBuilds(): void {
  try {
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 19);
  } catch {
    // No /proc (macOS, Windows) or not allowed: the process keeps its priority.
  }
}
yieldToBuilds();

/**
 * The root as the start of a path chokidar hands over (it may give them absolute), so that only what is inside the project is looked at.
 */
const rootPrefix = resolve(root) + sep;

/** Longer than chokidar's 50 ms window in which it drops further changes of a file it just reported. */
const recheckMs = 75;
const rechecks = new Map<string, NodeJS.Timeout>();

/** What identifies one version of a file on disk: a save changes at least one of these. */
function version(path: string): string {
  try {
    const stats = statSync(resolve(root, path));
    return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  } catch {
    return 'gone';
  }
}

/** Looks at a reported file again once chokidar's window has passed, and reports it again if it was saved meanwhile. */
function recheck(path: string, seen: string): void {
  clearTimeout(rechecks.get(path));
  rechecks.set(
    path,
    setTimeout(() => {
      rechecks.delete(path);
      const now = version(path);
      if (now === seen) return;
      post({ paths: [path] });
      recheck(path, now);
    }, recheckMs),
  );
}

/** The watched folders, by name: everything else under the root is left alone. */
const watched = new Set(folders);

/**
 * Whether a path (absolute, or relative to the root) is no source: outside the watched folders, a dotfile or an editor backup.
 * Called for every file whenever chokidar reads a folder again: cut, not resolved.
 */
function notASource(path: string): boolean {
  const inRoot = path.startsWith(rootPrefix) ? path.slice(rootPrefix.length) : relative(root, resolve(root, path));
  if (inRoot === '' || inRoot === '.') return false;
  return !watched.has(inRoot.split(/[/\\]/, 1)[0]!) || /(^|[/\\])\.|~$|\.swp$/.test(inRoot);
}

/**
 * The root itself is watched, not the folders: a watched folder moved away and back (or deleted and checked out again) is a
 * new folder that a watch on the old one never sees, while the root's watch sees it come back, and chokidar reads it again.
 * Only the root's own entries are looked at besides the folders (the output folder, node_modules, are never read into).
 */
const watcher = watch('.', { cwd: root, ignoreInitial: true, ignored: notASource });
/**
 * The files of a save are reported together, once two looks `stableMs` apart find each at the same version (at most
 * `settleMaxMs` after the first look): chokidar reports a save at its first event, often the truncation that starts the
 * write, and a version taken then made the recheck report the file again 75 ms later, for a second rebuild of the same
 * save. One message for the files of a burst (a git checkout, "save all") keeps them in one rebuild however late this
 * process, at the lowest priority, gets to post it.
 */
const stableMs = 4;
const settleMaxMs = 60;
/** The paths being settled, with the version last seen of each. */
const settling = new Map<string, string>();
let settleTimer: NodeJS.Timeout | undefined;
/** When the next look is due, and how long the paths have waited for their files to settle. */
let lookAt = 0;
let waited = 0;

function reportWhenSettled(path: string): void {
  settling.set(path, version(path));
  lookLater();
}

function lookLater(): void {
  clearTimeout(settleTimer);
  settleTimer = setTimeout(look, stableMs);
  lookAt = performance.now() + stableMs;
}

/**
 * Reports what is settling once no file of it moved since the last look. A look that comes late says this process was
 * held up (it yields to every other): what it was held from may be the next file of the same save, so it looks again.
 */
function look(): void {
  let moved = performance.now() > lookAt + 2 * stableMs;
  for (const [path, seen] of settling) {
    const now = version(path);
    if (now !== seen) settling.set(path, now);
    moved ||= now !== seen;
  }
  if (moved && waited < settleMaxMs) {
    waited += stableMs;
    lookLater();
    return;
  }
  const settled = [...settling];
  settling.clear();
  settleTimer = undefined;
  waited = 0;
  post({ paths: settled.map(([path]) => path) });
  for (const [path, seen] of settled) recheck(path, seen);
}

// A file gone, a folder made or removed: reported with the save it belongs to (its version is simply "gone" or a folder's).
watcher.on('all', (_event, path) => reportWhenSettled(path));
watcher.on('error', (error) => post({ error: error instanceof Error ? error.message : String(error) }));
watcher.once('ready', () => post({ ready: true }));
