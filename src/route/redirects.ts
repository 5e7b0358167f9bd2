/**
 * Old addresses kept alive: an article's `aliases:` and content/redirects.yaml become `_redirects`
 * lines (Netlify and Cloudflare Pages, 301) and, for hosts without redirect rules, a small page at
 * each old address that forwards with a meta refresh and names the new one as canonical.
 */
import type { OutputFile } from '../bundle/assets.ts';
import { closest } from '../suggest.ts';
import type { Content } from '../schemas/content.ts';
import { problems, SiteErrors, type SiteError, type SourceLocation } from '../errors.ts';
import { articlePath } from './categories.ts';
import type { Route } from './routes.ts';
import type { Article } from '../schemas/article.ts';
import { isInternalHref } from '../schemas/links.ts';
import { normalizePath } from './paths.ts';

/** One old address, where it leads, and the line that asks for it. */
export interface Redirect {
  from: string;
  to: string;
  /** The line of the old address. */
  loc: SourceLocation;
  /** The line of where it leads (the article's own front matter for an alias). */
  toLoc: SourceLocation;
}

/** The files that keep old addresses working: `_redirects` and one forwarding page per old page address. */
export interface RedirectFiles {
  redirects: Redirect[];
  files: OutputFile[];
}

/**
 * The redirects asked for by the published articles and content/redirects.yaml, checked: an old
 * address may not be a page or a file of the site, nor be listed twice, and a redirect must lead
 * to a page of the site (or an https address). Throws SiteErrors naming each line at fault.
 */
