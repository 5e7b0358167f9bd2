#!/usr/bin/env node
/**
 * The benchmark of issue 7: for each N, generates N seeded articles, builds them with our CLI,
 * Eleventy and Hugo (clean builds, median of several runs), then measures our warm rebuild after
 * one article changed and save-to-reload in `serve`. Prints tables, keeps raw results under
 * bench/results/, and with --readme puts the tables into bench/README.md.
 *
 *   node bench/run.mjs [--sizes 100,1000,4000] [--runs 5] [--tools ours,eleventy,hugo] [--readme]
 */
import { spawnSync } from 'node:child_process';
import { cpus, release, totalmem } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { editArticle, generateArticles } from './harness/articles.mjs';
import { canMeasureRss, machineBusySeconds, round, sleep, timedRun, undisturbed } from './harness/measure.mjs';
import { tables, oneLine } from './harness/report.mjs';
import { measureSaveToReload } from './harness/serve.mjs';
import { snapshotProduct } from './harness/product.mjs';
import { benchDir, inspectOutput, ourTool, ourToolImagesCached, peers } from './harness/tools.mjs';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000,4000' },
    runs: { type: 'string', default: '5' },
    tools: { type: 'string', default: 'ours,ours-images-cached,eleventy,hugo,hugo-pagefind' },
    rev: { type: 'string' },
    'serve-runs': { type: 'string' },
    'serve-sizes': { type: 'string', default: '1000,4000' },
    'warm-sizes': { type: 'string', default: '1000,4000' },
    'max-other-cpu': { type: 'string', default: '0.25' },
    retries: { type: 'string', default: '3' },
    seed: { type: 'string', default: '20241' },
    workdir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    readme: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  process.stdout.write(`Usage: node bench/run.mjs [options]
  --sizes 100,1000,4000   article counts to build
  --runs 5                clean builds per generator and N (the median is reported)
  --tools ours,ours-images-cached,eleventy,hugo,hugo-pagefind
  --rev REV               benchmark a git revision of the product instead of the working tree
  --warm-sizes 1000,4000  N at which our warm rebuild is measured ("all" for every size, "none")
  --serve-sizes 1000,4000 N at which save-to-reload in serve is measured ("all", "none")
  --serve-runs N          saves measured in serve (default: --runs, at least 5)
  --max-other-cpu 0.25    CPU seconds other processes may use during a run (+5% of the run's own) before it is redone
  --retries 3             redos of a disturbed run
  --seed 20241            seed of the generated articles
  --workdir DIR           work in DIR instead of a fresh tmpfs mount
  --keep                  keep the work folder
  --readme                write the tables into bench/README.md
`);
  process.exit(0);
}

const sizes = options.sizes.split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const runs = Math.max(1, Number(options.runs));
const serveRuns = Number(options['serve-runs'] ?? Math.max(5, runs));
const maxOtherCpu = Number(options['max-other-cpu']);
const retries = Number(options.retries);
const seed = Number(options.seed);
const chosen = new Set(options.tools.split(',').map((s) => s.trim()));
const sizeSet = (value) => (value === 'all' ? new Set(sizes) : value === 'none' ? new Set() : new Set(value.split(',').map(Number)));
const warmSizes = sizeSet(options['warm-sizes']);
const serveSizes = sizeSet(options['serve-sizes']);

const logLines = [];
const log = (line = '') => {
  logLines.push(line);
  process.stdout.write(`${line}\n`);
};

const started = new Date();
const stamp = started.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
const work = setUpWorkdir();
// A frozen, compiled copy of the product: edits made while the run goes on do not leak into it.
let ours;
try {
  const productDir = join(work.dir, 'product');
  ours = ourTool(productDir, snapshotProduct(productDir, options.rev));
} catch (error) {
  log(`! ${error.message}`);
  ours = ourTool(join(work.dir, 'product'), 'not compiled');
}
const tools = [ours, ourToolImagesCached(ours), ...peers].filter((t) => chosen.has(t.id)).map((t) => ({ tool: t, available: t.available() }));
for (const { tool, available } of tools) if (available !== true) log(`! ${tool.name} left out: ${available}`);
const active = tools.filter((t) => t.available === true).map((t) => t.tool);

