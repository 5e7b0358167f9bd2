/**
 * Stamps: the size and times of a file or folder, which any change of it alters. What the
 * incremental core keeps is kept while the stamps of what it was made from are unchanged.
 */
import { statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';

/** A file or folder as it was when a unit of work read it (path relative to the project, or absolute). */
export interface InputStamp {
  path: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * How long before a unit of work starts a file it reads must have last changed for the work to be
 * kept: a file saved while it was read (or within a coarse file system's time step) would
 * otherwise be taken for the version read.
 */
export const settledMs = 2000;

/**
 * The same where file times are finer than a second (ext4, XFS, Btrfs, tmpfs, APFS, NTFS): longer
 * than the clock tick that stamps them (1-16 ms), so a save after a survey always changes a stamp.
 */
export const fineSettledMs = 100;

/** The settle window a file time calls for: a whole second means a file system that keeps whole seconds. */
export function settleWindowOf(mtimeMs: number): number {
  return mtimeMs % 1000 === 0 ? settledMs : fineSettledMs;
}

/**
 * A path's stat, or undefined when there is none to take: gone, a link to itself, a folder that
 * cannot be entered. Stamped as not there; the stage that reads such a file reports it.
 */
export function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A file's or folder's size and times; a file that is not there has size -1 (creating it is a change). */
export function stampOf(root: string, path: string): InputStamp {
  const info = statOf(resolve(root, path));
  return info ? { path, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs } : { path, size: -1, mtimeMs: 0, ctimeMs: 0 };
}

/** Whether every stamped file and folder still has its size and times. */
export function unchangedStamps(root: string, stamps: readonly InputStamp[]): boolean {
  return stamps.every((s) => {
    const now = stampOf(root, s.path);
    return now.size === s.size && now.mtimeMs === s.mtimeMs && now.ctimeMs === s.ctimeMs;
  });
}

/** Whether a stamp changed too close to `started` (a unit of work's start) to be sure the work saw that version. */
export function unsettled(stamp: { mtimeMs: number; ctimeMs: number }, started: number, window = settledMs): boolean {
  return stamp.mtimeMs >= started - window || stamp.ctimeMs >= started - window;
}
