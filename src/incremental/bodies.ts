/**
 * A rebuild in which only the bodies of articles changed: what an author saving an article does
 * most. An article's body shows on its own page and in the blog's feed, nowhere else; what other
 * pages show of it (its card: front matter, read time, the images and components its body names)
 * has a hash of its own. So when every input that changed since the last build into this output
 * is an article file whose card is the one that build read, and the output is as it left it, the
 * pages of those articles and the feed are all there is to make: this rebuild reads those articles
 * and the few their pages close with, routes, renders and verifies those pages alone, and writes
 * them into the output it takes over, without loading the other articles or making another route.
 * A build on disk works from the frame the last build left (Frame in cache.ts) with its record
 * (settled.ts); the dev server from the frame its last build left in memory, told by the watcher
 * what changed. Anything else, anything unexpected, and any problem in the content is left to the
 * whole pipeline, before a byte is written: that build then reports it as it always does.
 */
import { join } from 'node:path';
import type { OutputFile } from '../bundle/assets.ts';
import { templatesAt } from '../bundle/templates.ts';
import { SiteErrors } from '../errors.ts';
import { loadContent } from '../load/content.ts';
import type { Content } from '../load/types.ts';
import { sized, stageTimer, type BuildOptions, type BuildResult, type PipelineRun } from '../pipeline.ts';
import { renderPages, type RenderOutput, type SharedView } from '../render/render.ts';
import { blogFeed } from '../render/site-files.ts';
import { articlePath } from '../route/categories.ts';
import { relatedArticles } from '../route/blog.ts';
import { feedArticles, publishedArticles, routeFile, type Route, type RouteOptions } from '../route/routes.ts';
import { articlePageRoutes } from '../route/table.ts';
import type { Article } from '../schemas/article.ts';
import { findHref } from '../verify/find.ts';
import { normalizePath, verifyLinksTo, type LinkTargets } from '../verify/links.ts';
import { outputMarker } from '../write/guard.ts';
import type { KnownOutput } from '../write/writer.ts';
import { cacheOf, hashOfBytes, nul, pageRecord, readHead, recordedPageIds, saveCache, shardsWhole, type BuildCache, type Frame } from './cache.ts';
import { keepReloaded, narrowReader, type FreshFile } from './content.ts';
import { keptFeedBodies } from './output.ts';
import { largestPages, lostIds, sharedKeyOf, siteKeyOf } from './pages.ts';
import { recordSettled, type Edits, type InputSurvey, type SettledResult, type SettleKey } from './settled.ts';
import { statOf } from './stamps.ts';
import { shardOf } from './shards.ts';

/** A build whose inputs differ from the last record's in some stamps alone, as build() hands it over. */
export interface EditedRun extends PipelineRun {
  survey: InputSurvey;
  edits: Edits;
}

/** What the rebuild works from. */
interface EditPlan {
  /** The cache of the last build, with only the shards this rebuild reads or changes. */
  cache: BuildCache;
  frame: Frame;
  /** The changed article files, with the stamps the survey took. */
  fresh: FreshFile[];
  /** The card hash each changed article had when the last build read it. */
  cards: Map<string, string>;
  /** The articles taken from the memo as they are: those the changed pages close with, and the feed's when it changes. */
  kept: string[];
  /** The files of the feed's articles, in order. */
  feed: string[];
  /** Whether a changed article is in the feed (else the feed stays as it is). */
  feedChanged: boolean;
  /** The changed articles the last build showed. */
  wasShown: Set<string>;
}

/** The pages made again with their routes, and the feed when it changed. */
interface Remade {
  outputs: RenderOutput[];
  routes: Route[];
  feed: OutputFile | undefined;
  keepFeedBodies: () => void;
}

/**
 * Rebuilds the pages of the articles whose bodies alone changed; undefined when the whole pipeline
 * must run instead (with CLINIC_SITE_TIMINGS, the stage line says why).
 */
