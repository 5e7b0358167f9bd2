/** The verify stage: every internal link and #anchor of every page must lead somewhere. */
import { closest, distance } from '../suggest.ts';
import { problems, SiteErrors, type SiteError, type SourceLocation } from '../errors.ts';
import { isAmbiguousHref, linkForm } from '../schemas/links.ts';
import { normalizePath } from '../route/paths.ts';

/** A page of the output as the verifier sees it: its element ids and the links it follows (and refuses: //host, /\host). */
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

/** Where the content wrote a broken href (file, line and column), if anywhere; given the pages that carry it. */
export type LinkLocator = (href: string, pages: readonly string[]) => SourceLocation | undefined;

const attribute = /\s(href|src)="([^"]*)"/g;
const idAttribute = /\sid="([^"]+)"/g;

/** The ids of the elements of a page. */
export function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(idAttribute)) ids.add(decodeEntities(match[1]!));
  return ids;
}

/**
 * The hrefs and srcs of a page that are not another site's full address (root-relative, relative to the
 * page, bare #fragments, and the //host and /\host forms the verifier refuses), entities decoded.
 */
export function internalLinksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(attribute)) {
    const value = decodeEntities(match[2]!);
    if (value.trim() !== '' && linkForm(value) !== 'external') links.push(value);
  }
  return links;
}

/**
 * A relative href as the browser resolves it on `page` (pages are folders: /blog/a is served as /blog/a/),
 * root-relative, with its %-escapes as written.
 */
function fromPage(page: string, href: string): string {
  const base = page.endsWith('/') ? page : `${page}/`;
  try {
    const url = new URL(href, `http://site.invalid${base}`);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return `${base}${href}`; // no browser could follow it either: reported as a link to no page
  }
}

/**
 * Where links can lead: the pages, by path in one spelling (normalizePath), and the other files of the output, by root-relative path
 * (/logo.svg).
 */
export interface LinkTargets {
  /** The page at `path`; its ids are only read (they may be computed on demand) for pages a link points into. */
  page(path: string): { readonly ids: Iterable<string> } | undefined;
  file(path: string): boolean;
  /** Every page's path, for suggestions. */
  paths(): Iterable<string>;
}

/** Where links can lead among `pages` and `files` (paths inside the output: logo.svg). */
export function linkTargets(pages: readonly VerifiedPage[], files: Iterable<string>): LinkTargets {
  const byPath = new Map<string, VerifiedPage>();
  for (const page of pages) byPath.set(normalizePath(page.path), page);
  const fileSet = new Set([...files].map((f) => `/${f}`));
  return { page: (path) => byPath.get(path), file: (path) => fileSet.has(path), paths: () => byPath.keys() };
}

/**
 * Throws SiteErrors naming each page and href that points to no page, file or element id: the
 * links of the pages `from` (every page unless told), each followed into `pages` and `files`.
 */
export function verifyLinks(
  pages: readonly VerifiedPage[],
  files: Iterable<string>,
  from: readonly VerifiedPage[] = pages,
  locate: LinkLocator = () => undefined,
): void {
  verifyLinksTo(linkTargets(pages, files), from, locate);
}

