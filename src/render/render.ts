/** The render stage: every route through the templates into HTML, in parallel when there is enough work, skipping unchanged pages. */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../entries.ts';
import { createElement, version as reactVersion } from 'react';
import { renderToStaticMarkup, version as reactDomVersion } from 'react-dom/server';
import { hashOf } from '../hash.ts';
import { generatorFingerprint, intern, type BuildCache, type PageRecord } from '../incremental/cache.ts';
import type { Content } from '../load/content.ts';
import { readMarkdown } from '../load/article.ts';
import { renderMarkdown } from './markdown.ts';
import { problems, SiteErrors } from '../errors.ts';
import type { Route } from '../route/routes.ts';
import type { TemplateModule, Templates } from '../bundle/templates.ts';
import { idsOf, internalLinksOf } from '../verify/links.ts';
import type { Writer } from '../write/writer.ts';
import type { ExternalLinks, RouteView, Shell } from '../route/view.ts';

/** The part of every page's shell that is the same on all pages. */
export type SharedView = Pick<Shell, 'site' | 'navigation' | 'assets' | 'links' | 'feed' | 'images' | 'legalLinks'>;

/** One route to render. */
export type RenderJob = Route;

/** A rendered route: its HTML, the element ids and internal links in it, and an article's body HTML. */
export interface RenderOutput {
  file: string;
  html: string;
  ids: string[];
  links: string[];
  body: string | undefined;
}

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

/** What rendering produced: every page, the article bodies asked for, and the largest pages' HTML. */
export interface RenderResult {
  pages: PageSummary[];
  /** Body HTML of the articles asked for, by route file. */
  bodies: Map<string, string>;
  rendered: number;
  reused: number;
  /** The HTML of the largest pages rendered in this run, for the size summary. */
  largest: { file: string; html: string }[];
  /** Whether a page rendered again lost an element id it had (a link elsewhere may point to it). */
  idsLost: boolean;
  /**
   * Records the pages of this run in the cache. Called once the output is committed: after a
   * failed build, the records must still describe the output as it is.
   */
  remember(): void;
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
  process.stderr.write(`  render ${thread}: ${pages} pages, ${cpu.pages} ms CPU, ${(cpu.pages / pages).toFixed(2)} ms CPU a page${startup}\n`);
}

/** Below this many pages to render, starting workers costs more than it saves (CLINIC_SITE_PARALLEL_MIN overrides). */
const parallelThreshold = Number(process.env.CLINIC_SITE_PARALLEL_MIN ?? 240);

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
  get ids(): string[] {
    return this.record.ids.map((n) => this.strings[n]!);
  }
  get links(): string[] {
    return this.record.links.map((n) => this.strings[n]!);
  }
}

/** The external addresses of site.yaml, by link name. */
export function externalLinks(content: Content): ExternalLinks {
  return { ...content.site.links };
}

/** The full view a template receives for one route. */
export function viewOf(shared: SharedView, route: Route): RouteView {
  return {
    shell: { ...shared, path: route.path, meta: route.meta, jsonLd: route.jsonLd, draft: route.draft, scripts: route.scripts },
    page: route.page,
  };
}

/** Renders one view to `<!doctype html>` and markup; a template crash names the route. */
export function renderView(templates: TemplateModule, view: RouteView): string {
  try {
    return `<!doctype html>${renderToStaticMarkup(createElement(templates.Page, view))}`;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw problems.templateError(`rendering ${view.shell.path} failed: ${detail}`);
  }
}

/** Renders one route, turning an article's markdown into its body first. */
export function renderRoute(templates: TemplateModule, shared: SharedView, route: Route): RenderOutput {
  let body: string | undefined;
  let target = route;
  if (route.page.template === 'article' && (route.markdown !== undefined || route.markdownSource)) {
    const markdown = route.markdown ?? readMarkdown(route.markdownSource!);
    const rendered = renderMarkdown(markdown, { ...route.markdownContext!, mode: 'page', booking: shared.links.booking, images: shared.images });
    body = rendered.html;
    // Three or more sections make an outline worth showing.
    const outline = rendered.outline.length >= 3 ? rendered.outline : [];
    target = { ...route, page: { ...route.page, article: { ...route.page.article, html: body, outline } } };
  }
  const html = renderView(templates, viewOf(shared, target));
  return { file: route.file, html, ids: [...idsOf(html)], links: [...new Set(internalLinksOf(html))], body };
}

/**
 * Renders every route whose inputs changed since the cache was written and writes it; an unchanged
 * page is taken over from the previous output as it is.
 */