export async function bodyEdits(options: BuildOptions, run: EditedRun): Promise<BuildResult | undefined> {
  const stage = stageTimer(run.started);
  const plan = await planEdits(options.root, options.writer.id, run).catch(declined);
  stage(typeof plan === 'string' ? `bodies: no, ${plan}` : 'bodies: planned');
  if (typeof plan === 'string') return undefined;
  const { output } = run.edits;
  const made = await remakeAndWrite(options, run.key, plan, () => output.files, stage, { output, stamps: output.stamps });
  if (!made) return undefined;
  const { writer, root } = options;
  await saveCache(root, plan.cache).catch(() => undefined);
  const files = output.files.filter((f) => f !== outputMarker);
  const { result } = run.edits;
  recordSettled(root, writer, run.key, run.survey, run.edits.extra, { ...result, files }, plan.frame.generation);
  stage('bodies: recorded');
  return resultOf({ ...result, files }, made, run.started);
}

/**
 * In the dev server, after the watcher reported `changed`: rebuilds the pages of the articles
 * whose bodies alone changed, in memory, from the frame the last build left there; undefined when
 * the whole pipeline must run instead.
 */
export async function servedBodyEdits(options: BuildOptions & { cache: BuildCache; changed: Set<string> }, run: PipelineRun): Promise<BuildResult | undefined> {
  const stage = stageTimer(run.started);
  const { cache } = options;
  const plan = servedPlan(options.root, options.writer.id, cache, options.changed);
  stage(typeof plan === 'string' ? `bodies: no, ${plan}` : 'bodies: planned');
  if (typeof plan === 'string') return undefined;
  const reported = cache.reported!;
  const made = await remakeAndWrite(options, run.key, plan, () => cache.files.keys(), stage);
  if (!made) return undefined;
  // The articles loaded again take their places among those the next rebuild starts from. (Its
  // route table and pages still hold their last routes: it routes those few again, and takes
  // their pages over by the records made now.)
  keepReloaded(cache.content, plan.fresh.map((f) => f.file));
  return resultOf(reported, made, run.started);
}

/**
 * Remakes the pages of the plan, takes the output over (only now, and only as the last build left
 * it: until here nothing was written), writes and commits them, and records them in the cache;
 * undefined, with nothing written, when the pipeline must run instead.
 */
async function remakeAndWrite(options: BuildOptions, key: SettleKey, plan: EditPlan, outputFiles: () => Iterable<string>, stage: (name: string) => void, last?: { output: KnownOutput; stamps: Float64Array }): Promise<Remade | undefined> {
  const made = await remake(options, key, plan, outputFiles).catch(declined);
  stage(typeof made === 'string' ? `bodies: no, ${made}` : `bodies: rendered ${made.outputs.length}`);
  if (typeof made === 'string') return undefined;
  if (!options.writer.takeOver?.(last)) {
    stage('bodies: no, the output is not as the last build left it');
    return undefined;
  }
  const { writer } = options;
  const { cache } = plan;
  // The feed is written when its bytes changed (a change to a page's interactive parts alone leaves it as it is).
  const feed = made.feed && cache.files.get(made.feed.file)?.hash !== hashOfBytes(cache, made.feed.bytes) ? made.feed : undefined;
  try {
    for (const output of made.outputs) await writer.write(output.file, output.html);
    if (feed) await writer.write(feed.file, feed.bytes);
    await writer.commit();
  } catch (error) {
    await writer.discard();
    throw error;
  }
  stage('bodies: committed');
  // The cache takes in what was written only now that the output is committed.
  const stamps = writer.stamps();
  const keys = new Map(made.routes.map((r) => [r.file, r.key]));
  for (const output of made.outputs) {
    cache.pages.set(output.file, pageRecord(cache, output.file, keys.get(output.file)!, output.ids, output.links));
    const { size, mtimeMs } = stamps.get(output.file)!;
    cache.files.set(output.file, { size, mtimeMs });
  }
  if (feed) cache.files.set(feed.file, { ...stamps.get(feed.file)!, hash: hashOfBytes(cache, feed.bytes) });
  made.keepFeedBodies();
  return made;
}

