/** One build, as an ordered list of stages: load → validate → route → bundle → render → verify → write. */
import { gzipSync } from 'node:zlib';
import { bundleAssets, type OutputFile } from './bundle/assets.ts';
import { hashBytes, hashOf } from './hash.ts';
import { loadCache, saveCache, type BuildCache } from './incremental/cache.ts';
import { memoReader } from './incremental/content.ts';
import { markdownOf } from './load/article.ts';
import { findHref } from './verify/find.ts';
import { loadContent } from './load/content.ts';
import type { Content } from './load/types.ts';
import { reviewProblems, reviewWarnings } from './validate/review.ts';
import { renderMarkdown } from './render/markdown.ts';
import { SiteErrors } from './errors.ts';
import { robotsTxt, rssFeed, sitemaps } from './render/feeds.ts';
import { headersFile } from './render/headers.ts';
import { besideImages, checkImageReferences, processImages } from './bundle/images.ts';
import { lostPages, redirectsOf, sitemapPaths } from './route/redirects.ts';
import { externalLinks, type SharedView } from './render/render.ts';
import { renderChanged } from './incremental/pages.ts';
import { articleMarkdownContext, categoriesOf, categoryPath, categoryText } from './route/blog.ts';
import { legalPath } from './route/pages.ts';
import { publishedArticles, type RouteOptions } from './route/routes.ts';
import { buildRoutes } from './route/table.ts';
import { loadTemplates } from './bundle/templates.ts';
import { verifyLinks } from './verify/links.ts';
import type { Article } from './schemas/article.ts';
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
}

