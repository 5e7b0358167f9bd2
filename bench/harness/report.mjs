/** Turning raw benchmark results into the tables printed and kept in bench/README.md. */
import { median, round } from './measure.mjs';

const fmt = (value, digits = 2) => (value === undefined || value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits));

/** Summary numbers of one tool at one N: medians over the successful runs. */
export function summarize(entry) {
  const good = entry.runs.filter((r) => r.ok);
  if (good.length === 0) return { failed: true };
  const walls = good.map((r) => r.wallMs / 1000);
  return {
    median: median(walls),
    min: Math.min(...walls),
    max: Math.max(...walls),
    cpu: median(good.map((r) => r.cpuSeconds).filter((v) => v !== undefined)),
    rss: median(good.map((r) => r.peakRssMb).filter((v) => v !== undefined)),
    pages: good.at(-1).pages,
    files: good.at(-1).files,
    articlePagesOk: good.every((r) => r.articlePagesOk),
    disturbed: good.filter((r) => r.disturbed).length,
    redone: good.reduce((n, r) => n + r.redone.length, 0),
    failedRuns: entry.runs.length - good.length,
    // Drift: the last run against the first, to see that repeated runs stay flat.
    drift: walls.length > 1 ? walls.at(-1) / walls[0] : undefined,
  };
}

/** The markdown tables (cold builds per N, then warm rebuild and save-to-reload, then targets). */
export function tables(results) {
  const lines = [];
  for (const size of results.sizes) {
    lines.push(`#### N = ${size.n.toLocaleString('en-US')} articles`, '');
    const mine = size.cold.filter((e) => e.tool.startsWith('ours'));
    const mineSummaries = mine.map((e) => ({ entry: e, summary: summarize(e) }));
    const ratioHeads = mine.map((e) => (e.tool === 'ours' ? 'ours ÷ this' : 'ours, image cache kept, ÷ this'));
    lines.push(`| generator | median s | min s | max s | CPU s | peak RSS MB | pages | files | ${ratioHeads.join(' | ')} | last ÷ first run |`);
    lines.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ${ratioHeads.map(() => '---:').join(' | ')} | ---: |`);
    for (const entry of size.cold) {
      const s = summarize(entry);
      if (s.failed) {
        lines.push(`| ${entry.name} | FAILED | | | | | | | ${ratioHeads.map(() => '').join(' | ')} | |`);
        continue;
      }
      const ratio = mineSummaries.map(({ summary }) => (entry.tool.startsWith('ours') || summary.failed ? '' : `${fmt(summary.median / s.median)}×`)).join(' | ');
      const notes = [s.articlePagesOk ? '' : ' ⚠ article pages missing', s.disturbed ? ` ⚠ ${s.disturbed} disturbed` : ''].join('');
      lines.push(
        `| ${entry.name}${entry.tool === 'ours-images-cached' ? '' : ` ${entry.version}`}${notes} | **${fmt(s.median)}** | ${fmt(s.min)} | ${fmt(s.max)} | ${fmt(s.cpu)} | ${fmt(s.rss, 0)} | ${s.pages} | ${s.files} | ${ratio} | ${fmt(s.drift)} |`,
      );
    }
    for (const entry of size.cold) {
      const failed = entry.runs.filter((r) => !r.ok);
      if (failed.length > 0) lines.push('', `${entry.name} failed ${failed.length} of ${entry.runs.length} runs (exit ${failed[0].code}): \`${oneLine(failed[0].stderr || failed[0].stdout)}\``);
    }
    lines.push('');
  }

  lines.push('#### Warm rebuild (same output folder) and save-to-reload in `serve`', '');
  lines.push('| N | warm build, one article changed, median s (min–max) | nothing changed, median s (min–max) | peak RSS MB | save→reload median ms (min–max) | serve start-up s | serve peak RSS MB |');
  lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const size of results.sizes) {
    const warm = size.warm;
    const warmText = !warm ? 'not run' : warm.skipped ? `skipped: ${warm.skipped}` : warmCell(warm.runs);
    const unchangedText = warm?.unchanged?.length ? warmCell(warm.unchanged) : 'not run';
    const warmRss = warm?.runs ? fmt(median(warm.runs.filter((r) => r.ok).map((r) => r.peakRssMb)), 0) : '–';
    const serve = size.serve;
    let serveText = 'not run';
    if (serve?.skipped) serveText = `skipped: ${oneLine(serve.skipped)}`;
    else if (serve?.runs) {
      const ms = serve.runs.map((r) => r.ms);
      serveText = `**${fmt(median(ms), 0)}** (${fmt(Math.min(...ms), 0)}–${fmt(Math.max(...ms), 0)})${serve.runs.every((r) => r.verified) ? '' : ' ⚠ edit not always shown'}`;
    }
    lines.push(`| ${size.n.toLocaleString('en-US')} | ${warmText} | ${unchangedText} | ${warmRss} | ${serveText} | ${serve?.startupMs ? fmt(serve.startupMs / 1000) : '–'} | ${fmt(serve?.peakRssMb, 0)} |`);
  }
  lines.push('');

  lines.push(...targets(results).map((t) => `- ${t}`), '');
  return lines.join('\n');
}