/** What a rebuild of bodies reports: what the last build reported of the site (`last`, read when asked for), and its own work. */
function resultOf(last: SettledResult, made: Remade, started: number): BuildResult {
  const largest = largestPages(1);
  largest.add(made.outputs);
  const page = largest.pages[0];
  return {
    pages: last.pages,
    warnings: last.warnings,
    get assets() {
      return last.assets;
    },
    get files() {
      return last.files;
    },
    rendered: made.outputs.length,
    // Compressed when read (the summary of `build`), not on every save in the dev server.
    get largestPage() {
      return page && sized(page.file, page.html);
    },
    elapsedMs: performance.now() - started,
    way: 'bodies',
  };
}

/**
 * Whether the changes are article bodies alone as far as stamps tell (every changed path an
 * article file, or a folder that holds the same entries), and the cache holds the last build's
 * frame and every article the rebuild needs: the plan, with the shards it reads; else why not.
 */
async function planEdits(root: string, outDir: string, run: EditedRun): Promise<EditPlan | string> {
  const fresh = changedArticles(root, run);
  if (!fresh) return 'a file other than an article changed';
  const head = await readHead(root);
  const frame = head?.frame;
  if (!head || !frame || frame.generation !== run.edits.generation || head.outDir !== outDir || !head.verified) return 'the cache is not of the last build into this output';
  // The pipeline mends a damaged cache; this rebuild would save it again with the shards it did not read as they are.
  if (!shardsWhole(root, head)) return 'a file of the cache is missing or damaged';
  const around = neighbours(frame, fresh);
  const shards = new Set([...around.kept, ...fresh.flatMap((f) => [f.file, pageFileOf(f.file)]), ...(around.feedChanged ? ['feed.xml'] : [])].map(shardOf));
  const cache = await cacheOf(root, head, shards);
  for (const { file, was } of fresh) {
    // The memo must hold the article as the last build read it: the cache and the record are of the same build.
    const entry = cache.content.articles.get(file);
    if (!entry || entry.size !== was.size || entry.mtimeMs !== was.mtimeMs || entry.ctimeMs !== was.ctimeMs) return `the cache does not hold ${file} as the last build read it`;
  }
  return planOf(cache, frame, fresh.map(({ was: _was, ...file }) => file), around);
}

/**
 * The dev server's plan: the changed paths are articles whose files are there, and its memory
 * holds the frame of its last build, which passed (a failed build leaves none) into this output.
 */
function servedPlan(root: string, outDir: string, cache: BuildCache, changed: Set<string>): EditPlan | string {
  const { frame, routeTable, lastPages, reported } = cache;
  const failed = cache.content.loaded?.failed.length ?? 1;
  // The route table and the pages taken over next are those of the last build: one and the same list.
  if (!frame || !cache.verified || cache.outDir !== outDir || !reported || failed > 0 || !routeTable || routeTable.routes !== lastPages?.routes) return 'the last build did not pass';
  const fresh: FreshFile[] = [];
  for (const file of changed) {
    const path = join(root, file);
    const info = articleFile.test(file) ? statOf(path) : undefined;
    if (!info?.isFile()) return 'a file other than an article changed';
    fresh.push({ path, file, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });
  }
  if (fresh.length === 0) return 'no article changed';
  return planOf(cache, frame, fresh, neighbours(frame, fresh));
}

/** The articles the pages of the changed ones close with (worked out from the frame's order and categories alone, as the route stage does) and the feed's. */
function neighbours(frame: Frame, fresh: readonly { file: string }[]): { kept: Set<string>; feed: string[]; feedChanged: boolean; wasShown: Set<string> } {
  const shown = frame.shown === '' ? [] : frame.shown.split(nul);
  const categories = frame.categories.split(nul);
  const feed = frame.feed === '' ? [] : frame.feed.split(nul);
  const changed = new Set(fresh.map((f) => f.file));
  const feedChanged = feed.some((file) => changed.has(file));
  const kept = new Set(feedChanged ? feed : []);
  const stubs = shown.map((file, i) => ({ file, category: categories[i]! }));
  const wasShown = new Set<string>();
  for (const stub of stubs) {
    if (!changed.has(stub.file)) continue;
    wasShown.add(stub.file);
    for (const other of relatedArticles(stub, stubs)) kept.add(other.file);
  }
  for (const file of changed) kept.delete(file);
  return { kept, feed, feedChanged, wasShown };
}

