/** Watching the sources: changed paths are collected, writes settle, and builds never overlap. */
import { relative, resolve, sep } from 'node:path';

/** A watch session; `close` stops it. */
export interface Watcher {
  close(): Promise<void>;
  /** Resolves when no rebuild is running or queued (for tests and the benchmark). */
  idle(): Promise<void>;
}

/**
 * Watches content/, templates/ and public/ under `root`; calls `rebuild` with the changed paths
 * (relative to root) after `settleMs` of quiet. A change during a rebuild queues exactly one more.
 */
export async function watch(root: string, rebuild: (changed: Set<string>) => Promise<void>, settleMs = 25): Promise<Watcher> {
  const { watch: chokidarWatch } = await import('chokidar');
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (!running && pending.size === 0 && !timer) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };
  const run = () => {
    timer = undefined;
    if (running || pending.size === 0) return settle();
    const changed = new Set(pending);
    pending.clear();
    running = rebuild(changed)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (pending.size > 0) schedule();
        else settle();
      });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, settleMs);
  };

  const watcher = chokidarWatch(['content', 'templates', 'public'], {
    cwd: root,
    ignoreInitial: true,
    // Dotfiles and editor backups are not sources; the output folder is not watched at all.
    ignored: (path: string) => /(^|[/\\])\.|~$|\.swp$/.test(relative(root, resolve(root, path))),
  });
  watcher.on('all', (_event, path) => {
    pending.add(path.split(sep).join('/'));
    if (!running) schedule();
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    close: () => watcher.close(),
    idle: () => new Promise<void>((resolve) => {
      waiters.push(resolve);
      settle();
    }),
  };
}
