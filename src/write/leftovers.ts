/** The folders a build keeps beside its output while it runs, and the removal of those a killed build left. */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The folders a build keeps beside its output while it runs: the new output, the files it replaced, the output it swapped out. */
export type Beside = 'building' | 'previous' | 'old';

/** The path of a folder a build keeps beside the output, named by its process id and start time (`stamp`). */
export function besideOutput(target: string, kind: Beside, stamp: string): string {
  return join(dirname(target), `.${basename(target)}.${kind}-${stamp}`);
}

/** What names the folders a build of `target` keeps beside it (its process id and start time), once those killed builds left are gone. */
export function buildStamp(target: string): string {
  removeLeftovers(target);
  return `${process.pid}-${Date.now()}`;
}

/**
 * Removes the folders that builds of this output killed before they could clean up left beside it
 * (named as besideOutput names them, by a process that is no longer running). Those of a build
 * still running, this one's process included, are left alone; so is anything else.
 */
export function removeLeftovers(target: string): void {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(target)).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^(?:building|previous|old)-(\d+)-\d+$/.exec(name.slice(prefix.length));
    const pid = Number(match?.[1]);
    if (!match || pid === process.pid || running(pid)) continue;
    const path = join(dirname(target), name);
    try {
      if (statSync(path).isDirectory()) rmSync(path, { recursive: true, force: true });
    } catch {
      // A leftover that cannot be removed costs disk space, never the build.
    }
  }
}

/** Whether a process with this id is running (one of another user counts: it may be a build). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
