/**
 * The site's shape: what every page but an article's own is made from (the YAML files, the build's
 * options, and the card of every article, in order). An author typing in an article's body leaves
 * it as it is, and so leaves as they are the route table (but that article's page), the lists, the
 * sitemap and the checks across articles: the dev server takes those over.
 */
import { hashOf } from '../hash.ts';
import type { Content } from '../load/types.ts';
import { publishedArticles, type RouteOptions } from '../route/routes.ts';
import type { Article } from '../schemas/article.ts';
import type { BuildCache } from './cache.ts';

/** The site's shape as a key, with the articles the build shows (newest first) and the card key of every article. */
export interface SiteShape {
  key: string;
  shown: Article[];
  cards: Map<Article, string>;
}

/** What each article's card shows (what it says, and whether it is a draft today), as a key. */
function cardKeys(articles: readonly Article[], today: string): Map<Article, string> {
  return new Map(articles.map((a) => [a, a.draft || a.publishDate > today ? `${a.cardHash}:draft` : a.cardHash]));
}

/** The shape of the site this build makes. */
export function siteShape(content: Content, options: RouteOptions): SiteShape {
  // Every article, shown or not: a draft's card is read by the checks (its image must not hide one of public/).
  const cards = cardKeys(content.articles, options.today);
  const key = hashOf(content.catalogueKey, options.baseUrl, options.today, String(options.drafts), String(options.future), content.articles.map((a) => cards.get(a)!).join('\n'));
  return { key, shown: publishedArticles(content, options), cards };
}

/**
 * What `make` works out from the site's shape and `inputs` (compared by identity), taken over from
 * the last build while they are the same; kept in memory only. A `make` that throws keeps nothing.
 */
export function byShape<T>(cache: BuildCache, shape: SiteShape, name: string, inputs: readonly unknown[], make: () => T): T {
  if (cache.shaped?.key !== shape.key) cache.shaped = { key: shape.key, values: new Map() };
  const known = cache.shaped.values.get(name);
  if (known && known.inputs.length === inputs.length && known.inputs.every((input, i) => input === inputs[i])) return known.value as T;
  const value = make();
  cache.shaped.values.set(name, { inputs, value });
  return value;
}
