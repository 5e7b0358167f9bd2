/**
 * The whole build as one unit of work. A build into a folder records what it read (the stamp of
 * every file and folder under content/, templates/ and public/, of the generator's own code, and
 * of the packages it bundles and renders with), how it was asked (output folder, options, the
 * day) and what it reported. The next build asked the same way that finds every stamp unchanged
 * and the output as that build left it is already done: it reports the same, and nothing is
 * loaded, rendered or written. This module loads nothing but Node's own: a settled build costs
 * the stat calls and no more.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { codeFolder, hashOf } from '../hash.ts';
import { outputMarker } from '../write/guard.ts';
import type { KnownOutput, Writer } from '../write/writer.ts';
import type { Surveyed } from './content.ts';
import { cacheFolderOf, settledRecordName } from './folder.ts';
import { fineSettledMs, settledMs, settleWindowOf, statOf, unchangedStamps, unsettled, type InputStamp } from './stamps.ts';

/** The stamps of everything a build reads, taken before it reads anything. */
export interface InputSurvey {
  /** When the survey began (Date.now()): a file changed since shortly before is not trusted to be the version read. */
  started: number;
  paths: string[];
  /** Size, modification time and change time of each path, in turn (size -1: not there). */
  stamps: Float64Array;
  /** What each path is: 1 a regular file, 2 a folder, 0 anything else or nothing. */
  kinds: Uint8Array;
  /** Whether a link to a folder was found among the sources: what is behind it is not surveyed, so such a build never settles. */
  linkedFolder: boolean;
}

/** What a settled build reports: the same as the build that settled it, less what only a change can cause. */
export interface SettledResult {
  pages: number;
  assets: { file: string; bytes: number; gzip: number }[];
  /** The warnings that follow from the content alone (not those about the previous output, such as pages gone since). */
  warnings: string[];
  files: string[];
}

/** What a build asks that decides its output besides the files it reads. */
export interface SettleKey {
  baseUrl: string | undefined;
  drafts: boolean;
  future: boolean;
  today: string;
  strictReview: boolean;
}

/**
 * The record a build leaves for the next (settled.bin in the cache folder). Each list of paths is
 * one string, the paths joined by NUL (which no path holds): V8 writes and reads one long string
 * far faster than thousands of short ones.
 */
interface SettledRecord {
  format: number;
  key: string;
  inputs: { paths: string; stamps: Float64Array };
  /** Files read besides those surveyed (what esbuild read in node_modules, settings files), stamped when read. */
  extra: InputStamp[];
  /** The output after the build, and when it was surveyed (Date.now()). */
  output: { files: string; stamps: Float64Array; folders: string; mtimes: Float64Array; at: number };
  /** The result, less its files: those are the output's, less the writer's marker. */
  result: Omit<SettledResult, 'files'>;
  /** Names the build: the cache's frame of the same build carries it too (see bodies.ts). */
  generation: string;
}

/**
 * What changed since the last record when the same paths are there and only stamps differ (what
 * an author saving files does), for a rebuild of article bodies alone (bodies.ts).
 */
export interface Edits {
  /** The paths whose stamps changed, each with its place in the survey and the stamp it had when the last build read it. */
  changed: { path: string; index: number; was: { size: number; mtimeMs: number; ctimeMs: number } }[];
  generation: string;
  /** The output as the last build left it, its files' stamps with it. */
  output: KnownOutput & { stamps: Float64Array };
  result: Omit<SettledResult, 'files'>;
  /** What the last build read besides the survey (unchanged). */
  extra: InputStamp[];
}

const nul = '\0';

/** Bumped whenever the record's layout changes. */
const format = 5;

/** The folders under the project that hold what a build reads. */
const sourceFolders = ['content', 'templates', 'public'];

/** Packages whose version changes what a build makes: React renders the pages, esbuild bundles, sharp encodes images. */
const packages = ['react', 'react-dom', 'esbuild', 'sharp'];

/**
 * For a build into a folder with the cache on disk: the last build's result when nothing it read
 * changed and its output is as it left it; else the survey of the inputs to record once this
 * build has committed (none for a build that cannot settle: into memory, or told what changed),
 * and what the last record saw of this output, for the writer's commit.
 */
