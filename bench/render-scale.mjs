/**
 * The render stage and the warm build at scale, ours against a baseline revision in the same run
 * (issue 11, items 4 and 5). Generates N seeded articles into a site per product copy (on
 * /dev/shm), then, interleaving the products and rotating their order:
 *
 * - clean builds (image cache kept) with each worker count: the render stage's wall and process
 *   CPU (CLINIC_SITE_TIMINGS prints both), CPU per rendered page, and its ratio to one thread;
 * - a warm build after one article changed, and one with nothing changed: every stage's time.
 *
 *     node bench/render-scale.mjs --base HEAD~1 [--n 4000] [--runs 2] [--workers 0,2] [--no-warm] [--no-cold]
 *     node bench/render-scale.mjs --base-product DIR ...   (a product copy made earlier by harness/product.mjs)
 *
 * Ratios of a run are what to read: the machine is shared, so seconds are noisy.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { editArticle, generateArticles } from './harness/articles.mjs';
import { snapshotProduct } from './harness/product.mjs';
import { ourTool } from './harness/tools.mjs';

const { values: o } = parseArgs({
  options: {
    base: { type: 'string' },
    'base-product': { type: 'string' },
    n: { type: 'string', default: '4000' },
    runs: { type: 'string', default: '2' },
    workers: { type: 'string', default: '0,2' },
    'no-warm': { type: 'boolean', default: false },
    'no-cold': { type: 'boolean', default: false },
    workdir: { type: 'string' },
  },
});
const n = Number(o.n);
const work = o.workdir ?? `/dev/shm/clinic-render-scale-${process.pid}`;
if (!o.workdir) rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const log = (s) => process.stdout.write(`${s}\n`);

const variants = [...(o.base || o['base-product'] ? [{ id: 'base', rev: o.base, product: o['base-product'] }] : []), { id: 'new', rev: undefined }];
const articles = generateArticles(n, 20241);
for (const v of variants) {
  // --base-product: a product copy made earlier (by snapshotProduct), e.g. of an uncommitted tree.
  if (v.product) v.version = `copy in ${v.product}`;
  else {
    v.product = join(work, `product-${v.id}`);
    v.version = snapshotProduct(v.product, v.rev);
  }
  v.tool = ourTool(v.product, v.version);
  v.site = join(work, `site-${v.id}`);
  v.out = join(work, `out-${v.id}`);
  v.tool.prepare(v.site, articles);
  const primed = build(v, { CLINIC_SITE_WORKERS: '2' });
  log(`${v.id}: ${v.version}, primed (${primed.wall.toFixed(1)} s)`);
}

/** Keeps only the processed-image cache: the site's images are a fixed cost, not the articles'. */
function clean(v) {
  rmSync(v.out, { recursive: true, force: true });
  const ours = join(v.site, 'node_modules', '.cache', 'clinic-site');
  if (existsSync(ours)) for (const name of readdirSync(ours)) if (name !== 'images') rmSync(join(ours, name), { recursive: true, force: true });
}

/** One CLI build with stage timings: wall, CPU and peak RSS of the process and each stage's line. */
function build(v, env) {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, v.tool.bin, 'build', '--out', v.out], {
    cwd: v.site,
    env: { ...process.env, CLINIC_SITE_TIMINGS: '1', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`${v.id} build failed:\n${run.stderr.slice(-3000)}`);
  // trimEnd: the first stage line starts with spaces.
  const lines = run.stderr.trimEnd().split('\n');
  const [wall, user, sys, rss] = lines.at(-1).split(' ').map(Number);
  const stages = [];
  // Each render thread's own CPU a page (render.ts prints them with CLINIC_SITE_TIMINGS).
  const threads = lines.filter((l) => /^\s+render (worker|main thread)/.test(l)).map((l) => l.trim());
  for (const line of lines) {
    const m = /^\s+(\d+) ms\s+(?:(-?\d+) ms CPU\s+)?(.*)$/.exec(line);
    if (m) stages.push({ name: m[3], ms: Number(m[1]), cpuMs: m[2] === undefined ? undefined : Number(m[2]) });
  }
  return { wall, cpu: user + sys, rssMb: rss / 1024, stages, threads };
}

const workerCounts = o.workers.split(',').map(Number);
const runs = Number(o.runs);
const fmt = (x, d = 2) => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));
const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : undefined;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

