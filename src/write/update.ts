/** Updating an output folder in place as one transaction: if any step fails, every step before it is undone. */
import { linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { reasonOf, remedyOf } from './guard.ts';
import { problems, SiteError } from '../errors.ts';

/** The folders an in-place update works with. */
export interface UpdatePlan {
  /** The output folder. */
  target: string;
  /** Where the new and changed files were written, by the same paths as in the output. */
  staging: string;
  /** Where replaced and deleted files wait until the update has succeeded (a sibling of the output). */
  backup: string;
  /** How to name a path of the output in a message. */
  shown: (path: string) => string;
  /** Whether what a path of the output holds is the build's own to replace or delete (see ownerCheck); anything else stops the update. */
  owned: (path: string) => boolean;
  /** The error that stops an update which met files the build did not write (after every step is undone). */
  refused: () => Error;
}

/**
 * Moves each of `written` from the staging folder over its old version, then moves aside every
 * file and folder of the output that is not in `keep`. Replaced files wait in the backup folder
 * until the end, so a failure (a read-only folder, say) moves everything back: the output is then
 * byte for byte what it was, and the error names the file that could not be written and why.
 * Nothing the build did not write is replaced or deleted (`plan.owned`): the update goes on to find
 * the others, then is undone and refused.
 */
export function updateInPlace(plan: UpdatePlan, written: readonly string[], keep: ReadonlySet<string>): void {
  const { target, staging, backup } = plan;
  const undo: (() => void)[] = [];
  let doing = { verb: 'write', path: target };

  /** Whether a path held something the build did not write: from then on, nothing more is moved, the others are only found. */
  let foreign = false;
  // A file to be replaced is linked aside and stays until the new one is renamed over it: a build killed then leaves no gap.
  const moveAside = (path: string, replaced = false): boolean => {
    doing = { verb: 'replace', path };
    foreign = !plan.owned(path) || foreign;
    if (foreign) return false;
    const to = join(backup, relative(target, path));
    mkdirSync(dirname(to), { recursive: true });
    if (!replaced || !linked(path, to)) renameSync(path, to);
    undo.push(() => renameSync(to, path));
    return true;
  };
  const makeDir = (dir: string): boolean => {
    const missing: string[] = [];
    for (let d = dir; d !== target; d = dirname(d)) {
      const info = lstatSync(d, { throwIfNoEntry: false });
      if (info?.isDirectory()) break;
      if (info && !moveAside(d)) return false; // a file where this build needs a folder
      missing.push(d);
    }
    for (const d of missing.reverse()) {
      doing = { verb: 'create', path: d };
      mkdirSync(d);
      undo.push(() => rmdirSync(d));
    }
    return true;
  };
  const needed = foldersHolding(keep);
  /** Moves aside what `dir` holds that this build does not; `inside` is its path inside the output ('' for the output). */
  const sweep = (dir: string, inside: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = inside === '' ? entry.name : `${inside}/${entry.name}`;
      const path = join(dir, entry.name);
      if (entry.isDirectory() ? needed.has(file) : keep.has(file)) {
        if (entry.isDirectory()) sweep(path, file);
      } else {
        doing = { verb: 'remove', path };
        moveAside(path);
      }
    }
  };

  try {
    for (const file of written) {
      const to = join(target, file);
      const there = lstatSync(to, { throwIfNoEntry: false });
      if (!makeDir(dirname(to)) || (there && !moveAside(to, there.isFile()))) continue;
      doing = { verb: 'write', path: to };
      renameSync(join(staging, file), to);
      undo.push(() => renameSync(to, join(staging, file)));
    }
    sweep(target, '');
  } catch (error) {
    rollBack(plan, undo, doing, error);
  }
  if (foreign) rollBack(plan, undo, doing, plan.refused());
  rmSync(backup, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
}

/** The folders that hold a file of this build (with their parents), by path inside the output: the rest of the output's folders go. */
function foldersHolding(keep: ReadonlySet<string>): Set<string> {
  const needed = new Set<string>();
  for (const file of keep) for (let dir = posix.dirname(file); dir !== '.' && !needed.has(dir); dir = posix.dirname(dir)) needed.add(dir);
  return needed;
}

/** Makes `to` a second name of the file `path`; false where the file system has no hard links. */
function linked(path: string, to: string): boolean {
  try {
    linkSync(path, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * Undoes every step done, in reverse, and throws the error that stopped the update, naming what
 * failed and whether the output is whole again (a refusal, once all is undone, is thrown as it is).
 */
function rollBack(plan: UpdatePlan, undo: (() => void)[], failed: { verb: string; path: string }, error: unknown): never {
  let unrestored = 0;
  for (const step of undo.reverse()) {
    try {
      step();
    } catch {
      unrestored++;
    }
  }
  if (unrestored === 0) rmSync(plan.backup, { recursive: true, force: true });
  if (unrestored === 0 && error instanceof SiteError) throw error;
  const restored =
    unrestored === 0
      ? 'the previous output was restored'
      : `${unrestored} file${unrestored === 1 ? '' : 's'} of the previous output could not be put back; ` +
        `they are in ${plan.shown(plan.backup)}`;
  throw problems.outputError(`cannot ${failed.verb} ${plan.shown(failed.path)}: ${reasonOf(error)} (${restored})`, remedyOf(error));
}
