/** Nearest-name suggestions for misspelt field names and ids. */

/** Edit distance between two strings (insertions, deletions, substitutions, swaps). */
export function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates closest to `name`, best first, that are plausibly what was meant. */
export function closest(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const lower = name.toLowerCase();
  const scored: { candidate: string; score: number; edits: number }[] = [];
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const edits = distance(lower, c);
    const score = c.includes(lower) || lower.includes(c) ? Math.min(1, edits) : edits;
    if (score <= Math.max(2, Math.floor(Math.max(name.length, candidate.length) / 3))) scored.push({ candidate, score, edits });
  }
  // Among equals, the one fewer edits away (/proces: /process before /es/process, which merely holds it).
  const order = (x: (typeof scored)[number], y: (typeof scored)[number]) =>
    x.score - y.score || x.edits - y.edits || x.candidate.localeCompare(y.candidate);
  return scored
    .sort(order)
    .slice(0, limit)
    .map((s) => s.candidate);
}

/** Whether a name can be a slug or id: lower-case letters and digits in words joined by single hyphens. */
export function isSlug(name: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name);
}

/**
 * The slug a name most likely meant (`My Post #1?` → `my-post-1`; the rules of `new article`), or undefined when nothing of it is
 * left.
 */
export function slugOf(name: string): string | undefined {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? undefined : slug;
}

/**
 * The name a file given by name or path should have: `Spring Habits.JPG` → `spring-habits.jpg`, each folder and the name
 * made a slug as `slugOf` makes one, the extension lower-cased; undefined when the value is no file name or already is one.
 */
export function slugFileName(value: string): string | undefined {
  const match = /^(.*\/)?([^/]+)\.([A-Za-z0-9]+)$/.exec(value.trim());
  const stem = match && slugOf(match[2]!);
  if (!match || !stem) return undefined;
  const folders = (match[1] ?? '')
    .split('/')
    .map((part) => (part === '' || part === '.' ? part : (slugOf(part) ?? part)))
    .join('/');
  const named = `${folders}${stem}.${match[3]!.toLowerCase()}`;
  return named === value ? undefined : named;
}