export function settledBuild(root: string, writer: Writer, key: SettleKey, persistent: boolean): { result: SettledResult } | { survey: InputSurvey | undefined; output?: KnownOutput; edits?: Edits } {
  if (!persistent || !writer.survey || !writer.unchangedSince) return { survey: undefined };
  const survey = surveyInputs(root);
  const record = readRecord(root);
  try {
    if (record?.format !== format || record.key !== keyOf(writer, key) || !wellFormed(record.result) || typeof record.generation !== 'string') return { survey };
    const output = { files: record.output.files.split(nul), stamps: record.output.stamps, folders: record.output.folders.split(nul), mtimes: record.output.mtimes };
    const known = knownOutput(output, record.output.at);
    const changed = changedPaths(record.inputs, survey);
    if (changed === undefined || !unchangedStamps(root, record.extra)) return { survey, output: known };
    if (changed.length > 0) return { survey, output: known, ...(known && output.stamps.length === 2 * output.files.length ? { edits: { changed, generation: record.generation, output: { ...known, stamps: output.stamps }, result: record.result, extra: record.extra } } : {}) };
    if (!writer.unchangedSince(output)) return { survey, output: known };
    return { result: { ...record.result, files: output.files.filter((f) => f !== outputMarker) } };
  } catch {
    // A record damaged into another shape is no record.
  }
  return { survey };
}

/**
 * The output as the record saw it, for the writer: a folder whose time was set within the settle
 * window before the survey is not to be trusted (its time may not show what came within the same tick).
 */
function knownOutput(output: { files: string[]; folders: string[]; mtimes: Float64Array }, at: number): KnownOutput | undefined {
  if (output.mtimes.length !== output.folders.length || typeof at !== 'number') return undefined;
  const mtimes = output.mtimes.map((mtime) => (mtime < at - settleWindowOf(mtime) ? mtime : -1));
  return { files: output.files, folders: output.folders, mtimes };
}

/** Whether a result read back is one a build reports (the file may have been damaged into something else). */
function wellFormed(result: SettledRecord['result']): boolean {
  const strings = (list: unknown) => Array.isArray(list) && list.every((s) => typeof s === 'string');
  return typeof result.pages === 'number' && strings(result.warnings) && Array.isArray(result.assets) && result.assets.every((a) => typeof a.file === 'string' && typeof a.bytes === 'number' && typeof a.gzip === 'number');
}

/**
 * After a build has committed: records what it read, how it was asked, its output and its result,
 * for the next build. When a file it read changed too shortly before it began, there is nothing
 * to record (the file may have changed again while the build read it): the last record goes.
 */
export function recordSettled(root: string, writer: Writer, key: SettleKey, survey: InputSurvey, extra: InputStamp[] | undefined, result: SettledResult, generation: string): void {
  if (!writer.survey) return;
  const folder = cacheFolderOf(root);
  try {
    if (survey.linkedFolder) return forget(folder);
    const window = settleWindow(survey);
    let recent = false;
    for (let i = 0; i < survey.paths.length && !recent; i++) recent = unsettled({ mtimeMs: survey.stamps[3 * i + 1]!, ctimeMs: survey.stamps[3 * i + 2]! }, survey.started, window);
    if (recent || !extra || extra.some((s) => unsettled(s, survey.started, window))) return forget(folder);
    const at = Date.now();
    const output = writer.survey();
    const record: SettledRecord = {
      format,
      key: keyOf(writer, key),
      inputs: { paths: survey.paths.join(nul), stamps: survey.stamps },
      extra,
      output: { files: output.files.join(nul), stamps: output.stamps, folders: output.folders.join(nul), mtimes: output.mtimes, at },
      result: { pages: result.pages, assets: result.assets, warnings: result.warnings },
      generation,
    };
    mkdirSync(folder, { recursive: true });
    const temp = join(folder, `${settledRecordName}.${process.pid}`);
    writeFileSync(temp, serialize(record));
    renameSync(temp, join(folder, settledRecordName));
  } catch {
    // A record that cannot be written costs the next build its shortcut, never its output.
    forget(folder);
  }
}

/** Removes the last record, so that no build takes it for this one's; a cache folder that cannot be changed holds none this build wrote. */
function forget(folder: string): void {
  try {
    rmSync(join(folder, settledRecordName), { force: true });
  } catch {
    // Read-only: the record there describes the build before, whose stamps no longer match.
  }
}