export function redirectsOf(
  content: Content,
  articles: readonly Article[],
  routes: readonly Route[],
  files: ReadonlySet<string>,
  baseUrl: string,
): RedirectFiles {
  const errors: SiteError[] = [];
  const wanted: Redirect[] = [];
  const at = (file: string, path: PropertyKey[]): SourceLocation => content.sources.get(file)?.locate(path) ?? { file, line: 1, column: 1 };
  for (const article of articles) {
    article.aliases?.forEach((from, i) => {
      const loc = at(article.file, ['aliases', i]);
      wanted.push({ from, to: articlePath(article.slug), loc, toLoc: loc });
    });
  }
  content.redirects.forEach((r, i) =>
    wanted.push({ from: r.from, to: r.to, loc: at('content/redirects.yaml', [i, 'from']), toLoc: at('content/redirects.yaml', [i, 'to']) }),
  );
  // A language's own not-found page (es/404.html) answers the unknown addresses under its folder.
  const notFound = routes.filter((r) => r.path !== '/404' && r.path.endsWith('/404')).map((r) => r.path.slice(0, -'/404'.length));
  if (wanted.length === 0 && notFound.length === 0) return { redirects: [], files: [] };

  const pages = new Map(routes.map((r) => [normalizePath(r.path), r]));
  const seen = new Map<string, Redirect>();
  const redirects: Redirect[] = [];
  for (const redirect of wanted) {
    const key = normalizePath(redirect.from);
    const page = forwardingPage(redirect.from);
    const clash = seen.get(key);
    if (pages.has(key)) errors.push(problems.redirectClash(redirect.loc, redirect.from, 'a page of the site'));
    else if (files.has(redirect.from.slice(1)) || (page && files.has(page)))
      errors.push(problems.redirectClash(redirect.loc, redirect.from, 'a file of the site'));
    else if (fileAbove(redirect.from, files))
      errors.push(problems.redirectClash(redirect.loc, redirect.from, `inside /${fileAbove(redirect.from, files)}, a file of the site`));
    else if (clash) errors.push(problems.redirectTwice(redirect.loc, redirect.from, `${clash.loc.file}:${clash.loc.line}`));
    else {
      seen.set(key, redirect);
      redirects.push(redirect);
    }
  }
  for (const redirect of redirects) {
    // The schema lets through only a path of this site (a single "/") or an https address, which is not checked.
    if (!isInternalHref(redirect.to)) continue;
    const target = normalizePath(redirect.to.replace(/#.*$/, ''));
    if (seen.has(target)) errors.push(problems.redirectChain(redirect.toLoc, redirect.to, seen.get(target)!.to));
    else if (!pages.has(target))
      errors.push(
        problems.redirectTarget(
          redirect.toLoc,
          redirect.to,
          closest(
            target,
            [...pages.keys()].filter((p) => p !== '/'),
            1,
          )[0],
        ),
      );
  }
  if (errors.length > 0) throw new SiteErrors(errors);

  const base = baseUrl.replace(/\/+$/, '');
  const out: OutputFile[] = [{ file: '_redirects', bytes: Buffer.from(redirectsFile(redirects, notFound)) }];
  for (const redirect of redirects) {
    const file = forwardingPage(redirect.from);
    if (!file) continue;
    const internal = isInternalHref(redirect.to);
    const target = internal ? pages.get(normalizePath(redirect.to.replace(/#.*$/, ''))) : undefined;
    const canonical = internal ? `${base}${redirect.to}` : redirect.to;
    out.push({ file, bytes: Buffer.from(forwardingHtml(redirect.to, canonical, target?.meta.title ?? redirect.to)) });
  }
  return { redirects, files: out };
}

/**
 * The file of the site that an old address lies under (robots.txt for /robots.txt/old), whose
 * forwarding page would need a folder where that file is; undefined for others. The paths the
 * generator keeps for itself (/assets/, /pagefind/, its marker) are refused by the schema.
 */
function fileAbove(from: string, files: ReadonlySet<string>): string | undefined {
  const parts = from.slice(1).replace(/\/$/, '').split('/');
  return parts
    .slice(0, -1)
    .map((_, i) => parts.slice(0, i + 1).join('/'))
    .find((folder) => files.has(folder));
}

/**
 * The output file of the page left at an old address, or undefined for an address that is not a
 * page's (`/price-list.pdf`): those are kept by `_redirects` alone.
 */
function forwardingPage(from: string): string | undefined {
  const path = from.slice(1);
  if (path.endsWith('/') || !/\.[A-Za-z0-9]+$/.test(path)) return `${path.replace(/\/$/, '')}/index.html`;
  return /\.html?$/.test(path) ? path : undefined;
}

/**
 * `_redirects`: one permanent redirect per old address, with and without its trailing slash for pages; then, for each folder
 * with a not-found page of its own (`/es`), that page for the unknown addresses under it (Netlify; Cloudflare Pages finds it
 * without the line).
 */
function redirectsFile(redirects: readonly Redirect[], notFound: readonly string[]): string {
  const lines = [
    '# Old addresses and where they lead now, written by clinic-site from content/redirects.yaml',
    '# and the aliases: of articles (Netlify and Cloudflare Pages syntax); last, the not-found page',
    '# of each language for the unknown addresses under its folder (Netlify).',
  ];
  for (const { from, to, loc } of redirects) {
    lines.push(`# ${loc.file}:${loc.line}`);
    const page = forwardingPage(from);
    const spellings = page?.endsWith('/index.html') ? [from.replace(/\/$/, ''), `${from.replace(/\/$/, '')}/`] : [from];
    for (const spelling of spellings) lines.push(`${spelling} ${to} 301`);
  }
  for (const folder of notFound) lines.push(`${folder}/* ${folder}/404.html 404`);
  return `${lines.join('\n')}\n`;
}

const escapeHtml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A page that sends its visitor on at once, tells search engines where the page lives now, and offers a link. */
function forwardingHtml(to: string, canonical: string, title: string): string {
  const href = escapeHtml(to);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved: ${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta http-equiv="refresh" content="0; url=${href}">
</head>
<body>
<p>This page has moved to <a href="${href}">${escapeHtml(title)}</a>.</p>
</body>
</html>
`;
}

/**
 * Warnings for the pages the previous build published (its sitemap) that this build no longer
 * has and no redirect keeps: links from other sites and search results to them would now fail.
 */
export function lostPages(
  previousSitemap: readonly string[],
  routes: readonly Route[],
  redirects: readonly Redirect[],
  articles: readonly Article[],
): string[] {
  if (previousSitemap.length === 0) return [];
  const kept = new Set([
    ...routes.filter((r) => r.listed).map((r) => normalizePath(r.path)),
    ...redirects.map((r) => normalizePath(r.from)),
  ]);
  const gone = previousSitemap.filter((path) => !kept.has(normalizePath(path)));
  const slugs = articles.map((a) => a.slug);
  return gone.map((path) => {
    const slug = /^\/blog\/([^/]+)\/?$/.exec(path)?.[1];
    const heir = slug ? closest(slug, slugs, 1)[0] : undefined;
    const where = slug ? (heir ? `content/blog/${heir}.md` : 'the article that replaces it') : 'content/redirects.yaml';
    // Pasted as it is, this must be YAML: a list item's `to:` sits under its `from:`, two columns in.
    const lines = slug ? `aliases:\n      - ${path}` : `- from: ${path}\n        to: /the-page-that-replaces-it`;
    return `${path} was published by the last build and is gone now: links to it from other sites and search results will fail. To keep ` +
      `it working, add to ${where}:\n      ${lines}`;
  });
}

/** The paths of the pages a sitemap lists (sitemap.xml, or the parts a sitemap index names). */
export function sitemapPaths(read: (file: string) => string | undefined): string[] {
  const locs = (text: string) => [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const main = read('sitemap.xml');
  if (!main) return [];
  const urls = main.includes('<sitemapindex')
    ? locs(main).flatMap((part) => locs(read(new URL(part).pathname.slice(1)) ?? ''))
    : locs(main);
  return urls.flatMap((url) => {
    try {
      return [new URL(url).pathname];
    } catch {
      return [];
    }
  });
}
