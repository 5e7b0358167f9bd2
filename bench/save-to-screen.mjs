/**
 * Save to change on screen in `clinic-site serve`, in Chromium, on the real site: the time from writing an article to
 * the frame that shows the edit in the open, scrolled article page (median of 12 saves after one to warm up), whether
 * the page navigated (a full reload) and whether it kept its scroll position.
 *
 *   node bench/save-to-screen.mjs [--saves 12] [--bin path/to/bin/clinic-site.js] [--json results/file.json]
 *
 * Runs in a temporary copy of content/, templates/ and public/ (node_modules linked), so the project is never edited.
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), headless; nothing is downloaded.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { saves: { type: 'string', default: '12' }, bin: { type: 'string' }, json: { type: 'string' } } });
const saves = Number(values.saves);
const bin = resolve(values.bin ?? join(project, 'bin', 'clinic-site.js'));
const article = 'content/blog/hrt-glow-up.md';
const route = '/blog/hrt-glow-up/';

const site = await mkdtemp(join(tmpdir(), 'clinic-bench-screen-'));
for (const dir of ['content', 'templates', 'public']) await cp(join(project, dir), join(site, dir), { recursive: true });
await cp(join(project, 'package.json'), join(site, 'package.json'));
await symlink(join(project, 'node_modules'), join(site, 'node_modules'), 'dir');

const server = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
  cwd: site,
  env: { ...process.env, NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

try {
  const url = await until(() => /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], 120_000, () => `no address printed: ${output}`);
  await until(() => /✓ built/.test(output) || undefined, 120_000, () => `no first build: ${output}`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // In every document the tab shows: when the text the bench waits for appears, the time of the next frame is logged.
  await page.addInitScript(() => {
    const check = () => {
      const marker = sessionStorage.getItem('bench-marker');
      if (!marker || !document.body || !document.body.textContent.includes(marker)) return;
      sessionStorage.removeItem('bench-marker');
      requestAnimationFrame(() => console.log(`bench-seen ${marker} ${Date.now()}`));
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener('DOMContentLoaded', check);
  });
  const seen = new Map();
  page.on('console', (message) => {
    const match = /^bench-seen (.+) (\d+)$/.exec(message.text());
    if (match) seen.set(match[1], Number(match[2]));
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
  await page.goto(url + route, { waitUntil: 'load' });
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
  await sleep(1500);
  navigations = 0;

  const original = await readFile(join(site, article), 'utf8');
  const runs = [];
  for (let i = 0; i <= saves; i++) {
    const marker = `Bench edit ${i} ${Math.random().toString(36).slice(2, 8)}`;
    await page.evaluate((m) => sessionStorage.setItem('bench-marker', m), marker);
    const before = navigations;
    const scrollBefore = await page.evaluate(() => window.scrollY);
    // The first paragraph of the body gains a sentence: the page's text changes, nothing else does.
    const edited = original.replace(/\n---\n(.+)/, (_, first) => `\n---\n${first} ${marker}.`);
    const t0 = Date.now();
    await writeFile(join(site, article), edited);
    const shownAt = await until(() => seen.get(marker), 30_000, () => `the edit never showed: ${output.slice(-2000)}`);
    // After a reload the browser restores the scroll position itself, if it can: give it the time it takes.
    await sleep(300);
    if (navigations > before) await page.waitForLoadState('load');
    const scrollAfter = await page.evaluate(() => window.scrollY);
    const run = { ms: shownAt - t0, navigated: navigations > before, scrollKept: scrollAfter === scrollBefore };
    if (i > 0) runs.push(run);
    const how = `${run.navigated ? ', reloaded' : ', patched in place'}${run.scrollKept ? '' : `, scroll ${scrollBefore} -> ${scrollAfter}`}`;
    console.log(`  save ${i === 0 ? '(warm-up)' : i}: ${run.ms} ms${how}`);
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await sleep(700);
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[sorted.length >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const summary = {
    saves: runs.length,
    medianMs: median,
    minMs: sorted[0],
    maxMs: sorted.at(-1),
    reloads: runs.filter((r) => r.navigated).length,
    scrollKept: runs.filter((r) => r.scrollKept).length,
    rebuildsMs: [...output.matchAll(/built \d+ pages \(\d+ rendered\) in (\d+) ms after/g)].slice(-runs.length).map((m) => Number(m[1])),
  };
  console.log(`save -> on screen: median ${median} ms (min ${summary.minMs}, max ${summary.maxMs}) over ${runs.length} saves; ` +
    `${summary.reloads} full reloads, scroll kept ${summary.scrollKept}/${runs.length}; rebuilds ${summary.rebuildsMs.join(', ')} ms`);
  if (values.json) await writeFile(resolve(values.json), JSON.stringify({ bin, when: new Date().toISOString(), summary, runs }, null, 2));
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await rm(site, { recursive: true, force: true });
}

/** Polls `value` until it is defined; throws `why()` after `ms`. */
async function until(value, ms, why) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = value();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(why());
    await sleep(5);
  }
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
