/**
 * What changed since the last build: the stamps (size and times) of every file and folder a build
 * reads, against the record the last build into the same folder left. Loads nothing but Node's own.
 */
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, resolve, sep } from 'node:path';
import { codeFolder, hashOf } from '../hash.ts';
import type { Output, OutputSurvey } from '../write/writer.ts';

/** A file's or folder's size and times (size -1: not there); ctime changes with permissions too. */
export interface Stamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** A stamp with its path (relative to the project, or absolute). */
export type InputStamp = Stamp & { path: string };

/** The stamps of everything a build reads, taken before it reads anything. */
export interface InputSurvey {
  /** Date.now() when the survey began. */
  started: number;
  paths: string[];
  /** Size, mtime and ctime of each path, in turn. */
  stamps: Float64Array;
  /** A link to a folder is among the sources: what is behind it is not surveyed, so the build never settles. */
  linkedFolder: boolean;
}

/** What a build reports that the next one, with nothing changed, reports again. */
export interface SettledResult {
  pages: number;
  assets: { file: string; bytes: number; gzip: number }[];
  /** The warnings that follow from the content alone. */
  warnings: string[];
}

/** What a build into a folder read, how it was asked, what it left in the output and what it reported. */
export interface SettledRecord {
  key: string;
  /** The survey's paths joined by NUL (one string is far quicker to keep than thousands), and their stamps. */
  paths: string;
  stamps: Float64Array;
  /** Files read besides those surveyed (what esbuild read in node_modules, settings files). */
  extra: InputStamp[];
  output: OutputSurvey;
  result: SettledResult;
}

/** What decides a build's output besides the files it reads. */
export interface SettleKey {
  baseUrl: string | undefined;
  drafts: boolean;
  future: boolean;
  today: string;
  strictReview: boolean;
  /** The repository the browser editor publishes to (`build --editor`), if any. */
  editor: string | undefined;
}

/**
 * How long before a build a file must have last changed to be trusted as the version read: 2 s where times are whole seconds, else 100 ms.
 */
export const settledMs = 2000;
export const fineSettledMs = 100;

/** The folders that hold what a build reads, and the packages whose version changes what it makes. */
const sourceFolders = ['content', 'templates', 'public'];
const packages = ['react', 'react-dom', 'esbuild', 'sharp'];

/** The record's key: the output folder and the options. */
export function settleKeyOf(output: Output, key: SettleKey): string {
  return hashOf(output.id, JSON.stringify([key.baseUrl ?? null, key.drafts, key.future, key.today, key.strictReview, key.editor ?? null]));
}

/** The paths whose stamps differ from the record's; undefined when a path came or went, or a file read besides changed. */
export function changedSince(record: SettledRecord, now: InputSurvey, root: string): string[] | undefined {
  if (record.stamps.length !== now.stamps.length || record.paths !== now.paths.join('\0')) return undefined;
  if (!record.extra.every((s) => sameStamp(stampOf(root, s.path), s))) return undefined;
  const changed: string[] = [];
  for (let i = 0; i < now.stamps.length; i++) if (record.stamps[i] !== now.stamps[i]) changed.push(now.paths[Math.floor(i / 3)]!);
  return [...new Set(changed)];
}

/** The record of a committed build; none when a file it read changed just before it began, or a link to a folder is among its sources. */
export function settledRecord(
  survey: InputSurvey,
  key: string,
  extra: InputStamp[] | undefined,
  output: OutputSurvey | undefined,
  result: SettledResult,
): SettledRecord | undefined {
  if (survey.linkedFolder || !extra || !output) return undefined;
  const window = windowOf(survey);
  for (let i = 0; i < survey.stamps.length; i += 3)
    if (unsettled({ mtimeMs: survey.stamps[i + 1]!, ctimeMs: survey.stamps[i + 2]! }, survey.started, window)) return undefined;
  if (extra.some((s) => unsettled(s, survey.started, window))) return undefined;
  return { key, paths: survey.paths.join('\0'), stamps: survey.stamps, extra, output, result };
}

/** Whether a stamp changed too close to `started` to be sure the work that began then saw that version. */
export function unsettled(stamp: { mtimeMs: number; ctimeMs: number }, started: number, window = settledMs): boolean {
  return stamp.mtimeMs >= started - window || stamp.ctimeMs >= started - window;
}

/** The settle window of a survey: whole-second times anywhere mean a file system that keeps whole seconds. */
function windowOf(survey: InputSurvey): number {
  for (let i = 0; i < survey.stamps.length; i += 3) if (survey.stamps[i]! >= 0 && survey.stamps[i + 1]! % 1000 !== 0) return fineSettledMs;
  return settledMs;
}

/**
 * Every file and folder under the source folders and the generator's code, and the package files, with their stamps (a link's: its
 * target's).
 */
export function surveyInputs(root: string): InputSurvey {
  const started = Date.now();
  const paths: string[] = [];
  const found = { linkedFolder: false };
  for (const folder of sourceFolders) walk(root, folder, paths, found);
  walk(root, codeFolder, paths, found);
  paths.push(...packageFiles());
  const stamps = new Float64Array(paths.length * 3);
  const base = resolve(root);
  for (let i = 0; i < paths.length; i++) {
    // Joined by hand: path.resolve costs ~1 µs, thousands of times a build.
    const info = statOf(isAbsolute(paths[i]!) ? paths[i]! : `${base}${sep}${paths[i]}`);
    stamps[3 * i] = info ? info.size : -1;
    stamps[3 * i + 1] = info?.mtimeMs ?? 0;
    stamps[3 * i + 2] = info?.ctimeMs ?? 0;
  }
  return { started, paths, stamps, linkedFolder: found.linkedFolder };
}

/** A path's stamp (size -1 when it is not there: creating it is a change). */
export function stampOf(root: string, path: string): Stamp {
  const info = statOf(resolve(root, path));
  return info ? { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs } : { size: -1, mtimeMs: 0, ctimeMs: 0 };
}

/** Whether two stamps are the same. */
export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/** A path's stat; undefined when there is none (gone, a link to itself, a folder that cannot be entered). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Every file and folder under `folder`; a link to a folder is listed but not followed (it could lead anywhere): `found` notes it. */
function walk(root: string, folder: string, into: string[], found: { linkedFolder: boolean }): void {
  into.push(folder);
  let entries: Dirent[];
  try {
    entries = readdirSync(resolve(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) walk(root, path, into, found);
    else {
      if (entry.isSymbolicLink() && statOf(resolve(root, path))?.isDirectory()) found.linkedFolder = true;
      into.push(path);
    }
  }
}

/** The package files of `packages` as this generator resolves them (absolute); one not installed is left out. */
function packageFiles(): string[] {
  const require = createRequire(import.meta.url);
  const found: string[] = [];
  for (const name of packages) {
    try {
      found.push(require.resolve(`${name}/package.json`));
    } catch {
      // Not installed: the build says so where it needs it.
    }
  }
  return found;
}
