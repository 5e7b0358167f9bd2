/** The route table's check of language links: every `hreflang` alternate of a page is a page of the site that names it back. */
import { problems, type SiteError } from '../errors.ts';
import type { Route } from './routes.ts';

/** The problems of the pages' alternates: a target that is no page, a target that does not link back, an x-default that is not English. */
export function alternateProblems(routes: readonly Route[]): SiteError[] {
  const byUrl = new Map(routes.filter((r) => r.url).map((r) => [r.url, r]));
  const found: SiteError[] = [];
  for (const route of routes) {
    for (const alternate of route.shell?.alternates ?? []) {
      const target = byUrl.get(alternate.url);
      const names = `names ${alternate.url} as its ${alternate.lang} page`;
      if (!target) found.push(problems.hreflangError(route.path, `${names}, which is not a page of the site`));
      else if (!target.shell?.alternates.some((back) => back.url === route.url)) {
        found.push(problems.hreflangError(route.path, `${names}, which does not name it back`));
      } else if (alternate.lang !== 'x-default' && target.path.startsWith('/') && alternate.lang !== langOf(target)) {
        found.push(problems.hreflangError(route.path, `${names}, which is in ${langOf(target)}`));
      }
    }
  }
  return found;
}

/** A page's language, from its shell (its site's language) or, for English pages, en. */
function langOf(route: Route): string {
  return route.shell?.site?.language ?? 'en';
}