/** The plan, once the memo is known to hold every article as the last build read it: each changed one's card then, and each kept one. */
function planOf(cache: BuildCache, frame: Frame, fresh: FreshFile[], { kept, feed, feedChanged, wasShown }: ReturnType<typeof neighbours>): EditPlan | string {
  const cards = new Map<string, string>();
  for (const { file } of fresh) {
    const entry = cache.content.articles.get(file);
    if (!entry) return `the cache does not hold ${file} as the last build read it`;
    cards.set(file, entry.article.cardHash);
  }
  if (![...kept].every((file) => cache.content.articles.has(file))) return 'the cache lacks an article the pages show';
  return { cache, frame, fresh, cards, kept: [...kept], feed, feedChanged, wasShown };
}

/** An article file of the project (content/blog/x.md), as the survey and the watcher name it: the only change a rebuild of bodies takes. */
const articleFile = /^content\/blog\/[^/.][^/]*\.md$/;

/** Why the pipeline runs after a throw: a problem in the content (which it reports), or anything else. */
function declined(error: unknown): string {
  return error instanceof SiteErrors ? 'a problem the pipeline reports' : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
}

/** The changed article files with their stamps now and then; undefined when something else changed. */
function changedArticles(root: string, run: EditedRun): (FreshFile & { was: Edits['changed'][number]['was'] })[] | undefined {
  const { survey } = run;
  const articles: (FreshFile & { was: Edits['changed'][number]['was'] })[] = [];
  for (const { path, index: i, was } of run.edits.changed) {
    // A folder whose time changed holds the same entries (the survey lists the same paths): an editor saved through a temporary file.
    if (survey.kinds[i] === 2) continue;
    if (survey.kinds[i] !== 1 || !articleFile.test(path)) return undefined;
    articles.push({ path: join(root, path), file: path, size: survey.stamps[3 * i]!, mtimeMs: survey.stamps[3 * i + 1]!, ctimeMs: survey.stamps[3 * i + 2]!, was });
  }
  return articles.length > 0 ? articles : undefined;
}

/** The output file of an article's page. */
function pageFileOf(articleFile: string): string {
  return routeFile(articlePath(articleFile.slice('content/blog/'.length, -'.md'.length)));
}

/**
 * Loads the changed articles (and those their pages show), checks that each card is the one the
 * last build read, and renders and verifies their pages and the feed; why not, or a throw, when
 * the whole pipeline must run instead.
 */
