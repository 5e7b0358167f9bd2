/**
 * The patient's own words (content/search.yaml `synonyms`) by the page they find; one for a page search does not find is a located error.
 */
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import type { Content } from '../load/types.ts';
import { languagePath } from '../route/categories.ts';
import { closest } from '../validate/suggest.ts';

/** A page's address as the synonyms and the route table compare it: without a trailing slash (but for /). */
export function pageKey(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}

/**
 * The words of content/search.yaml by page (pageKey), checked against the pages the site has
 * (`paths`) and those search finds (`indexed`); throws SiteErrors naming the file and line of each
 * entry that names another page.
 */
export function synonymsByPage(content: Content, paths: readonly string[], indexed: ReadonlySet<string>): Map<string, string[]> {
  const errors: SiteError[] = [];
  const byPage = new Map<string, string[]>();
  const source = content.sources.get('content/search.yaml');
  content.search.synonyms.forEach((entry, i) => {
    const page = pageKey(entry.page);
    const loc = source?.locate(['synonyms', i, 'page']) ?? { file: 'content/search.yaml', line: 1, column: 1 };
    if (!indexed.has(page)) {
      errors.push(problems.unknownSearchPage(loc, entry.page, paths.some((p) => pageKey(p) === page), closest(page, [...indexed])));
      return;
    }
    byPage.set(page, [...(byPage.get(page) ?? []), ...entry.words]);
  });
  if (errors.length > 0) throw new SiteErrors(errors);
  // A page's words find its translation too: brand names and abbreviations are the same in Spanish.
  const lang = content.spanish?.lang;
  for (const [page, words] of lang ? [...byPage] : []) {
    const twin = pageKey(languagePath(page, lang!));
    if (indexed.has(twin)) byPage.set(twin, words);
  }
  return byPage;
}