/** Throws SiteErrors naming each page of `from` and href in it that leads to none of `targets`, nor to an element id there. */
export function verifyLinksTo(targets: LinkTargets, from: readonly VerifiedPage[], locate: LinkLocator = () => undefined): void {
  // An id set is only made for the pages some link points into.
  const idSets = new Map<string, Set<string>>();
  const idsOfTarget = (target: string): Set<string> => {
    let set = idSets.get(target);
    if (!set) idSets.set(target, (set = new Set(targets.page(target)!.ids)));
    return set;
  };
  /**
   * 'ok', 'link' (no such page or file), 'anchor' (no such id there), 'escape' (a malformed %-escape) or 'text' (escapes that are not
   * UTF-8), for an href seen from page `own`.
   */
  const resolve = (own: string, href: string): Verdict => {
    const [pathAndQuery = '', fragment] = href.split('#', 2) as [string, string | undefined];
    const path = decodeOrUndefined(decodeURI, pathAndQuery.split('?')[0]!);
    const id = fragment === undefined ? undefined : decodeOrUndefined(decodeURIComponent, fragment);
    if (path === undefined || (fragment !== undefined && id === undefined)) return /%(?![\da-f]{2})/i.test(href) ? 'escape' : 'text';
    const target = path === '' ? own : normalizePath(path);
    if (!targets.page(target)) return targets.file(path) ? 'ok' : 'link';
    return id && !idsOfTarget(target).has(id) ? 'anchor' : 'ok';
  };
  // A root-relative href means the same from every page: resolve it once (a nav link is on every page).
  const absolute = new Map<string, Verdict>();
  // By href as written and, for a relative one, where it leads (the same href may lead elsewhere from another page).
  const broken = new Map<string, { href: string; resolved: string; pages: string[]; verdict: Exclude<Verdict, 'ok'> }>();
  for (const page of from) {
    const own = normalizePath(page.path);
    const seen = new Set<string>();
    for (const href of page.links) {
      if (seen.has(href)) continue;
      seen.add(href);
      // A relative href ("next-page", "../x") is followed as the browser would, from this page's address.
      const ambiguous = isAmbiguousHref(href);
      const resolved = ambiguous || href.startsWith('/') || href.startsWith('#') ? href : fromPage(own, href);
      let result: Verdict;
      // //host and /\host look like paths but lead to another site: refused wherever they come from.
      if (ambiguous) result = 'ambiguous';
      else if (resolved.startsWith('/')) {
        result = absolute.get(resolved) ?? resolve(own, resolved);
        absolute.set(resolved, result);
      } else {
        result = resolve(own, resolved);
      }
      if (result === 'ok') continue;
      const key = resolved === href ? href : `${href}\n${resolved}`;
      const entry = broken.get(key) ?? { href, resolved, pages: [], verdict: result };
      entry.pages.push(page.path);
      broken.set(key, entry);
    }
  }
  // One error per broken href, naming the pages that carry it (a broken nav link is on every page).
  const errors: SiteError[] = [...broken.values()].map(({ href: rendered, resolved, pages: where, verdict }) => {
    const page =
      where.length === 1
        ? where[0]!
        : `${where[0]!} (and ${where.length - 1} more: ${where.slice(1, 4).join(', ')}${where.length > 4 ? ', …' : ''})`;
    const [path = '', fragment = ''] = resolved.split('#', 2);
    const target = path === '' ? normalizePath(where[0]!) : normalizePath(path.split('?')[0]!);
    const { href, loc } = written(rendered, (spelling) => locate(spelling, where));
    if (verdict === 'ambiguous') return problems.ambiguousLink(loc, `the page ${page} links to`, href, true);
    // The markdown renderer writes a "%" that starts no escape as %25: "/process%" arrives as /process%25.
    if (verdict === 'escape' || (href !== rendered && /%(?![\da-f]{2})/i.test(href))) return problems.badEscape(page, href, loc);
    if (verdict === 'text') return problems.badEscapeText(page, href, loc);
    const relative = resolved === rendered ? undefined : path;
    if (verdict === 'anchor') {
      const id = closest(fragment, idsOfTarget(target), 1)[0];
      return problems.brokenAnchor(page, href, loc, id && `${relative ? path : rendered.split('#', 2)[0]}#${id}`);
    }
    // A relative link most often means the page of that name from the site root ("process" for /process).
    const fromRoot = relative && normalizePath(`/${href.split(/[?#]/)[0]!.replace(/^(\.\.?\/)+/, '')}`);
    const suggestion = fromRoot && targets.page(fromRoot) ? fromRoot : nearestPath(target, targets.paths());
    return relative
      ? problems.brokenRelativeLink(page, href, decodeOrUndefined(decodeURI, relative) ?? relative, loc, suggestion)
      : problems.brokenLink(page, href, loc, suggestion);
  });
  if (errors.length > 0) throw new SiteErrors(errors);
}

/** The page path a mistyped one most likely meant: a few letters off, never just a shared prefix such as "/". */
function nearestPath(target: string, paths: Iterable<string>): string | undefined {
  let best: { path: string; score: number } | undefined;
  for (const path of paths) {
    const score = distance(target, path);
    if (score <= Math.max(2, Math.floor(target.length / 4)) && (!best || score < best.score)) best = { path, score };
  }
  return best?.path;
}

type Verdict = 'ok' | 'link' | 'anchor' | 'escape' | 'text' | 'ambiguous';

/**
 * The href as the content wrote it, and where: as rendered, else as written before the markdown
 * renderer escaped it (a bare "%" becomes %25, "é" becomes %C3%A9).
 */
function written(
  rendered: string,
  locate: (href: string) => SourceLocation | undefined,
): { href: string; loc: SourceLocation | undefined } {
  const spellings = [
    rendered,
    rendered.replace(/%25/gi, '%'),
    rendered.replace(/(?:%[\da-f]{2})+/gi, (escapes) => decodeOrUndefined(decodeURIComponent, escapes) ?? escapes),
  ];
  for (const href of new Set(spellings)) {
    const loc = locate(href);
    if (loc) return { href, loc };
  }
  return { href: rendered, loc: undefined };
}

/**
 * A %-decoded href part, or undefined when a % is not followed by two hexadecimal digits or the escapes are not UTF-8 (decodeURI throws
 * then).
 */
function decodeOrUndefined(decode: (text: string) => string, text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decode(text);
  } catch {
    return undefined;
  }
}

function decodeEntities(text: string): string {
  return text.includes('&')
    ? text
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
    : text;
}