const results = {
  date: started.toISOString(),
  machine: machineInfo(work),
  versions: Object.fromEntries(active.map((t) => [t.id, t.version()])),
  settings: { rev: options.rev ?? 'working tree', sizes, runs, serveRuns, maxOtherCpu, retries, seed, warmSizes: [...warmSizes], serveSizes: [...serveSizes] },
  idleOtherCpuPerSecond: await idleLoad(),
  sizes: [],
};
log(`clinic-site bench, ${results.date}`);
log(`machine: ${results.machine.cpu}, ${results.machine.cores} cores, ${results.machine.memoryGb} GB, Linux ${results.machine.kernel}, Node ${results.machine.node}`);
log(`work folder: ${work.dir} (${work.fs}${work.mounted ? ', mounted for this run' : ''})`);
log(`versions: ${Object.entries(results.versions).map(([k, v]) => `${k} ${v}`).join(', ')}`);
log(`load before start: ${results.idleOtherCpuPerSecond} CPU-s per second from other processes`);
if (!canMeasureRss) log('! /usr/bin/time is missing (Debian package `time`): no peak RSS and no disturbance check');

const resultsDir = join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });
/** Keeps what has been measured so far (after each N), so that an interrupted run still leaves its numbers. */
const save = (final) => {
  results.complete = final;
  writeFileSync(join(resultsDir, `${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${stamp}.txt`), `${logLines.join('\n')}\n`);
  if (options.readme) updateReadme(tables(results));
};
try {
  for (const n of sizes) {
    results.sizes.push(await benchSize(n));
    save(false);
  }
} finally {
  if (!options.keep) tearDownWorkdir();
}

const table = tables(results);
log('');
log(table);
save(true);
process.stdout.write(`\nraw results: bench/results/${stamp}.json and .txt${options.readme ? '; bench/README.md updated' : ''}\n`);
if (results.sizes.some((s) => s.cold.some((e) => e.tool === 'ours' && e.runs.every((r) => !r.ok)))) process.exitCode = 1;

/** Every measurement at one N. */
async function benchSize(n) {
  log('');
  log(`== N = ${n} ==`);
  const articles = generateArticles(n, seed);
  const dir = join(work.dir, `n-${n}`);
  rmSync(dir, { recursive: true, force: true });
  const sites = new Map();
  for (const tool of active) {
    const site = join(dir, tool.id);
    tool.prepare(site, articles);
    sites.set(tool.id, site);
    if (tool.prime) {
      const { command, args, cwd } = tool.command(site, join(dir, `out-${tool.id}`));
      const primed = await timedRun(command, args, { cwd });
      log(`  ${tool.name}: primed its cache (${primed.ok ? `${(primed.wallMs / 1000).toFixed(2)} s` : 'the build failed'})`);
    }
  }
  const size = { n, words: Math.round(articles.reduce((s, a) => s + a.words, 0) / n), cold: [] };
  const entries = new Map(active.map((t) => [t.id, { tool: t.id, name: t.name, version: results.versions[t.id], runs: [] }]));

  for (let r = 0; r < runs; r++) {
    // Rotate the order so that no generator always runs first or after the same one.
    const order = active.map((_, i) => active[(i + r) % active.length]);
    for (const tool of order) {
      const entry = entries.get(tool.id);
      if (entry.runs.length > 0 && entry.runs.every((x) => !x.ok)) continue; // failed once: it fails the same way
      const site = sites.get(tool.id);
      const out = join(dir, `out-${tool.id}`);
      const run = await cleanRun(tool, site, out);
      const inspected = run.ok ? inspectOutput(out, articles) : {};
      entry.runs.push({ ...compact(run), ...inspected });
      log(`  ${tool.name.padEnd(12)} run ${r + 1}: ${run.ok ? `${(run.wallMs / 1000).toFixed(2)} s, CPU ${run.cpuSeconds?.toFixed(2)} s, RSS ${run.peakRssMb?.toFixed(0)} MB, ${inspected.pages} pages${run.unreapedCpu > 0 ? ` (CPU incl. ${run.unreapedCpu.toFixed(2)} s of Pagefind's program, its peak RSS ${run.unreapedPeakRssMb?.toFixed(0)} MB)` : ''}` : `FAILED (exit ${run.code}): ${oneLine(run.stderr || run.stdout)}`}${run.redone.length ? ` (redone ${run.redone.length}× for other CPU ${run.redone.join(', ')} s)` : ''}${run.disturbed ? ' ⚠ still disturbed' : ''}`);
    }
  }
  size.cold = active.map((t) => entries.get(t.id));
  const oursOk = entries.get('ours')?.runs.some((x) => x.ok);

  if (active.includes(ours) && warmSizes.has(n)) {
    // Hugo's clean build again, once after each warm build: the warm targets are ratios to it, and this machine's speed moves by tens of percent within minutes.
    const hugo = active.find((t) => t.id === 'hugo');
    const alongside = hugo && entries.get('hugo').runs.some((x) => x.ok) ? () => cleanRun(hugo, sites.get('hugo'), join(dir, `out-${hugo.id}`)) : undefined;
    size.warm = oursOk ? await warmRebuilds(sites.get('ours'), join(dir, 'warm-out'), articles, alongside) : { skipped: 'the clean build fails' };
  }
  if (active.includes(ours) && serveSizes.has(n)) {
    if (!oursOk) size.serve = { skipped: 'the clean build fails' };
    else {
      log(`  serve: save-to-reload, ${serveRuns} saves`);
      size.serve = await measureSaveToReload(ours, sites.get('ours'), articles, { runs: serveRuns, maxOtherCpu, retries, log });
      if (size.serve.skipped) log(`  serve: skipped: ${size.serve.skipped}`);
    }
  }
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
  return size;
}

