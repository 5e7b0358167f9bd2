/**
 * Lighthouse (mobile defaults, simulated throttling) on every route, in the shared Chromium.
 * Performance moves with machine load: a route under 100 is run again, up to `maxRuns` in all,
 * and gated on its best performance score; accessibility, best practices and SEO must be 100 in
 * every run.
 */
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The CPU slowdown that emulates Lighthouse's reference phone on this host. The default 4x assumes
 * a host with a benchmark index of about 1,533; on a slower host 4x emulates a slower phone than
 * Lighthouse means to, so the multiplier follows Lighthouse's own calibration table (its
 * "slower CPU than Lighthouse expects" warning links to it): 1,300 → 3x, 233 per step, and
 * proportionally below. It is never more than the default 4x, so a fast host gets the defaults.
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return throttling.mobileSlow4G.cpuSlowdownMultiplier;
  const multiplier = benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : Math.max(1, (3 * benchmarkIndex) / 1300);
  return Math.min(throttling.mobileSlow4G.cpuSlowdownMultiplier, Math.round(multiplier * 10) / 10);
}

/** Lighthouse's flags: mobile defaults with simulated throttling, only our four categories; screenshots skipped for time. */
const flags = (port, cpuSlowdownMultiplier) => ({
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: categories,
  disableFullPageScreenshot: true,
  skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
});

/** The scored summary of one Lighthouse result. */
function summarise(lhr) {
  const scores = Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]));
  const weights = new Map();
  const owners = new Map();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      weights.set(ref.id, Math.max(weights.get(ref.id) ?? 0, ref.weight));
      owners.set(ref.id, [...(owners.get(ref.id) ?? []), category.id]);
    }
  }
  const imperfect = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => ({
      id: audit.id,
      score: audit.score,
      weight: weights.get(audit.id) ?? 0,
      categories: owners.get(audit.id) ?? [],
      displayValue: audit.displayValue ?? '',
      items: (audit.details?.items ?? []).slice(0, 5).map((item) => item.node?.selector ?? item.source?.snippet ?? item.url ?? item.description ?? item.reason ?? item.node?.snippet ?? (item.statistic ? `${item.statistic}: ${item.value?.value ?? item.value}` : undefined)).filter(Boolean),
    }));
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    scores,
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes: metric('total-byte-weight'),
    imperfect,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Runs Lighthouse on each `{ route, url }` through Chromium's DevTools `port`. Resolves to one row per
 * route `{ route, url, runs, best, worst, findings }` where `best` is the run with the best performance
 * score and `worst` holds each category's lowest score across runs.
 */
export async function runLighthouse(port, targets, { maxRuns = 3, log = () => {} } = {}) {
  const runsOf = new Map(targets.map((target) => [target, []]));
  // Measure the host once (Lighthouse's own benchmark, from a first run of the first route), then calibrate.
  let slowdown = throttling.mobileSlow4G.cpuSlowdownMultiplier;
  try {
    const probe = await lighthouse(targets[0].url, flags(port, slowdown));
    slowdown = calibratedSlowdown(probe.lhr.environment?.benchmarkIndex);
    log(`lighthouse: host benchmark index ${Math.round(probe.lhr.environment?.benchmarkIndex ?? 0)}, CPU slowdown ${slowdown}x`);
  } catch {
    // The first real run reports any problem.
  }
  const needsAnother = (runs) => runs.length < maxRuns && !runs.some((run) => run.runtimeError || run.scores.performance === 100);
  // One pass over every route, then passes over those still under 100, so one burst of machine load hits one run, not three in a row.
  for (let pass = 1; pass <= maxRuns; pass++) {
    for (const target of targets) {
      const runs = runsOf.get(target);
      if (!needsAnother(runs) || runs.length !== pass - 1) continue;
      const started = Date.now();
      let summary;
      try {
        const result = await lighthouse(target.url, flags(port, slowdown));
        summary = summarise(result.lhr);
      } catch (error) {
        summary = { scores: Object.fromEntries(categories.map((id) => [id, null])), imperfect: [], runtimeError: String(error?.message ?? error), warnings: [] };
      }
      runs.push(summary);
      log(`lighthouse ${target.route} run ${runs.length}: ${categories.map((id) => summary.scores[id] ?? '-').join('/')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  return targets.map((target) => {
    const runs = runsOf.get(target);
    const best = runs.reduce((a, b) => ((b.scores.performance ?? -1) > (a.scores.performance ?? -1) ? b : a));
    const worst = Object.fromEntries(categories.map((id) => [id, Math.min(...runs.map((r) => r.scores[id] ?? 0))]));
    const findings = [];
    if (best.runtimeError) findings.push(`Lighthouse could not run: ${best.runtimeError}`);
    else {
      if (best.scores.performance !== 100) findings.push(`performance ${best.scores.performance} (best of ${runs.length})`);
      for (const id of categories.slice(1)) if (worst[id] !== 100) findings.push(`${id} ${worst[id]}${runs.length > 1 ? ` (lowest of ${runs.length})` : ''}`);
    }
    // Audits below 1: the best run's, plus any run's scored audits of accessibility, best practices and SEO.
    const imperfect = new Map(best.imperfect.map((audit) => [audit.id, audit]));
    for (const run of runs) {
      for (const audit of run.imperfect) {
        if (!imperfect.has(audit.id) && audit.weight > 0 && audit.categories.some((id) => id !== 'performance')) imperfect.set(audit.id, audit);
      }
    }
    return { route: target.route, url: target.url, slowdown, runs: runs.length, performanceRuns: runs.map((r) => r.scores.performance), best, worst, findings, imperfect: [...imperfect.values()] };
  });
}
