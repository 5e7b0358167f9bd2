/** The build cache: what each page was made from and where its output lies, kept between runs. */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { codeFingerprint, codeFolder, hashBytes, hashOf } from '../hash.ts';
import type { FileStamp } from '../write/writer.ts';
import { emptyContentMemo, type ArticleMemoEntry, type ContentMemo, type YamlMemoEntry } from './content.ts';
import { cacheDir, type Templates } from '../bundle/templates.ts';
import type { Assets, OutputFile, Scripts } from '../bundle/assets.ts';
import type { ProcessedImages } from '../bundle/images.ts';
import type { ImageSizes, Route } from '../route/routes.ts';
import type { SharedView } from '../render/render.ts';
import type { LinkTargets } from '../verify/links.ts';
import type { Article } from '../schemas/article.ts';
import { cacheFolderOf, settledRecordName } from './folder.ts';
import type { SettledResult } from './settled.ts';
import type { InputStamp } from './stamps.ts';
import { internIn, shardCount, shardOf, ShardedMap, type StringTable } from './shards.ts';

/** A page of the output as the verify stage and the summary see it. */
export interface PageSummary {
  route: Route;
  /** The route's path. */
  path: string;
  ids: string[];
  links: string[];
  /** Size in bytes, when it was rendered in this run. */
  bytes: number | undefined;
}

/**
 * A rendered page as remembered: the key of its inputs, its element ids and internal links, each
 * a list of indexes into its shard's strings packed into one string (see packIndexes).
 */
export interface PageRecord {
  key: string;
  ids: string;
  links: string;
}

/**
 * A list of indexes as one string, two UTF-16 code units an index (low half, then high). Thousands
 * of pages' lists are read back by every warm build: one string each is copied, where an array
 * of numbers is taken apart number by number (13.6 -> 3.9 ms for the 4,710 records at N = 4,000).
 */
export function packIndexes(indexes: readonly number[]): string {
  let packed = '';
  for (const n of indexes) packed += String.fromCharCode(n & 0xffff, n >>> 16);
  return packed;
}

/** The indexes `packIndexes` packed (none from anything else a damaged cache could hold). */
export function unpackIndexes(packed: unknown): number[] {
  if (typeof packed !== 'string') return [];
  const indexes = new Array<number>(packed.length >> 1);
  for (let i = 0; i < indexes.length; i++) indexes[i] = packed.charCodeAt(2 * i) + packed.charCodeAt(2 * i + 1) * 0x10000;
  return indexes;
}

/** What one build remembers for the next; safe to delete at any time. */
export interface BuildCache {
  /** The output folder the records describe (a different folder starts afresh). */
  outDir: string | undefined;
  /**
   * Whether the records describe a build that passed link verification and was committed; a
   * build clears it first, so after a failed one every page's links are checked again.
   */
  verified: boolean;
  /** What every page shares (generator, templates, site-wide data): the page records hold for this alone. */
  sharedKey: string | undefined;
  pages: ShardedMap<PageRecord>;
  /** The strings the page records of each shard index into. */
  tables: StringTable[];
  files: ShardedMap<FileStamp>;
  /** Rendered article bodies by markdown hash (only those the feed needs). */
  bodies: Map<string, string>;
  /** Loaded articles and YAML files, so unchanged ones are not read, parsed and validated again. */
  content: ContentMemo;
  /** Images beside articles as last read, kept in memory only (see BesideMemo). */
  besideImages?: Map<string, { size: number; mtimeMs: number; output: OutputFile }>;
  /** Hashes of output bytes the dev server keeps from build to build (bundles, images), by the bytes themselves (in memory only). */
  byteHashes?: WeakMap<Uint8Array, string>;
  /** What esbuild bundled, with the stamps of the files it read, and image sizes: kept on disk too (see bundles.ts). */
  stamped: StampedBundles;
  /** The last bundles, kept in memory only (the dev server reuses them while templates/ and public/ are unchanged). */
  bundles?: { templates: Templates; assets: Assets; images: ProcessedImages; socialImage: string; besideKey: string };
  /** What the last build worked out from the site's shape (see shape.ts), in memory only. */
  shaped?: { key: string; values: Map<string, { inputs: readonly unknown[]; value: unknown }> };
  /** The last route table, in memory only. */
  routeTable?: RouteTable;
  /** The pages of the last committed build as the next build takes them over, by route as routed then, in memory only (see pages.ts). */
  lastPages?: { routes: Route[]; pages: PageSummary[] };
  /**
   * What the last build left for a rebuild of article bodies alone (see bodies.ts): on disk with
   * its record, or in the dev server's memory; none after a build that failed.
   */
  frame?: Frame;
  /** What the dev server's last build reported besides its own work, in memory only: a rebuild of bodies alone reports the same. */
  reported?: SettledResult;
  /** Where links could lead in the output of the build that left `frame`, in memory only (see bodies.ts). */
  linkTargets?: { frame: Frame; targets: LinkTargets };
  /** What is on disk: the head as last read or written, and each shard's file (null: empty or never saved). */
  saved: { head: SavedHead | undefined; shards: (string | null)[] };
}