/** A clean build of `tool` (its output and caches removed first), redone when other processes disturbed it. */
function cleanRun(tool, site, out) {
  const { command, args, cwd } = tool.command(site, out);
  return undisturbed(
    async () => {
      tool.clean(site, out);
      await sleep(300);
      return timedRun(command, args, { cwd });
    },
    { maxOtherCpu, retries },
  );
}

/**
 * Our build run again into the same output folder after one article changed, `runs` times; then
 * `runs` times with nothing changed. `alongside` (Hugo's clean build) runs after each of them.
 */
async function warmRebuilds(site, out, articles, alongside) {
  const peer = [];
  const runPeer = async () => {
    if (!alongside) return;
    const run = await alongside();
    peer.push(compact(run));
    log(`    Hugo alongside: ${run.ok ? `${(run.wallMs / 1000).toFixed(2)} s` : 'FAILED'}`);
  };
  const { command, args, cwd } = ours.command(site, out);
  ours.clean(site, out);
  const first = await timedRun(command, args, { cwd });
  if (!first.ok) return { skipped: `the first build failed: ${oneLine(first.stderr)}` };
  const warmRuns = [];
  let edit = 0;
  for (let r = 0; r < runs; r++) {
    let touched;
    const run = await undisturbed(
      async () => {
        edit++;
        touched = articles[(edit * 7919) % articles.length];
        writeFileSync(join(ours.articleDir(site), touched.file), editArticle(touched.text, edit));
        await sleep(300);
        return timedRun(command, args, { cwd });
      },
      { maxOtherCpu, retries },
    );
    const shown = run.ok && readFileSync(join(out, 'blog', touched.slug, 'index.html'), 'utf8').includes(`Edit ${edit}:`);
    warmRuns.push({ ...compact(run), changed: touched.file, shown });
    log(`  warm rebuild ${r + 1}: ${run.ok ? `${(run.wallMs / 1000).toFixed(2)} s, RSS ${run.peakRssMb?.toFixed(0)} MB${shown ? '' : ' ⚠ edit not in output'}` : `FAILED: ${oneLine(run.stderr)}`}${run.redone.length ? ` (redone ${run.redone.length}×)` : ''}`);
    writeFileSync(join(ours.articleDir(site), touched.file), touched.text);
    await runPeer();
  }
  // Nothing changed (the last edit was put back: one build takes that in first).
  const settled = await timedRun(command, args, { cwd });
  const unchanged = [];
  for (let r = 0; settled.ok && r < runs; r++) {
    const run = await undisturbed(() => timedRun(command, args, { cwd }), { maxOtherCpu, retries });
    unchanged.push(compact(run));
    log(`  warm rebuild, nothing changed ${r + 1}: ${run.ok ? `${(run.wallMs / 1000).toFixed(2)} s` : `FAILED: ${oneLine(run.stderr)}`}${run.redone.length ? ` (redone ${run.redone.length}×)` : ''}`);
    await runPeer();
  }
  return { runs: warmRuns, unchanged, ...(alongside ? { hugo: peer } : {}) };
}

