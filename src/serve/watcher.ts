/** Watching the sources: changed paths are collected, writes settle, and builds never overlap. */
import { fork } from 'node:child_process';
import { sep } from 'node:path';
import { compiledEntry } from '../entries.ts';

/** How long the watcher waits after a reported path for more of the same save, ms. */
const settleMs = 2;
import type { WatchMessage } from './watch-worker.ts';

/** A watch session; `close` stops it. */
export interface Watcher {
  close(): Promise<void>;
  /** Resolves when no rebuild is running or queued (for tests and the benchmark). */
  idle(): Promise<void>;
}

/**
 * Watches content/, templates/ and public/ under `root` (from a process of its own, see
 * watch-worker.ts, which reports a file once its writes have settled); calls `rebuild` with the
 * changed paths (relative to root) after `settleMs` of quiet, which gathers the files of one save
 * of several (a git checkout, an editor's "save all"). A change during a rebuild queues exactly one more.
 * `stopped` hears why a watcher process ended before `close` (killed, out of memory, a crash): no change is seen after it.
 */
export async function watch(
  root: string,
  rebuild: (changed: Set<string>) => Promise<void>,
  stopped: (why: string) => void = () => undefined,
): Promise<Watcher> {
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

  const worker = fork(compiledEntry('watch-worker'), [root, 'content', 'templates', 'public'], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    execArgv: [],
  });
  let closed: (() => void) | undefined;
  // What it printed before it ended, if it crashed: its stack is no news for the author, its message may be.
  let said = '';
  worker.stderr!.setEncoding('utf8').on('data', (text: string) => (said = (said + text).slice(-4000)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    void exited.then(() => reject(new Error('the file watcher stopped before it was ready')));
    worker.on('message', (message: WatchMessage) => {
      if ('ready' in message) resolve();
      else if ('closed' in message) closed?.();
      else if ('path' in message) {
        pending.add(message.path.split(sep).join('/'));
        if (!running) schedule();
      }
      // A folder that cannot be watched any more ('error') leaves the others watched, as chokidar does.
    });
  });
  await ready;
  let closing = false;
  void exited.then(() => {
    if (closing) return;
    const message = /^\w*Error\b.*$/m.exec(said)?.[0];
    stopped(message ?? (worker.signalCode ? `ended by ${worker.signalCode}` : `exit code ${worker.exitCode}`));
  });

  return {
    async close() {
      closing = true;
      if (worker.connected) {
        await new Promise<void>((resolve) => {
          closed = resolve;
          worker.send('close');
          void exited.then(resolve);
        });
      }
      worker.kill();
      await exited;
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
  };
}