/** How many feed entries the blog feed carries. */
const feedLength = 20;

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const stage = stageTimer(started);
  const { root, writer } = options;
  const persistent = options.cache === undefined;
  const cache = options.cache ?? (await loadCache(root));
  // Without a changed set nothing says the kept bundles are current. After a change under templates/
  // or public/ they are dropped first: a build that fails before it bundles again must not leave
  // them for the next rebuild, which is told only of its own changes.
  if (!options.changed || [...options.changed].some((p) => /^(templates|public)(\/|$)/.test(p))) delete cache.bundles;
  stage('cache loaded');
  // The files of a verified previous build into this output: while none of them goes away and no
  // page loses an id, only the pages rendered now need their links followed.
  const verifiedFiles = cache.verified && cache.outDir === writer.id ? new Set(cache.files.keys()) : undefined;
  cache.verified = false;
  try {
    const content = await loadContent(root, memoReader(cache.content, options.changed));
    stage('content loaded');
    const routeOptions: RouteOptions = {
      drafts: options.drafts ?? false,
      future: options.future ?? false,
      today: options.today ?? new Date().toISOString().slice(0, 10),
      baseUrl: options.baseUrl ?? content.site.baseUrl,
    };
    // Medical review, judged on the build date: a warning, or with strictReview an error.
    const review = reviewProblems(content, publishedArticles(content, { ...routeOptions, drafts: false, future: false }), routeOptions.today);
    if (options.strictReview && review.length > 0) throw new SiteErrors(review);
    // Only the articles this build publishes: a draft's image stays out of the output with it.
    // The articles this build publishes, read by several stages below (drafts too with --drafts).
    const shown = publishedArticles(content, routeOptions);
    const beside = besideImages(root, shown, content.sources, (cache.besideImages ??= new Map()));
    if (beside.errors.length > 0) throw new SiteErrors(beside.errors);
    // Bundling comes first: every page links the hashed asset names, and sharing images declare their real size.
    const { templates, assets, images } = await bundle(root, content.site.socialImage, beside.files, cache);
    stage('bundled');
    const missingImages = checkImageReferences(root, content.sources, assets.publicFiles, content.articles);
    if (missingImages.length > 0) throw new SiteErrors(missingImages);
    const routes = buildRoutes(content, routeOptions, images.images);
    stage('routes');

    const shared: SharedView = {
      site: content.site,
      navigation: content.navigation,
      assets: assets.links,
      links: externalLinks(content),
      feed: { href: '/feed.xml', title: `${content.site.name} blog` },
      images: images.images,
      legalLinks: content.legal.map((page) => ({ name: page.footerLabel, href: legalPath(page.id) })),
    };
    const published = publishedArticles(content, { ...routeOptions, drafts: false, future: false });
    const inFeed = published.slice(0, feedLength);
    const rendered = await renderChanged(routes, templates, shared, cache, writer);
    stage(`rendered ${rendered.rendered}, reused ${rendered.reused}`);

    const bodies = new Map<string, string>();
    const feedBodies = new Map<string, string>();
    // The feed's bodies come from the same renderer as the pages, without their interactive parts.
    for (const article of inFeed) {
      const pictures = (article.references?.images ?? []).map((r) => shared.images[r.image]?.width ?? 0).join(',');
      const key = hashOf(article.sourceHash, content.catalogueKey, shared.links.booking, pictures);
      const body = cache.bodies.get(key) ?? renderMarkdown(markdownOf(root, article), { ...articleMarkdownContext(content, article), mode: 'feed', booking: shared.links.booking, images: shared.images }).html;
      bodies.set(article.sourceHash, body);
      feedBodies.set(key, body);
    }
    const extras: OutputFile[] = [
      ...sitemaps(routes, routeOptions.baseUrl),
      { file: 'robots.txt', text: robotsTxt(routeOptions.baseUrl) },
      { file: 'feed.xml', text: rssFeed(content, inFeed, (a) => bodies.get(a.sourceHash)!, routeOptions.baseUrl) },
      ...categoryFeeds(content, shown, routeOptions.baseUrl),
      { file: '_headers', text: headersFile(content.site) },
    ].map((e) => ({ file: e.file, bytes: Buffer.from(e.text) }));
    const siteFiles = [...assets.bundled, ...assets.publicFiles, ...beside.files, ...images.files, ...extras];
    const moved = redirectsOf(content, shown, routes, new Set(siteFiles.map((f) => f.file)), routeOptions.baseUrl);
    const otherFiles = [...siteFiles, ...moved.files];
    stage('feeds');
    const outputFiles = new Set([...routes.map((r) => r.file), ...otherFiles.map((f) => f.file)]);
    // Read before the commit replaces it: the pages the previous build published.
    const before = sitemapPaths((file) => (/^sitemap(-\d+)?\.xml$/.test(file) ? writer.previous(file)?.toString() : undefined));
    const narrow = verifiedFiles && !rendered.idsLost && [...verifiedFiles].every((f) => outputFiles.has(f));
    verifyLinks(
      rendered.pages,
      otherFiles.map((f) => f.file),
      narrow ? new Set(rendered.pages.filter((p) => p.bytes !== undefined).map((p) => p.route.path)) : undefined,
      (href, pages) => findHref(root, href, pages),
    );
    stage('verified');

    await Promise.all(otherFiles.map((f) => writeUnlessUnchanged(writer, cache, f)));
    await writer.commit();
    // Only now does the cache take in this run: until the commit, the output is the previous one.
    rendered.remember();
    cache.bodies = feedBodies;
    stage('committed');
    cache.outDir = writer.id;
    cache.verified = true;
    cache.files = new Map(writer.stamps());
    for (const f of otherFiles) cache.files.set(f.file, { ...cache.files.get(f.file)!, hash: hashBytes(f.bytes) });
    if (persistent) await saveCache(root, cache).catch(() => undefined);
    stage('cache saved');

    const warnings = [
      ...(routeOptions.drafts ? [] : leftOut(content.articles, shown)),
      ...reviewWarnings(review),
      ...lostPages(before, routes, moved.redirects, shown),
    ];
    return {
      pages: routes.length,
      rendered: rendered.rendered,
      assets: assets.bundled.map((f) => sized(f.file, f.bytes)),
      largestPage: rendered.largest.map((p) => sized(p.file, p.html)).sort((a, b) => b.gzip - a.gzip)[0],
      warnings,
      elapsedMs: performance.now() - started,
      files: [...outputFiles],
    };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/**
 * Templates, browser assets and images (those of public/ and those beside articles). The bundles
 * build() kept (nothing under templates/ or public/ changed) are reused while the social image and
 * the images beside articles are the same (bundling is most of a small rebuild).
 */
async function bundle(root: string, socialImage: string, beside: OutputFile[], cache: BuildCache) {
  const besideKey = beside.map((f) => `${f.file}:${hashBytes(f.bytes)}`).join('\n');
  if (cache.bundles && cache.bundles.socialImage === socialImage && cache.bundles.besideKey === besideKey) return cache.bundles;
  const [templates, assets] = await Promise.all([loadTemplates(root), bundleAssets(root, socialImage)]);
  const images = await processImages(root, [...assets.publicFiles, ...beside]);
  cache.bundles = { templates, assets, images, socialImage, besideKey };
  return cache.bundles;
}

/** A feed per blog category, with the excerpts of its latest articles. */
function categoryFeeds(content: Content, published: Article[], baseUrl: string): { file: string; text: string }[] {
  return [...categoriesOf(published)].map(([name, articles]) => {
    const page = categoryPath(name);
    const text = (template: string) => categoryText(template, name);
    const feed = { title: text(content.blogPage.category.feedTitle), description: text(content.blogPage.category.intro), page, self: `${page}feed.xml` };
    return { file: `${page.slice(1)}feed.xml`, text: rssFeed(content, articles, undefined, baseUrl, feedLength, feed) };
  });
}

/** Takes a non-page file over from the previous output when its bytes are the same, else writes it. */
async function writeUnlessUnchanged(writer: Writer, cache: BuildCache, file: OutputFile): Promise<void> {
  const stamp = cache.files.get(file.file);
  if (cache.outDir === writer.id && stamp?.hash && stamp.hash === hashBytes(file.bytes) && writer.reuse(file.file, stamp)) return;
  await writer.write(file.file, file.bytes);
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
 * With CLINIC_SITE_TIMINGS set, prints each stage's time and the process's CPU time in it to stderr (for profiling and the bench);
 * otherwise a no-op.
 */
function stageTimer(started: number): (name: string) => void {
  if (!process.env.CLINIC_SITE_TIMINGS) return () => undefined;
  let last = started;
  // Process CPU (every thread: the render workers' too), so that the cost of a stage can be told from waiting.
  let lastCpu = process.cpuUsage();
  return (name) => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    process.stderr.write(`  ${(now - last).toFixed(0).padStart(6)} ms  ${cpuMs.toFixed(0).padStart(6)} ms CPU  ${name}\n`);
    last = now;
    lastCpu = cpu;
  };
}

function sized(file: string, data: string | Uint8Array): SizedFile {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let gzip = typeof data === 'string' ? undefined : gzipSizes.get(data);
  if (gzip === undefined) {
    gzip = gzipSync(bytes, { level: 9 }).length;
    if (typeof data !== 'string') gzipSizes.set(data, gzip);
  }
  return { file, bytes: bytes.length, gzip };
}

/** Compressed sizes of the bundles, which the dev server keeps from build to build. */
const gzipSizes = new WeakMap<Uint8Array, number>();
