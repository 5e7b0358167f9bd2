/**
 * The verify and write stages, narrowed to what changed: links are followed from the pages
 * rendered now while nothing they could point to went away, files whose bytes are the same are
 * taken over, and the cache takes in this build only once its output is committed.
 */
import type { OutputFile } from '../bundle/assets.ts';
import { hashOf } from '../hash.ts';
import type { Content } from '../load/types.ts';
import { feedBody, type SharedView } from '../render/render.ts';
import type { Article } from '../schemas/article.ts';
import { findHref } from '../verify/find.ts';
import { verifyLinks } from '../verify/links.ts';
import { outputMarker } from '../write/guard.ts';
import type { FileStamp, Writer } from '../write/writer.ts';
import { hashOfBytes, saveCache, type BuildCache } from './cache.ts';
import type { RenderResult } from './pages.ts';

/**
 * Feed bodies by what they are made from: rendered with the article's page in this run, else taken
 * from the last build when unchanged; `keep` hands this build's to the cache.
 */
export function keptFeedBodies(cache: BuildCache, content: Content, shared: SharedView, rendered: ReadonlyMap<string, string>): { bodyOf: (article: Article) => string; keep: () => void } {
  const used = new Map<string, string>();
  const bodyOf = (article: Article) => {
    const pictures = (article.references?.images ?? []).map((r) => shared.images[r.image]?.width ?? 0).join(',');
    const key = hashOf(article.sourceHash, content.catalogueKey, shared.links.booking, pictures);
    const body = used.get(key) ?? rendered.get(article.file) ?? cache.bodies.get(key) ?? feedBody(content, article, shared);
    used.set(key, body);
    return body;
  };
  return { bodyOf, keep: () => void (cache.bodies = used) };
}

/**
 * The files of the verified build last committed into this output, taken before a build starts
 * (which clears the mark, so that after a failed build every page's links are checked again).
 */
export function verifiedBefore(cache: BuildCache, writer: Writer): Set<string> | undefined {
  const files = cache.verified && cache.outDir === writer.id ? new Set(cache.files.keys()) : undefined;
  cache.verified = false;
  return files;
}

/** Whether every member of `set` is in `other`. */
function allIn(set: Set<string>, other: Set<string>): boolean {
  for (const item of set) if (!other.has(item)) return false;
  return true;
}

/**
 * Verifies every link; while no file of the last verified build went away and no page lost an id,
 * only the links of the pages rendered now are followed.
 */
export function verifyChanged(root: string, rendered: RenderResult, files: OutputFile[], before: Set<string> | undefined): void {
  // Thousands of pages on every rebuild of the dev server: loops, not spreads.
  const output = new Set<string>();
  for (const page of rendered.pages) output.add(page.route.file);
  for (const file of files) output.add(file.file);
  const narrow = before !== undefined && !rendered.idsLost && allIn(before, output);
  const from = narrow ? rendered.pages.filter((p) => p.bytes !== undefined) : rendered.pages;
  verifyLinks(rendered.pages, files.map((f) => f.file), from, (href, pages) => findHref(root, href, pages));
}

/** Writes the files that are not pages (taking over those whose bytes are the same), commits the output, and records it in the cache. */
export async function commitOutput(cache: BuildCache, writer: Writer, files: OutputFile[], rendered: RenderResult): Promise<void> {
  await Promise.all(files.map((f) => writeUnlessUnchanged(writer, cache, f)));
  await writer.commit();
  // Only now does the cache take in this run: until the commit, the output is the previous one.
  rendered.remember();
  cache.outDir = writer.id;
  cache.verified = true;
  recordStamps(cache, writer, files);
}

/**
 * Records the stamp of every file of the site in the output (with the hash of each non-page file).
 * A file taken over keeps the stamp it was taken over with, so only the files written are looked
 * at, and the files gone. The output's marker is the writer's, not the site's: kept among them,
 * every later build would think a file of the site had gone and verify every page.
 */
function recordStamps(cache: BuildCache, writer: Writer, files: OutputFile[]): void {
  const stamps = writer.stamps();
  const bytesOf = new Map(files.map((f) => [f.file, f.bytes]));
  for (const file of writer.written()) {
    if (file === outputMarker) continue;
    const stamp = stamps.get(file)!;
    const bytes = bytesOf.get(file);
    const now: FileStamp = bytes === undefined ? { size: stamp.size, mtimeMs: stamp.mtimeMs } : { size: stamp.size, mtimeMs: stamp.mtimeMs, hash: hashOfBytes(cache, bytes) };
    const was = cache.files.get(file);
    if (!was || was.size !== now.size || was.mtimeMs !== now.mtimeMs || was.hash !== now.hash) cache.files.set(file, now);
  }
  // Every file of this output has its entry now: the same count means no other is left.
  const count = stamps.size - (stamps.has(outputMarker) ? 1 : 0);
  if (cache.files.size !== count) for (const file of [...cache.files.keys()]) if (!stamps.has(file)) cache.files.delete(file);
}

/** Saves the cache for the next build when it is the on-disk one (a failure to save costs speed, never the build). */
export async function persist(root: string, cache: BuildCache, persistent: boolean): Promise<void> {
  if (persistent) await saveCache(root, cache).catch(() => undefined);
}

/** Takes a non-page file over from the previous output when its bytes are the same, else writes it. */
async function writeUnlessUnchanged(writer: Writer, cache: BuildCache, file: OutputFile): Promise<void> {
  const stamp = cache.files.get(file.file);
  if (cache.outDir === writer.id && stamp?.hash && stamp.hash === hashOfBytes(cache, file.bytes) && writer.reuse(file.file, stamp)) return;
  await writer.write(file.file, file.bytes);
}