export async function renderPages(
  routes: Route[],
  templates: Templates,
  shared: SharedView,
  cache: BuildCache,
  writer: Writer,
  wantBodies: Set<string>,
): Promise<RenderResult> {
  // React stays outside the generator's bundle and the templates' bundle: its version is named here.
  const sharedKey = hashOf(generatorFingerprint, reactVersion, reactDomVersion, templates.hash, JSON.stringify(shared));
  // Records describe pages made with the same templates, shared data and generator, into this output.
  const reusable = cache.outDir === writer.id && cache.sharedKey === sharedKey;
  const pages: PageSummary[] = new Array<PageSummary>(routes.length);
  const bodies = new Map<string, string>();
  /** Where each page to render goes in `pages`. */
  const slots = new Map<string, number>();
  const jobs: Route[] = [];
  routes.forEach((route, i) => {
    const record = reusable ? cache.pages.get(route.file) : undefined;
    if (record && record.key === route.inputKey && writer.reuse(route.file, cache.files.get(route.file))) {
      pages[i] = new RecordedPage(route, record, cache.strings, undefined);
    } else {
      slots.set(route.file, i);
      jobs.push(route);
    }
  });
  let idsLost = false;
  const records = new Map<string, PageRecord>();
  const take = async (outputs: RenderOutput[]) => {
    await Promise.all(outputs.map((output) => writer.write(output.file, output.html)));
    for (const output of outputs) {
      const before = cache.pages.get(output.file);
      if (before && !idsLost) {
        const now = new Set(output.ids);
        idsLost = before.ids.some((n) => !now.has(cache.strings[n]!));
      }
      const slot = slots.get(output.file)!;
      const route = routes[slot]!;
      // Interned at once: the same nav links on thousands of pages are kept as one string each.
      const kept: PageRecord = { key: route.inputKey, ids: output.ids.map((s) => intern(cache, s)), links: output.links.map((s) => intern(cache, s)) };
      records.set(output.file, kept);
      pages[slot] = new RecordedPage(route, kept, cache.strings, Buffer.byteLength(output.html));
      if (output.body !== undefined && wantBodies.has(output.file)) bodies.set(output.file, output.body);
    }
  };
  const largest: { file: string; html: string }[] = [];
  const record = (outputs: RenderOutput[]) => {
    for (const o of outputs) {
      if (largest.length < 3 || o.html.length > largest.at(-1)!.html.length) {
        largest.push({ file: o.file, html: o.html });
        largest.sort((a, b) => b.html.length - a.html.length).splice(3);
      }
    }
  };
  // CLINIC_SITE_WORKERS sets the number of render threads (0: render on the main thread; 1: one worker, to measure a worker's cost).
  const workers = Number(process.env.CLINIC_SITE_WORKERS ?? Math.min(availableParallelism(), 4));
  if (jobs.length >= parallelThreshold && workers >= 1) {
    const before = threadCpuMs();
    await renderInWorkers(jobs, templates.file, shared, workers, async (outputs) => {
      record(outputs);
      await take(outputs);
    });
    const after = threadCpuMs();
    reportThreadCpu('main thread (views sent, writes and records)', jobs.length, before === undefined || after === undefined ? undefined : { pages: after - before });
  } else {
    const before = threadCpuMs();
    for (let i = 0; i < jobs.length; i += 32) {
      const outputs = jobs.slice(i, i + 32).map((job) => renderRoute(templates.module, shared, job));
      record(outputs);
      await take(outputs);
    }
    const after = threadCpuMs();
    reportThreadCpu('main thread (pages, writes and records)', jobs.length, before === undefined || after === undefined ? undefined : { pages: after - before });
  }
  const remember = () => {
    cache.sharedKey = sharedKey;
    for (const [file, record] of records) cache.pages.set(file, record);
    const live = new Set(routes.map((r) => r.file));
    for (const file of [...cache.pages.keys()]) if (!live.has(file)) cache.pages.delete(file);
  };
  return { pages, bodies, rendered: jobs.length, reused: routes.length - jobs.length, largest, idsLost, remember };
}


/** Spreads render jobs over worker threads in chunks; `onOutputs` gets each chunk as it finishes. */
async function renderInWorkers(jobs: RenderJob[], templatesFile: string, shared: SharedView, size: number, onOutputs: (outputs: RenderOutput[]) => Promise<void>): Promise<void> {
  const entry = compiledEntry('render-worker');
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
      worker.on('message', (message: { outputs?: RenderOutput[]; cpu?: { startup: number; pages: number }; error?: { message: string } }) => {
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
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(size, Math.ceil(jobs.length / chunk)) }, runWorker));
  await Promise.all(pending);
  if (failure) throw failure;
}
