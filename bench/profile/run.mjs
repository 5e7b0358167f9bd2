#!/usr/bin/env node
/**
 * Where our build spends its time at N articles (default 1,000):
 *   1. a CPU profile of the real CLI build (`node --cpu-prof`), summarised by module and function;
 *   2. the build's stages timed one by one in a fresh process (src/ bundled by esbuild);
 *   3. per-article steps: gray-matter, YAML, validation, remark parse, mdast→hast, sanitize,
 *      hast→HTML, and alternatives (micromark alone, no sanitizer, two worker threads).
 * Prints markdown and keeps it, with the raw numbers, in bench/results/profile-<date>.{md,json}.
 *
 *   node bench/profile/run.mjs [--n 1000] [--seed 20241] [--rev REV] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { editArticle, generateArticles } from '../harness/articles.mjs';
import { median, timedRun, waitForQuiet } from '../harness/measure.mjs';
import { snapshotProduct } from '../harness/product.mjs';
import { benchDir, ourTool } from '../harness/tools.mjs';
import { analyse, format, merge } from './cpuprofile.mjs';

const { values: options } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '20241' },
    rev: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const n = Number(options.n);
const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
// /dev/shm is a tmpfs on Linux: no disk effects in the numbers.
const base = existsSync('/dev/shm') ? '/dev/shm' : '/tmp';
const work = join(base, `clinic-profile-${process.pid}`);
const site = join(work, 'site');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

try {
  const articles = generateArticles(n, Number(options.seed));
  const productDir = join(work, 'product');
  const version = snapshotProduct(productDir, options.rev);
  const ours = ourTool(productDir, version);
  ours.prepare(site, articles);

  const out = join(work, 'out');
  const cliRun = async (args, env = {}) => {
    await waitForQuiet();
    return timedRun(process.execPath, [...args, ours.bin, 'build', '--out', out], { cwd: site, env });
  };

  // 1. CPU profile of a clean build with the real CLI (worker threads, if any, write their own profiles).
  const clean = await profiled(cliRun, join(work, 'prof-clean'), () => ours.clean(site, out));
  // 2. The same after one article changed, into the same output folder (a warm rebuild).
  const warm = await profiled(cliRun, join(work, 'prof-warm'), () => writeFileSync(join(site, 'content', 'blog', articles[0].file), editArticle(articles[0].text, 1)));

  // 3. React's development build against its production build, unprofiled, 3 clean builds each.
  const react = {};
  for (const mode of ['development', 'production']) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      ours.clean(site, out);
      const r = await cliRun([], { NODE_ENV: mode });
      runs.push({ ok: r.ok, wallMs: r.wallMs, cpuSeconds: r.cpuSeconds, peakRssMb: r.peakRssMb, otherCpu: r.otherCpu });
    }
    react[mode] = runs;
  }

  // 4. One article's load taken apart, and alternatives, with the real functions of src/.
  const pipelineFile = bundlePipeline(site);
  await waitForQuiet();
  const stages = spawnSync(process.execPath, [join(benchDir, 'profile', 'stages.mjs'), site, pipelineFile], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (stages.status !== 0) throw new Error(`stages.mjs failed: ${stages.stderr}`);
  const perArticle = JSON.parse(stages.stdout.trim().split('\n').pop());

  const raw = { date: new Date().toISOString(), n, node: process.versions.node, product: version, clean, warm, react, perArticle };
  const md = report(raw);
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(join(benchDir, 'results', `profile-${stamp}.json`), `${JSON.stringify(raw, null, 2)}\n`);
  writeFileSync(join(benchDir, 'results', `profile-${stamp}.md`), `${md}\n`);
  process.stdout.write(`${md}\n\nkept in bench/results/profile-${stamp}.{md,json}\n`);
} finally {
  if (options.keep) process.stdout.write(`work folder kept: ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}

/** Runs the CLI under --cpu-prof after `before()`; the analysis of the main thread and of any worker threads. */
async function profiled(cliRun, dir, before) {
  before();
  const run = await cliRun(['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '250']);
  const status = run.ok ? 'succeeded' : `failed (exit ${run.code}): ${(run.stderr || run.stdout).trim().split('\n')[0]}`;
  // Node names profiles CPU.<date>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main thread.
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
  const analyses = files.map((f) => ({ file: f, main: f.split('.')[3] === '0', ...analyse(JSON.parse(readFileSync(join(dir, f), 'utf8'))) }));
  const main = analyses.find((a) => a.main) ?? analyses[0];
  const workers = analyses.filter((a) => a !== main);
  return { status, wallMs: run.wallMs, cpuSeconds: run.cpuSeconds, peakRssMb: run.peakRssMb, otherCpu: run.otherCpu, main, workers: workers.length ? merge(workers) : undefined, workerThreads: workers.length };
}

/** Bundles the build's functions from the site's copy of src/ into one module (packages stay imports). */
function bundlePipeline(root) {
  const entry = join(root, '.bench', 'entry.ts');
  mkdirSync(join(root, '.bench'), { recursive: true });
  const src = (path) => JSON.stringify(join(root, 'src', path));
  writeFileSync(
    entry,
    `export * as articleModule from ${src('load/article.ts')};
export * as markdownModule from ${src('markdown/markdown.ts')};
export * as yamlModule from ${src('load/yaml.ts')};
export * as validateModule from ${src('validate/schema.ts')};
export * as articleSchemaModule from ${src('schemas/article.ts')};
export * as routesModule from ${src('route/dates.ts')};
export { default as matter } from 'gray-matter';
export { remark } from 'remark';
export { default as remarkHtml } from 'remark-html';
export { toHast } from 'mdast-util-to-hast';
export { sanitize } from 'hast-util-sanitize';
export { toHtml } from 'hast-util-to-html';
export { micromark } from 'micromark';
`,
  );
  // The article loader alone (with the schema it checks against), for worker threads.
  writeFileSync(join(root, '.bench', 'article.ts'), `export { loadArticle } from ${src('load/article.ts')};\nexport { articleSchema } from ${src('schemas/article.ts')};\n`);
  const esbuild = join(root, 'node_modules', 'esbuild', 'bin', 'esbuild');
  for (const [input, output] of [[entry, 'pipeline.mjs'], [join(root, '.bench', 'article.ts'), 'article.mjs']]) {
    const r = spawnSync(esbuild, [input, '--bundle', '--format=esm', '--platform=node', '--target=node20', '--packages=external', `--outfile=${join(root, '.bench', output)}`, '--log-level=warning'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bundling src/ for the profile failed: ${r.stderr}`);
  }
  return join(root, '.bench', 'pipeline.mjs');
}

/** The findings as markdown. */
function report(raw) {
  const ms = (v) => (v === undefined || !Number.isFinite(v) ? '–' : Math.round(v).toLocaleString('en-US'));
  const per = (v) => (v === undefined || !Number.isFinite(v) ? '–' : (v / raw.n).toFixed(3));
  const s = (v) => (v === undefined || !Number.isFinite(v) ? '–' : (v / 1000).toFixed(2));
  const lines = [`### Profile of our build at N = ${raw.n.toLocaleString('en-US')} (${raw.date.slice(0, 10)}, clinic-site ${raw.product}, Node ${raw.node})`, ''];

  for (const [title, run] of [['A clean build', raw.clean], ['A warm rebuild after one article changed', raw.warm]]) {
    lines.push(
      `#### ${title}: ${s(run.wallMs)} s wall, ${run.cpuSeconds?.toFixed(2)} s CPU, peak RSS ${Math.round(run.peakRssMb)} MB (under \`--cpu-prof\`; the build ${run.status})`,
      '',
      `Main thread${run.workerThreads ? ` (and ${run.workerThreads} worker threads, summed, below it)` : ''}:`,
      '',
      format(run.main, 20),
      '',
    );
    if (run.workers) lines.push(`Worker threads, summed:`, '', format(run.workers, 12), '');
  }

  const r = raw.react;
  const med = (runs, key) => median(runs.filter((x) => x.ok).map((x) => x[key]));
  lines.push(
    '#### React development against production build (clean builds, median of 3, no profiler)',
    '',
    '| NODE_ENV | wall s | CPU s | peak RSS MB |',
    '| --- | ---: | ---: | ---: |',
    ...['development', 'production'].map((m) => `| ${m} | ${s(med(r[m], 'wallMs'))} | ${med(r[m], 'cpuSeconds')?.toFixed(2)} | ${Math.round(med(r[m], 'peakRssMb'))} |`),
    '',
  );

  const [cold, warm] = raw.perArticle.passes;
  lines.push("#### Per article: loadArticle's steps taken apart", '');
  lines.push('| step | pass 1 total ms (cold JIT, as in a CLI build) | ms per article | pass 2 total ms (warm JIT) | ms per article |', '| --- | ---: | ---: | ---: | ---: |');
  const steps = {
    grayMatter: 'gray-matter split (YAML engine stubbed)',
    yaml: 'YAML parse (`yaml`, with positions)',
    validate: 'zod validation',
    remarkParse: 'remark parse (micromark → mdast)',
    remarkRun: 'remark run (no transformers)',
    toHast: 'mdast → hast',
    sanitize: 'hast-util-sanitize',
    toHtml: 'hast → HTML',
    readTime: 'read-time estimate',
    loadArticle: 'loadArticle (the product\'s function)',
    laterMarkdownToHtml: 'markdownToHtml of the body, where loadArticle leaves it for later',
    endToEnd: '**one article, end to end**',
  };
  for (const [key, label] of Object.entries(steps)) lines.push(`| ${label} | ${ms(cold.totalsMs[key])} | ${per(cold.totalsMs[key])} | ${ms(warm.totalsMs[key])} | ${per(warm.totalsMs[key])} |`);
  const alt = raw.perArticle.alternatives;
  lines.push(
    '',
    `Reading the ${raw.n.toLocaleString('en-US')} files: ${ms(raw.perArticle.readFilesMs)} ms. Writing ${raw.n.toLocaleString('en-US')} pages of 40 KB, one folder each, all at once (tmpfs): ${ms(alt.write40kbPages_workMs)} ms.`,
    '',
    '#### Alternatives on the same bodies (warm JIT)',
    '',
    '| variant | total ms | ms per article |',
    '| --- | ---: | ---: |',
    `| markdownToHtml as built (one frozen processor, sanitize on) | ${ms(alt.markdownToHtmlMs)} | ${per(alt.markdownToHtmlMs)} |`,
    `| the same without the sanitizer | ${ms(alt.remarkHtmlNoSanitizeMs)} | ${per(alt.remarkHtmlNoSanitizeMs)} |`,
    `| a new processor per article | ${ms(alt.freshProcessorPerArticleMs)} | ${per(alt.freshProcessorPerArticleMs)} |`,
    `| micromark straight to HTML (raw HTML escaped, no syntax trees) | ${ms(alt.micromarkMs)} | ${per(alt.micromarkMs)} |`,
    `| markdown-it (Eleventy's parser; html: false), for reference | ${ms(alt.markdownItMs)} | ${per(alt.markdownItMs)} |`,
    `| SHA-1 of every file (a cache key) | ${ms(alt.sha1OfAllTextsMs)} | ${per(alt.sha1OfAllTextsMs)} |`,
    `| loadArticle in 2 worker threads (start-up, imports, copying back included) | ${ms(alt.workers.wallMs)} wall | ${per(alt.workers.wallMs)} |`,
    `| longUsDate (toLocaleDateString) for every article | ${ms(alt.longUsDateMs)} | ${per(alt.longUsDateMs)} |`,
    `| one cached Intl.DateTimeFormat (same strings: ${alt.sameDates}) | ${ms(alt.cachedDateFormatMs)} | ${per(alt.cachedDateFormatMs)} |`,
    '',
    `Workers: imports took ${alt.workers.importMsPerWorker.map(ms).join(' / ')} ms, then ${alt.workers.busyMsPerWorker.map(ms).join(' / ')} ms of work each. ` +
      `micromark's HTML equals remark-html's for ${Math.round(alt.micromarkSameAsRemark * 100)}% of the first 20 bodies.`,
  );
  return lines.join('\n');
}