/**
 * What a build into a folder leaves for a next build in which only article bodies changed: what
 * every page shared, the templates, the order of the articles shown, the feed and the pages.
 * Lists of files are one string each, joined by NUL.
 */
export interface Frame {
  /** The build that made it, as its settled record names it: a frame goes with that record alone. */
  generation: string;
  shared: SharedView;
  templates: Omit<Templates, 'load'>;
  /** The files of the articles shown, newest first, and the category of each. */
  shown: string;
  categories: string;
  /** The files of the articles the blog's feed carries, in its order. */
  feed: string;
  /** The path of every page, in the route table's order. */
  pages: string;
}

/** A bundle and the stamps of every file and folder it was made from. */
export interface Stamped<T> {
  stamps: InputStamp[];
  value: T;
}

/** The bundles esbuild made, kept while their inputs are unchanged, and image sizes by the hash of the image's bytes. */
export interface StampedBundles {
  templates?: Stamped<Omit<Templates, 'load'>>;
  scripts?: Stamped<Scripts>;
  imageSizes: Map<string, { width: number; height: number }>;
}

/** The generator's own fingerprint: all of its code, whichever stage folder a change is in. */
export const generatorFingerprint: string = codeFingerprint(codeFolder);

/** The last route table (in memory only, see routes.ts): what it was made from, and where each shown article's page is in it. */
export interface RouteTable {
  shape: string;
  imageSizes: ImageSizes;
  routes: Route[];
  /** The articles shown, as loaded for it (an article whose file changed is loaded anew). */
  shown: Article[];
  /** The index in `routes` of each shown article's page. */
  slots: number[];
}

/** The frame of a build (see Frame), under a new generation. */
export function frameOf(shared: SharedView, templates: Templates, shown: readonly Article[], feed: readonly Article[], routes: readonly Route[]): Frame {
  const { load: _load, ...bundled } = templates;
  return {
    generation: randomBytes(8).toString('hex'),
    shared,
    templates: bundled,
    shown: shown.map((a) => a.file).join(nul),
    categories: shown.map((a) => a.category).join(nul),
    feed: feed.map((a) => a.file).join(nul),
    pages: routes.map((r) => r.path).join(nul),
  };
}

/** The file of the newest article the last build showed, from its frame. */
export function newestArticle(cache: BuildCache): string | undefined {
  const shown = cache.frame?.shown;
  return shown ? shown.split(nul, 1)[0] : undefined;
}

/** What joins the lists of a frame (no path or category holds it). */
export const nul = '\0';

