#!/usr/bin/env node
/**
 * `npm run audit`: builds the site, serves it as a static host would (with its own `_headers`),
 * and checks every route: Lighthouse, axe-core, html-validate, links, budgets, privacy, CSP and
 * hosting headers. Prints a table and every failure; exits 1 on any failure, 2 on wrong usage.
 *
 *   node scripts/audit/run.mjs [--dist DIR] [--out DIR] [--only CHECKS] [--runs N] [--json FILE]
 *
 * --dist DIR   audit an existing build instead of building (default: build into a temporary folder)
 * --out DIR    build into DIR and keep it
 * --only LIST  comma-separated subset of: validate,links,budgets,hosting,axe,privacy,lighthouse
 * --runs N     most Lighthouse runs per route when performance is under 100 (default 5)
 * --json FILE  also write everything gathered as JSON
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { checkAccessibility } from './axe.mjs';
import { consoleFindings } from './browser.mjs';
import { budgets as budgetLimits, checkBudgets } from './budgets.mjs';
import { launchChromium } from './chromium.mjs';
import { checkHosting } from './hosting.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { checkLinks } from './links.mjs';
import { checkPrivacy } from './privacy.mjs';
import { formatReport } from './report.mjs';
import { startStaticServer } from './server.mjs';
import { loadSite } from './site.mjs';
import { startThirdPartyStub } from './stub.mjs';
import { validatePages } from './validate.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const allChecks = ['validate', 'links', 'budgets', 'hosting', 'axe', 'privacy', 'lighthouse'];
/** Third-party hosts the pages name; Chromium sends them to the local stand-in. */
const thirdPartyHosts = ['www.google.com', 'intake.example.com', 'www.googletagmanager.com', 'www.google-analytics.com', 'region1.google-analytics.com'];

