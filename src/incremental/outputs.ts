/**
 * What the render, verify and write stages may take over from the last build: a page while its key (Route.key), the shared key
 * and its file are as the last build left them, any other file while its bytes are, a feed body while what it is made from is;
 * and which files' links were verified already. Nothing here renders: the stages are handed these answers.
 */
import type { OutputFile } from '../bundle/assets.ts';
import { packageVersion } from '../entries.ts';
import { hashBytes, hashOf } from '../hash.ts';
import type { Content } from '../schemas/content.ts';
import type { Route, RouteOptions } from '../route/routes.ts';
import type { SharedView } from '../route/view.ts';
import type { Article } from '../schemas/article.ts';
import { indexFolder } from '../search/pagefind.ts';
import { outputMarker } from '../write/guard.ts';
import type { FileStamp, Writer } from '../write/writer.ts';
import type { BuildMemo } from './memo.ts';

/** The hash of what every page is made from besides its own inputs: React, the templates, the shared view, the YAML files, the options. */
export function sharedKeyOf(templates: { hash: string }, shared: SharedView, content: Content, options: RouteOptions): string {
  return hashOf(reactVersions(), templates.hash, JSON.stringify(shared), content.catalogueKey, JSON.stringify(options));
}

/**
 * The files of the output as the last committed build into it left them (but the search index's: no link target), all of their
 * links verified. A build that fails leaves the output and these records as they were, so the next one still starts from them.
 */
export function verifiedBefore(memo: BuildMemo, writer: Writer): Set<string> | undefined {
  const linkable = (file: string) => !file.startsWith(`${indexFolder}/`);
  return memo.outDir === writer.output.id ? new Set([...memo.files.keys()].filter(linkable)) : undefined;
}

/**
 * Which pages the render stage may take over as written: none when the output or the shared key changed, else each whose key is the
 * one committed and whose file the writer takes over (asked once a page, in order: it may link the file into the new output).
 */
export function keptPages(memo: BuildMemo, writer: Writer, sharedKey: string): (route: Route) => boolean {
  const reusable = memo.outDir === writer.output.id && memo.sharedKey === sharedKey;
  return (route) => reusable && memo.pages.get(route.file) === route.key && writer.reuse(route.file, memo.files.get(route.file));
}

/**
 * Feed bodies by what they are made from: rendered with the page now, else the last build's, else `make`'s; `keep` hands this
 * build's to the memo.
 */
export function keptFeedBodies(
  memo: BuildMemo,
  content: Content,
  shared: SharedView,
  rendered: ReadonlyMap<string, string>,
  make: (article: Article) => string,
): { bodyOf: (article: Article) => string; keep: () => void } {
  const used = new Map<string, string>();
  const bodyOf = (article: Article) => {
    const pictures = (article.references?.images ?? []).map((r) => shared.images[r.image]?.width ?? 0).join(',');
    const key = hashOf(article.sourceHash, content.catalogueKey, shared.links.booking, pictures);
    const body = used.get(key) ?? rendered.get(article.file) ?? memo.bodies.get(key) ?? make(article);
    used.set(key, body);
    return body;
  };
  return { bodyOf, keep: () => void (memo.bodies = used) };
}

/**
 * Writes the files that are not pages (taking over those whose bytes are the same), commits, and only then records the output in the memo.
 */
export async function commitOutput(
  memo: BuildMemo,
  writer: Writer,
  files: OutputFile[],
  routes: Route[],
  sharedKey: string,
): Promise<Map<string, FileStamp>> {
  const reusable = memo.outDir === writer.output.id;
  const hashes = new Map(files.map((f) => [f.file, hashBytes(f.bytes)]));
  await Promise.all(
    files.map((f) => {
      const stamp = memo.files.get(f.file);
      if (reusable && stamp?.hash === hashes.get(f.file) && writer.reuse(f.file, stamp)) return undefined;
      return writer.write(f.file, f.bytes);
    }),
  );
  const stamps = await writer.commit();
  memo.outDir = writer.output.id;
  memo.sharedKey = sharedKey;
  memo.pages = new Map(routes.map((r) => [r.file, r.key]));
  memo.files = new Map();
  for (const [file, stamp] of stamps)
    if (file !== outputMarker) memo.files.set(file, hashes.has(file) ? { ...stamp, hash: hashes.get(file)! } : stamp);
  return stamps;
}

/** The installed React and React DOM versions, read once a process (it renders with the React it loaded first). */
function reactVersions(): string {
  return (versions ??= `${packageVersion('react')} ${packageVersion('react-dom')}`);
}
let versions: string | undefined;
