/**
 * Per-article and per-stage timings of our pipeline, run by bench/profile/run.mjs in a fresh
 * process: `node stages.mjs SITE PIPELINE.mjs`. PIPELINE.mjs is src/ bundled by run.mjs (the
 * real functions of the build, packages left external). Prints one JSON object.
 *
 *   node stages.mjs SITE PIPELINE.mjs pipeline   the build's stages, timed one by one, in a fresh process
 *   node stages.mjs SITE PIPELINE.mjs articles   per-article steps (cold and warm JIT), alternatives, workers
 *
 * The stage sequence mirrors src/build.ts; where build.ts changes, change `pipeline()` too.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';

const [site, pipelineFile, mode = 'articles'] = process.argv.slice(2);
const P = await import(pathToFileURL(pipelineFile).href);
const blogDir = join(site, 'content', 'blog');
const names = readdirSync(blogDir).filter((n) => n.endsWith('.md')).sort();
const readStart = performance.now();
const texts = names.map((n) => readFileSync(join(blogDir, n), 'utf8'));
const readMs = performance.now() - readStart;
const out = { articles: names.length, readFilesMs: readMs, passes: [], alternatives: {}, memory: {} };
if (mode === 'pipeline') {
  out.pipeline = await pipeline();
  out.memory.peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

/** Splits a markdown file the way gray-matter does, without parsing the YAML. */
function split(text) {
  let front = '';
  const parsed = P.matter(text, { engines: { yaml: (s) => ((front = s), {}) } });
  return { front, body: parsed.content };
}

// 1. Per-article steps, twice: pass 1 is what a one-shot CLI build pays (cold JIT), pass 2 is steady state.
const processor = P.remark().use(P.remarkHtml, { sanitize: true }).freeze();
for (let pass = 1; pass <= 2; pass++) {
  const t = { grayMatter: 0, yaml: 0, validate: 0, remarkParse: 0, remarkRun: 0, toHast: 0, sanitize: 0, toHtml: 0, readTime: 0, loadArticle: 0 };
  const errors = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i];
    const file = `content/blog/${names[i]}`;
    let a = performance.now();
    const { front, body } = split(text);
    let b = performance.now();
    t.grayMatter += b - a;
    const { source } = P.parseYaml(file, front, 1);
    a = performance.now();
    t.yaml += a - b;
    P.validate(source, P.articleSchema, errors);
    b = performance.now();
    t.validate += b - a;
    const mdast = processor.parse(body);
    a = performance.now();
    t.remarkParse += a - b;
    const tree = processor.runSync(mdast);
    b = performance.now();
    t.remarkRun += b - a;
    const hast = P.toHast(tree, { allowDangerousHtml: false });
    a = performance.now();
    t.toHast += a - b;
    const clean = P.sanitize(hast);
    b = performance.now();
    t.sanitize += b - a;
    P.toHtml(clean, { allowDangerousHtml: false });
    a = performance.now();
    t.toHtml += a - b;
    P.readTimeOf(body);
    b = performance.now();
    t.readTime += b - a;
  }
  // The product's own function for one article, end to end (split + YAML + validation + markdown).
  const a = performance.now();
  for (let i = 0; i < texts.length; i++) P.loadArticle(`content/blog/${names[i]}`, texts[i], errors);
  t.loadArticle = performance.now() - a;
  out.passes.push({ pass, totalsMs: t, errors: errors.length });
}

// 2. Alternatives, on the same bodies (steady state, after pass 1 and 2 warmed the shared code).
const bodies = texts.map((text) => split(text).body);
const time = (fn) => {
  fn(); // warm-up pass
  const a = performance.now();
  fn();
  return performance.now() - a;
};
out.alternatives.markdownToHtmlMs = time(() => bodies.forEach((b) => P.markdownToHtml(b)));
const unsanitized = P.remark().use(P.remarkHtml, { sanitize: false }).freeze();
out.alternatives.remarkHtmlNoSanitizeMs = time(() => bodies.forEach((b) => unsanitized.processSync(b)));
out.alternatives.freshProcessorPerArticleMs = time(() => bodies.forEach((b) => P.remark().use(P.remarkHtml, { sanitize: true }).processSync(b)));
out.alternatives.micromarkMs = time(() => bodies.forEach((b) => P.micromark(b)));
out.alternatives.sha1OfAllTextsMs = time(() => texts.forEach((t) => createHash('sha1').update(t).digest('hex')));
const dates = texts.map((t) => /publishDate: (\S+)/.exec(t)[1]);
out.alternatives.longUsDateMs = time(() => dates.forEach((d) => P.longUsDate(d)));
const usDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
out.alternatives.cachedDateFormatMs = time(() => dates.forEach((d) => usDate.format(new Date(`${d}T12:00:00Z`))));
out.alternatives.sameDates = dates.every((d) => usDate.format(new Date(`${d}T12:00:00Z`)) === P.longUsDate(d));
out.alternatives.micromarkSameAsRemark = bodies.slice(0, 20).filter((b) => P.micromark(b).trim() === P.markdownToHtml(b).trim()).length / Math.min(20, bodies.length);

