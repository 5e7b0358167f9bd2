/**
 * The render, verify and write stages, narrowed to what changed: a page is taken over while its key
 * (Route.key), the shared key and its file are as the last build left them, any other file while its
 * bytes are. Links are followed from the pages made now while nothing they could point to went away.
 */
import type { OutputFile } from '../bundle/assets.ts';
import type { Templates } from '../bundle/templates.ts';
import { packageVersion } from '../entries.ts';
import { hashOf } from '../hash.ts';
import type { Content } from '../schemas/content.ts';
import { feedBody, largestPages, renderPages, type RenderOutput, type SharedView } from '../render/render.ts';
import type { Route, RouteOptions } from '../route/routes.ts';
import type { Article } from '../schemas/article.ts';
import { searchTextOf } from '../search/extract.ts';
import { indexFolder } from '../search/pagefind.ts';
import { findHref } from '../verify/find.ts';
import { idsOf, internalLinksOf, verifyLinks, type VerifiedPage } from '../verify/links.ts';
import { outputMarker } from '../write/guard.ts';
import { textOf, type FileStamp, type Output, type Writer } from '../write/writer.ts';
import { hashOfBytes } from './bundles.ts';
import type { BuildMemo } from './memo.ts';

/** What rendering produced: every page as the verify stage sees it, and the largest pages' HTML. */
export interface RenderResult {
  pages: VerifiedPage[];
  /** The pages rendered in this run (the others were taken over). */
  fresh: VerifiedPage[];
  /** Whether a page rendered again lost an element id it had (a link elsewhere may point to it). */
  idsLost: boolean;
  largest: { file: string; html: string }[];
  /** The feed bodies of the articles whose pages were rendered in this run, by article file. */
  feedBodies: ReadonlyMap<string, string>;
  /** What search indexes of each page rendered in this run, by output file ('' for a page it does not find). */
  searchTexts: ReadonlyMap<string, string>;
}

/** The hash of what every page is made from besides its own inputs: React, the templates, the shared view, every YAML file, the options. */
export function sharedKeyOf(templates: { hash: string }, shared: SharedView, content: Content, options: RouteOptions): string {
  return hashOf(reactVersions(), templates.hash, JSON.stringify(shared), content.catalogueKey, JSON.stringify(options));
}

/**
/**
 * The files of the output as the last committed build into it left them (but the search index's: no link target), all of their
 * links verified. A build that fails leaves the output and these records as they were, so the next one still starts from them.
 */
export function verifiedBefore(memo: BuildMemo, writer: Writer): Set<string> | undefined {
  const linkable = (file: string) => !file.startsWith(`${indexFolder}/`);
  return memo.outDir === writer.output.id ? new Set([...memo.files.keys()].filter(linkable)) : undefined;
}

/** Renders and writes every route whose key or shared key changed, or whose file is not as written; takes over the others. */
export async function renderChanged(
  routes: Route[],
  templates: Templates,
  shared: SharedView,
  sharedKey: string,
  memo: BuildMemo,
  writer: Writer,
  stayReady: boolean,
): Promise<RenderResult> {
  const reusable = memo.outDir === writer.output.id && memo.sharedKey === sharedKey;
  const pages = new Array<VerifiedPage>(routes.length);
  const slots = new Map<string, number>();
  const jobs: Route[] = [];
  routes.forEach((route, i) => {
    if (reusable && memo.pages.get(route.file) === route.key && writer.reuse(route.file, memo.files.get(route.file)))
      pages[i] = new TakenOver(route.path, route.file, writer.output);
    else {
      slots.set(route.file, i);
      jobs.push(route);
    }
  });
  const fresh: VerifiedPage[] = [];
  const feedBodies = new Map<string, string>();
  const searchTexts = new Map<string, string>();
  const largest = largestPages(3);
  let idsLost = false;
  await renderPages(
    jobs,
    templates,
    shared,
    async (outputs) => {
      largest.add(outputs);
      // A page that lost an id: a link on a page not made again may point to it (not worth asking when every page is made again).
      if (!idsLost && jobs.length < routes.length) idsLost = outputs.some((o) => lostIds(writer.output.read(o.file), o));
      await Promise.all(outputs.map((output) => writer.write(output.file, output.html)));
      for (const output of outputs) {
        if (output.feed) feedBodies.set(output.feed.article, output.feed.html);
        searchTexts.set(output.file, searchTextOf(output.html) ?? '');
        const page = { path: routes[slots.get(output.file)!]!.path, ids: output.ids, links: output.links };
        pages[slots.get(output.file)!] = page;
        fresh.push(page);
      }
    },
    stayReady,
  );
  return { pages, fresh, idsLost, largest: largest.pages, feedBodies, searchTexts };
}

/** A page taken over: its ids and links read from the output only if verification asks for them (thousands are made on every rebuild). */
class TakenOver implements VerifiedPage {
  private html: string | undefined;
  constructor(
    readonly path: string,
    private readonly file: string,
    private readonly output: Output,
  ) {}
  get ids(): Set<string> {
    return idsOf((this.html ??= textOf(this.output.read(this.file))));
  }
  get links(): string[] {
    return internalLinksOf((this.html ??= textOf(this.output.read(this.file))));
  }
}

/** Whether a page rendered again lost an element id it had in the output it replaces. */
function lostIds(before: Uint8Array | undefined, output: RenderOutput): boolean {
  if (!before) return false;
  const now = new Set(output.ids);
  for (const id of idsOf(textOf(before))) if (!now.has(id)) return true;
  return false;
}

/**
 * Verifies every link against `files` (the search index's left out); while every file of the last verified build is
 * still there and no page lost an id, only the links of the pages rendered now are followed.
 */
export function verifyChanged(
  root: string,
  rendered: RenderResult,
  routes: Route[],
  files: OutputFile[],
  before: Set<string> | undefined,
): void {
  const output = new Set<string>();
  for (const route of routes) output.add(route.file);
  for (const file of files) output.add(file.file);
  let narrow = before !== undefined && !rendered.idsLost;
  if (narrow) for (const file of before!) if (!output.has(file)) narrow = false;
  verifyLinks(
    rendered.pages,
    files.map((f) => f.file),
    narrow ? rendered.fresh : rendered.pages,
    (href, pages) => findHref(root, href, pages),
  );
}

/** Feed bodies by what they are made from: rendered with the page now, else the last build's; `keep` hands this build's to the memo. */
export function keptFeedBodies(
  memo: BuildMemo,
  content: Content,
  shared: SharedView,
  rendered: ReadonlyMap<string, string>,
): { bodyOf: (article: Article) => string; keep: () => void } {
  const used = new Map<string, string>();
  const bodyOf = (article: Article) => {
    const pictures = (article.references?.images ?? []).map((r) => shared.images[r.image]?.width ?? 0).join(',');
    const key = hashOf(article.sourceHash, content.catalogueKey, shared.links.booking, pictures);
    const body = used.get(key) ?? rendered.get(article.file) ?? memo.bodies.get(key) ?? feedBody(content, article, shared);
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
  const hashes = new Map(files.map((f) => [f.file, hashOfBytes(memo.bundles, f.bytes)]));
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