let options;
try {
  ({ values: options } = parseArgs({
    options: { dist: { type: 'string' }, out: { type: 'string' }, only: { type: 'string' }, runs: { type: 'string', default: '5' }, json: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  console.error(`${error.message}\nUsage: node scripts/audit/run.mjs [--dist DIR] [--out DIR] [--only ${allChecks.join(',')}] [--runs N] [--json FILE]`);
  process.exit(2);
}
if (options.help) {
  console.log(`Usage: node scripts/audit/run.mjs [--dist DIR] [--out DIR] [--only ${allChecks.join(',')}] [--runs N] [--json FILE]`);
  process.exit(0);
}
const only = new Set(options.only ? options.only.split(',').map((s) => s.trim()) : allChecks);
const unknown = [...only].filter((c) => !allChecks.includes(c));
const maxRuns = Number(options.runs);
if (unknown.length || !(maxRuns >= 1)) {
  console.error(unknown.length ? `Unknown check(s): ${unknown.join(', ')} (known: ${allChecks.join(', ')})` : '--runs must be a number of at least 1');
  process.exit(2);
}

const started = Date.now();
const progress = (text) => console.error(`[audit ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const cleanup = [];

async function main() {
  let dist = options.dist ? resolve(options.dist) : undefined;
  if (!dist) {
    dist = options.out ? resolve(options.out) : join(await mkdtemp(join(tmpdir(), 'clinic-audit-')), 'dist');
    if (!options.out) cleanup.push(() => rm(join(dist, '..'), { recursive: true, force: true }));
    progress(`building into ${dist}`);
    execFileSync(process.execPath, [join(root, 'scripts', 'compile.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync(process.execPath, [join(root, 'bin', 'clinic-site.js'), 'build', '--out', dist], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
  }
  const site = await loadSite(dist);
  const failures = [];
  const notes = [];
  const checks = [];
  const fail = (check, route, text) => failures.push({ check, route, text });
  const note = (check, route, text) => notes.push({ check, route, text });
  const result = { dist, site, checks, failures, notes, budgetLimits };
  for (const orphan of site.orphans) fail('routes', orphan, `${orphan} is built but not in sitemap.xml (nor 404.html)`);

  if (only.has('validate')) {
    progress('html-validate');
    const findings = await validatePages(site.pages);
    result.validate = findings;
    for (const f of findings) fail('html-validate', f.route, `${f.rule}: ${f.message} — ${f.markup.replace(/\s+/g, ' ').slice(0, 160)}`);
    checks.push({ name: 'html-validate', failures: findings.length, summary: `${findings.length} error(s) on ${new Set(findings.map((f) => f.route)).size} of ${site.pages.length} pages (recommended preset)` });
  }
  if (only.has('links')) {
    progress('links');
    const { findings, notes: linkNotes } = await checkLinks(site);
    result.links = findings;
    for (const f of findings) fail('links', f.route, `${f.problem}: ${f.element}`);
    const unslashed = [...new Set(linkNotes.map((n) => n.url.replace(/#.*/, '')))];
    if (unslashed.length) note('links', '', `${unslashed.length} internal hrefs lack the trailing slash of the sitemap/canonical address, a redirect per click on GitHub Pages, Cloudflare Pages and S3 website hosting: ${unslashed.join(' ')}`);
    checks.push({ name: 'links', failures: findings.length, summary: `${findings.length} problem(s)` });
  }
  if (only.has('budgets')) {
    progress('budgets');
    result.budgets = await checkBudgets(site);
    for (const f of result.budgets.findings) fail('budgets', f.route, f.kind === 'missing' ? `${f.files[0]} is referenced but not built` : `${f.kind} ${(f.size / 1024).toFixed(1)} KB gzip > ${(f.limit / 1024).toFixed(0)} KB (${f.files.join(', ')})`);
    checks.push({ name: 'budgets', failures: result.budgets.findings.length, summary: `${result.budgets.findings.length} overrun(s)` });
  }

  const needsServer = ['hosting', 'axe', 'privacy', 'lighthouse'].some((c) => only.has(c));
  if (needsServer) {
    const server = await startStaticServer({ root: dist });
    cleanup.push(server.close);
    result.origin = server.origin;
    if (only.has('hosting')) {
      progress('hosting headers');
      const hosting = await checkHosting(site, server.origin);
      result.hosting = hosting;
      for (const f of hosting.findings) fail('hosting', f.route === 'assets' || f.route === 'server' ? '' : f.route, `${f.check}: ${f.problem}${f.route === 'assets' || f.route === 'server' ? ` (${f.url})` : ''}`);
      for (const n of hosting.notes) note('hosting', '', n);
      checks.push({ name: 'hosting', failures: hosting.findings.length, summary: `${hosting.findings.length} problem(s) with _headers as served` });
    }
  }
  const needsBrowser = ['axe', 'privacy', 'lighthouse'].some((c) => only.has(c));
  if (needsBrowser) {
    const stub = await startThirdPartyStub();
    cleanup.push(stub.close);
    const chrome = await launchChromium(['--ignore-certificate-errors', `--host-resolver-rules=${stub.resolverRules(thirdPartyHosts)}`]);
    cleanup.push(chrome.close);
    const logs = [];
    if (only.has('axe') || only.has('privacy')) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        if (only.has('axe')) {
          progress('axe-core');
          const axe = await checkAccessibility(browser, site, result.origin);
          result.axe = axe;
          logs.push(...axe.logs);
          // One failure per violation and page, listing the widths and states it was seen in.
          const seen = new Map();
          for (const v of axe.findings) {
            const key = `${v.route}|${v.id}|${v.nodes.map((n) => n.target).join(' | ')}`;
            if (!seen.has(key)) seen.set(key, { ...v, states: [] });
            seen.get(key).states.push(`${v.width} px ${v.state}`);
          }
          for (const v of seen.values()) fail('axe', v.route, `${v.id} (${v.impact}): ${v.help} — ${v.count} node(s): ${v.nodes.map((n) => `${n.target} ${n.html}`).join(' | ')} — seen at ${v.states.join(', ')}`);
          for (const p of axe.problems) fail('axe', p.route, `at ${p.width} px, ${p.state}: ${p.problem}`);
          checks.push({ name: 'axe-core', failures: axe.findings.length + axe.problems.length, summary: `${axe.runs} axe runs (390 and 1280 px, drawer/dropdown/dialogs open and closed): ${axe.findings.length} violation(s), ${axe.problems.length} control problem(s)` });
        }
        if (only.has('privacy')) {
          progress('privacy');
          const privacy = await checkPrivacy(browser, site, result.origin);
          result.privacy = privacy;
          logs.push(...privacy.logs);
          for (const f of privacy.findings) fail('privacy', f.route, `${f.kind}: ${f.problem}`);
          const thirdParty = Object.entries(privacy.requestsByRoute).filter(([, list]) => list.length).map(([route, list]) => `${route} → ${[...new Set(list.map((r) => new URL(r.split(' ')[1]).origin))].join(', ')}`);
          checks.push({ name: 'privacy', failures: privacy.findings.length, summary: `${privacy.findings.length} problem(s); measurement id ${privacy.measured ? 'configured' : 'not configured'}; ${privacy.events} tracked clicks checked; third-party requests: ${thirdParty.join('; ') || 'none'}` });
        }
      } finally {
        await browser.close().catch(() => undefined);
      }
      const consoleResult = consoleFindings(logs, site);
      result.console = consoleResult;
      for (const f of consoleResult.failures) fail(f.kind === 'csp' ? 'csp' : 'console', f.route, `${f.kind} (${f.pass}, ${f.width} px): ${f.text}`);
      for (const n of consoleResult.notes) note('console', n.route, `${n.kind}: ${n.text}`);
      const csp = consoleResult.failures.filter((f) => f.kind === 'csp').length;
      checks.push({ name: 'csp + console', failures: consoleResult.failures.length, summary: `${csp} CSP violation(s), ${consoleResult.failures.length - csp} other console error(s), ${consoleResult.notes.length} warning(s) (notes)` });
    }
    if (only.has('lighthouse')) {
      progress('lighthouse');
      const targets = site.pages.map((page) => ({ route: page.route, url: result.origin + (page.lighthousePath ?? page.path) }));
      result.lighthouse = await runLighthouse(chrome.port, targets, { maxRuns, log: progress });
      for (const row of result.lighthouse) {
        for (const finding of row.findings) {
          const audits = row.imperfect.filter((a) => a.weight > 0).map((a) => `${a.id} ${Math.round(a.score * 100) / 100}${a.displayValue ? ` (${a.displayValue})` : ''}${a.items.length ? ` [${a.items.slice(0, 3).join(' | ').slice(0, 200)}]` : ''}`);
          fail('lighthouse', row.route, `${finding}${audits.length ? `; scored audits below 1: ${audits.join('; ')}` : ''}`);
        }
      }
      const failing = result.lighthouse.filter((row) => row.findings.length).length;
      checks.push({ name: 'lighthouse', failures: failing, summary: `${failing} of ${result.lighthouse.length} routes under 100 in some category (404 audited at /404.html: Lighthouse refuses a 404 response)` });
    }
  }

  progress(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(formatReport(result));
  if (options.json) await writeFile(options.json, JSON.stringify({ ...result, site: { baseUrl: site.baseUrl, routes: site.pages.map((p) => p.route), orphans: site.orphans } }, null, 2));
  return failures.length === 0;
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(`audit: ${error?.stack ?? error}`);
} finally {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
}
process.exit(passed ? 0 : 1);
