/** The render stage: routes through the templates into HTML, in worker threads when there is enough work. */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ComponentType, ReactElement } from 'react';
import { compiledEntry, requireModule, resolveModule } from '../entries.ts';
import type { Content } from '../schemas/content.ts';
import { markdownOf, readMarkdown } from '../markdown/source.ts';
import { articleMarkdownContext } from '../route/blog.ts';
import type { Article } from '../schemas/article.ts';
import { renderMarkdown, renderPageAndFeed, type RenderedMarkdown } from '../markdown/markdown.ts';
import { problems, SiteErrors } from '../errors.ts';
import type { Route } from '../route/routes.ts';
import type { Templates } from '../bundle/templates.ts';
import { searchTextOf } from '../search/extract.ts';
import { idsOf, internalLinksOf } from '../verify/links.ts';
import { keepHyphenatedWordsWhole } from './words.ts';
import type { ExternalLinks, RouteView, SharedView } from '../route/view.ts';

/** What templates/index.tsx exports. */
export interface TemplateModule {
  Page: ComponentType<RouteView>;
}

/** One route to render. */
export type RenderJob = Route;

/** A rendered route: its HTML, and the element ids and internal links in it (for the verify stage). */
export interface RenderOutput {
  file: string;
  html: string;
  ids: string[];
  links: string[];
  /** For an article the blog's feed carries: the body as the feed carries it, by the article's file. */
  feed?: { article: string; html: string };
}

/**
 * A rendered route as the render stage hands it on: its HTML as UTF-8 bytes (what the writer writes; a worker moves them to the
 * main thread without a copy), with what search indexes of it.
 */
export interface RenderedPage extends Omit<RenderOutput, 'html'> {
  html: Uint8Array;
  /**
   * What search indexes of the page (see searchTextOf), as deflated UTF-8 (see searchTextOfPage): kept until the index is made,
   * every page's text held a quarter of the main thread's memory at N = 4,000; undefined for a page search does not find.
   */
  searchText: Uint8Array | undefined;
}

const utf8 = new TextEncoder();

/** A rendered route as the render stage hands it on. */
export function handedOn(output: RenderOutput): RenderedPage {
  const text = searchTextOf(output.html);
  // Copied into bytes of their own: zlib's may share a pool, which a worker's message would carry whole. Level 1: 0.11 ms a page
  // (level 6: 0.18 ms) for 4.0 KB of 14 KB (3.7 KB).
  const packed = text === undefined ? undefined : new Uint8Array(deflateRawSync(text, { level: 1 }));
  return { ...output, html: utf8.encode(output.html), searchText: packed };
}

/** A page's search text as handedOn packed it. */
export function searchTextOfPage(packed: Uint8Array): string {
  return inflateRawSync(packed).toString('utf8');
}

/**
 * The CPU time of the calling thread in ms (Linux, /proc/thread-self; undefined elsewhere), so that
 * CLINIC_SITE_TIMINGS can tell what a page costs inside a worker from what it costs on one thread.
 */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** With CLINIC_SITE_TIMINGS set, prints what the render threads' pages cost in CPU (for the bench). */
function reportThreadCpu(thread: string, pages: number, cpu: { startup?: number; pages: number } | undefined): void {
  if (!process.env.CLINIC_SITE_TIMINGS || !cpu || pages === 0) return;
  const startup = cpu.startup === undefined ? '' : `, start-up ${cpu.startup} ms CPU`;
  process.stderr.write(
    `  render ${thread}: ${pages} pages, ${cpu.pages} ms CPU, ${(cpu.pages / pages).toFixed(2)} ms CPU a page${startup}\n`,
  );
}

/** Below this many pages to render, starting workers costs more than it saves (CLINIC_SITE_PARALLEL_MIN overrides). */
const parallelThreshold = Number(process.env.CLINIC_SITE_PARALLEL_MIN ?? 240);

/** The external addresses of site.yaml, by link name. */
export function externalLinks(content: Content): ExternalLinks {
  return { ...content.site.links };
}

/** The full view a template receives for one route. */
export function viewOf(shared: SharedView, route: Route): RouteView {
  return {
    // A page in another language takes that language's site, navigation and strings from its route.
    shell: {
      ...shared,
      alternates: [],
      switcher: undefined,
      ...route.shell,
      path: route.path,
      meta: route.meta,
      jsonLd: route.jsonLd,
      draft: route.draft,
      scripts: route.scripts,
    },
    page: route.page,
  };
}

/** Renders one view to `<!doctype html>` and markup. */
export type ViewRenderer = (view: RouteView) => string;

/**
 * The templates' page as a view renderer; a template crash names the route. React is loaded here,
 * when there is a page to render: a build that takes every page over never loads it.
 */