/** The numbers of a run worth keeping (output only when it failed). */
function compact(run) {
  return {
    ok: run.ok,
    code: run.code,
    wallMs: round(run.wallMs, 1),
    cpuSeconds: round(run.cpuSeconds, 2),
    peakRssMb: round(run.peakRssMb, 1),
    otherCpu: round(run.otherCpu, 2),
    ...(run.unreapedCpu > 0 ? { pagefindCpu: round(run.unreapedCpu, 2), pagefindPeakRssMb: round(run.unreapedPeakRssMb, 1) } : {}),
    attempts: run.attempts,
    redone: run.redone,
    disturbed: run.disturbed,
    ...(run.ok ? {} : { stderr: run.stderr.slice(-4000), stdout: run.stdout.slice(-2000) }),
  };
}

/** A tmpfs for the sites and outputs (as root), else a folder on disk; says which. */
function setUpWorkdir() {
  if (options.workdir) {
    mkdirSync(options.workdir, { recursive: true });
    return { dir: options.workdir, fs: fsType(options.workdir), mounted: false };
  }
  const dir = `/tmp/clinic-bench-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  let mounted = false;
  if (process.getuid?.() === 0) {
    mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4g,mode=0700', 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
  }
  if (mounted) {
    const unmount = () => spawnSync('umount', [dir], { stdio: 'ignore' });
    process.once('exit', () => {
      if (options.keep) return void process.stdout.write(`kept ${dir} (a tmpfs: umount ${dir} when done)\n`);
      unmount();
      rmSync(dir, { recursive: true, force: true });
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  }
  return { dir, fs: fsType(dir), mounted };
}

function tearDownWorkdir() {
  if (!work.mounted) rmSync(work.dir, { recursive: true, force: true });
}

function fsType(dir) {
  return spawnSync('stat', ['-f', '-c', '%T', dir], { encoding: 'utf8' }).stdout?.trim() || 'unknown file system';
}

function machineInfo(workdir) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.versions.node,
    outputFs: workdir.fs,
  };
}

/** CPU seconds per second that other processes use while nothing is benchmarked (2 s sample). */
async function idleLoad() {
  const b0 = machineBusySeconds();
  const s0 = process.cpuUsage();
  await sleep(2000);
  const s = process.cpuUsage(s0);
  return round((machineBusySeconds() - b0 - (s.user + s.system) / 1e6) / 2, 3);
}

function updateReadme(table) {
  const file = join(benchDir, 'README.md');
  const begin = '<!-- bench:begin -->';
  const end = '<!-- bench:end -->';
  const m = results.machine;
  const block = [
    begin,
    `Run of ${results.date.slice(0, 10)} (\`${Object.entries(results.versions).map(([k, v]) => `${k} ${v}`).join('`, `')}\`), ` +
      `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Linux ${m.kernel}, Node ${m.node}; sites and output on ${m.outputFs}; ` +
      `${runs} clean builds per cell; raw output: [results/${stamp}.json](results/${stamp}.json), [results/${stamp}.txt](results/${stamp}.txt).`,
    '',
    table,
    end,
  ].join('\n');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${begin}\n${end}\n`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  const next = from >= 0 && to > from ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
