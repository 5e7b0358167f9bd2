/**
 * The pipeline of a build that is not already settled: load → validate → route → bundle → render →
 * verify → write. Each stage is a module of its own; incremental/ decides what the last build left
 * that is still good.
 */
import { gzipSync } from 'node:zlib';
import type { OutputFile } from './bundle/assets.ts';
import { besideFiles, checkImages, type Bundle } from './bundle/bundle.ts';
import { SiteErrors, type SiteError } from './errors.ts';
import { bundleStamps, bundlesStillCurrent, keptBundle, keptImageReader } from './incremental/bundles.ts';
import { frameOf, loadCache, type BuildCache } from './incremental/cache.ts';
import { memoReader } from './incremental/content.ts';
import { commitOutput, keptFeedBodies, persist, verifiedBefore, verifyChanged } from './incremental/output.ts';
import { renderChanged, siteKeyOf, type RenderResult } from './incremental/pages.ts';
import { keptRoutes } from './incremental/routes.ts';
import { recordSettled, surveyedFiles, type InputSurvey, type SettledResult, type SettleKey } from './incremental/settled.ts';
import { byShape, siteShape } from './incremental/shape.ts';
import { loadContent } from './load/content.ts';
import type { Content } from './load/types.ts';
import { externalLinks, type SharedView } from './render/render.ts';
import { blogFeed, listingFiles } from './render/site-files.ts';
import { undescribedCategories } from './route/categories.ts';
import { legalPath } from './route/pages.ts';
import { lostPages, sitemapPaths } from './route/redirects.ts';
import { feedArticles, feedLength, type Route, type RouteOptions } from './route/routes.ts';
import type { Article } from './schemas/article.ts';
import { reviewProblems, reviewWarnings } from './validate/review.ts';
import type { Writer } from './write/writer.ts';

/** What a build is asked to do. */
export interface BuildOptions {
  /** The project folder holding content/, templates/ and public/. */
  root: string;
  writer: Writer;
  baseUrl?: string | undefined;
  drafts?: boolean;
  future?: boolean;
  /** YYYY-MM-DD; defaults to today. */
  today?: string;
  /**
   * What the last build left (the dev server keeps one in memory); without it the build reads the
   * cache in node_modules/.cache/ and writes it back afterwards.
   */
  cache?: BuildCache;
  /** Files changed since the last build (from the watcher): other articles are not even checked. */
  changed?: Set<string>;
  /** Fails on medical pages never reviewed or reviewed more than 12 months ago, instead of warning (`check --strict`). */
  strictReview?: boolean;
}

/** A file of the output with its size, raw and compressed. */
export interface SizedFile {
  file: string;
  bytes: number;
  gzip: number;
}

/** What a build did, for the summary line. */
export interface BuildResult {
  pages: number;
  /** Pages rendered in this run; the others were unchanged and taken over. */
  rendered: number;
  assets: SizedFile[];
  /** The largest page rendered in this run, compressed. */
  largestPage: SizedFile | undefined;
  warnings: string[];
  elapsedMs: number;
  /** Every file of the output, by path inside it. */
  files: string[];
  /**
   * How the build went: the last build's output taken over whole (nothing it read changed), the
   * pages of articles whose bodies alone changed made again, or the whole pipeline.
   */
  way: 'settled' | 'bodies' | 'pipeline';
}

