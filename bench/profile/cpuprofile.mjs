#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by module and by function,
 * and inclusive time of the pipeline's stage functions.
 *
 *   node bench/profile/cpuprofile.mjs FILE.cpuprofile [--top 25] [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

/**
 * The build's stage functions (and hot helpers) whose inclusive time is reported, as
 * `name` or `name@module` where the name alone is ambiguous.
 */
export const stageFunctions = [
  'build@clinic-site src/build.ts', 'loadContent', 'loadArticles', 'loadArticle', 'matter@gray-matter', 'parseYaml', 'parseYamlLazily', 'validate@clinic-site src/validate/schema.ts',
  'markdownToHtml', 'readTimeOf', 'fromMarkdown@mdast-util-from-markdown', 'compiler@remark-html', 'toHast@mdast-util-to-hast',
  'sanitize@hast-util-sanitize', 'toHtml@hast-util-to-html',
  'longUsDate', 'buildRoutes', 'loadTemplates', 'bundleAssets', 'processImages', 'checkImageReferences', 'renderPages', 'renderInWorkers',
  'renderRoute', 'renderView', 'renderToStaticMarkup', 'pageLinks', 'idsOf', 'internalLinksOf', 'sitemaps', 'rssFeed', 'verifyLinks',
  'loadCache', 'saveCache', 'hashOf', 'write@clinic-site src/write/writer.ts', 'commit@clinic-site src/write/writer.ts', 'sized', 'gzipSync',
];

/**
 * Maps call frames of bundled files (our lib/, which bundles most packages) back to their
 * original source through the bundle's linked source map; frames of other files stay as they are.
 */
export function sourceMapResolver() {
  const consumers = new Map();
  return (callFrame) => {
    const { url } = callFrame;
    // The CLI is compiled as a script (lib/cli.cjs, loaded with its code cache): its frames carry a plain path.
    if (!(url.startsWith('file://') || url.startsWith('/')) || !/\.c?js$/.test(url)) return callFrame;
    if (!consumers.has(url)) {
      const mapFile = `${url.startsWith('/') ? url : fileURLToPath(url)}.map`;
      consumers.set(url, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
    }
    const consumer = consumers.get(url);
    if (!consumer) return callFrame;
    const pos = consumer.originalPositionFor({ line: callFrame.lineNumber + 1, column: Math.max(0, callFrame.columnNumber) });
    if (!pos.source) return callFrame;
    return { ...callFrame, url: `mapped:${pos.source}`, lineNumber: pos.line - 1 };
  };
}

/** The module a call frame belongs to: an npm package, our code, the template bundle, Node itself or V8. */
export function moduleOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native/V8 builtins)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg && pkg[1] !== '.cache') return pkg[1];
  if (/templates-[\w]+\.(mjs|cjs)$/.test(url)) return 'templates (bundle)';
  const ours = /(?:^mapped:|\/)(?:\.\.\/)*src\/(.+)$/.exec(url);
  if (url.startsWith('mapped:') && ours) return `clinic-site src/${ours[1]}`;
  if (/\/lib\/[^/]+\.c?js$/.test(url)) return 'clinic-site (lib/)';
  if (url.startsWith('node:')) return 'node: internals';
  return url.replace(/^file:\/\//, '');
}

/** A coarser grouping of modules: what part of the work a module does. */
export function areaOf(mod) {
  if (/^(micromark|mdast-|hast-|unist-|remark|unified|vfile|property-information|space-separated|comma-separated|stringify-entities|character-|html-void|zwitch|devlop|decode-named|trim-lines|bail|trough|ccount|longest-streak|markdown-table|extend|is-plain-obj|html-url)/.test(mod)) {
    return 'markdown (remark, micromark, mdast/hast utilities)';
  }
  if (mod === 'react' || mod === 'react-dom' || mod === 'scheduler' || mod === 'templates (bundle)') return 'React rendering (react, react-dom, templates)';
  if (mod === 'yaml' || mod === 'zod' || mod === 'gray-matter' || mod === 'js-yaml' || mod === 'section-matter' || mod === 'kind-of' || mod === 'strip-bom-string') return 'front matter (gray-matter, yaml, zod)';
  if (mod === '(garbage collector)') return 'garbage collection';
  if (mod === 'node: internals') return 'Node internals (module loading, fs, zlib)';
  if (mod.startsWith('clinic-site')) return 'our code (src/)';
  if (mod === '(idle)' || mod === '(program)') return 'idle / program';
  return mod.startsWith('(') ? 'V8 builtins' : `other: ${mod}`;
}

