/**
 * The pipeline of every build, in the order it runs: load → validate → bundle → route → render (each page written as it is made)
 * → the files beside the pages (feeds, sitemaps) → verify → index for search → write (commit) → the memo kept for the next one.
 * Each stage is a module of its own; incremental/ decides what each may take over from the last build (what the memo holds, while
 * what it was made from is unchanged), and the dev server differs only by the memo it keeps in memory and the writer it passes.
 */
import { gzipSync } from 'node:zlib';
import { withPublicChecked, type OutputFile } from './bundle/assets.ts';
import { besideFiles, checkImages, type Bundle } from './bundle/bundle.ts';
import { SiteErrors, type SiteError } from './errors.ts';
import { bundleStamps, keptBundle } from './incremental/bundles.ts';
import { memoReader } from './incremental/content.ts';
import { inMemory, onDisk, type AcrossSite, type Keeping } from './incremental/keeping.ts';
import { emptyMemo, type BuildMemo } from './incremental/memo.ts';
import { commitOutput, keptFeedBodies, keptPages, sharedKeyOf, verifiedBefore } from './incremental/outputs.ts';
import { keptSearchIndex } from './incremental/search.ts';
import { settledRecord, settleKeyOf } from './incremental/survey.ts';
import type { InputSurvey, SettledRecord, SettledResult, SettleKey } from './incremental/survey.ts';
import { loadContent } from './load/content.ts';
import type { Content } from './schemas/content.ts';
import { feedBody } from './render/render.ts';
import { sharedView } from './render/shared-view.ts';
import { renderStage, type RenderResult } from './render/stage.ts';
import { blogFeeds, listingFiles, type SiteFiles } from './render/site-files.ts';
import { undescribedCategories } from './route/categories.ts';
import { lostPages, sitemapPaths } from './route/redirects.ts';
import { feedArticles, publishedArticles, type Route, type RouteOptions } from './route/routes.ts';
import type { SharedView } from './route/view.ts';
import type { Article } from './schemas/article.ts';
import type { HostedEditor } from './authoring/cms/admin-files.ts';
import type { PreviewSource } from './authoring/cms/hosted-preview.ts';
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
  const stage = stageTimer(run.started);
  const { root, writer, changed } = options;
  // The dev server hands in the memo it keeps in memory; any other build has the one on disk, which it saves back.
  const keeping = options.memo ? inMemory(options.memo) : onDisk(root, run.memo ?? emptyMemo());
  const { memo } = keeping;
  const verified = memoAtStart(memo, writer, changed);
  stage('memo read');
  try {
    const content = await loadContent(root, memoReader(memo.content, changed));
    stage('content loaded');
    const site = siteOf(content, run.key, keeping);
    const review = validated(site, options.strictReview);
    const { bundle, beside, imageWarnings } = await bundled(root, site, memo);
    stage('bundled');
    const routes = keeping.routes(content, site.options, bundle.images.images);
    stage('routes');
    const shared = sharedView(content, bundle.assets.links, bundle.images.images);
    const sharedKey = sharedKeyOf(bundle.templates, shared, content, site.options);
    const rendered = await renderStage(routes, bundle.templates, shared, writer, keptPages(memo, writer, sharedKey), keeping.rebuilds);
    stage(`rendered ${rendered.fresh.length}, reused ${routes.length - rendered.fresh.length}`);
    const listed = besidePages(site, bundle, beside, routes, { memo, shared, rendered });
    stage('feeds');
    // Read before the commit replaces it.
    const before = previousPages(writer, listed.listing.files);
    // Verified before indexing: the search index is no link target, and a changed index never widens the check.
    verifyStage(root, rendered, routes, listed.files, verified);
    stage('verified');
    // The dev server (memo and output in memory) makes its index when a page asks for it (see servedIndex).
    const lazy = keeping.rebuilds && !writer.output.folder;
    const search = await keptSearchIndex(memo.search, writer, content, routes, rendered.searchTexts, lazy);
    stage('indexed');
    const preview = { root, assets: bundle.assets.links, images: bundle.images.images, baseUrl: site.options.baseUrl };
    const output = await withEditor([...listed.files, ...search.files], options.editor, content, routes, preview);
    const stamps = await commitOutput(memo, writer, output, routes, sharedKey);
    listed.feedBodies.keep();
    memo.search = search.record;
    stage('committed');
    const warnings = site.acrossSite('warnings', '', () => contentWarnings(site, review)).concat(imageWarnings);
    const lost = lostPages(before, routes, listed.listing.redirects, site.shown);
    const result = resultOf(run.started, routes, rendered, bundle.assets.bundled, output, [...warnings, ...lost]);
    // What the next build reports when nothing changed: the same, less the pages gone since the previous output.
    keeping.keep(run.survey && recordOf(run.survey, run.key, memo, writer, stamps, settledOf(result, warnings)));
    stage('memo saved');
    return result;
  } catch (error) {
    await writer.discard();
    // The memo on disk still describes the output as the last build left it; the one in memory is kept too.
    throw error;
  }
}