export async function viewRenderer(templates: TemplateModule): Promise<ViewRenderer> {
  const { createElement } = requireModule<typeof import('react')>('react');
  const renderToStaticMarkup = staticMarkupRenderer();
  return (view) => {
    try {
      return keepHyphenatedWordsWhole(`<!doctype html>${renderToStaticMarkup(createElement(templates.Page, view))}`);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw problems.templateError(`rendering ${view.shell.path} failed: ${detail}`);
    }
  };
}

/**
 * React DOM's renderToStaticMarkup. `react-dom/server` loads React DOM's streaming renderer too
 * (another 290 KB to compile on every build that renders, ~6 ms); React 19 takes
 * renderToStaticMarkup from its legacy server build, which is loaded alone when it is there (the
 * same file `react-dom/server` would load for this NODE_ENV), else through `react-dom/server`.
 */
function staticMarkupRenderer(): (element: ReactElement) => string {
  type Legacy = { renderToStaticMarkup?: unknown };
  try {
    const build = process.env.NODE_ENV === 'production' ? 'production' : 'development';
    const legacy = requireModule<Legacy>(
      join(dirname(resolveModule('react-dom/package.json')), 'cjs', `react-dom-server-legacy.node.${build}.js`),
    );
    if (typeof legacy.renderToStaticMarkup === 'function') return legacy.renderToStaticMarkup as (element: ReactElement) => string;
  } catch {
    // Another layout of React DOM: its public entry.
  }
  return requireModule<typeof import('react-dom/server')>('react-dom/server').renderToStaticMarkup;
}

/** Renders one route, turning an article's markdown into its body first. */
export function renderRoute(renderView: ViewRenderer, shared: SharedView, route: Route): RenderOutput {
  let target = route;
  let feed: RenderOutput['feed'];
  if (route.page.template === 'article' && (route.markdown !== undefined || route.markdownSource)) {
    const markdown = route.markdown ?? readMarkdown(route.markdownSource!);
    const context = { ...route.markdownContext!, mode: 'page' as const, booking: shared.links.booking, images: shared.images };
    let rendered: RenderedMarkdown;
    if (route.feedOf === undefined) rendered = renderMarkdown(markdown, context);
    else {
      // The feed's newest articles: their feed body from the same parse (the feed stage would parse them again).
      const both = renderPageAndFeed(markdown, context);
      rendered = both.page;
      feed = { article: route.feedOf, html: both.feed };
    }
    // Three or more sections make an outline worth showing.
    const outline = rendered.outline.length >= 3 ? rendered.outline : [];
    target = { ...route, page: { ...route.page, article: { ...route.page.article, html: rendered.html, outline } } };
  }
  const html = renderView(viewOf(shared, target));
  return { file: route.file, html, ids: [...idsOf(html)], links: [...new Set(internalLinksOf(html))], ...(feed ? { feed } : {}) };
}

/** An article's body as the feed carries it: the same renderer as its page, without the interactive parts. */
export function feedBody(content: Content, article: Article, shared: SharedView): string {
  return renderMarkdown(markdownOf(content.root, article), {
    ...articleMarkdownContext(content, article),
    mode: 'feed',
    booking: shared.links.booking,
    images: shared.images,
  }).html;
}

/**
 * Renders `routes`, in batches: on the main thread for a few, in worker threads for many.
 * `onBatch` receives each batch as it is done (and may write it), so pages need not all be held at once.
 * With `stayReady` (a process that builds again, the dev server), the main thread renders a page once
 * the workers are done, so that the next build's page or two run code it has loaded and run before.
 */
export async function renderPages(
  routes: Route[],
  templates: Templates,
  shared: SharedView,
  onBatch: (pages: RenderedPage[]) => Promise<void>,
  stayReady = false,
): Promise<void> {
  // CLINIC_SITE_WORKERS sets the number of render threads (0: render on the main thread; 1: one worker, to measure a worker's cost).
  const workers = Number(process.env.CLINIC_SITE_WORKERS ?? Math.min(availableParallelism(), 4));
  const before = threadCpuMs();
  const parallel = routes.length >= parallelThreshold && workers >= 1;
  if (parallel) {
    await renderInWorkers(routes, templates.file, shared, workers, onBatch, !stayReady);
    if (stayReady) await rehearse(routes, templates, shared);
  } else if (routes.length > 0) {
    const render = await viewRenderer(await templates.load<TemplateModule>());
    for (let i = 0; i < routes.length; i += 32) {
      await onBatch(routes.slice(i, i + 32).map((route) => handedOn(renderRoute(render, shared, route))));
    }
  }
  const after = threadCpuMs();
  const thread = parallel ? 'main thread (views sent, writes and records)' : 'main thread (pages, writes and records)';
  reportThreadCpu(thread, routes.length, before === undefined || after === undefined ? undefined : { pages: after - before });
}

