/**
 * The render stage as the pipeline runs it: every route is rendered and written, but those the memo hands over as they were
 * written (their ids and links read back only when verification asks), with what the later stages take from the pages made now.
 */
import type { Templates } from '../bundle/templates.ts';
import type { Route } from '../route/routes.ts';
import type { SharedView } from '../route/view.ts';
import { idsOf, internalLinksOf, type VerifiedPage } from '../verify/links.ts';
import type { RenderedPages } from '../verify/stage.ts';
import { textOf, type Output, type Writer } from '../write/writer.ts';
import { largestPages, renderPages, searchTextOfPage, type RenderedPage } from './render.ts';

/** What rendering produced: every page as the verify stage sees it, and the largest pages' HTML. */
export interface RenderResult extends RenderedPages {
  largest: { file: string; html: Uint8Array }[];
  /** The feed bodies of the articles whose pages were rendered in this run, by article file. */
  feedBodies: ReadonlyMap<string, string>;
  /** What search indexes of each page rendered in this run, by output file ('' for a page it does not find). */
  searchTexts: Pick<ReadonlyMap<string, string>, 'get' | 'has'>;
}

/**
 * Renders and writes every route but those `kept` hands over as written (asked in order, once each: it may link the file into
 * the new output). With `stayReady` (the dev server), the main thread stays ready to render the next build's page or two.
 */
export async function renderStage(
  routes: Route[],
  templates: Templates,
  shared: SharedView,
  writer: Writer,
  kept: (route: Route) => boolean,
  stayReady: boolean,
): Promise<RenderResult> {
  const pages = new Array<VerifiedPage>(routes.length);
  const slots = new Map<string, number>();
  const jobs: Route[] = [];
  routes.forEach((route, i) => {
    if (kept(route))
      pages[i] = new TakenOver(route.path, route.file, writer.output);
    else {
      slots.set(route.file, i);
      jobs.push(route);
    }
  });
  const fresh: VerifiedPage[] = [];
  const feedBodies = new Map<string, string>();
  const searchTexts = new Map<string, Uint8Array | undefined>();
  const largest = largestPages(3);
  let idsLost = false;
  const once = keptOnce();
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
        searchTexts.set(output.file, output.searchText);
        const page = { path: routes[slots.get(output.file)!]!.path, ids: output.ids.map(once), links: output.links.map(once) };
        pages[slots.get(output.file)!] = page;
        fresh.push(page);
      }
    },
    stayReady,
  );
  const texts = {
    has: (file: string) => searchTexts.has(file),
    get(file: string): string | undefined {
      if (!searchTexts.has(file)) return undefined;
      const packed = searchTexts.get(file);
      return packed ? searchTextOfPage(packed) : '';
    },
  };
  return { pages, fresh, idsLost, largest: largest.pages, feedBodies, searchTexts: texts };
}

/**
 * Each distinct string kept once: the ids and links of the header and footer are on every page, and each page's arrive as
 * strings of their own (267,000 of them, 15 MB, kept until verification at N = 4,000 articles).
 */
function keptOnce(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    const kept = known.get(text);
    if (kept !== undefined) return kept;
    known.set(text, text);
    return text;
  };
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
function lostIds(before: Uint8Array | undefined, output: RenderedPage): boolean {
  if (!before) return false;
  const now = new Set(output.ids);
  for (const id of idsOf(textOf(before))) if (!now.has(id)) return true;
  return false;
}