// 3. Two worker threads doing loadArticle for half the articles each, start-up and copying included.
out.alternatives.workers = await workers(2);

out.memory.rssMbAtEnd = process.memoryUsage().rss / 2 ** 20;
out.memory.peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify(out)}\n`);

async function workers(count) {
  const started = performance.now();
  const chunk = Math.ceil(texts.length / count);
  // Each worker imports only the markdown module's dependencies (gray-matter, yaml, zod, remark), as a real pool would.
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { pathToFileURL } = require('node:url');
    const begun = performance.now();
    import(pathToFileURL(workerData.articleFile).href).then((P) => {
      const imported = performance.now();
      const errors = [];
      const articles = workerData.items.map(([name, text]) => P.loadArticle('content/blog/' + name, text, errors)?.article);
      parentPort.postMessage({ articles, importMs: imported - begun, ms: performance.now() - imported });
    });`;
  const results = await Promise.all(
    Array.from({ length: count }, (_, w) => {
      const items = names.slice(w * chunk, (w + 1) * chunk).map((n, i) => [n, texts[w * chunk + i]]);
      return new Promise((resolve, reject) => {
        const worker = new Worker(code, { eval: true, workerData: { articleFile: pipelineFile.replace(/pipeline\.mjs$/, 'article.mjs'), items } });
        worker.once('message', (m) => {
          resolve(m);
          worker.terminate();
        });
        worker.once('error', reject);
      });
    }),
  );
  return { workers: count, wallMs: performance.now() - started, importMsPerWorker: results.map((r) => r.importMs), busyMsPerWorker: results.map((r) => r.ms), articles: results.reduce((n, r) => n + r.articles.length, 0) };
}

async function pipeline() {
  const t = {};
  const step = async (name, fn) => {
    const a = performance.now();
    const value = await fn();
    t[name] = performance.now() - a;
    return value;
  };
  const content = await step('loadContent', () => P.loadContent(site));
  const routeOptions = { drafts: false, future: false, today: new Date().toISOString().slice(0, 10), baseUrl: content.site.baseUrl };
  const routes = await step('buildRoutes', () => P.buildRoutes(content, routeOptions));
  const templates = await step('loadTemplates', () => P.loadTemplates(site));
  const assets = await step('bundleAssets', () => P.bundleAssets(site, content.site.socialImage));
  const links = P.externalLinks(content);
  const pages = [];
  let articleMs = 0;
  let otherMs = 0;
  let articlePages = 0;
  for (const route of routes) {
    const a = performance.now();
    const html = P.renderView(templates.module, P.viewOf(content, route, assets.links, links));
    const ms = performance.now() - a;
    if (route.page.template === 'article') {
      articleMs += ms;
      articlePages++;
    } else otherMs += ms;
    pages.push({ route, html });
  }
  t.renderArticlePages = articleMs;
  t.renderOtherPages = otherMs;
  const rssAfterRender = process.memoryUsage().rss / 2 ** 20;
  const published = P.publishedArticles(content, { ...routeOptions, drafts: false, future: false });
  const extras = await step('feeds', () => [
    ...P.sitemaps(routes, routeOptions.baseUrl),
    { file: 'robots.txt', text: P.robotsTxt(routeOptions.baseUrl) },
    { file: 'feed.xml', text: P.rssFeed(content, published, routeOptions.baseUrl) },
    ...(P.headersFile ? [{ file: '_headers', text: P.headersFile(content.site) }] : []),
  ]);
  const otherFiles = [...assets.bundled, ...assets.publicFiles].map((f) => f.file).concat(extras.map((e) => e.file));
  let verifyError;
  await step('verifyLinks', () => {
    try {
      P.verifyLinks(pages.map((p) => ({ path: p.route.path, html: p.html })), otherFiles);
    } catch (error) {
      verifyError = String(error.errors?.[0]?.title ?? error.message).slice(0, 200);
    }
  });
  const outDir = join(site, '.bench-out');
  const writer = P.diskWriter(outDir);
  await step('write', () =>
    Promise.all([
      ...pages.map((p) => writer.write(p.route.file, p.html)),
      ...assets.bundled.map((f) => writer.write(f.file, f.bytes)),
      ...assets.publicFiles.map((f) => writer.write(f.file, f.bytes)),
      ...extras.map((e) => writer.write(e.file, e.text)),
    ]),
  );
  await step('commit', () => writer.commit());
  await step('gzipEveryPageLevel9', () => pages.map((p) => gzipSync(Buffer.from(p.html), { level: 9 }).length));
  await step('gzipEveryPageLevel6', () => pages.map((p) => gzipSync(Buffer.from(p.html), { level: 6 }).length));
  rmSync(outDir, { recursive: true, force: true });
  const htmlBytes = pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0);
  return {
    stagesMs: t,
    routes: routes.length,
    articlePages,
    htmlMb: htmlBytes / 2 ** 20,
    rssMbAfterRender: rssAfterRender,
    verifyError,
  };
}
