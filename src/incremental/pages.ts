/**
 * The render stage, narrowed: a page whose inputs are those of the page the last build wrote into
 * this output is taken over as it is; only the others are rendered (and written).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hashOf } from '../hash.ts';
import type { Templates } from '../bundle/templates.ts';
import { renderPages, type RenderOutput, type SharedView } from '../render/render.ts';
import type { Route, RouteOptions } from '../route/routes.ts';
import type { Writer } from '../write/writer.ts';
import { generatorFingerprint, pageRecord, pageStrings, unpackIndexes, type BuildCache, type PageRecord, type PageSummary } from './cache.ts';

/** What rendering produced: every page, and the largest pages' HTML. */
export interface RenderResult {
  pages: PageSummary[];
  rendered: number;
  reused: number;
  /** The HTML of the largest pages rendered in this run, for the size summary. */
  largest: { file: string; html: string }[];
  /** Whether a page rendered again lost an element id it had (a link elsewhere may point to it). */
  idsLost: boolean;
  /** The feed bodies of the articles whose pages were rendered in this run, by article file. */
  feedBodies: ReadonlyMap<string, string>;
  /**
   * Records the pages of this run in the cache. Called once the output is committed: after a
   * failed build, the records must still describe the output as it is.
   */
  remember(): void;
}

/** A page as the cache records it: its ids and links are spelled out only if verification asks for them. */
class RecordedPage implements PageSummary {
  readonly path: string;
  constructor(
    readonly route: Route,
    private readonly record: PageRecord,
    private readonly strings: string[],
    /** Size in bytes when rendered in this run; undefined when taken over. */
    readonly bytes: number | undefined,
  ) {
    this.path = route.path;
  }
  /** The same page as the next build takes it over. */
  takenOver(): RecordedPage {
    return this.bytes === undefined ? this : new RecordedPage(this.route, this.record, this.strings, undefined);
  }
  get ids(): string[] {
    return unpackIndexes(this.record.ids).map((n) => this.strings[n]!);
  }
  get links(): string[] {
    return unpackIndexes(this.record.links).map((n) => this.strings[n]!);
  }
}

/**
 * Renders and writes every route whose inputs changed since the cache was written; takes over the
 * others. `siteKey` stands for what every page is made from besides the shared view: the YAML
 * files and the base URL. `stayReady`: the process builds again (see renderPages).
 */
export async function renderChanged(routes: Route[], templates: Templates, shared: SharedView, siteKey: string, cache: BuildCache, writer: Writer, stayReady = false): Promise<RenderResult> {
  const sharedKey = sharedKeyOf(templates, shared, siteKey);
  // Records describe pages made with the same templates, shared data and generator, into this output.
  const reusable = cache.outDir === writer.id && cache.sharedKey === sharedKey;
  // The dev server keeps its route table: a route that is the very one of the last build is that page, as committed.
  const last = reusable && cache.lastPages?.routes.length === routes.length ? cache.lastPages : undefined;
  const pages: PageSummary[] = new Array<PageSummary>(routes.length);
  /** Where each page to render goes in `pages`. */
  const slots = new Map<string, number>();
  const jobs: Route[] = [];
  /** The page the last build left for `route`, when its inputs are the same. */
  const recorded = (route: Route, i: number): PageSummary | undefined => {
    if (last?.routes[i] === route) return last.pages[i];
    const record = reusable ? cache.pages.get(route.file) : undefined;
    return record && record.key === route.key ? new RecordedPage(route, record, pageStrings(cache, route.file), undefined) : undefined;
  };
  routes.forEach((route, i) => {
    const page = recorded(route, i);
    if (page && writer.reuse(route.file, cache.files.get(route.file))) {
      pages[i] = page;
    } else {
      slots.set(route.file, i);
      jobs.push(route);
    }
  });
  let idsLost = false;
  const feedBodies = new Map<string, string>();
  const records = new Map<string, PageRecord>();
  const largest = largestPages(3);
  await renderPages(jobs, templates, shared, async (outputs) => {
    largest.add(outputs);
    await Promise.all(outputs.map((output) => writer.write(output.file, output.html)));
    for (const output of outputs) {
      idsLost ||= lostIds(cache, output);
      if (output.feed) feedBodies.set(output.feed.article, output.feed.html);
      const slot = slots.get(output.file)!;
      const route = routes[slot]!;
      // Interned at once: the same nav links on thousands of pages are kept as one string each (a shard).
      const kept = pageRecord(cache, output.file, route.key, output.ids, output.links);
      records.set(output.file, kept);
      pages[slot] = new RecordedPage(route, kept, pageStrings(cache, output.file), Buffer.byteLength(output.html));
    }
  }, stayReady);
  const remember = () => {
    cache.sharedKey = sharedKey;
    cache.lastPages = { routes, pages: pages.map((p) => (p instanceof RecordedPage ? p.takenOver() : p)) };
    for (const [file, record] of records) cache.pages.set(file, record);
    // Every route's page is in the records now, so the same count means the same pages.
    if (cache.pages.size !== routes.length) {
      const live = new Set(routes.map((r) => r.file));
      for (const file of [...cache.pages.keys()]) if (!live.has(file)) cache.pages.delete(file);
    }
  };
  return { pages, rendered: jobs.length, reused: routes.length - jobs.length, largest: largest.pages, idsLost, feedBodies, remember };
}

/** What every page is made from besides what the templates and the shared view say: every YAML file, and the options (today among them). */
export function siteKeyOf(catalogueKey: string, options: RouteOptions): string {
  return hashOf(catalogueKey, JSON.stringify(options));
}

/** What every page is made from besides its own inputs, as a key: the page records hold while it is the same. */
export function sharedKeyOf(templates: { hash: string }, shared: SharedView, siteKey: string): string {
  // React stays outside the generator's bundle and the templates' bundle: its version is named here.
  return hashOf(generatorFingerprint, reactVersions(), templates.hash, JSON.stringify(shared), siteKey);
}

/** Whether a page rendered again lost an element id the page had in the last build. */
export function lostIds(cache: BuildCache, output: RenderOutput): boolean {
  const before = cache.pages.get(output.file);
  if (!before) return false;
  const now = new Set(output.ids);
  const strings = pageStrings(cache, output.file);
  return unpackIndexes(before.ids).some((n) => !now.has(strings[n]!));
}

/** The `count` largest pages seen, by HTML length. */
export function largestPages(count: number) {
  const pages: { file: string; html: string }[] = [];
  return {
    pages,
    add(outputs: RenderOutput[]) {
      for (const o of outputs) {
        if (pages.length < count || o.html.length > pages.at(-1)!.html.length) {
          pages.push({ file: o.file, html: o.html });
          pages.sort((a, b) => b.html.length - a.html.length).splice(count);
        }
      }
    },
  };
}

/** The installed React and React DOM versions, from their package files: importing them would cost a build that renders nothing 30 ms. */
function reactVersions(): string {
  const require = createRequire(import.meta.url);
  const version = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  return `${version('react')} ${version('react-dom')}`;
}
