/**
 * The route stage: every page of the site, with its metadata and the data its template receives.
 * pages.ts makes the routes of the site's own pages, blog.ts those of the blog.
 */
import { SiteErrors } from '../errors.ts';
import type { Content } from '../load/types.ts';
import type { Article } from '../schemas/article.ts';
import { articleRoutes, blogIndexRoutes, categoriesOf, categoryRoutes } from './blog.ts';
import { homeRoutes, legalRoutes, notFoundRoute, servicePageRoutes, sitePageRoutes, treatmentRoutes } from './pages.ts';
import { feedArticles, publishedArticles, routeContext, type ImageSizes, type Route, type RouteOptions } from './routes.ts';

/**
 * Builds the route table; a route without a metadata entry is an error. Sharing images get the
 * size `imageSizes` gives them.
 */
export function buildRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes = {}): Route[] {
  const { articles: _articles, ...site } = content;
  const context = routeContext(site, options, imageSizes);
  homeRoutes(context);
  treatmentRoutes(context);
  sitePageRoutes(context);
  servicePageRoutes(context);
  const articles = publishedArticles(content, options);
  blogIndexRoutes(context, articles);
  // The published articles by category, for the category pages and each article's related ones.
  const byCategory = categoriesOf(articles);
  categoryRoutes(context, byCategory);
  articleRoutes(context, articles, byCategory, feedArticles(content, options, articles));
  legalRoutes(context);
  notFoundRoute(context);
  if (context.errors.length > 0) throw new SiteErrors(context.errors);
  return context.routes;
}

/** The pages of some published articles alone, each as buildRoutes makes it among all of them. */
export function articlePageRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes, only: readonly Article[]): Route[] {
  const { articles: _articles, ...site } = content;
  const context = routeContext(site, options, imageSizes);
  const articles = publishedArticles(content, options);
  // A few pages: each finds its category's articles itself (grouping thousands of articles costs more, on every save in serve).
  articleRoutes(context, articles, undefined, feedArticles(content, options, articles), [...only]);
  return context.routes;
}
