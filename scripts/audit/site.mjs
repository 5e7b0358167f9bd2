/** The built site as the audit sees it: its routes (from sitemap.xml, plus the 404 page) and each page's HTML. */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** The address the audit requests to see the 404 page: a path no build writes. */
export const missingPath = '/audit-no-such-page/';

/** The file a URL path is served from, resolved the way the audit's static server does (directory → index.html). */
export async function fileForPath(dist, path) {
  const file = join(dist, decodeURIComponent(path));
  if (!file.startsWith(dist)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isFile()) return file;
  if (info?.isDirectory() && (await stat(join(file, 'index.html')).catch(() => undefined))?.isFile()) return join(file, 'index.html');
  return undefined;
}

/**
 * Reads the built folder: `{ baseUrl, pages }`, one page `{ route, path, file, html, status }` per
 * sitemap URL (route = its path), then the 404 page (route "404", requested at `missingPath`).
 * `orphans` lists HTML files that are neither in the sitemap nor 404.html.
 */
export async function loadSite(dist) {
  const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8');
  const locs = [...sitemap.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  if (locs.length === 0) throw new Error(`${join(dist, 'sitemap.xml')} lists no <loc>`);
  const baseUrl = new URL(locs[0]).origin;
  const pages = [];
  for (const loc of locs) {
    const path = new URL(loc).pathname;
    const file = await fileForPath(dist, path);
    if (!file) throw new Error(`sitemap.xml lists ${loc}, but the build has no ${path}index.html`);
    pages.push({ route: path, path, file, html: await readFile(file, 'utf8'), status: 200 });
  }
  const notFound = join(dist, '404.html');
  pages.push({ route: '404', path: missingPath, lighthousePath: '/404.html', file: notFound, html: await readFile(notFound, 'utf8'), status: 404 });
  const htmlFiles = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html')).map((name) => join(dist, name));
  // A language's own not-found page (es/404.html), audited as the file it is (hosts that look for the nearest 404.html serve it).
  for (const file of htmlFiles.filter((f) => /^[a-z]{2}\/404\.html$/.test(relative(dist, f).split(sep).join('/')))) {
    const path = `/${relative(dist, file).split(sep).join('/')}`;
    pages.push({ route: path, path, file, html: await readFile(file, 'utf8'), status: 200 });
  }
  const listed = new Set(pages.map((page) => page.file));
  // Pages left at old addresses (redirects) forward at once and are kept out of search on purpose.
  const forwarding = async (file) => /<meta http-equiv="refresh"/.test(await readFile(file, 'utf8'));
  const unlisted = htmlFiles.filter((file) => !listed.has(file));
  const orphans = [];
  for (const file of unlisted) if (!(await forwarding(file))) orphans.push(`/${relative(dist, file).split(sep).join('/')}`);
  return { dist, baseUrl, pages, orphans };
}