/**
 * How long a file must have been left alone before a build began for the record to trust its
 * stamp: 2 s on a file system that keeps whole seconds (FAT, HFS+, ext3: every file's time is a
 * whole second), 100 ms where a file's time has a fraction of a second.
 */
function settleWindow(survey: InputSurvey): number {
  for (let i = 0; i < survey.paths.length; i++) if (survey.kinds[i] === 1 && settleWindowOf(survey.stamps[3 * i + 1]!) === fineSettledMs) return fineSettledMs;
  return settledMs;
}

/** The output folder and the options, as one string. */
function keyOf(writer: Writer, key: SettleKey): string {
  return hashOf(writer.id, JSON.stringify([key.baseUrl ?? null, key.drafts, key.future, key.today, key.strictReview]));
}

function readRecord(root: string): SettledRecord | undefined {
  try {
    return deserialize(readFileSync(join(cacheFolderOf(root), settledRecordName))) as SettledRecord;
  } catch {
    return undefined;
  }
}

/**
 * The paths whose stamps differ from the recorded survey's (none: the same survey), with their
 * recorded stamps; undefined when the survey does not list the same paths in the same order.
 */
function changedPaths(recorded: SettledRecord['inputs'], now: InputSurvey): Edits['changed'] | undefined {
  if (recorded.stamps.length !== now.stamps.length || recorded.paths !== now.paths.join(nul)) return undefined;
  const changed: Edits['changed'] = [];
  const was = recorded.stamps;
  for (let i = 0; i < now.paths.length; i++) {
    const at = 3 * i;
    if (was[at] !== now.stamps[at] || was[at + 1] !== now.stamps[at + 1] || was[at + 2] !== now.stamps[at + 2]) changed.push({ path: now.paths[i]!, index: i, was: { size: was[at]!, mtimeMs: was[at + 1]!, ctimeMs: was[at + 2]! } });
  }
  return changed;
}

/**
 * Every file and folder under the source folders, the generator's code and the package files of
 * `packages`, with their stamps. A file added or removed changes its folder's times; a folder that
 * is not there is stamped as such; a link is stamped as what it leads to.
 */
export function surveyInputs(root: string): InputSurvey {
  const started = Date.now();
  const paths: string[] = [];
  const found = { linkedFolder: false };
  for (const folder of sourceFolders) walk(root, folder, paths, found);
  walk(root, codeFolder, paths, found);
  paths.push(...packageFiles());
  const stamps = new Float64Array(paths.length * 3);
  const kinds = new Uint8Array(paths.length);
  const base = resolve(root);
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    // The walk's paths are plain ("content/blog/x.md"): joined by hand (path.resolve costs ~1 µs, thousands of times); the package files are absolute.
    const info = statOf(isAbsolute(path) ? path : `${base}${sep}${path}`);
    stamps[3 * i] = info ? info.size : -1;
    stamps[3 * i + 1] = info?.mtimeMs ?? 0;
    stamps[3 * i + 2] = info?.ctimeMs ?? 0;
    kinds[i] = info?.isFile() ? 1 : info?.isDirectory() ? 2 : 0;
  }
  return { started, paths, stamps, kinds, linkedFolder: found.linkedFolder };
}

/**
 * The survey's stamp of a regular file, by its path in the project (content/blog/x.md), so that
 * the build does not take it again; undefined for anything else (the loader looks at it itself).
 */
export function surveyedFiles(survey: InputSurvey): Surveyed {
  let index: Map<string, number> | undefined;
  return (file) => {
    index ??= new Map(survey.paths.map((path, i) => [path, i]));
    const i = index.get(file);
    if (i === undefined || survey.kinds[i] !== 1) return undefined;
    return { size: survey.stamps[3 * i]!, mtimeMs: survey.stamps[3 * i + 1]!, ctimeMs: survey.stamps[3 * i + 2]! };
  };
}

/**
 * Every file and folder under `folder`, into `into`. A link to a folder is listed but not followed
 * (it could lead anywhere, the whole disk or back to itself): `found` notes it instead.
 */
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

/** The package files of `packages` as this generator resolves them (absolute); a package that is not installed is left out. */
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

