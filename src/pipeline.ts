/**
 * The pipeline of every build: load → validate → route → bundle → render → verify → index for search → write. Each
 * stage is a module of its own; incremental/ narrows each to what changed since the last build
 * (what the memo holds is taken over while what it was made from is unchanged).
 */
import { gzipSync } from 'node:zlib';
import { withPublicChecked, type OutputFile } from './bundle/assets.ts';
import { besideFiles, checkImages, type Bundle } from './bundle/bundle.ts';
import { SiteErrors } from './errors.ts';
import { bundleStamps, keptBundle } from './incremental/bundles.ts';
import { memoReader } from './incremental/content.ts';
import { bySite, keptListing, keptRoutes, siteKeyOf } from './incremental/routes.ts';
import { emptyMemo, saveMemo, type BuildMemo } from './incremental/memo.ts';
import { commitOutput, keptFeedBodies, keptPages, sharedKeyOf, verifiedBefore } from './incremental/outputs.ts';
import { keptSearchIndex } from './incremental/search.ts';
import { settledRecord, settleKeyOf } from './incremental/survey.ts';
import type { InputSurvey, SettledRecord, SettledResult, SettleKey } from './incremental/survey.ts';
import { loadContent } from './load/content.ts';
import type { Content } from './schemas/content.ts';
import { externalLinks, feedBody } from './render/render.ts';
import { renderStage, type RenderResult } from './render/stage.ts';
import { blogFeeds, listingFiles } from './render/site-files.ts';
import { undescribedCategories } from './route/categories.ts';
import { legalPath, noticePath } from './route/pages.ts';
import { lostPages, sitemapPaths } from './route/redirects.ts';
import { feedArticles, publishedArticles, type Route, type RouteOptions } from './route/routes.ts';
import { buildRoutes } from './route/table.ts';
import type { SharedView } from './route/view.ts';
import type { Article } from './schemas/article.ts';
import type { HostedEditor } from './authoring/cms/admin-files.ts';
import { reviewProblems, reviewWarnings } from './validate/review.ts';
import { verifyStage } from './verify/stage.ts';
import { translationProblems, translationWarnings } from './validate/translations.ts';
import { surveyOutput, textOf, type FileStamp, type Output, type OutputSurvey, type Writer } from './write/writer.ts';

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
  /** What the last build left (the dev server keeps one in memory); without it the build reads the memo on disk and writes it back. */
  memo?: BuildMemo;
  /** Files changed since the last build (from the watcher): other files are not even looked at. */
  changed?: Set<string>;
  /** Fails on medical pages never reviewed or reviewed more than 12 months ago, instead of warning (`check --strict`). */
  strictReview?: boolean;
  /** Puts the browser editor into admin/, publishing to this GitHub repository (`build --editor`). */
  editor?: HostedEditor;
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
  /** How the build went: the last build's output taken over whole (nothing it read changed), or the pipeline. */
  way: 'settled' | 'pipeline';
}

