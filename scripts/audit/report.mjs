/** Prints the audit: the Lighthouse and budget tables, a summary per check, then every failure, grouped. */

const kb = (bytes) => (bytes == null ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value) => (value == null ? '-' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

/** A plain-text table: `columns` are `[title, width, align]`, rows arrays of strings. */
export function table(columns, rows) {
  const cell = (text, [, width, align]) => (align === 'right' ? String(text).padStart(width) : String(text).padEnd(width));
  const widths = columns.map((column, i) => [column[0], Math.max(column[0].length, ...rows.map((row) => String(row[i]).length)), column[2]]);
  const line = (row) => row.map((text, i) => cell(text, widths[i])).join('  ').trimEnd();
  return [line(widths.map((c) => c[0])), line(widths.map((c) => '-'.repeat(c[1]))), ...rows.map(line)].join('\n');
}

/** Groups findings that say the same thing on several routes: `[{ text, routes }]`, in first-seen order. */
function grouped(items, textOf) {
  const groups = new Map();
  for (const item of items) {
    const text = textOf(item);
    if (!groups.has(text)) groups.set(text, new Set());
    groups.get(text).add(item.route);
  }
  return [...groups].map(([text, routes]) => ({ text, routes: [...routes] }));
}

const where = (routes, total) => (routes.length === total && total > 3 ? `all ${total} routes` : routes.join(', '));

/** Formats the whole report as text; `result` is what run.mjs gathered. */
export function formatReport(result) {
  const out = [];
  const total = result.site.pages.length;
  out.push(`clinic-site audit: ${total} routes (${result.site.pages.map((p) => p.route).join(' ')})`);
  out.push(`built into ${result.dist}; served at ${result.origin} with its _headers; third-party origins answered by a local stand-in`);
  out.push('');

  if (result.lighthouse) {
    out.push('Lighthouse 12, mobile, simulated throttling (performance: best of up to 3 runs; other categories: lowest run)');
    out.push(
      table(
        [['route', 0], ['perf', 4, 'right'], ['a11y', 4, 'right'], ['bp', 3, 'right'], ['seo', 3, 'right'], ['LCP', 6, 'right'], ['TBT', 6, 'right'], ['CLS', 5, 'right'], ['bytes', 8, 'right'], ['runs', 4, 'right'], ['perf runs', 9]],
        result.lighthouse.map((row) => [
          row.route === '404' ? '404 (/404.html)' : row.route,
          row.best.scores.performance ?? 'ERR',
          row.worst.accessibility,
          row.worst['best-practices'],
          row.worst.seo,
          ms(row.best.lcp),
          ms(row.best.tbt),
          row.best.cls == null ? '-' : row.best.cls.toFixed(3),
          kb(row.best.bytes),
          row.runs,
          row.performanceRuns.join(' '),
        ]),
      ),
    );
    out.push('');
    out.push('Audits below 1 (score; * = weighs in its category score, the rest are unscored diagnostics):');
    for (const row of result.lighthouse) {
      const ids = row.imperfect.map((a) => `${a.id}${a.weight > 0 ? '*' : ''}(${Math.round(a.score * 100) / 100})`);
      out.push(`  ${row.route.padEnd(34)} ${ids.join(' ') || 'none'}`);
    }
    out.push('');
  }

  if (result.budgets) {
    out.push(`Budgets, gzip: script <= ${kb(result.budgetLimits.script)}, CSS <= ${kb(result.budgetLimits.css)}, HTML <= ${kb(result.budgetLimits.html)}, fonts <= ${kb(result.budgetLimits.fonts)}`);
    out.push(
      table(
        [['route', 0], ['html', 8, 'right'], ['script', 8, 'right'], ['css', 8, 'right'], ['fonts', 8, 'right']],
        result.budgets.sizes.map((row) => [row.route, kb(row.html), kb(row.script), kb(row.css), kb(row.fonts)]),
      ),
    );
    out.push('');
  }

  out.push('Checks');
  for (const check of result.checks) out.push(`  ${check.failures ? '✗' : '✓'} ${check.name.padEnd(16)} ${check.summary}`);
  out.push('');

  const failures = result.failures;
  const groups = grouped(failures, (f) => `[${f.check}] ${f.text}`);
  if (failures.length) {
    out.push(`Failures: ${groups.length} distinct (${failures.length} in all, counted per route)`);
    for (const group of groups) out.push(`  ${group.text}\n      on ${group.routes.some(Boolean) ? where(group.routes.filter(Boolean), total) : 'the whole site'}`);
    out.push('');
  }
  if (result.notes.length) {
    out.push('Notes (not failures)');
    for (const group of grouped(result.notes, (n) => `[${n.check}] ${n.text}`)) out.push(`  ${group.text}${group.routes.some(Boolean) ? `\n      on ${where(group.routes.filter(Boolean), total)}` : ''}`);
    out.push('');
  }
  out.push(failures.length ? `AUDIT FAILED: ${groups.length} distinct failure(s)` : 'AUDIT PASSED');
  return out.join('\n');
}