/** Loads the templates and React on this thread and renders an article's page to nowhere (what it makes was made by a worker already). */
async function rehearse(routes: Route[], templates: Templates, shared: SharedView): Promise<void> {
  const render = await viewRenderer(await templates.load<TemplateModule>());
  const sample = routes.find((r) => r.page.template === 'article') ?? routes[0];
  try {
    if (sample) renderRoute(render, shared, sample);
  } catch {
    // Rendered by a worker already: a page that fails here fails again, and is reported, when a build renders it.
  }
}

/**
 * The old generation each render worker starts with, in MB: with V8's default, a worker's small heap is
 * collected in full every few pages, and each collection drops the parser's optimized code, compiled
 * again and again (15% of a cold build's wall time at N = 4,000, for 75-120 MB; bench/README.md).
 */
const workerOldSpaceMb = 128;

/**
 * How much bytecode a function runs before V8 weighs optimizing it, while the workers render:
 * fifteen times V8's default, so that only the truly hot code of remark and React is compiled by
 * TurboFan (its background compiling was about a quarter of a cold build's CPU). 8-10% off the render
 * stage's wall and CPU time at N = 4,000, in five of six interleaved pairs (bench/README.md).
 */
const workerInterruptBudget = 1_000_000;
/**
 * V8's own default (Node 20, V8 11.3), put back once the workers are done. The dev server does
 * without the larger budget: code its main thread ran meanwhile would keep it, and its rebuilds
 * would run unoptimized for many saves.
 */
const defaultInterruptBudget = 67_584;

/**
 * Spreads render jobs over worker threads in chunks; `onOutputs` gets each chunk as it finishes. `once`: the process builds once (not the
 * dev server).
 */
async function renderInWorkers(
  jobs: RenderJob[],
  templatesFile: string,
  shared: SharedView,
  size: number,
  onOutputs: (pages: RenderedPage[]) => Promise<void>,
  once: boolean,
): Promise<void> {
  const entry = compiledEntry('render-worker');
  // Read by V8 when it sets up an isolate: the workers started below get it, the running main thread is left
  // as it is, and threads started after this stage (the dev server's watcher) get V8's default again.
  setFlagsFromString(`--initial-old-space-size=${workerOldSpaceMb}`);
  // A process-wide flag, read as code runs: it holds for the main thread too until the workers are done.
  if (once) setFlagsFromString(`--interrupt-budget=${workerInterruptBudget}`);
  const chunk = Math.max(8, Math.min(64, Math.ceil(jobs.length / (size * 8))));
  let next = 0;
  let failure: Error | undefined;
  const pending: Promise<void>[] = [];
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(entry, { workerData: { templatesFile, shared } });
      let pages = 0;
      let cpu: { startup: number; pages: number } | undefined;
      const thread = `worker ${worker.threadId}`;
      worker.once('exit', () => reportThreadCpu(thread, pages, cpu));
      const send = () => {
        if (failure || next >= jobs.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const batch = jobs.slice(next, next + chunk);
        next += batch.length;
        worker.postMessage(batch);
      };
      worker.on(
        'message',
        (message: { outputs?: RenderedPage[]; cpu?: { startup: number; pages: number }; error?: { message: string } }) => {
          if (message.error) {
            failure = new SiteErrors([problems.templateError(message.error.message)]);
            void worker.terminate().then(() => resolve());
            return;
          }
          pages += message.outputs!.length;
          cpu = message.cpu;
          const done = onOutputs(message.outputs!);
          pending.push(done);
          done.then(send, (error: Error) => {
            failure = error;
            send();
          });
        },
      );
      worker.on('error', reject);
      send();
    });
  try {
    await Promise.all(Array.from({ length: Math.min(size, Math.ceil(jobs.length / chunk)) }, runWorker));
  } finally {
    setFlagsFromString('--initial-old-space-size=0');
    if (once) setFlagsFromString(`--interrupt-budget=${defaultInterruptBudget}`);
  }
  await Promise.all(pending);
  if (failure) throw failure;
}

/** The `count` largest pages seen, by the length of their HTML in bytes (for the build's summary). */
export function largestPages(count: number) {
  const pages: { file: string; html: Uint8Array }[] = [];
  return {
    pages,
    add(outputs: RenderedPage[]) {
      for (const o of outputs) {
        if (pages.length < count || o.html.length > pages.at(-1)!.html.length) {
          pages.push({ file: o.file, html: o.html });
          pages.sort((a, b) => b.html.length - a.html.length).splice(count);
        }
      }
    },
  };
}
