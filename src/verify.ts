/** The verify stage: every internal link and #anchor of every page must lead somewhere. */
import { problems, SiteErrors, type SiteError } from './errors.ts';

/** A page of the output as the verifier sees it: its element ids and internal links. */
export interface VerifiedPage {
  /** Root-relative path, e.g. / or /process or /blog/slug/. */
  path: string;
  ids: Iterable<string>;
  links: Iterable<string>;
}

/** The verifier's view of a page of HTML. */
export function pageLinks(path: string, html: string): VerifiedPage {
  return { path, ids: idsOf(html), links: internalLinksOf(html) };
}

const attribute = /\s(href|src)="([^"]*)"/g;
const idAttribute = /\sid="([^"]+)"/g;

/** The ids of the elements of a page. */
export function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(idAttribute)) ids.add(decodeEntities(match[1]!));
  return ids;
}

/** Internal hrefs and srcs of a page (root-relative or bare #fragments), entities decoded. */
export function internalLinksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(attribute)) {
    const value = decodeEntities(match[2]!);
    if ((value.startsWith('/') && !value.startsWith('//')) || value.startsWith('#')) links.push(value);
  }
  return links;
}

/** A page path in one spelling: no trailing slash, no index.html; the home page is "/". */
export function normalizePath(path: string): string {
  let p = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** Throws SiteErrors naming each page and href that points to no page, file or element id. */
export function verifyLinks(pages: VerifiedPage[], files: Iterable<string>): void {
  const ids = new Map<string, Set<string>>();
  for (const page of pages) ids.set(normalizePath(page.path), new Set(page.ids));
  const fileSet = new Set([...files].map((f) => `/${f}`));
  const broken = new Map<string, { pages: string[]; anchor: boolean }>();
  const seen = new Set<string>();
  const fail = (page: string, href: string, anchor: boolean) => {
    const entry = broken.get(href) ?? { pages: [], anchor };
    entry.pages.push(page);
    broken.set(href, entry);
  };
  for (const page of pages) {
    const own = normalizePath(page.path);
    for (const href of page.links) {
      const key = `${own} ${href}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const [pathAndQuery = '', fragment] = href.split('#', 2) as [string, string | undefined];
      const path = pathAndQuery.split('?')[0]!;
      const target = path === '' ? own : normalizePath(decodeURI(path));
      const targetIds = ids.get(target);
      if (!targetIds) {
        if (!fileSet.has(decodeURI(path))) fail(page.path, href, false);
        continue;
      }
      if (fragment && !targetIds.has(decodeURIComponent(fragment))) fail(page.path, href, true);
    }
  }
  // One error per broken href, naming the pages that carry it (a broken nav link is on every page).
  const errors: SiteError[] = [...broken].map(([href, { pages: where, anchor }]) => {
    const page = where.length === 1 ? where[0]! : `${where[0]!} (and ${where.length - 1} more: ${where.slice(1, 4).join(', ')}${where.length > 4 ? ', …' : ''})`;
    return anchor ? problems.brokenAnchor(page, href) : problems.brokenLink(page, href);
  });
  if (errors.length > 0) throw new SiteErrors(errors);
}

function decodeEntities(text: string): string {
  return text.includes('&') ? text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>') : text;
}
