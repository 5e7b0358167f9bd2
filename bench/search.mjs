#!/usr/bin/env node
/**
 * The search benchmark of issue 29, on the real site with N generated articles: the time of the
 * index stage in a cold build and its share of the build, the index's size per page, the same in
 * the dev server: the rebuild after one article is saved (median of nine saves; no index made) and the
 * first request for the index after it (the open index, edited page replaced, then its files), and in
 * Chromium the bytes a first search fetches and the time from the last keystroke to the results
 * with the CPU slowed four times. Prints one table and writes bench/results/search-N.json.
 *
 *   node bench/search.mjs [--articles 4000] [--query thyroid]
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/audit/server.mjs';
import { generateArticles } from './harness/articles.mjs';

const { values: options } = parseArgs({ options: { articles: { type: 'string', default: '4000' }, query: { type: 'string', default: 'thyroid' } } });
const count = Number(options.articles);
const repo = join(import.meta.dirname, '..');
const cli = join(repo, 'bin', 'clinic-site.js');

/** A copy of the project with `count` generated articles beside the real ones. */
function project() {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-search-bench-'));
  for (const folder of ['content', 'templates', 'public']) cpSync(join(repo, folder), join(dir, folder), { recursive: true });
  cpSync(join(repo, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const article of generateArticles(count)) writeFileSync(join(dir, 'content', 'blog', article.file), article.text);
  return dir;
}

/** The milliseconds of a stage in CLINIC_SITE_TIMINGS' lines. */
function stageMs(lines, name) {
  const line = lines.split('\n').find((l) => l.includes(` ${name} `) || l.trimEnd().endsWith(` ${name}`) || l.includes(`  ${name}  (`));
  return line ? Number(/^\s*(\d+) ms/.exec(line)?.[1]) : undefined;
}

/** Every file under a folder, with its size. */
function sizes(dir) {
  return readdirSync(dir, { recursive: true }).map((f) => join(dir, f)).filter((p) => statSync(p).isFile()).map((p) => statSync(p).size);
}

/** A cold build (no cache) with stage timings: total and index stage, in ms. */
function coldBuild(dir) {
  rmSync(join(dir, 'node_modules', '.cache'), { recursive: true, force: true });
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, 'build'], { cwd: dir, env: { ...process.env, CLINIC_SITE_TIMINGS: '1' }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}${run.stderr}`);
  return { totalMs: performance.now() - started, indexMs: stageMs(run.stderr, 'indexed') };
}

/** The middle value of a list of numbers. */
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * The dev server: its first build, then `saves` saves of one article, each timed as the rebuild's own line says (save →
 * reload) and followed by a first request for the index (made then, from what the rebuild recorded: what a search waits).
 */
async function serveSave(dir, saves = 9) {
  const server = spawn(process.execPath, [cli, 'serve', '--port', '0'], { cwd: dir, env: { ...process.env, CLINIC_SITE_TIMINGS: '1', NO_COLOR: '1' } });
  let out = '';
  let err = '';
  server.stdout.on('data', (d) => (out += d));
  server.stderr.on('data', (d) => (err += d));
  const waitFor = async (test) => {
    for (let i = 0; i < 12000 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  await waitFor(() => /serving/.test(out));
  const url = /serving (\S+)/.exec(out)[1];
  const builds = () => (out.match(/built \d+ pages/g) ?? []).length;
  await waitFor(() => builds() >= 1);
  const timedIndex = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/pagefind/pagefind-entry.json`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const firstIndexMs = await timedIndex();
  const file = readdirSync(join(dir, 'content', 'blog')).find((f) => f.endsWith('.md'));
  const buildMs = [];
  const indexMs = [];
  for (let n = 1; n <= saves; n++) {
    appendFileSync(join(dir, 'content', 'blog', file), `\n\nA zebrafish sentence saved while the dev server runs, save ${n}.\n`);
    await waitFor(() => builds() >= n + 1);
    const line = out.split('\n').filter((l) => /built \d+ pages/.test(l)).at(-1);
    buildMs.push(Number(/in (\d+) ms/.exec(line ?? '')?.[1]));
    indexMs.push(await timedIndex());
    // Apart, as an author's saves are.
    await new Promise((r) => setTimeout(r, 300));
  }
  server.kill();
  return {
    firstIndexMs: Math.round(firstIndexMs),
    saveBuildMs: median(buildMs),
    saveBuildAllMs: buildMs.join(' '),
    saveIndexRequestMs: Math.round(median(indexMs)),
    saveIndexRequestAllMs: indexMs.map(Math.round).join(' '),
  };
}

/** In Chromium: the bytes fetched from opening the dialog to the first results, and the time from the last keystroke to them with 4× CPU throttling. */
async function firstSearch(out, query) {
  const server = await startStaticServer({ root: out });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map();
    const fetched = [];
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, new URL(e.response.url).pathname));
    cdp.on('Network.loadingFinished', (e) => fetched.push({ path: urls.get(e.requestId), bytes: e.encodedDataLength }));
    await page.goto(`${server.origin}/process`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    fetched.length = 0;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.keyboard.press('/');
    await page.type('#search-input', query.slice(0, -1));
    const last = performance.now();
    await page.keyboard.type(query.slice(-1));
    await page.waitForFunction((q) => document.querySelector('#search-status')?.textContent?.includes(`“${q}”`), query, { timeout: 120_000 });
    const resultsMs = performance.now() - last;
    const sum = (list) => list.reduce((n, f) => n + f.bytes, 0);
    const code = fetched.filter((f) => /pagefind\.js$|\.pagefind$|\/assets\/search-/.test(f.path ?? ''));
    return {
      firstSearchBytes: sum(fetched),
      firstSearchCodeBytes: sum(code),
      firstSearchIndexBytes: sum(fetched) - sum(code),
      firstSearchFiles: fetched.length,
      keystrokeToResultsMs: resultsMs,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const dir = project();
try {
  const cold = coldBuild(dir);
  const out = join(dir, 'dist');
  const entry = JSON.parse(readFileSync(join(out, 'pagefind', 'pagefind-entry.json'), 'utf8'));
  const indexed = Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
  const indexBytes = sizes(join(out, 'pagefind')).reduce((a, b) => a + b, 0);
  const serve = await serveSave(dir);
  const search = await firstSearch(out, options.query);
  const result = {
    articles: count,
    indexedPages: indexed,
    coldBuildMs: Math.round(cold.totalMs),
    indexStageMs: cold.indexMs,
    indexShare: cold.indexMs === undefined ? undefined : Number((cold.indexMs / cold.totalMs).toFixed(3)),
    indexFiles: sizes(join(out, 'pagefind')).length,
    indexBytes,
    indexBytesPerPage: Math.round(indexBytes / indexed),
    serveFirstIndexRequestMs: serve.firstIndexMs,
    serveSaveBuildMs: serve.saveBuildMs,
    serveSaveBuildAllMs: serve.saveBuildAllMs,
    serveSaveIndexRequestMs: serve.saveIndexRequestMs,
    serveSaveIndexRequestAllMs: serve.saveIndexRequestAllMs,
    ...search,
    keystrokeToResultsMs: Math.round(search.keystrokeToResultsMs),
    query: options.query,
    date: new Date().toISOString().slice(0, 10),
  };
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(join(import.meta.dirname, 'results', `search-${count}.json`), `${JSON.stringify(result, null, 2)}\n`);
  for (const [name, value] of Object.entries(result)) process.stdout.write(`${name.padEnd(22)} ${value}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