/**
 * The memo as a build starts from it: the bundles of a tree it may not finish reading dropped, no settled record (a build that fails
 * must not leave one); and the files whose links the last build verified.
 */
function memoAtStart(memo: BuildMemo, writer: Writer, changed: Set<string> | undefined): Set<string> | undefined {
  if (!changed || [...changed].some((p) => /^(templates|public)(\/|$)/.test(p))) delete memo.bundles.last;
  const verified = verifiedBefore(memo, writer);
  memo.settled = undefined;
  return verified;
}

/** What the stages after load share: the content, the build's options, the articles it shows and those it publishes, the site's work. */
interface SiteRun {
  content: Content;
  options: RouteOptions;
  /** The articles this build shows (drafts too with --drafts). */
  shown: Article[];
  /** The articles it publishes in feeds: a draft's image stays out with it. */
  published: Article[];
  acrossSite: AcrossSite;
}

/** The site as this build shows it. */
function siteOf(content: Content, key: SettleKey, keeping: Keeping): SiteRun {
  const options = routeOptionsOf(key, content);
  const shown = publishedArticles(content, options);
  const published = feedArticles(content, options, shown);
  return { content, options, shown, published, acrossSite: keeping.acrossSite(content, options) };
}

/** The validate stage's checks across the site, judged on the build date: medical review and translations; errors with strictReview. */
function validated(site: SiteRun, strict: boolean | undefined): SiteError[] {
  const { content, published, options } = site;
  const problems = () => reviewProblems(content, published, options.today).concat(translationProblems(content));
  const review = site.acrossSite('review', '', problems);
  if (strict && review.length > 0) throw new SiteErrors(review);
  return review;
}

/** The bundle stage: templates, scripts, styles, public/ and images (the pictures beside articles among them), and image warnings. */
async function bundled(
  root: string, site: SiteRun, memo: BuildMemo,
): Promise<{ bundle: Bundle; beside: OutputFile[]; imageWarnings: string[] }> {
  const beside = besideFiles(root, site.content, site.shown);
  const bundle = await keptBundle(memo.bundles, root, site.content.site.socialImage, beside);
  // Also read: the files of public/ and the pictures beside articles.
  const imageKey = [...bundle.assets.publicFiles, ...beside].map((f) => f.file).join('\0') + JSON.stringify(bundle.images.images);
  const imageWarnings = site.acrossSite('images', imageKey, () => checkImages(root, site.content, bundle));
  return { bundle, beside, imageWarnings };
}

/**
 * The files beside the pages: the bundle's, the feeds (each article's body taken over while what it is made from is the same), and
 * those listed from the route table (sitemaps, category pages' feeds, redirects), once none of public/ is at a path the build makes.
 */
function besidePages(
  site: SiteRun,
  bundle: Bundle,
  beside: OutputFile[],
  routes: Route[],
  made: { memo: BuildMemo; shared: SharedView; rendered: RenderResult },
): { files: OutputFile[]; listing: SiteFiles; feedBodies: { keep: () => void } } {
  const { content, options } = site;
  const { memo, shared, rendered } = made;
  const feedBodies = keptFeedBodies(memo, content, shared, rendered.feedBodies, (article) => feedBody(content, article, shared));
  const taken = [...bundle.assets.bundled, ...bundle.assets.publicFiles, ...beside, ...bundle.images.files];
  const feeds = blogFeeds(content, site.published, feedBodies.bodyOf, options.baseUrl);
  const takenNames = new Set([...taken, ...feeds].map((f) => f.file));
  const listing = listingFiles(content, routes, site.shown, takenNames, options.baseUrl);
  const files = withPublicChecked(bundle.assets.publicFiles, routes, [...taken, ...feeds, ...listing.files]);
  return { files, listing, feedBodies };
}

/** The output's files, with the browser editor in admin/ when asked for (loaded only then: a plain build never reads it). */
async function withEditor(
  files: OutputFile[], editor: HostedEditor | undefined, content: Content, routes: Route[], preview: PreviewSource,
): Promise<OutputFile[]> {
  if (!editor) return files;
  const admin = await import('./authoring/cms/admin-files.ts');
  const { entryPlaces } = await import('./authoring/places.ts');
  // Where each entry shows: the pages of this build, by path.
  const paths = new Set(routes.map((r) => r.path));
  const places = `${JSON.stringify(entryPlaces(content, (p) => paths.has(p)))}\n`;
  const output = await admin.withEditor(files, editor, content.site, routes.map((r) => r.file), {}, preview, content);
  return [...output, { file: `admin/${admin.placesFile}`, bytes: Buffer.from(places) }];
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

/** The warnings that follow from the content alone: articles left out, categories not described, pages not reviewed. */
function contentWarnings({ content, shown, options }: SiteRun, review: SiteError[]): string[] {
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