/** The hash of output bytes, taken once for bytes kept from one build to the next (megabytes of image variants). */
export function hashOfBytes(cache: BuildCache, bytes: Uint8Array): string {
  const known = (cache.byteHashes ??= new WeakMap());
  let hash = known.get(bytes);
  if (hash === undefined) {
    hash = hashBytes(bytes);
    known.set(bytes, hash);
  }
  return hash;
}

/** An empty cache. */
export function emptyCache(): BuildCache {
  return { outDir: undefined, verified: false, sharedKey: undefined, pages: new ShardedMap(), tables: emptyTables(), files: new ShardedMap(), bodies: new Map(), content: emptyContentMemo(), stamped: { imageSizes: new Map() }, saved: { head: undefined, shards: new Array<string | null>(shardCount).fill(null) } };
}

function emptyTables(): StringTable[] {
  return Array.from({ length: shardCount }, () => ({ strings: [] }));
}

/** The strings the page records of `file`'s shard index into. */
export function pageStrings(cache: BuildCache, file: string): string[] {
  return cache.tables[shardOf(file)]!.strings;
}

/** A record of the page `file` (its ids and links interned in its shard's table); not kept until `cache.pages.set`. */
export function pageRecord(cache: BuildCache, file: string, key: string, ids: string[], links: string[]): PageRecord {
  const table = cache.tables[shardOf(file)]!;
  return { key, ids: packIndexes(ids.map((s) => internIn(table, s))), links: packIndexes(links.map((s) => internIn(table, s))) };
}

/**
 * The cache of a project folder (cacheFolderOf): a head file (what every page shares, feed bodies,
 * YAML files, and the name of each shard's file) and one file a shard (page records, output file
 * stamps and loaded articles whose keys fall into it).
 */
const headName = 'head.bin';
/** Bumped whenever the layout of the files changes (the generator fingerprint covers the code besides). */
const format = 6;

/** What the head file holds. */
export interface SavedHead {
  format: number;
  fingerprint: string;
  outDir: string | undefined;
  verified: boolean;
  sharedKey: string | undefined;
  bodies: [string, string][];
  yaml: [string, Omit<YamlMemoEntry, 'source'>][];
  bundles: SavedBundles;
  /** The file of each shard, or null for an empty one. */
  shards: (string | null)[];
  /** The size in bytes of each shard's file (0 for none): a rebuild that reads only some shards checks the others are whole. */
  sizes: number[];
  frame: Frame | undefined;
}

/** The stamped bundles as saved, with a key that tells two apart without comparing their bytes. */
interface SavedBundles {
  templates: StampedBundles['templates'];
  scripts: StampedBundles['scripts'];
  imageSizes: [string, { width: number; height: number }][];
  key: string;
}

