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
import { generateArticles } from '../harness/articles.mjs';
import { waitForQuiet } from '../harness/measure.mjs';
import { snapshotProduct } from '../harness/product.mjs';
import { benchDir, ourTool } from '../harness/tools.mjs';
import { analyse, format } from './cpuprofile.mjs';

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

  // 1. CPU profile of the real CLI.
  const profDir = join(work, 'prof');
  await waitForQuiet();
  const cli = spawnSync(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '250', ours.bin, 'build', '--out', join(work, 'out')],
    { cwd: site, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  const buildStatus = cli.status === 0 ? 'succeeded' : `failed (exit ${cli.status}): ${(cli.stderr || cli.stdout).trim().split('\n')[0]}`;
  const profileFile = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  const analysis = analyse(JSON.parse(readFileSync(join(profDir, profileFile), 'utf8')));

  // 2 and 3. The real functions of src/, bundled into the site copy so packages resolve there.
  const pipelineFile = bundlePipeline(site);
  const runStages = async (mode, env = {}) => {
    await waitForQuiet();
    const r = spawnSync(process.execPath, [join(benchDir, 'profile', 'stages.mjs'), site, pipelineFile, mode], {
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      env: { ...process.env, ...env },
    });
    if (r.status !== 0) throw new Error(`stages.mjs ${mode} failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const pipeline = await runStages('pipeline');
  // React picks its development or production build from NODE_ENV when first imported.
  const pipelineProduction = await runStages('pipeline', { NODE_ENV: 'production' });
  const perArticle = await runStages('articles');

  const raw = { date: new Date().toISOString(), n, node: process.versions.node, product: version, build: buildStatus, cpuProfile: analysis, pipeline, pipelineProduction, perArticle };
  const md = report(raw);
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(join(benchDir, 'results', `profile-${stamp}.json`), `${JSON.stringify(raw, null, 2)}\n`);
  writeFileSync(join(benchDir, 'results', `profile-${stamp}.md`), `${md}\n`);
  process.stdout.write(`${md}\n\nkept in bench/results/profile-${stamp}.{md,json}\n`);
} finally {
  if (options.keep) process.stdout.write(`work folder kept: ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}

/** Bundles the build's functions from the site's copy of src/ into one module (packages stay imports). */
function bundlePipeline(root) {
  const entry = join(root, '.bench', 'entry.ts');
  mkdirSync(join(root, '.bench'), { recursive: true });
  const src = (path) => JSON.stringify(join(root, 'src', path));
  const optional = (path, names) => (existsSync(join(root, 'src', path)) ? `export { ${names} } from ${src(path)};\n` : '');
  writeFileSync(
    entry,
    `export { loadContent } from ${src('content/load.ts')};
export { loadArticle } from ${src('content/article.ts')};
export { markdownToHtml, readTimeOf } from ${src('content/markdown.ts')};
export { parseYaml } from ${src('content/yaml.ts')};
export { validate } from ${src('content/validate.ts')};
export { articleSchema } from ${src('schemas/article.ts')};
export { buildRoutes, longUsDate, publishedArticles } from ${src('routes.ts')};
export { loadTemplates } from ${src('templates.ts')};
export { bundleAssets } from ${src('assets.ts')};
export { externalLinks, renderView, viewOf } from ${src('render.ts')};
export { verifyLinks } from ${src('verify.ts')};
export { diskWriter } from ${src('writer.ts')};
export { robotsTxt, rssFeed, sitemaps } from ${src('feeds.ts')};
${optional('headers.ts', 'headersFile')}export { default as matter } from 'gray-matter';
export { remark } from 'remark';
export { default as remarkHtml } from 'remark-html';
export { toHast } from 'mdast-util-to-hast';
export { sanitize } from 'hast-util-sanitize';
export { toHtml } from 'hast-util-to-html';
export { micromark } from 'micromark';
`,
  );
  // The article loader alone, for worker threads.
  writeFileSync(join(root, '.bench', 'article.ts'), `export { loadArticle } from ${src('content/article.ts')};\n`);
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
  const ms = (v) => (v === undefined ? '–' : Math.round(v).toLocaleString('en-US'));
  const per = (v) => (v / raw.n).toFixed(3);
  const lines = [`### Profile of one build at N = ${raw.n.toLocaleString('en-US')} (${raw.date.slice(0, 10)}, clinic-site ${raw.product}, Node ${raw.node})`, '', `The CLI build ${raw.build}.`, ''];
  lines.push('#### CPU profile of the CLI build (`node --cpu-prof`, 250 µs sampling)', '', format(raw.cpuProfile, 20), '');

  const p = raw.pipeline.pipeline;
  const q = raw.pipelineProduction.pipeline;
  const stageTotal = Object.values(p.stagesMs).reduce((a, b) => a + b, 0);
  const prodTotal = Object.values(q.stagesMs).reduce((a, b) => a + b, 0);
  lines.push('#### The build\'s stages, timed one by one (fresh process, as `src/build.ts` orders them)', '');
  lines.push('| stage | ms (as the CLI runs: NODE_ENV unset) | share | ms with NODE_ENV=production |', '| --- | ---: | ---: | ---: |');
  for (const [name, value] of Object.entries(p.stagesMs)) lines.push(`| ${name} | ${ms(value)} | ${((100 * value) / stageTotal).toFixed(1)}% | ${ms(q.stagesMs[name])} |`);
  lines.push(`| **sum** | **${ms(stageTotal)}** | | **${ms(prodTotal)}** |`);
  lines.push(
    '',
    `${p.routes} routes (${p.articlePages} article pages), ${p.htmlMb.toFixed(1)} MB of HTML; RSS after rendering ${Math.round(p.rssMbAfterRender)} MB, peak ${Math.round(raw.pipeline.memory.peakRssMb)} MB (production React: ${Math.round(q.rssMbAfterRender)} MB, peak ${Math.round(raw.pipelineProduction.memory.peakRssMb)} MB).` +
      (p.verifyError ? ` verifyLinks reported: ${p.verifyError}` : ''),
    '',
  );

  const [cold, warm] = raw.perArticle.passes;
  lines.push('#### Per article (loadArticle\'s steps taken apart)', '');
  lines.push(`| step | pass 1 total ms (cold JIT, as in a CLI build) | ms per article | pass 2 total ms (warm) | ms per article |`, '| --- | ---: | ---: | ---: | ---: |');
  const steps = { grayMatter: 'gray-matter split (YAML engine stubbed)', yaml: 'YAML parse (yaml, with positions)', validate: 'zod validation', remarkParse: 'remark parse (micromark → mdast)', remarkRun: 'remark run (no transformers)', toHast: 'mdast → hast', sanitize: 'hast-util-sanitize', toHtml: 'hast → HTML', readTime: 'read-time estimate', loadArticle: '**loadArticle, end to end**' };
  for (const [key, label] of Object.entries(steps)) lines.push(`| ${label} | ${ms(cold.totalsMs[key])} | ${per(cold.totalsMs[key])} | ${ms(warm.totalsMs[key])} | ${per(warm.totalsMs[key])} |`);
  const alt = raw.perArticle.alternatives;
  lines.push(
    '',
    `Reading the ${raw.n} files: ${ms(raw.perArticle.readFilesMs)} ms.`,
    '',
    '#### Alternatives on the same bodies (warm)', '',
    '| variant | total ms | ms per article |', '| --- | ---: | ---: |',
    `| markdownToHtml as built (one frozen processor, sanitize on) | ${ms(alt.markdownToHtmlMs)} | ${per(alt.markdownToHtmlMs)} |`,
    `| same without the sanitizer | ${ms(alt.remarkHtmlNoSanitizeMs)} | ${per(alt.remarkHtmlNoSanitizeMs)} |`,
    `| a new processor per article | ${ms(alt.freshProcessorPerArticleMs)} | ${per(alt.freshProcessorPerArticleMs)} |`,
    `| micromark to HTML directly (raw HTML escaped, no AST) | ${ms(alt.micromarkMs)} | ${per(alt.micromarkMs)} |`,
    `| SHA-1 of every file (a cache key) | ${ms(alt.sha1OfAllTextsMs)} | ${per(alt.sha1OfAllTextsMs)} |`,
    `| loadArticle in 2 worker threads (start-up, import, copy back included) | ${ms(alt.workers.wallMs)} wall | ${(alt.workers.wallMs / raw.n).toFixed(3)} |`,
    `| longUsDate (toLocaleDateString per call) for every article | ${ms(alt.longUsDateMs)} | ${per(alt.longUsDateMs)} |`,
    `| one cached Intl.DateTimeFormat (same strings: ${alt.sameDates}) | ${ms(alt.cachedDateFormatMs)} | ${per(alt.cachedDateFormatMs)} |`,
    '',
    `Workers: import ${alt.workers.importMsPerWorker.map(ms).join(' / ')} ms, then ${alt.workers.busyMsPerWorker.map(ms).join(' / ')} ms of work each.`,
    `micromark's HTML equals remark-html's for ${Math.round(alt.micromarkSameAsRemark * 100)}% of the first 20 bodies.`,
  );
  return lines.join('\n');
}
