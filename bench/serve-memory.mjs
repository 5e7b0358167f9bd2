/**
 * The dev server's memory over a working day (issue 24): `clinic-site serve` on a site of N
 * generated articles, then break/fix cycles (an article's front matter broken, the error event
 * awaited; mended, the reload awaited). Prints the resident memory (VmRSS) of the server and of the
 * processes it started (its file watcher) after each hundred cycles, and the ratio of the last reading
 * of their sum to the one after the first hundred.
 *
 *     node bench/serve-memory.mjs [--n 4000] [--cycles 1500] [--rev DIR]   (DIR: another checkout's root)
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateArticles } from './harness/articles.mjs';

const { values } = parseArgs({ options: { n: { type: 'string', default: '4000' }, cycles: { type: 'string', default: '1500' }, rev: { type: 'string' } } });
const root = resolve(values.rev ?? join(import.meta.dirname, '..'));
const cycles = Number(values.cycles);
const site = join(tmpdir(), `clinic-serve-memory-${process.pid}`);
const articles = generateArticles(Number(values.n));

rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
for (const d of ['content', 'templates', 'public']) cpSync(join(root, d), join(site, d), { recursive: true });
cpSync(join(root, 'package.json'), join(site, 'package.json'));
symlinkSync(join(root, 'node_modules'), join(site, 'node_modules'));
for (const a of articles) writeFileSync(join(site, 'content/blog', a.file), a.text);

const child = spawn(process.execPath, [join(root, 'bin/clinic-site.js'), 'serve', '--port', '0'], { cwd: site, env: { ...process.env, NO_COLOR: '1', BROWSER: 'none' } });
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const port = await new Promise((done, fail) => {
  const look = () => {
    const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    if (m) done(m[1]);
  };
  child.stdout.on('data', look);
  child.on('exit', () => fail(new Error(`serve exited: ${output.slice(-2000)}`)));
});

/** Every event of the dev server's stream, by name, in order. */
const events = [];
let wake = () => {};
get(`http://127.0.0.1:${port}/__clinic/events`, { headers: { accept: 'text/event-stream' } }, (response) => {
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop();
    for (const line of lines) {
      const m = /^event:\s*(\S+)/.exec(line);
      if (m) {
        events.push(m[1]);
        wake();
      }
    }
  });
});
/** Resolves once an event named `name` arrives after the first `from` events. */
const eventAfter = (from, name) =>
  new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${name} event within 60 s: ${output.slice(-2000)}`)), 60_000);
    const check = () => {
      if (events.slice(from).includes(name)) {
        clearTimeout(timer);
        done();
      }
    };
    wake = check;
    check();
  });
const residentMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** The processes serve started: esbuild's service, and its file watcher (a process of its own since 2026-11-27). */
const childrenOf = (pid) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
/** The resident memory of serve and of the processes it started, which the verdict counts together. */
const rssMb = () => residentMb(child.pid) + childrenOf(child.pid).reduce((sum, pid) => sum + residentMb(pid), 0);
const parts = () => [child.pid, ...childrenOf(child.pid)].map((pid) => residentMb(pid).toFixed(0)).join(' + ');
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

await pause(3000);
const article = articles[Math.floor(articles.length / 2)];
const file = join(site, 'content/blog', article.file);
const readings = [];
const started = performance.now();
for (let cycle = 1; cycle <= cycles; cycle++) {
  let from = events.length;
  writeFileSync(file, article.text.replace(/^title: .*$/m, 'title: [unclosed'));
  await eventAfter(from, 'build-error');
  from = events.length;
  writeFileSync(file, article.text.replace(/\n*$/, `\n\nCycle ${cycle}.\n`));
  await eventAfter(from, 'reload');
  if (cycle % 100 === 0) {
    readings.push(rssMb());
    const took = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`after ${cycle} cycles: ${readings.at(-1).toFixed(0)} MB resident (serve, then each process it started: ${parts()} MB; ${took} s)`);
  }
}
await pause(10_000);
console.log(`after 10 s idle: ${rssMb().toFixed(0)} MB (serve, then each process it started: ${parts()} MB)`);
if (readings.length > 1) console.log(`last / after 100: ${(readings.at(-1) / readings[0]).toFixed(2)}x (goal: at most 1.3x)`);
child.kill('SIGTERM');
rmSync(site, { recursive: true, force: true });