/**
 * The targets of issue 24, judged at the largest N measured, as ratios to the peers' clean builds of the same run. Hugo +
 * Pagefind stands beside Hugo: it is how a Hugo site gets the search index that our builds make, cold and warm.
 */
export function targets(results) {
  const size = results.sizes.at(-1);
  if (!size) return [];
  const get = (tool) => {
    const entry = size.cold.find((e) => e.tool === tool);
    return entry ? summarize(entry) : { failed: true };
  };
  const ours = get('ours');
  const oursImages = get('ours-images-cached');
  const eleventy = get('eleventy');
  const hugo = get('hugo');
  const searched = get('hugo-pagefind');
  const verdict = (ok) => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'FAIL');
  const at = `at N = ${size.n.toLocaleString('en-US')}`;
  const medianOf = (runs) => (runs?.filter((r) => r.ok).length ? median(runs.filter((r) => r.ok).map((r) => r.wallMs / 1000)) : undefined);
  const warm = medianOf(size.warm?.runs);
  const unchanged = medianOf(size.warm?.unchanged);
  const reloads = size.serve?.runs?.map((r) => r.ms) ?? [];
  const reload = reloads.length ? median(reloads) : undefined;
  const slowest = reloads.length ? Math.max(...reloads) : undefined;
  const known = (a, b) => (a === undefined || b === undefined ? undefined : a <= b);
  const times = (a, b) => (a === undefined || b === undefined ? '–' : `${fmt(a / b)}×`);
  const e = eleventy.failed ? undefined : eleventy.median;
  const h = hugo.failed ? undefined : hugo.median;
  const hp = searched.failed ? undefined : searched.median;
  // Hugo's clean build measured between our warm builds, in the same minutes, when the run has it; its cold runs' median otherwise.
  const alongside = medianOf(size.warm?.hugo);
  const hw = alongside ?? h;
  const both = (ours) =>
    (alongside === undefined ? '' : `; Hugo's clean build measured between the warm builds, against its ${fmt(h)} s in the cold runs above: ${times(ours, h)}`) +
    (hp === undefined ? '' : `; against Hugo + Pagefind's clean build (${fmt(hp)} s): ${times(ours, hp)}`);
  const oursCold = ours.failed ? undefined : ours.median;
  return [
    `${verdict(known(oursCold, e && 4.5 * e))} cold build ${at} ≤ 4.5× Eleventy's: ${fmt(oursCold)} s vs ${fmt(e)} s (${times(oursCold, e)})` +
      (oursImages.failed ? '' : `; with the image cache kept ${fmt(oursImages.median)} s (${times(oursImages.median, e)})`) +
      (hp === undefined ? '' : `; Hugo + Pagefind ${fmt(hp)} s (ours ${times(oursCold, hp)})`),
    `${verdict(known(warm, hw && 0.38 * hw))} warm build after one article changed ${at} ≤ 0.38× Hugo's clean build: ${fmt(warm)} s vs ${fmt(hw)} s (${times(warm, hw)})${both(warm)}`,
    `${verdict(known(unchanged, hw && 0.17 * hw))} warm build with nothing changed ${at} ≤ 0.17× Hugo's clean build: ${fmt(unchanged)} s (${times(unchanged, hw)})${both(unchanged)}`,
    `${verdict(reload === undefined ? undefined : reload < 60 && slowest < 120)} save→reload in serve ${at}: median under 60 ms and slowest under 120 ms: ${fmt(reload, 0)} ms, slowest ${fmt(slowest, 0)} ms`,
    `${verdict(known(ours.failed ? undefined : ours.rss, 606))} cold peak RSS ${at} ≤ 606 MB (issue 24's worst before search and Spanish): ${fmt(ours.rss, 0)} MB; Eleventy ${fmt(eleventy.rss, 0)} MB`,
  ];
}

function warmCell(runs) {
  const good = runs.filter((r) => r.ok).map((r) => r.wallMs / 1000);
  if (good.length === 0) return `FAILED: \`${oneLine(runs[0]?.stderr ?? '')}\``;
  return `**${fmt(median(good))}** (${fmt(Math.min(...good))}–${fmt(Math.max(...good))})`;
}

/** The first meaningful line of an error output, short enough for a table. */
export function oneLine(text) {
  const line = String(text).split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '';
  return line.replace(/\|/g, '\\|').replace(/`/g, "'").slice(0, 220);
}

export { fmt, round };
