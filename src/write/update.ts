/** Updating an output folder in place as one transaction: if any step fails, every step before it is undone. */
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { reasonOf, remedyOf } from './guard.ts';
import { problems } from '../errors.ts';

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
}

/**
 * Moves each of `written` from the staging folder over its old version, then moves aside every
 * file and folder of the output that is not in `keep`. Replaced files wait in the backup folder
 * until the end, so a failure (a read-only folder, say) moves everything back: the output is then
 * byte for byte what it was, and the error names the file that could not be written and why.
 */
export function updateInPlace(plan: UpdatePlan, written: readonly string[], keep: ReadonlySet<string>): void {
  const { target, staging, backup } = plan;
  const undo: (() => void)[] = [];
  let doing = { verb: 'write', path: target };

  const moveAside = (path: string) => {
    doing = { verb: 'replace', path };
    const to = join(backup, relative(target, path));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(path, to);
    undo.push(() => renameSync(to, path));
  };
  const makeDir = (dir: string) => {
    const missing: string[] = [];
    for (let d = dir; d !== target; d = dirname(d)) {
      const info = lstatSync(d, { throwIfNoEntry: false });
      if (info?.isDirectory()) break;
      if (info) moveAside(d); // a file where this build needs a folder
      missing.push(d);
    }
    for (const d of missing.reverse()) {
      doing = { verb: 'create', path: d };
      mkdirSync(d);
      undo.push(() => rmdirSync(d));
    }
  };
  // Folders that hold a file of this build (with their parents): the rest of the output's folders go.
  const needed = new Set<string>([target]);
  for (const file of keep) for (let dir = dirname(join(target, file)); !needed.has(dir); dir = dirname(dir)) needed.add(dir);
  const sweep = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && needed.has(path)) sweep(path);
      else if (entry.isDirectory() || !keep.has(relative(target, path).split(sep).join("/"))) {
        doing = { verb: 'remove', path };
        moveAside(path);
      }
    }
  };

  try {
    for (const file of written) {
      const to = join(target, file);
      makeDir(dirname(to));
      if (lstatSync(to, { throwIfNoEntry: false })) moveAside(to);
      doing = { verb: 'write', path: to };
      renameSync(join(staging, file), to);
      undo.push(() => renameSync(to, join(staging, file)));
    }
    sweep(target);
  } catch (error) {
    const failed = doing;
    let unrestored = 0;
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        unrestored++;
      }
    }
    if (unrestored === 0) rmSync(backup, { recursive: true, force: true });
    const restored = unrestored === 0 ? 'the previous output was restored' : `${unrestored} file${unrestored === 1 ? '' : 's'} of the previous output could not be put back; they are in ${plan.shown(backup)}`;
    throw problems.outputError(`cannot ${failed.verb} ${plan.shown(failed.path)}: ${reasonOf(error)} (${restored})`, remedyOf(error));
  }
  rmSync(backup, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
}