/** How build() hands a build over: when it began, what decides its output besides its files, the survey of its inputs. */
export interface PipelineRun {
  started: number;
  key: SettleKey;
  survey: InputSurvey | undefined;
  /** The memo as build() read it from disk, when it did. */
  memo: BuildMemo | undefined;
}

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function pipeline(options: BuildOptions, run: PipelineRun): Promise<BuildResult> {
  const { started, key, survey } = run;
  const stage = stageTimer(started);
  const { root, writer } = options;
  // Without a memo handed in (the dev server's, in memory), the build reads and saves the one on disk.
  const persistent = options.memo === undefined;
  const memo = options.memo ?? run.memo ?? emptyMemo();
  // A build that fails must not leave the bundles of a tree it did not finish reading.
  if (!options.changed || [...options.changed].some((p) => /^(templates|public)(\/|$)/.test(p))) delete memo.bundles.last;
  const verified = verifiedBefore(memo, writer);
  memo.settled = undefined;
  stage('memo read');
  try {
    const content = await loadContent(root, memoReader(memo.content, options.changed));
    stage('content loaded');
    const routeOptions = routeOptionsOf(key, content);
    // The articles this build shows (drafts too with --drafts), and those it publishes: a draft's image stays out with it.
    const shown = publishedArticles(content, routeOptions);
    const published = feedArticles(content, routeOptions, shown);
    // What reads the whole site but no article body: the dev server keeps it while the site's cards and YAML files are the same.
    const whole = persistent ? undefined : { memo: (memo.site ??= new Map()), key: siteKeyOf(content, routeOptions) };
    const acrossSite = <T>(name: string, extra: string, make: () => T): T => (whole ? bySite(whole.memo, name, `${whole.key} ` +
      `${extra}`, make) : make());
    // Medical review, judged on the build date: a warning, or with strictReview an error.
    const review = acrossSite('review', '', () =>
      reviewProblems(content, published, routeOptions.today).concat(translationProblems(content)));
    if (options.strictReview && review.length > 0) throw new SiteErrors(review);
    const beside = besideFiles(root, content, shown);
    const bundle = await keptBundle(memo.bundles, root, content.site.socialImage, beside);
    // Also read: the files of public/ and the pictures beside articles.
    const imageKey = [...bundle.assets.publicFiles, ...beside].map((f) => f.file).join('\0') + JSON.stringify(bundle.images.images);
    const imageWarnings = acrossSite('images', imageKey, () => checkImages(root, content, bundle));
    stage('bundled');
    // The dev server keeps its route table in memory from one rebuild to the next.
    const table = persistent ? undefined : (memo.routes = keptRoutes(memo.routes, content, routeOptions, bundle.images.images));
    const routes = table?.routes ?? buildRoutes(content, routeOptions, bundle.images.images);
    stage('routes');
    const shared = sharedView(content, bundle);
    const sharedKey = sharedKeyOf(bundle.templates, shared, content, routeOptions);
    // The dev server builds again, a page or two at a time, on this thread.
    const rendered = await renderStage(routes, bundle.templates, shared, writer, keptPages(memo, writer, sharedKey), !persistent);
    stage(`rendered ${rendered.fresh.length}, reused ${routes.length - rendered.fresh.length}`);
    const feedBodies = keptFeedBodies(memo, content, shared, rendered.feedBodies, (article) => feedBody(content, article, shared));
    const taken = [...bundle.assets.bundled, ...bundle.assets.publicFiles, ...beside, ...bundle.images.files];
    const feeds = blogFeeds(content, published, feedBodies.bodyOf, routeOptions.baseUrl);
    const takenNames = new Set([...taken, ...feeds].map((f) => f.file));
    const list = () => listingFiles(content, routes, shown, takenNames, routeOptions.baseUrl);
    const site = table ? keptListing(table, takenNames, list) : list();
    const files = withPublicChecked(bundle.assets.publicFiles, routes, [...taken, ...feeds, ...site.files]);
    stage('feeds');
    // Read before the commit replaces it.
    const before = previousPages(writer, site.files);
    // Verified before indexing: the search index is no link target, and a changed index never widens the check.
    verifyStage(root, rendered, routes, files, verified);
    stage('verified');
    // The dev server (memo and output in memory) makes its index when a page asks for it (see servedIndex).
    const search = await keptSearchIndex(memo.search, writer, content, routes, rendered.searchTexts, !persistent && !writer.output.folder);
    files.push(...search.files);
    stage('indexed');
    // The browser editor, when asked for, is loaded only then: a plain build never reads it.
    const editor = options.editor && (await import('./authoring/cms/admin-files.ts'));
    const output = editor ? await editor.withEditor(files, options.editor!, content.site) : files;
    const stamps = await commitOutput(memo, writer, output, routes, sharedKey);
    feedBodies.keep();
    memo.search = search.record;
    stage('committed');
    const warnings = acrossSite('warnings', '', () => contentWarnings(content, shown, routeOptions, review)).concat(imageWarnings);
    const lost = lostPages(before, routes, site.redirects, shown);
    const result = resultOf(started, routes, rendered, bundle.assets.bundled, output, [...warnings, ...lost]);
    // What the next build reports when nothing changed: the same, less the pages gone since the previous output.
    const settled = survey && recordOf(survey, key, memo, writer, stamps, settledOf(result, warnings));
    if (persistent) saveMemo(root, Object.assign(memo, { settled }));
    stage('memo saved');
    return result;
  } catch (error) {
    await writer.discard();
    // The memo on disk still describes the output as the last build left it; the one in memory is kept too.
    throw error;
  }
}

/** How routes are made in this build: drafts, future articles, today and the base URL. */
function routeOptionsOf(key: SettleKey, content: Content): RouteOptions {
  return { drafts: key.drafts, future: key.future, today: key.today, baseUrl: key.baseUrl ?? content.site.baseUrl };
}