function savedBundles({ templates, scripts, imageSizes }: StampedBundles): SavedBundles {
  // Sorted: sizes are measured in whichever order sharp finishes.
  const sizes = [...imageSizes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The stamps say which inputs each bundle was made from; the same stamps mean the same bundle.
  const key = hashOf(JSON.stringify([templates?.stamps, templates?.value.hash, scripts?.stamps, scripts?.value.links, sizes]));
  return { templates, scripts, imageSizes: sizes, key };
}

/** Whether two heads say the same (compared by value: V8 may serialize equal strings to different bytes). */
function sameHead(a: SavedHead, b: SavedHead): boolean {
  const sameList = <T>(x: readonly T[], y: readonly T[], same: (p: T, q: T) => boolean) => x.length === y.length && x.every((p, i) => same(p, y[i]!));
  return (
    a.outDir === b.outDir &&
    a.verified === b.verified &&
    a.sharedKey === b.sharedKey &&
    a.bundles.key === b.bundles.key &&
    sameList(a.shards, b.shards, (p, q) => p === q) &&
    a.frame?.generation === b.frame?.generation &&
    sameList(a.bodies, b.bodies, (p, q) => p[0] === q[0] && p[1] === q[1]) &&
    // A YAML entry is made from its text alone: the same file with the same hash is the same entry.
    sameList(a.yaml, b.yaml, (p, q) => p[0] === q[0] && p[1].hash === q[1].hash)
  );
}

/**
 * The element ids of the page `file` as the cache records them: from memory when its record is
 * there (its shard was loaded, or the cache is the dev server's), else read from its shard's file
 * on disk (`read` keeps each shard's ids by page once read); none for a page it has no record of.
 */
export function recordedPageIds(root: string, cache: BuildCache, file: string, read: Map<number, Map<string, string[]>>): string[] {
  const record = cache.pages.get(file);
  if (record) {
    const strings = pageStrings(cache, file);
    return unpackIndexes(record.ids).map((i) => strings[i]!);
  }
  const n = shardOf(file);
  let ids = read.get(n);
  if (!ids) {
    const name = cache.saved.shards[n];
    const shard = name ? (deserialize(readFileSync(join(cacheFolderOf(root), name))) as SavedShard) : undefined;
    ids = new Map((shard?.pages ?? []).map(([page, record]) => [page, unpackIndexes(record.ids).map((i) => shard!.strings[i]!)]));
    read.set(n, ids);
  }
  return ids.get(file) ?? [];
}

/** What a shard file holds. */
interface SavedShard {
  strings: string[];
  pages: [string, PageRecord][];
  files: [string, FileStamp][];
  articles: [string, ArticleMemoEntry][];
}

/** Reads the cache of the last build; anything missing, unreadable or from another generator version gives an empty one. */
export async function loadCache(root: string): Promise<BuildCache> {
  try {
    const head = await readHead(root);
    return head ? await cacheOf(root, head, head.shards.map((_, n) => n)) : emptyCache();
  } catch {
    return emptyCache();
  }
}

/** The head of the cache on disk, when there is one this generator wrote (else undefined); throws when it cannot be read as one. */
export async function readHead(root: string): Promise<SavedHead | undefined> {
  const head = deserialize(await readFile(join(cacheFolderOf(root), headName))) as SavedHead;
  return head.format === format && head.fingerprint === generatorFingerprint && head.shards.length === shardCount ? head : undefined;
}

/** Whether every shard file `head` names is there with the size it was written with (a rebuild that reads only some shards leaves no damaged one behind). */
export function shardsWhole(root: string, head: SavedHead): boolean {
  const folder = cacheFolderOf(root);
  return head.shards.every((name, n) => name === null || statSync(join(folder, name), { throwIfNoEntry: false })?.size === head.sizes[n]);
}

/**
 * The cache `head` describes, with only the shards `wanted` read: the others are left empty and,
 * since nothing is put into them, kept on disk as they are when the cache is saved.
 */
export async function cacheOf(root: string, head: SavedHead, wanted: Iterable<number>): Promise<BuildCache> {
  const folder = cacheFolderOf(root);
  const read = new Set(wanted);
  const shards = await Promise.all(head.shards.map(async (name, n) => (name && read.has(n) ? (deserialize(await readFile(join(folder, name))) as SavedShard) : undefined)));
  const part = <V>(pick: (shard: SavedShard) => [string, V][]) => new ShardedMap(shards.map((s) => new Map(s ? pick(s) : [])));
  return {
    outDir: head.outDir,
    verified: head.verified === true,
    sharedKey: head.sharedKey,
    pages: part((s) => s.pages),
    tables: shards.map((s) => ({ strings: s?.strings ?? [] })),
    files: part((s) => s.files),
    bodies: new Map(head.bodies),
    content: { articles: part((s) => s.articles), yaml: new Map(head.yaml) },
    stamped: { templates: head.bundles.templates, scripts: head.bundles.scripts, imageSizes: new Map(head.bundles.imageSizes) },
    ...(head.frame ? { frame: head.frame } : {}),
    saved: { head, shards: head.shards },
  };
}

/**
 * Writes the cache for the next build: only the shards this build changed, each under a new name,
 * then the head naming them (renamed into place, so a crash leaves the last whole cache), then
 * removes the files no head names. Writes nothing when nothing changed.
 */
export async function saveCache(root: string, cache: BuildCache): Promise<void> {
  const folder = cacheFolderOf(root);
  const dirty = new Set([...cache.pages.dirty, ...cache.files.dirty, ...cache.content.articles.dirty]);
  const generation = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const shards = cache.saved.shards.map((name, n) => (dirty.has(n) ? (isEmptyShard(cache, n) ? null : `shard-${String(n).padStart(2, '0')}-${generation}.bin`) : name));
  const head: SavedHead = {
    format,
    fingerprint: generatorFingerprint,
    outDir: cache.outDir,
    verified: cache.verified,
    sharedKey: cache.sharedKey,
    bodies: [...cache.bodies],
    yaml: [...cache.content.yaml].map(([file, { source: _source, ...entry }]) => [file, entry]),
    bundles: savedBundles(cache.stamped),
    shards,
    sizes: shards.map((_, n) => (dirty.has(n) ? 0 : (cache.saved.head?.sizes[n] ?? 0))),
    frame: cache.frame,
  };
  if (dirty.size === 0 && cache.saved.head && sameHead(cache.saved.head, head)) return;
  await mkdir(folder, { recursive: true });
  await Promise.all(
    [...dirty].map(async (n) => {
      if (!shards[n]) return;
      const data = serialize(savedShard(cache, n));
      await writeFile(join(folder, shards[n]), data);
      head.sizes[n] = data.length;
    }),
  );
  const temp = join(folder, `${headName}.${generation}`);
  await writeFile(temp, serialize(head));
  await rename(temp, join(folder, headName));
  cache.saved = { head, shards };
  for (const map of [cache.pages, cache.files, cache.content.articles]) map.dirty.clear();
  await removeUnnamed(folder);
  // The single-file cache of earlier versions.
  await rm(join(cacheDir(root), `build-cache-${hashOf(root).slice(0, 10)}.bin`), { force: true });
}

function isEmptyShard(cache: BuildCache, n: number): boolean {
  return cache.pages.shards[n]!.size === 0 && cache.files.shards[n]!.size === 0 && cache.content.articles.shards[n]!.size === 0;
}

/** Shard `n` as saved: only the strings its pages still use (the table does not grow from build to build); article bodies and front matter stay in their files. */
function savedShard(cache: BuildCache, n: number): SavedShard {
  const table = cache.tables[n]!.strings;
  const strings: string[] = [];
  const moved = new Map<number, number>();
  const remap = (i: number) => {
    let j = moved.get(i);
    if (j === undefined) {
      j = strings.push(table[i]!) - 1;
      moved.set(i, j);
    }
    return j;
  };
  const moveAll = (packed: string) => packIndexes(unpackIndexes(packed).map(remap));
  const pages = [...cache.pages.shards[n]!].map(([file, r]): [string, PageRecord] => [file, { key: r.key, ids: moveAll(r.ids), links: moveAll(r.links) }]);
  const articles = [...cache.content.articles.shards[n]!].map(([file, { frontMatter: _frontMatter, source: _source, article, ...entry }]): [string, ArticleMemoEntry] => [file, { ...entry, article: { ...article, markdown: undefined } }]);
  return { strings, pages, files: [...cache.files.shards[n]!], articles };
}

/** Removes the files of the cache folder that the head on disk does not name (earlier shards, a crashed build's temporary files). */
async function removeUnnamed(folder: string): Promise<void> {
  const head = deserialize(await readFile(join(folder, headName))) as SavedHead;
  const named = new Set([headName, settledRecordName, ...head.shards.filter((s) => s !== null)]);
  for (const name of await readdir(folder)) if (!named.has(name)) await rm(join(folder, name), { force: true });
}
