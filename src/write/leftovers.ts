/** The folders a build keeps beside its output while it runs, and the removal of those a killed build left. */
import { lstatSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The folders a build keeps beside its output while it runs: the new output, and the output it swapped out. */
export type Beside = 'building' | 'old';

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
 * still running, this one's process included, are left alone; so is anything else. A build killed
 * between the two renames of its swap left no output folder: the output it swapped out is put back first.
 */
export function removeLeftovers(target: string): void {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(target)).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  // "previous" folders were left by builds of versions that updated the output in place.
  const left = names.flatMap((name) => {
    const match = /^(building|previous|old)-(\d+)-(\d+)$/.exec(name.slice(prefix.length));
    const pid = Number(match?.[2]);
    return match && pid !== process.pid && !running(pid) ? [{ name, kind: match[1], started: Number(match[3]) }] : [];
  });
  const swappedOut = left.filter((l) => l.kind === 'old').sort((a, b) => b.started - a.started)[0];
  if (swappedOut && !lstatSync(target, { throwIfNoEntry: false })) {
    try {
      renameSync(join(dirname(target), swappedOut.name), target);
    } catch {
      // Left as it is: the build then makes a whole new output.
    }
  }
  for (const { name } of left) {
    const path = join(dirname(target), name);
    try {
      if (statSync(path).isDirectory()) rmSync(path, { recursive: true, force: true });
    } catch {
      // A leftover that cannot be removed costs disk space, never the build.
    }
  }
}

/** Whether a process with this id is running (one of another user counts: it may be a build). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
