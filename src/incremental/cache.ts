/** The build cache: what each page was made from and where its output lies, kept between runs. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { codeFingerprint, codeFolder, hashBytes, hashOf } from '../hash.ts';
import type { FileStamp } from '../write/writer.ts';
import { emptyContentMemo, type ArticleMemoEntry, type ContentMemo, type YamlMemoEntry } from './content.ts';
import { cacheDir, type Templates } from '../bundle/templates.ts';
import type { Assets, OutputFile } from '../bundle/assets.ts';
import type { ProcessedImages } from '../bundle/images.ts';

/** A rendered page as remembered: the key of its inputs, its element ids and internal links (interned). */
export interface PageRecord {
  key: string;
  ids: number[];
  links: number[];
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
  pages: Map<string, PageRecord>;
  files: Map<string, FileStamp>;
  /** Rendered article bodies by markdown hash (only those the feed needs). */
  bodies: Map<string, string>;
  strings: string[];
  stringIndex: Map<string, number>;
  /** Loaded articles and YAML files, so unchanged ones are not read, parsed and validated again. */
  content: ContentMemo;
  /** Images beside articles as last read, kept in memory only (see BesideMemo). */
  besideImages?: Map<string, { size: number; mtimeMs: number; output: OutputFile }>;
  /** Hashes of output bytes the dev server keeps from build to build (bundles, images), by the bytes themselves (in memory only). */
  byteHashes?: WeakMap<Uint8Array, string>;
  /** The last bundles, kept in memory only (the dev server reuses them while templates/ and public/ are unchanged). */
  bundles?: { templates: Templates; assets: Assets; images: ProcessedImages; socialImage: string; besideKey: string };
}

/** The generator's own fingerprint: all of its code, whichever stage folder a change is in. */
export const generatorFingerprint: string = codeFingerprint(codeFolder);

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
  return { outDir: undefined, verified: false, sharedKey: undefined, pages: new Map(), files: new Map(), bodies: new Map(), strings: [], stringIndex: new Map(), content: emptyContentMemo() };
}

/** The index of a string in the cache's string table (ids and links repeat across pages). */
export function intern(cache: BuildCache, text: string): number {
  let index = cache.stringIndex.get(text);
  if (index === undefined) {
    index = cache.strings.length;
    cache.strings.push(text);
    cache.stringIndex.set(text, index);
  }
  return index;
}

/** One cache file per project folder (node_modules may be shared by several). */
const cacheFile = (root: string) => join(cacheDir(root), `build-cache-${hashOf(root).slice(0, 10)}.bin`);

/** Reads the cache of the last build; anything unreadable or from another generator version is ignored. */
export async function loadCache(root: string): Promise<BuildCache> {
  try {
    const saved = deserialize(await readFile(cacheFile(root))) as { fingerprint: string; outDir: string; verified: boolean; sharedKey: string; pages: [string, PageRecord][]; files: [string, FileStamp][]; bodies: [string, string][]; strings: string[]; articles: [string, ArticleMemoEntry][]; yaml: [string, YamlMemoEntry][] };
    if (saved.fingerprint !== generatorFingerprint) return emptyCache();
    return {
      outDir: saved.outDir,
      verified: saved.verified === true,
      sharedKey: saved.sharedKey,
      pages: new Map(saved.pages),
      files: new Map(saved.files),
      bodies: new Map(saved.bodies),
      strings: saved.strings,
      stringIndex: new Map(saved.strings.map((s, i) => [s, i])),
      content: { articles: new Map(saved.articles), yaml: new Map(saved.yaml) },
    };
  } catch {
    return emptyCache();
  }
}

/** Writes the cache for the next build (atomically, so a crash cannot leave half a file). */
export async function saveCache(root: string, cache: BuildCache): Promise<void> {
  // Keep only the strings live pages still use, so the table does not grow from build to build.
  const strings: string[] = [];
  const moved = new Map<number, number>();
  const remap = (i: number) => {
    let j = moved.get(i);
    if (j === undefined) {
      j = strings.push(cache.strings[i]!) - 1;
      moved.set(i, j);
    }
    return j;
  };
  const pages = [...cache.pages].map(([file, r]) => [file, { key: r.key, ids: r.ids.map(remap), links: r.links.map(remap) }] as const);
  // Article bodies and front matter texts stay in their files: the cache keeps what was parsed from them.
  const articles = [...cache.content.articles].map(([file, { frontMatter: _frontMatter, source: _source, article: { markdown: _markdown, ...article }, ...entry }]) => [file, { ...entry, article }] as const);
  const data = serialize({ fingerprint: generatorFingerprint, outDir: cache.outDir, verified: cache.verified, sharedKey: cache.sharedKey, pages, files: [...cache.files], bodies: [...cache.bodies], strings, articles, yaml: [...cache.content.yaml].map(([file, { source: _source, ...entry }]) => [file, entry] as const) });
  await mkdir(cacheDir(root), { recursive: true });
  const temp = `${cacheFile(root)}.${process.pid}`;
  await writeFile(temp, data);
  await rename(temp, cacheFile(root));
}
