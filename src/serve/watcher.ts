/** Watching the sources: changed paths are collected, writes settle, and builds never overlap. */
import { fork } from 'node:child_process';
import { sep } from 'node:path';
import { compiledEntry } from '../entries.ts';
import { problems } from '../errors.ts';
import type { WatchMessage } from './watch-worker.ts';

/** How long the watcher waits after a report for another arriving with it (a file saved again meanwhile), ms. */
const settleMs = 2;

/** A watch session; `close` stops it. */
export interface Watcher {
  close(): Promise<void>;
  /** Resolves when no rebuild is running or queued (for tests and the benchmark). */
  idle(): Promise<void>;
}

/**
 * Watches content/, templates/ and public/ under `root` (from a process of its own, see
 * watch-worker.ts, which reports the files of one save together once their writes have settled: a
 * git checkout, an editor's "save all"); calls `rebuild` with the changed paths (relative to root)
 * after `settleMs` of quiet. A change during a rebuild queues exactly one more.
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

  const report = (paths: string[]) => {
    for (const path of paths) pending.add(path.split(sep).join('/'));
    if (!running) schedule();
  };
  const child = await watcherProcess(root, report, stopped);

  return {
    close: () => child.close(),
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
  };
}

/**
 * Starts watch-worker.ts in a process of its own and resolves once chokidar is ready; `changed` gets the paths of each report,
 * `stopped` why it ended if it did before `close`. A process that cannot start is a serve-error, with what it said.
 */
async function watcherProcess(
  root: string,
  changed: (paths: string[]) => void,
  stopped: (why: string) => void,
): Promise<{ close(): Promise<void> }> {
  const child = fork(compiledEntry('watch-worker'), [root, 'content', 'templates', 'public'], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    execArgv: [],
  });
  // What it printed before it ended, if it crashed: its stack is no news for the author, its message may be.
  let said = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (said = (said + text).slice(-4000)));
  const why = () =>
    /^\w*Error\b.*$/m.exec(said)?.[0] ?? (child.signalCode ? `ended by ${child.signalCode}` : `exit code ${child.exitCode}`);
  let phase: 'starting' | 'watching' | 'closing' = 'starting';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => phase === 'starting' && reject(problems.watcherError(error.message)));
    void exited.then(() => (phase === 'starting' ? reject(problems.watcherError(why())) : phase === 'watching' && stopped(why())));
    child.on('message', (message: WatchMessage) => {
      if ('ready' in message) {
        phase = 'watching';
        resolve();
      } else if ('paths' in message) changed(message.paths);
      // A folder that cannot be watched any more ('error') leaves the others watched, as chokidar does.
    });
  });
  return {
    // Ending the process ends its watches (the system lets go of every one it held).
    async close() {
      phase = 'closing';
      child.kill();
      await exited;
    },
  };
}
