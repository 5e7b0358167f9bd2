/**
 * Budgets per page, gzip-compressed (zlib's default level, what hosts compress on the fly with):
 * the site's own browser script, CSS, HTML, and the fonts its CSS and preloads can fetch.
 * Third-party files (the intake widget) are not the site's and are not counted.
 */
import { load } from 'cheerio';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileForPath } from './site.mjs';

/** The limits, in bytes. */
export const budgets = { script: 5 * 1024, css: 20 * 1024, html: 30 * 1024, fonts: 100 * 1024 };

const gzipSize = (buffer) => gzipSync(buffer).length;

/**
 * Measures each page of `site`. Resolves to `{ sizes, findings }`: `sizes` has one row
 * `{ route, html, script, css, fonts, files }` (bytes) per page; `findings` one `{ route, kind, size, limit, files }` per overrun.
 */
export async function checkBudgets(site) {
  const sizeOf = new Map();
  async function measure(path) {
    if (!sizeOf.has(path)) {
      const file = await fileForPath(site.dist, path);
      sizeOf.set(path, file ? { size: gzipSize(await readFile(file)), text: await readFile(file, 'utf8') } : { size: 0, text: '', missing: true });
    }
    return sizeOf.get(path);
  }
  const own = (raw, base) => {
    const url = new URL(raw, base);
    return url.origin === base.origin ? url.pathname : undefined;
  };

  const sizes = [];
  const findings = [];
  for (const page of site.pages) {
    const base = new URL(page.path, 'http://audit.invalid');
    const $ = load(page.html);
    const scripts = $('script[src]').map((_, el) => own($(el).attr('src'), base)).get().filter(Boolean);
    const styles = $('link[rel~="stylesheet"][href]').map((_, el) => own($(el).attr('href'), base)).get().filter(Boolean);
    const fonts = new Set($('link[rel~="preload"][as="font"][href]').map((_, el) => own($(el).attr('href'), base)).get().filter(Boolean));
    let css = 0;
    for (const path of styles) {
      const sheet = await measure(path);
      css += sheet.size;
      for (const match of sheet.text.matchAll(/url\(\s*['"]?([^'")]+\.(?:woff2?|ttf|otf|eot)(?:[?#][^'")]*)?)['"]?\s*\)/g)) {
        const font = own(match[1], new URL(path, base));
        if (font) fonts.add(font.replace(/[?#].*$/, ''));
      }
    }
    let script = 0;
    for (const path of scripts) script += (await measure(path)).size;
    let fontBytes = 0;
    for (const path of fonts) fontBytes += (await measure(path)).size;
    const row = { route: page.route, html: gzipSize(Buffer.from(page.html)), script, css, fonts: fontBytes, files: { script: scripts, css: styles, fonts: [...fonts] } };
    sizes.push(row);
    for (const kind of ['html', 'script', 'css', 'fonts']) {
      if (row[kind] > budgets[kind]) findings.push({ route: page.route, kind, size: row[kind], limit: budgets[kind], files: kind === 'html' ? [page.path] : row.files[kind] });
    }
    for (const path of [...scripts, ...styles, ...fonts]) {
      if ((await measure(path)).missing) findings.push({ route: page.route, kind: 'missing', size: 0, limit: 0, files: [path] });
    }
  }
  return { sizes, findings };
}
