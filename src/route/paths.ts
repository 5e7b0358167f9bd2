/** Page paths in one spelling, the way links, redirects and the sitemap compare them. */

/** A page path in one spelling: no trailing slash, no index.html; the home page is "/". */
export function normalizePath(path: string): string {
  // Most paths are written as they are kept (/process): nothing to take off.
  if (!path.endsWith('/') && !path.endsWith('.html')) return path || '/';
  // A page's own address (/blog/slug/): one slash off, without the expressions below (thousands of pages on every rebuild).
  if (path.length > 1 && path.endsWith('/') && !path.endsWith('//')) return path.slice(0, -1);
  let p = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