/** Self and inclusive times (ms) of a parsed .cpuprofile; `resolve` maps bundled frames to their sources. */
export function analyse(profile, resolve = sourceMapResolver()) {
  const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, callFrame: resolve(n.callFrame) }]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfByNode = new Map();
  const samples = profile.samples;
  const deltas = profile.timeDeltas;
  // timeDeltas[i] is the time before sample i; the time a sample stands for is the gap to the next one.
  for (let i = 0; i < samples.length; i++) {
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    selfByNode.set(samples[i], (selfByNode.get(samples[i]) ?? 0) + ms);
  }
  const total = [...selfByNode.values()].reduce((a, b) => a + b, 0);
  const byModule = new Map();
  const byArea = new Map();
  const byFunction = new Map();
  const inclusive = new Map(stageFunctions.map((f) => [f, 0]));
  const stageOf = (callFrame) => {
    // esbuild renames clashing names in a bundle (toHtml2); the stage list uses the source names.
    const plain = callFrame.functionName.replace(/\d+$/, '');
    if (inclusive.has(plain)) return plain;
    const qualified = `${plain}@${moduleOf(callFrame)}`;
    return inclusive.has(qualified) ? qualified : undefined;
  };
  for (const [id, ms] of selfByNode) {
    const node = byId.get(id);
    const mod = moduleOf(node.callFrame);
    byModule.set(mod, (byModule.get(mod) ?? 0) + ms);
    byArea.set(areaOf(mod), (byArea.get(areaOf(mod)) ?? 0) + ms);
    const file = node.callFrame.url ? node.callFrame.url.split('/').slice(-1)[0] : '';
    const key = `${node.callFrame.functionName || '(anonymous)'}  ${mod}${file ? ` ${file}:${node.callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    // Inclusive: every stage function on this sample's stack, counted once per stack.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = stageOf(byId.get(at).callFrame);
      if (name && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name) + ms);
      }
    }
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { totalMs: total, byArea: sorted(byArea), byModule: sorted(byModule), byFunction: sorted(byFunction), inclusive: [...inclusive].filter(([, ms]) => ms > 0) };
}

/** The sum of several analyses (the worker threads of one run). */
export function merge(analyses) {
  const sum = (key) => {
    const map = new Map();
    for (const a of analyses) for (const [name, ms] of a[key]) map.set(name, (map.get(name) ?? 0) + ms);
    return [...map].sort((x, y) => y[1] - x[1]);
  };
  return { totalMs: analyses.reduce((n, a) => n + a.totalMs, 0), byArea: sum('byArea'), byModule: sum('byModule'), byFunction: sum('byFunction'), inclusive: sum('inclusive') };
}

/** Markdown tables of an analysis. */
export function format(result, top = 25) {
  const pct = (ms) => `${((100 * ms) / result.totalMs).toFixed(1)}%`;
  const lines = [`Profiled time: ${Math.round(result.totalMs)} ms of samples.`, '', '| area | self ms | share |', '| --- | ---: | ---: |'];
  for (const [area, ms] of result.byArea) lines.push(`| ${area} | ${Math.round(ms)} | ${pct(ms)} |`);
  lines.push('', '| module | self ms | share |', '| --- | ---: | ---: |');
  for (const [mod, ms] of result.byModule.slice(0, top)) lines.push(`| ${mod} | ${Math.round(ms)} | ${pct(ms)} |`);
  lines.push('', '| function (module file:line) | self ms | share |', '| --- | ---: | ---: |');
  for (const [fn, ms] of result.byFunction.slice(0, top)) lines.push(`| \`${fn.replace(/\|/g, '\\|')}\` | ${Math.round(ms)} | ${pct(ms)} |`);
  lines.push('', '| stage function | inclusive ms | share |', '| --- | ---: | ---: |');
  for (const [fn, ms] of result.inclusive) lines.push(`| \`${fn}\` | ${Math.round(ms)} | ${pct(ms)} |`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, json: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) {
    process.stderr.write('Usage: node bench/profile/cpuprofile.mjs FILE.cpuprofile [--top 25] [--json]\n');
    process.exit(2);
  }
  const result = analyse(JSON.parse(readFileSync(positionals[0], 'utf8')));
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${format(result, Number(values.top))}\n`);
}
