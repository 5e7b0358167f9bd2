/**
 * The route stage: every page of the site, with its metadata and the data its template receives.
 * pages.ts makes the routes of the site's own pages, blog.ts those of the blog.
 */
import { SiteErrors } from '../errors.ts';
import type { Content } from '../load/types.ts';
import type { Article } from '../schemas/article.ts';
import { articleRoutes, blogIndexRoutes, cardKeys, categoriesOf, categoryRoutes } from './blog.ts';
import { homeRoutes, legalRoutes, notFoundRoute, servicePageRoutes, sitePageRoutes, treatmentRoutes } from './pages.ts';
import { publishedArticles, routeContext, type ImageSizes, type Route, type RouteOptions } from './routes.ts';

/**
 * Builds the route table; a route without a metadata entry is an error. Sharing images get the
 * size `imageSizes` gives them.
 */
export function buildRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes = {}): Route[] {
  const context = routeContext(content, options, imageSizes);
  homeRoutes(context);
  treatmentRoutes(context);
  sitePageRoutes(context);
  servicePageRoutes(context);
  const articles = publishedArticles(content, options);
  // What each article's card shows, as a key: pages that list an article change only when it does.
  const keys = cardKeys(articles, options.today);
  blogIndexRoutes(context, articles, keys);
  // The published articles by category, for the category pages and each article's related ones.
  const byCategory = categoriesOf(articles);
  categoryRoutes(context, byCategory, keys);
  articleRoutes(context, articles, byCategory, keys);
  legalRoutes(context);
  notFoundRoute(context);
  if (context.errors.length > 0) throw new SiteErrors(context.errors);
  return context.routes;
}

/**
 * The routes of some published articles' pages alone, each as buildRoutes makes it among all of
 * `articles` (the published ones, with their card keys): for a rebuild in which nothing but those
 * articles' bodies changed. `feed`: the articles the feed carries, when `articles` are not all there are.
 */
export function articlePageRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes, articles: Article[], keys: Map<Article, string>, only: readonly Article[], feed?: readonly Article[]): Route[] {
  const context = routeContext(content, options, imageSizes);
  // A few pages: each finds its category's articles itself (grouping thousands of articles costs more, on every save in serve).
  articleRoutes(context, articles, undefined, keys, only, feed);
  return context.routes;
}