/** What a build reports. Compressed sizes are for the summary `build` prints: worked out when read, not on every rebuild of serve. */
function resultOf(
  started: number, routes: Route[], rendered: RenderResult, assets: OutputFile[], files: OutputFile[], warnings: string[],
): BuildResult {
  let sizes: SizedFile[] | undefined;
  let written: string[] | undefined;
  return {
    pages: routes.length,
    rendered: rendered.fresh.length,
    way: 'pipeline',
    get assets() {
      return (sizes ??= assets.map((f) => sized(f.file, f.bytes)));
    },
    get largestPage() {
      return rendered.largest.map((p) => sized(p.file, p.html)).sort((a, b) => b.gzip - a.gzip)[0];
    },
    warnings,
    elapsedMs: performance.now() - started,
    // Read by the CLI, not by the dev server's rebuilds.
    get files() {
      return (written ??= [...new Set([...routes.map((r) => r.file), ...files.map((f) => f.file)])]);
    },
  };
}

/**
 * What a build reports that a next one with nothing changed reports too: its own warnings (not those about the output it replaced), its
 * assets.
 */
function settledOf(result: BuildResult, warnings: string[]): SettledResult {
  return { pages: result.pages, warnings, assets: result.assets };
}

/** The pages the output being replaced published, from its sitemaps; none to look at when they are this build's, byte for byte. */
function previousPages(writer: Writer, files: OutputFile[]): string[] {
  const isSitemap = (file: string) => /^sitemap(-\d+)?\.xml$/.test(file);
  const same = files.filter((f) => isSitemap(f.file)).every((f) => {
    const previous = writer.output.read(f.file);
    return previous !== undefined && Buffer.compare(previous, f.bytes) === 0;
  });
  return same ? [] : sitemapPaths((file) => (isSitemap(file) ? textOf(writer.output.read(file)) : undefined));
}

/** The record that lets the next build with nothing changed end at once (none when this one's inputs cannot be trusted). */
function recordOf(
  survey: InputSurvey, key: SettleKey, memo: BuildMemo, writer: Writer, stamps: Map<string, FileStamp>, result: SettledResult,
): SettledRecord | undefined {
  return settledRecord(survey, settleKeyOf(writer.output, key), bundleStamps(memo.bundles), outputSurvey(writer.output, stamps), result);
}

/** The output folder as this build left it; none for output kept in memory. */
function outputSurvey(output: Output, stamps: Map<string, FileStamp>): OutputSurvey | undefined {
  return output.folder === undefined ? undefined : surveyOutput(output.folder, stamps);
}

/** What every page's shell shares. */
function sharedView(content: Content, bundle: Bundle): SharedView {
  return {
    site: content.site,
    navigation: content.navigation,
    assets: bundle.assets.links,
    links: externalLinks(content),
    feed: { href: '/feed.xml', title: content.strings.blog.feedTitle.replaceAll('{site}', content.site.name) },
    images: bundle.images.images,
    legalLinks: content.legal.map((page) => ({ name: page.footerLabel, href: legalPath(page.id) })),
    strings: content.strings,
    home: '/',
    blogHref: '/blog',
    searchHref: '/search',
    noticeHref: noticePath,
    search: content.search.dialog,
  };
}

/** The warnings that follow from the content alone: articles left out, categories not described, pages not reviewed. */
function contentWarnings(
  content: Content, shown: Article[], options: RouteOptions, review: Parameters<typeof reviewWarnings>[0],
): string[] {
  return [
    ...(options.drafts ? [] : leftOut(content.articles, shown)),
    ...undescribedCategories(shown, content.blogPage.categories),
    ...reviewWarnings(review),
    ...translationWarnings(review),
  ];
}

/** What the build left out, by file and why: each draft, and each article dated after today (unless --future). */
function leftOut(articles: readonly Article[], published: readonly Article[]): string[] {
  const shown = new Set(published);
  const hidden = articles.filter((a) => !shown.has(a));
  if (hidden.length === 0) return [];
  const why = (a: Article) => (a.draft ? 'a draft' : `dated ${a.publishDate}, after today`);
  const listed = hidden.slice(0, 10).map((a) => `\n    ${a.file} (${why(a)})`).join('');
  const more = hidden.length > 10 ? `\n    and ${hidden.length - 10} more` : '';
  return [`left out ${hidden.length} article${hidden.length === 1 ? '' : 's'} (build --drafts shows ` +
    `${hidden.length === 1 ? 'it' : 'them'}; remove "draft: true" to publish one):${listed}${more}`];
}

/**
 * With CLINIC_SITE_TIMINGS set, prints each stage's time, the process's CPU time in it and the main thread's heap after it to stderr (for
 * profiling and the bench);
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
    process.stderr.write(`  ${(now - last).toFixed(0).padStart(6)} ms  ${cpuMs.toFixed(0).padStart(6)} ms CPU  ${name}  (main heap ` +
      `${heapMb} MB)\n`);
    last = now;
    lastCpu = cpu;
  };
}

/** A file's size, raw and compressed. */
export function sized(file: string, data: string | Uint8Array): SizedFile {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