async function remake(options: BuildOptions, key: SettleKey, plan: EditPlan, outputFiles: () => Iterable<string>): Promise<Remade | string> {
  const { root } = options;
  const { cache, frame } = plan;
  const content = await loadContent(root, narrowReader(cache.content, root, plan.fresh, plan.kept));
  const edited = content.articles.filter((a) => plan.cards.has(a.file));
  const card = edited.find((a) => a.cardHash !== plan.cards.get(a.file));
  if (card || edited.length !== plan.cards.size) return `what ${card?.file ?? 'an article'} shows elsewhere changed`;
  const routeOptions: RouteOptions = { drafts: key.drafts, future: key.future, today: key.today, baseUrl: key.baseUrl ?? content.site.baseUrl };
  const shared = frame.shared;
  const templates = templatesAt(frame.templates);
  // What every page shares must be what the last build rendered with: then its records hold.
  if (sharedKeyOf(templates, shared, siteKeyOf(content.catalogueKey, routeOptions)) !== cache.sharedKey) return 'what every page shares is not what the last build rendered with';
  const shown = publishedArticles(content, routeOptions);
  // Each changed article is shown now exactly when it was (its card and the day are the same: a check, not an expectation).
  const pages = shown.filter((a) => plan.cards.has(a.file));
  if (pages.length !== edited.filter((a) => plan.wasShown.has(a.file)).length || pages.some((a) => !plan.wasShown.has(a.file))) return 'an article is shown where it was not, or not where it was';
  const inFeed = new Set(plan.feed);
  const routes = articlePageRoutes(content, routeOptions, shared.images, pages, shown, shown.filter((a) => inFeed.has(a.file)));
  const outputs: RenderOutput[] = [];
  await renderPages(routes, templates, shared, async (batch) => void outputs.push(...batch));
  // A page that lost an element id may break a link elsewhere: the pipeline follows every link again.
  if (outputs.some((output) => lostIds(cache, output))) return 'a page lost an element id';
  verifyEdited(root, frame, cache, outputFiles, outputs, routes);
  const feed = plan.feedChanged ? feedOf(content, routeOptions, shown, shared, outputs, cache) : undefined;
  return { outputs, routes, feed: feed?.file, keepFeedBodies: feed?.keep ?? (() => undefined) };
}

/** The blog's feed made again from the bodies of its articles: the changed ones from their pages' parse, the others as the last build kept them. */
function feedOf(content: Content, options: RouteOptions, shown: Article[], shared: SharedView, outputs: RenderOutput[], cache: BuildCache): { file: OutputFile; keep: () => void } {
  const rendered = new Map(outputs.flatMap((o) => (o.feed ? [[o.feed.article, o.feed.html] as const] : [])));
  const bodies = keptFeedBodies(cache, content, shared, rendered);
  return { file: blogFeed(content, feedArticles(content, options, shown), bodies.bodyOf, options.baseUrl), keep: bodies.keep };
}

/**
 * Follows the links of the pages made again into every page of the last build (the ids of a page
 * read from its record, only when a link points into it, and from its new render for the pages
 * made again) and every other file of the output.
 */
function verifyEdited(root: string, frame: Frame, cache: BuildCache, outputFiles: () => Iterable<string>, outputs: RenderOutput[], routes: readonly Route[]): void {
  const byFile = new Map(outputs.map((o) => [o.file, o]));
  const from = routes.flatMap((route) => {
    const output = byFile.get(route.file);
    return output ? [{ path: route.path, ids: output.ids, links: output.links }] : [];
  });
  const made = new Map(from.map((page) => [normalizePath(page.path), page]));
  const last = lastTargets(root, cache, frame, outputFiles);
  verifyLinksTo({ ...last, page: (path) => made.get(path) ?? last.page(path) }, from, (href, on) => findHref(root, href, on));
}

/**
 * Where links could lead in the output of the build that left `frame`: its pages (their ids read
 * from their records when asked for) and its other files. Kept in the cache for as long as the
 * frame is the same: the dev server then works it out once for many rebuilds of bodies.
 */
function lastTargets(root: string, cache: BuildCache, frame: Frame, outputFiles: () => Iterable<string>): LinkTargets {
  if (cache.linkTargets?.frame === frame) return cache.linkTargets.targets;
  const shards = new Map<number, Map<string, string[]>>();
  const pages = new Map<string, { readonly ids: string[] }>();
  for (const path of frame.pages.split(nul)) {
    const file = routeFile(path);
    pages.set(normalizePath(path), {
      get ids() {
        return recordedPageIds(root, cache, file, shards);
      },
    });
  }
  // The pages' own files among the rest change nothing: a link to a page is followed to the page first.
  const files = new Set<string>();
  for (const file of outputFiles()) if (file !== outputMarker) files.add(`/${file}`);
  const targets: LinkTargets = { page: (path) => pages.get(path), file: (path) => files.has(path), paths: () => pages.keys() };
  cache.linkTargets = { frame, targets };
  return targets;
}
