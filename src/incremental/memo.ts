/**
 * What one build leaves for the next: which output the records describe, the key and stamp of
 * every output file, what loading and bundling made. Safe to delete at any time. The dev server
 * keeps one in memory; `build` reads it from one file and writes it back once the output is
 * committed. The record that lets a build with nothing changed end at once comes first in that
 * file, so such a build reads only the record.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cacheDir } from '../bundle/templates.ts';
import { codeFolder, codeFingerprint, hashOf } from '../hash.ts';
import type { FileStamp } from '../write/writer.ts';
import type { BundleMemo } from './bundles.ts';
import type { ContentMemo, SiteMemo } from './content.ts';
import type { Route } from '../route/routes.ts';
import type { SearchMemo } from './search.ts';
import type { SettledRecord } from './survey.ts';

/** What a build remembers for the next. */
export interface BuildMemo {
  /** The output the records describe (a different one starts afresh). */
  outDir: string | undefined;
  /** The hash of what every page is made from besides its own inputs (see sharedKeyOf). */
  sharedKey: string | undefined;
  /** Each page's key (Route.key), by output file, as committed. */
  pages: Map<string, string>;
  /** Each output file's stamp as committed (and the hash of its bytes, for a file that is not a page). */
  files: Map<string, FileStamp>;
  content: ContentMemo;
  bundles: BundleMemo;
  /** Feed bodies, by the hash of what each is made from. */
  bodies: Map<string, string>;
  /** What the last search index was made from, and its files (see incremental/search.ts). */
  search?: SearchMemo;
  /** What the last build into a folder read and reported, for a next build in which nothing changed. */
  settled: SettledRecord | undefined;
  /** In memory only (the dev server's): the last route table, and what was worked out from the whole site but article bodies. */
  routes?: RouteMemo;
  site?: SiteMemo;
}

/** The last route table, what it was made from, and the hash of each markdown file a page of it shows with the page's place. */
export interface RouteMemo {
  key: string;
  routes: Route[];
  shown: Map<string, { index: number; sourceHash: string }>;
}

/** A memo with nothing in it. */
export function emptyMemo(): BuildMemo {
  return {
    outDir: undefined,
    sharedKey: undefined,
    pages: new Map(),
    files: new Map(),
    content: { yaml: new Map(), markdown: new Map() },
    bundles: { imageSizes: new Map() },
    bodies: new Map(),
    settled: undefined,
  };
}

/** Bumped whenever what the file holds changes shape (the generator's fingerprint covers its code besides). */
const format = 8;

/** The generator's own code: a memo written by other code is not read. */
const fingerprint = codeFingerprint(codeFolder);

/** The folder of a project's memo (node_modules may be shared by several projects). */
export function memoFolderOf(root: string): string {
  return join(cacheDir(root), `build-${hashOf(root).slice(0, 10)}`);
}

/** The memo's file in its folder. */
export const memoName = 'memo.bin';

/** The memo on disk, in two parts: the settled record, then the rest (read only when the build goes on). */
interface SavedMemo {
  format: number;
  fingerprint: string;
  settled: SettledRecord | undefined;
  rest: Uint8Array;
}

/** The memo on disk: its settled record (when well formed) at once, the rest when asked; empty when this generator did not write it. */
export function readMemo(root: string): { record: SettledRecord | undefined; rest: () => BuildMemo } {
  try {
    const saved = deserialize(readFileSync(join(memoFolderOf(root), memoName))) as SavedMemo;
    if (saved.format === format && saved.fingerprint === fingerprint) {
      const rest = () => ({ ...(deserialize(saved.rest) as Omit<BuildMemo, 'settled'>), settled: saved.settled });
      return { record: wellFormed(saved.settled) ? saved.settled : undefined, rest: () => attempt(rest) };
    }
  } catch {
    // Damaged, or none: the build starts afresh.
  }
  return { record: undefined, rest: emptyMemo };
}

/** `read`'s memo, or an empty one when it cannot be read back. */
function attempt(read: () => BuildMemo): BuildMemo {
  try {
    return read();
  } catch {
    return emptyMemo();
  }
}

/** Whether a record read back has the shape a build writes (the file may have been damaged into something else). */
function wellFormed(record: SettledRecord | undefined): record is SettledRecord {
  if (!record || typeof record !== 'object') return false;
  const { key, paths, stamps, extra, output, result } = record;
  const strings = (list: unknown) => Array.isArray(list) && list.every((s) => typeof s === 'string');
  const numbers = (list: unknown) => list instanceof Float64Array;
  const inside = (f: string) => !f.split('/').some((part) => part === '..' || part === '.' || part === '');
  return (
    typeof key === 'string' &&
    typeof paths === 'string' &&
    numbers(stamps) &&
    Array.isArray(extra) &&
    extra.every((s) => typeof s?.path === 'string') &&
    typeof output === 'object' &&
    output !== null &&
    strings(output.files) &&
    numbers(output.stamps) &&
    strings(output.folders) &&
    numbers(output.mtimes) &&
    output.stamps.length === 2 * output.files.length &&
    output.mtimes.length === output.folders.length &&
    [...output.files, ...output.folders.filter((f) => f !== '.')].every(inside) &&
    typeof result === 'object' &&
    result !== null &&
    typeof result.pages === 'number' &&
    strings(result.warnings) &&
    Array.isArray(result.assets) &&
    result.assets.every((a) => typeof a?.file === 'string' && typeof a.bytes === 'number' && typeof a.gzip === 'number')
  );
}

/**
 * Writes the memo (without what only memory keeps: parsed sources, article bodies) under a
 * temporary name, then renames it into place; a memo that cannot be written costs the next
 * build its speed, never its output.
 */
export function saveMemo(root: string, memo: BuildMemo): void {
  const folder = memoFolderOf(root);
  try {
    const { settled, content, bundles, routes: _routes, site: _site, ...rest } = memo;
    const markdown = new Map(
      [...content.markdown].map(([file, { source: _s, frontMatter: _f, ...entry }]) => [
        file,
        { ...entry, article: { ...entry.article, markdown: undefined } },
      ]),
    );
    const yaml = new Map([...content.yaml].map(([file, { source: _s, ...entry }]) => [file, entry]));
    // The checks' problems stay in memory (they hold sources); a next process runs the checks again.
    const saved = {
      format,
      fingerprint,
      settled,
      rest: serialize({
        ...rest,
        content: { yaml, markdown },
        bundles: { templates: bundles.templates, scripts: bundles.scripts, imageSizes: bundles.imageSizes },
      }),
    };
    mkdirSync(folder, { recursive: true });
    const temp = join(folder, `${memoName}.${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(temp, serialize(saved));
    renameSync(temp, join(folder, memoName));
    // Whatever else is there is left from earlier versions or from a build that was stopped.
    for (const name of readdirSync(folder)) if (name !== memoName) rmSync(join(folder, name), { recursive: true, force: true });
  } catch {
    // Read-only, or a full disk: the next build starts afresh.
  }
}
