/**
 * The route stage, narrowed in the dev server: while everything a route table is made from but the
 * articles' bodies is the same (every YAML file, the options, the image sizes, and every article's
 * card, in order), the last table is taken over, with the pages of the articles whose file changed
 * made again (found by the article each shows whole); so are the files listed from it (sitemaps,
 * category feeds, redirects), made from the same. Kept in memory only.
 */
import { hashOf } from '../hash.ts';
import type { Content } from '../schemas/content.ts';
import type { ImageSizes, Route, RouteOptions } from '../route/routes.ts';
import { articlePageRoutes, buildRoutes } from '../route/table.ts';

/**
 * The last route table, what it was made from, the file hash of each article whose page it holds with the page's place, and its listing.
 */
export interface RouteMemo {
  key: string;
  routes: Route[];
  articles: Map<string, { index: number; sourceHash: string }>;
  listing?: { taken: string; files: unknown };
}

/** The route table of this build, taken over from the last where it can be. */
export function keptRoutes(last: RouteMemo | undefined, content: Content, options: RouteOptions, imageSizes: ImageSizes): RouteMemo {
  const key = hashOf(siteKeyOf(content, options), JSON.stringify(imageSizes));
  if (last?.key !== key) return tableOf(key, buildRoutes(content, options, imageSizes), content);
  const changed = content.articles.filter((a) => {
    const known = last.articles.get(a.file);
    return known !== undefined && known.sourceHash !== a.sourceHash;
  });
  if (changed.length === 0) return last;
  // The same table but these pages: the listing made from it holds too.
  const routes = [...last.routes];
  for (const route of articlePageRoutes(content, options, imageSizes, changed)) routes[last.articles.get(route.article!)!.index] = route;
  for (const a of changed) last.articles.get(a.file)!.sourceHash = a.sourceHash;
  return { ...last, routes };
}

/**
 * The files listed from the route table (`make`), taken over while the table's key and the files beside the pages (`taken`) are the same.
 */
export function keptListing<Listing>(table: RouteMemo, taken: Iterable<string>, make: () => Listing): Listing {
  const names = [...taken].join('\0');
  if (table.listing?.taken !== names) table.listing = { taken: names, files: make() };
  return table.listing.files as Listing;
}

function tableOf(key: string, routes: Route[], content: Content): RouteMemo {
  const hashes = new Map(content.articles.map((a) => [a.file, a.sourceHash]));
  const articles = new Map<string, { index: number; sourceHash: string }>();
  routes.forEach((route, index) => route.article && articles.set(route.article, { index, sourceHash: hashes.get(route.article)! }));
  return { key, routes, articles };
}

/** What the dev server keeps of the whole site but article bodies: values by name, with the key of what each was made from. */
export type SiteMemo = Map<string, { key: string; value: unknown }>;

/**
 * `make`'s value, taken over while `key` is the same: for work across the whole site that reads no
 * article body (review, warnings, image checks), keyed by every YAML file, the options and every
 * article's card (siteKeyOf) and whatever else it reads.
 */
export function bySite<T>(memo: SiteMemo, name: string, key: string, make: () => T): T {
  const known = memo.get(name);
  if (known?.key === key) return known.value as T;
  const value = make();
  memo.set(name, { key, value });
  return value;
}

/** The key of what the site's cards and YAML files say, under these options. */
export function siteKeyOf(content: Content, options: RouteOptions): string {
  const cards = content.articles.map((a) => a.cardHash).join(' ');
  // A Spanish article is made from its English one's fields and body too, and is stale when the English changed.
  const spanish = content.spanish;
  const records = spanish?.translations.map((t) => [t.file, t.record, t.current, t.setAside, t.inEnglish]);
  const translated = spanish ? JSON.stringify([spanish.content.articles.map((a) => a.sourceHash), records]) : '';
  return hashOf(content.catalogueKey, JSON.stringify(options), cards, translated);
}
