/**
 * Per-article timings of the markdown side of our pipeline, run by bench/profile/run.mjs in a
 * fresh process: `node stages.mjs SITE PIPELINE.mjs`. PIPELINE.mjs is a few functions of src/
 * bundled by run.mjs (packages left external). Prints one JSON object. The rest of the build
 * (rendering, verification, writes) is measured from the CLI's CPU profile instead, so that
 * nothing here has to mirror src/build.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const [site, pipelineFile] = process.argv.slice(2);
const benchDir = fileURLToPath(new URL('..', import.meta.url));
const M = await import(pathToFileURL(pipelineFile).href);
// The product's modules come as namespaces, so that a renamed export shows up as a missing number, not a crash.
const P = { ...M.yamlModule, ...M.validateModule, ...M.articleSchemaModule, ...M.markdownModule, ...M.articleModule, ...M.routesModule, ...M };
const blogDir = join(site, 'content', 'blog');
const names = readdirSync(blogDir).filter((n) => n.endsWith('.md')).sort();
const readStart = performance.now();
const texts = names.map((n) => readFileSync(join(blogDir, n), 'utf8'));
const readMs = performance.now() - readStart;
const out = { articles: names.length, readFilesMs: readMs, passes: [], alternatives: {}, memory: {} };

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
  // The product's own functions for one article, end to end: loadArticle (split, YAML, validation, and
  // markdown where it renders the body itself), then markdownToHtml where it leaves the body as markdown.
  let a = performance.now();
  const loaded = texts.map((text, i) => P.loadArticle(`content/blog/${names[i]}`, text, P.articleSchema, errors)?.article);
  t.loadArticle = performance.now() - a;
  a = performance.now();
  for (const article of loaded) if (article && article.html === undefined && typeof article.markdown === 'string') P.markdownToHtml(article.markdown);
  t.laterMarkdownToHtml = performance.now() - a;
  t.endToEnd = t.loadArticle + t.laterMarkdownToHtml;
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
// Eleventy's parser, for reference (from the harness's own dependencies; not a product dependency).
try {
  const MarkdownIt = createRequire(join(benchDir, 'package.json'))('markdown-it');
  const md = new MarkdownIt({ html: false });
  out.alternatives.markdownItMs = time(() => bodies.forEach((b) => md.render(b)));
} catch {
  out.alternatives.markdownItMs = undefined;
}
out.alternatives.sha1OfAllTextsMs = time(() => texts.forEach((t) => createHash('sha1').update(t).digest('hex')));
const dates = texts.map((t) => /publishDate: (\S+)/.exec(t)[1]);
out.alternatives.longUsDateMs = time(() => dates.forEach((d) => P.longUsDate(d)));
const usDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
out.alternatives.cachedDateFormatMs = time(() => dates.forEach((d) => usDate.format(new Date(`${d}T12:00:00Z`))));
out.alternatives.sameDates = dates.every((d) => usDate.format(new Date(`${d}T12:00:00Z`)) === P.longUsDate(d));
out.alternatives.micromarkSameAsRemark = bodies.slice(0, 20).filter((b) => P.micromark(b).trim() === P.markdownToHtml(b).trim()).length / Math.min(20, bodies.length);

// 3. Two worker threads doing loadArticle for half the articles each, start-up and copying included.
out.alternatives.workers = await workers(2);

// 4. Writing one page per article (40 KB each, about our article page), all at once as the build does,
//    on the work folder's file system (a tmpfs under run.mjs).
const page = 'x'.repeat(40_000);
for (const [label, base] of [['work', join(site, '..')]]) {
  const dir = join(base, `clinic-write-test-${process.pid}`);
  const a = performance.now();
  for (const name of names) mkdirSync(join(dir, name), { recursive: true });
  await Promise.all(names.map((name) => writeFile(join(dir, name, 'index.html'), page)));
  out.alternatives[`write40kbPages_${label}Ms`] = performance.now() - a;
  rmSync(dir, { recursive: true, force: true });
}

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
      const articles = workerData.items.map(([name, text]) => P.loadArticle('content/blog/' + name, text, P.articleSchema, errors)?.article);
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