if (!o['no-cold']) {
  const cold = new Map();
  for (let r = 0; r < runs; r++) {
    const order = variants.map((_, i) => variants[(i + r) % variants.length]);
    for (const w of workerCounts) {
      for (const v of order) {
        clean(v);
        const b = build(v, { CLINIC_SITE_WORKERS: String(w) });
        const render = b.stages.find((s) => s.name.startsWith('rendered'));
        const pages = Number(/rendered (\d+)/.exec(render.name)[1]);
        const row = { wall: b.wall, cpu: b.cpu, rss: b.rssMb, renderMs: render.ms, renderCpuMs: render.cpuMs, perPage: render.cpuMs / pages, pages };
        const key = `${v.id} workers=${w}`;
        (cold.get(key) ?? cold.set(key, []).get(key)).push(row);
        for (const t of b.threads) log(`    ${t}`);
        log(`  run ${r + 1} ${key}: build ${fmt(b.wall)} s, CPU ${fmt(b.cpu)} s, RSS ${fmt(b.rssMb, 0)} MB; render ${render.ms} ms, CPU ${render.cpuMs} ms, ${fmt(row.perPage)} ms CPU/page (${pages} pages; load ${load()})`);
      }
    }
  }
  log('\nclean build, image cache kept (medians)');
  log('| product | workers | build s | CPU s | peak RSS MB | render wall ms | render CPU ms | CPU ms/page | CPU/page ÷ 1 thread | render wall ÷ 1 thread |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const v of variants) {
    const one = cold.get(`${v.id} workers=${workerCounts[0]}`);
    for (const w of workerCounts) {
      const rows = cold.get(`${v.id} workers=${w}`);
      const m = (k) => median(rows.map((x) => x[k]));
      const m1 = (k) => median(one.map((x) => x[k]));
      log(`| ${v.id} | ${w} | ${fmt(m('wall'))} | ${fmt(m('cpu'))} | ${fmt(m('rss'), 0)} | ${fmt(m('renderMs'), 0)} | ${fmt(m('renderCpuMs'), 0)} | ${fmt(m('perPage'))} | ${fmt(m('perPage') / m1('perPage'))} | ${fmt(m('renderMs') / m1('renderMs'))} |`);
    }
  }
  if (variants.length > 1) {
    for (const w of workerCounts) {
      const a = median(cold.get(`new workers=${w}`).map((x) => x.wall));
      const b = median(cold.get(`base workers=${w}`).map((x) => x.wall));
      log(`new ÷ base, clean build wall, workers=${w}: ${fmt(a / b)}`);
    }
  }
}

if (!o['no-warm']) {
  const warm = new Map();
  const blog = (v) => join(v.site, 'content', 'blog');
  for (const v of variants) {
    clean(v);
    build(v, {});
  }
  for (let r = 0; r < runs + 1; r++) {
    const order = variants.map((_, i) => variants[(i + r) % variants.length]);
    for (const kind of ['one article changed', 'nothing changed']) {
      for (const v of order) {
        if (kind === 'one article changed') {
          const file = join(blog(v), articles[(r * 37) % n].file);
          writeFileSync(file, editArticle(readFileSync(file, 'utf8'), r));
        }
        const b = build(v, {});
        const key = `${v.id}: ${kind}`;
        (warm.get(key) ?? warm.set(key, []).get(key)).push(b);
        log(`  warm run ${r + 1} ${key}: ${fmt(b.wall)} s, CPU ${fmt(b.cpu)} s (load ${load()})`);
      }
    }
  }
  for (const kind of ['one article changed', 'nothing changed']) {
    log(`\nwarm build, ${kind} (medians; stage ms wall / CPU)`);
    const names = warm.get(`${variants.at(-1).id}: ${kind}`)[0].stages.map((s) => s.name.replace(/\d+/g, '#'));
    log(`| stage | ${variants.map((v) => v.id).join(' | ')} |${variants.length > 1 ? ' new ÷ base |' : ''}`);
    log(`| --- |${variants.map(() => ' ---: |').join('')}${variants.length > 1 ? ' ---: |' : ''}`);
    const stageOf = (b, name) => b.stages.find((s) => s.name.replace(/\d+/g, '#') === name);
    for (const name of [...names, 'process wall (s)', 'process CPU (s)']) {
      const cells = variants.map((v) => {
        const bs = warm.get(`${v.id}: ${kind}`);
        if (name === 'process wall (s)') return { wall: median(bs.map((b) => b.wall)) };
        if (name === 'process CPU (s)') return { wall: median(bs.map((b) => b.cpu)) };
        return { wall: median(bs.map((b) => stageOf(b, name)?.ms)), cpu: median(bs.map((b) => stageOf(b, name)?.cpuMs)) };
      });
      const show = (c) => (c.cpu === undefined ? fmt(c.wall, name.includes('(s)') ? 2 : 0) : `${fmt(c.wall, 0)} / ${fmt(c.cpu, 0)}`);
      log(`| ${name} | ${cells.map(show).join(' | ')} |${variants.length > 1 ? ` ${fmt(cells[1].wall / cells[0].wall)} |` : ''}`);
    }
  }
}
if (!o.workdir) rmSync(work, { recursive: true, force: true });