/** How build() hands a build over: when it began, what decides its output besides its files, and the survey of its inputs to settle it with. */
export interface PipelineRun {
  started: number;
  key: SettleKey;
  survey: InputSurvey | undefined;
}

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function pipeline(options: BuildOptions, run: PipelineRun): Promise<BuildResult> {
  const { started, key } = run;
  const stage = stageTimer(started);
  const { root, writer } = options;
  // Without a cache handed in (the dev server's, in memory), the build reads and saves the one on disk.
  const persistent = options.cache === undefined;
  const cache = options.cache ?? (await loadCache(root));
  // A build that fails before it bundles again must not leave stale bundles for the next rebuild.
  if (!bundlesStillCurrent(options.changed)) delete cache.bundles;
  const verified = verifiedBefore(cache, writer);
  // A frame describes a build that passed: this one leaves its own when it does.
  cache.frame = undefined;
  stage('cache loaded');
  try {
    const content = await loadContent(root, memoReader(cache.content, options.changed, run.survey && surveyedFiles(run.survey)));
    stage('content loaded');
    const routeOptions = routeOptionsOf(key, content);
    const shape = siteShape(content, routeOptions);
    // The articles this build publishes (drafts too with --drafts): a draft's image stays out with it.
    const shown = shape.shown;
    const published = feedArticles(content, routeOptions, shown);
    // Medical review, judged on the build date (once, when asked for): a warning, or with strictReview an error.
    let problems: SiteError[] | undefined;
    const review = () => (problems ??= reviewProblems(content, published, routeOptions.today));
    if (options.strictReview && review().length > 0) throw new SiteErrors(review());
    const beside = besideFiles(root, content, shown, keptImageReader(cache));
    const bundle = await keptBundle(cache, root, content.site.socialImage, beside);
    byShape(cache, shape, 'images', [bundle.assets.publicFiles], () => checkImages(root, content, bundle));
    stage('bundled');
    const routes = keptRoutes(cache, shape, content, routeOptions, bundle.images.images);
    stage('routes');
    const shared = sharedView(content, bundle);
    // The dev server builds again, a page or two at a time, on this thread.
    const rendered = await renderChanged(routes, bundle.templates, shared, siteKeyOf(content.catalogueKey, routeOptions), cache, writer, !persistent);
    stage(`rendered ${rendered.rendered}, reused ${rendered.reused}`);
    const feedBodies = keptFeedBodies(cache, content, shared, rendered.feedBodies);
    const taken = [...bundle.assets.bundled, ...bundle.assets.publicFiles, ...beside, ...bundle.images.files];
    const feed = blogFeed(content, published, feedBodies.bodyOf, routeOptions.baseUrl);
    const takenNames = [...taken, feed].map((f) => f.file);
    const site = byShape(cache, shape, 'listing', [takenNames.join('\n')], () => listingFiles(content, routes, shown, new Set(takenNames), routeOptions.baseUrl));
    const files = [...taken, feed, ...site.files];
    stage('feeds');
    // Read before the commit replaces it.
    const before = previousPages(writer, site.files);
    verifyChanged(root, rendered, files, verified);
    stage('verified');
    await commitOutput(cache, writer, files, rendered);
    feedBodies.keep();
    stage('committed');
    // A build that leaves a record of what it read, or the dev server's, leaves its frame too, for a next build in which only article bodies changed.
    if (run.survey || !persistent) cache.frame = frameOf(shared, bundle.templates, shown, published.slice(0, feedLength), routes);
    await persist(root, cache, persistent);
    stage('cache saved');
    const warnings = [
      ...(routeOptions.drafts ? [] : leftOut(content.articles, shown)),
      // Worked out from the site's shape: the dev server takes them over while an author types in an article.
      ...byShape(cache, shape, 'categories', [], () => undescribedCategories(shown, content.blogPage.categories)),
      ...byShape(cache, shape, 'review', [], () => reviewWarnings(review())),
    ];
    const result = resultOf(started, routes, rendered, bundle.assets.bundled, files, [...warnings, ...lostPages(before, routes, site.redirects, shown)]);
    if (!persistent) cache.reported = reportedBy(result, warnings);
    // What the next build reports when nothing changed: the same, less the pages gone since the previous output.
    if (run.survey && cache.frame) recordSettled(root, writer, key, run.survey, bundleStamps(cache), { pages: result.pages, assets: result.assets, warnings, files: result.files }, cache.frame.generation);
    stage('recorded');
    return result;
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/** How routes are made in this build: drafts, future articles, today and the base URL. */
function routeOptionsOf(key: SettleKey, content: Content): RouteOptions {
  return { drafts: key.drafts, future: key.future, today: key.today, baseUrl: key.baseUrl ?? content.site.baseUrl };
}

/** What a build reports. Compressed sizes are for the summary `build` prints: worked out when read, not on every rebuild of serve. */
function resultOf(started: number, routes: Route[], rendered: RenderResult, assets: OutputFile[], files: OutputFile[], warnings: string[]): BuildResult {
  let sizes: SizedFile[] | undefined;
  let written: string[] | undefined;
  return {
    pages: routes.length,
    rendered: rendered.rendered,
    way: 'pipeline',
    get assets() {
      return (sizes ??= assets.map((f) => sized(f.file, f.bytes)));
    },
    get largestPage() {
      return rendered.largest.map((p) => sized(p.file, p.html)).sort((a, b) => b.gzip - a.gzip)[0];
    },
    warnings,
    elapsedMs: performance.now() - started,
    // Read by the CLI's record, not by the dev server's rebuilds.
    get files() {
      return (written ??= [...new Set([...routes.map((r) => r.file), ...files.map((f) => f.file)])]);
    },
  };
}

/** What a build reports that a next one with the same pages and content reports too: its own warnings (not those about the output it replaced), its assets and files. */
function reportedBy(result: BuildResult, warnings: string[]): SettledResult {
  return {
    pages: result.pages,
    warnings,
    get assets() {
      return result.assets;
    },
    get files() {
      return result.files;
    },
  };
}

/** The pages the output being replaced published, from its sitemaps; none to look at when they are this build's, byte for byte. */
function previousPages(writer: Writer, files: OutputFile[]): string[] {
  const isSitemap = (file: string) => /^sitemap(-\d+)?\.xml$/.test(file);
  const same = files.filter((f) => isSitemap(f.file)).every((f) => {
    const previous = writer.previous(f.file);
    return previous !== undefined && Buffer.compare(previous, f.bytes) === 0;
  });
  return same ? [] : sitemapPaths((file) => (isSitemap(file) ? writer.previous(file)?.toString() : undefined));
}

/** What every page's shell shares. */
function sharedView(content: Content, bundle: Bundle): SharedView {
  return {
    site: content.site,
    navigation: content.navigation,
    assets: bundle.assets.links,
    links: externalLinks(content),
    feed: { href: '/feed.xml', title: `${content.site.name} blog` },
    images: bundle.images.images,
    legalLinks: content.legal.map((page) => ({ name: page.footerLabel, href: legalPath(page.id) })),
  };
}

/** What the build left out, by file and why: each draft, and each article dated after today (unless --future). */
function leftOut(articles: readonly Article[], published: readonly Article[]): string[] {
  const shown = new Set(published);
  const hidden = articles.filter((a) => !shown.has(a));
  if (hidden.length === 0) return [];
  const why = (a: Article) => (a.draft ? 'a draft' : `dated ${a.publishDate}, after today`);
  const listed = hidden.slice(0, 10).map((a) => `\n    ${a.file} (${why(a)})`).join('');
  const more = hidden.length > 10 ? `\n    and ${hidden.length - 10} more` : '';
  return [`left out ${hidden.length} article${hidden.length === 1 ? '' : 's'} (build --drafts shows ${hidden.length === 1 ? 'it' : 'them'}; remove "draft: true" to publish one):${listed}${more}`];
}

/**
 * With CLINIC_SITE_TIMINGS set, prints each stage's time, the process's CPU time in it and the main thread's heap after it to stderr (for profiling and the bench);
 * otherwise a no-op.
 */
export function stageTimer(started: number): (name: string) => void {
  if (!process.env.CLINIC_SITE_TIMINGS) return () => undefined;
  let last = started;
  // Process CPU (every thread: the render workers' too), so that the cost of a stage can be told from waiting.
  let lastCpu = process.cpuUsage();
  return (name) => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    const heapMb = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
    process.stderr.write(`  ${(now - last).toFixed(0).padStart(6)} ms  ${cpuMs.toFixed(0).padStart(6)} ms CPU  ${name}  (main heap ${heapMb} MB)\n`);
    last = now;
    lastCpu = cpu;
  };
}

/** A file's size, raw and compressed. */
export function sized(file: string, data: string | Uint8Array): SizedFile {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
