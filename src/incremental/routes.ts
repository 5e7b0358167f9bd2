/**
 * The route stage, narrowed: while the site's shape and the image sizes are the last build's, the
 * route table is the last one with the pages of the articles whose file changed made again.
 */
import type { Content } from '../load/types.ts';
import { articlePath } from '../route/categories.ts';
import type { ImageSizes, Route, RouteOptions } from '../route/routes.ts';
import { articlePageRoutes, buildRoutes } from '../route/table.ts';
import type { BuildCache } from './cache.ts';
import type { SiteShape } from './shape.ts';

/** The route table of this build, taken over from the last where it can be. */
export function keptRoutes(cache: BuildCache, shape: SiteShape, content: Content, options: RouteOptions, imageSizes: ImageSizes): Route[] {
  const last = cache.routeTable;
  if (last && last.shape === shape.key && last.imageSizes === imageSizes) {
    // The same cards in the same order: an article loaded anew is one whose file changed.
    const changed: number[] = [];
    shape.shown.forEach((article, i) => article !== last.shown[i] && changed.push(i));
    if (changed.length === 0) return last.routes;
    const routes = [...last.routes];
    const remade = articlePageRoutes(content, options, imageSizes, changed.map((i) => shape.shown[i]!), shape.shown);
    changed.forEach((i, n) => (routes[last.slots[i]!] = remade[n]!));
    cache.routeTable = { ...last, routes, shown: shape.shown };
    return routes;
  }
  const routes = buildRoutes(content, options, imageSizes);
  const index = new Map(routes.map((route, i) => [route.path, i]));
  cache.routeTable = { shape: shape.key, imageSizes, routes, shown: shape.shown, slots: shape.shown.map((a) => index.get(articlePath(a.slug))!) };
  return routes;
}
