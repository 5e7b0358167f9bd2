/**
 * The route stage: every page of the site, with its metadata and the data its template receives.
 * pages.ts makes the routes of the site's own pages, blog.ts those of the blog; languages.ts pairs
 * each English page with its Spanish one.
 */
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import type { Content, LanguageSite } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import { bodiedKinds } from '../schemas/kinds.ts';
import { articleRoutes, blogIndexRoutes, categoriesOf, categoryRoutes } from './blog.ts';
import { alternateProblems } from './alternates.ts';
import { pairLanguages } from './languages.ts';
import { costsRoute, homeRoutes, languageAssistanceRoute, legalRoutes, notFoundRoute, servicePageRoutes, sitePageRoutes } from './pages.ts';
import { treatmentRoutes } from './pages.ts';
import { feedArticles, publishedArticles, routeContext, type ImageSizes, type Route, type RouteOptions } from './routes.ts';

/**
 * Builds the route table, English pages first, then the Spanish ones (when the site has a Spanish
 * side); a route without a metadata entry is an error. Sharing images get the size `imageSizes` gives them.
 */
export function buildRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes = {}): Route[] {
  const english = languageRoutes(content, options, imageSizes, undefined);
  const unused = unusedMetadata(content, english);
  if (unused.length > 0) throw new SiteErrors(unused);
  const spanish = content.spanish ? languageRoutes(content.spanish.content, options, imageSizes, content.spanish) : [];
  pairLanguages(content, english, spanish);
  const routes = [...english, ...spanish];
  // Every hreflang alternate leads to a page that names it back.
  const wrong = content.spanish ? alternateProblems(routes) : [];
  if (wrong.length > 0) throw new SiteErrors(wrong);
  return routes;
}

/** The pages of one language: every page kind, made from that language's content. */
function languageRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes, language: LanguageSite | undefined): Route[] {
  const { articles: _articles, ...site } = content;
  const context = routeContext(site, options, imageSizes, language);
  homeRoutes(context);
  treatmentRoutes(context);
  sitePageRoutes(context);
  servicePageRoutes(context);
  const articles = publishedArticles(content, options);
  blogIndexRoutes(context, articles);
  // The published articles by category, for the category pages and each article's related ones.
  const byCategory = categoriesOf(articles);
  // In another language, a category has its page when one of its articles is translated (at the English address, under /es/).
  categoryRoutes(context, byCategory);
  articleRoutes(context, articles, byCategory, feedArticles(content, options, articles));
  legalRoutes(context);
  languageAssistanceRoute(context);
  costsRoute(context);
  notFoundRoute(context);
  if (context.errors.length > 0) throw new SiteErrors(context.errors);
  return context.routes;
}

/** Each kind of markdown entry's maker of the pages of some of its entries alone (see schemas/kinds.ts), by the kind's name. */
export const entryPages: Record<string, (content: Content, options: RouteOptions, imageSizes: ImageSizes, only: Article[]) => Route[]> = {
  articles: articlePageRoutes,
};

/** The pages that show these markdown entries (of any kind) whole, each as buildRoutes makes it among all of them. */
export function pagesShowing(content: Content, options: RouteOptions, imageSizes: ImageSizes, entries: readonly Article[]): Route[] {
  return bodiedKinds().flatMap((kind) => {
    const only = entries.filter((entry) => entry.file.startsWith(`content/${kind.folder}/`));
    return only.length > 0 ? (entryPages[kind.name]?.(content, options, imageSizes, only) ?? []) : [];
  });
}

/** The pages of some published English articles alone, each as buildRoutes makes it among all of them (its language links too). */
function articlePageRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes, only: readonly Article[]): Route[] {
  const { articles: _articles, ...site } = content;
  const context = routeContext(site, options, imageSizes);
  const articles = publishedArticles(content, options);
  // A few pages: each finds its category's articles itself (grouping thousands of articles costs more, on every save in serve).
  articleRoutes(context, articles, undefined, feedArticles(content, options, articles), [...only]);
  const spanish = content.spanish ? languageRoutes(content.spanish.content, options, imageSizes, content.spanish) : [];
  pairLanguages(content, context.routes, spanish);
  return context.routes;
}

/** Each entry of content/metadata.yaml for an address no page has (a page renamed or removed, a typo): its title would never show. */
function unusedMetadata(content: Content, routes: readonly Route[]): SiteError[] {
  const paths = new Set(routes.map((r) => r.path));
  const source = content.sources.get('content/metadata.yaml');
  return Object.keys(content.metadata)
    .filter((path) => !paths.has(path))
    .map((path) => problems.unusedMetadata(source?.locate([path], true) ?? { file: 'content/metadata.yaml', line: 1, column: 1 }, path));
}
