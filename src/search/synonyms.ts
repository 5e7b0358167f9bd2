/**
 * The patient's own words (content/search.yaml `synonyms`) by the page they find; one for a page search does not find is a located error.
 */
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import type { Content } from '../schemas/content.ts';
import type { Synonym } from '../schemas/search.ts';
import { languagePath } from '../route/categories.ts';
import { closest } from '../suggest.ts';

/** A page's address as the synonyms and the route table compare it: without a trailing slash (but for /). */
export function pageKey(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}

/**
 * The words of content/search.yaml by page (pageKey), and those of its translation's `patientWords` (search.es.yaml),
 * checked against the pages the site has (`paths`) and those search finds (`indexed`); throws SiteErrors naming the
 * file and line of each entry that names another page.
 */
export function synonymsByPage(content: Content, paths: readonly string[], indexed: ReadonlySet<string>): Map<string, string[]> {
  const errors: SiteError[] = [];
  const byPage = new Map<string, string[]>();
  const add = (entries: readonly Synonym[], file: string, field: string, address: (page: string) => string) => {
    const source = content.sources.get(file) ?? content.spanish?.translations.find((t) => t.file === file)?.source;
    entries.forEach((entry, i) => {
      const page = pageKey(address(entry.page));
      const loc = source?.locate([field, i, 'page']) ?? { file, line: 1, column: 1 };
      if (!indexed.has(page)) {
        errors.push(problems.unknownSearchPage(loc, entry.page, paths.some((p) => pageKey(p) === page), closest(page, [...indexed])));
        return;
      }
      byPage.set(page, [...(byPage.get(page) ?? []), ...entry.words]);
    });
  };
  add(content.search.synonyms, 'content/search.yaml', 'synonyms', (page) => page);
  // A page's words find its translation too: brand names and abbreviations are the same in Spanish.
  const lang = content.spanish?.lang;
  for (const [page, words] of lang ? [...byPage] : []) {
    const twin = pageKey(languagePath(page, lang!));
    if (indexed.has(twin)) byPage.set(twin, words);
  }
  if (lang) add(patientWordsOf(content), `content/search.${lang}.yaml`, 'patientWords', (page) => spanishAddress(page, lang));
  if (errors.length > 0) throw new SiteErrors(errors);
  return byPage;
}

/** The words patients type in the translation's language, from its search file (they are its own: not laid over the English). */
function patientWordsOf(content: Content): Synonym[] {
  const file = content.spanish?.translations.find((t) => t.english === 'content/search.yaml');
  const data = file?.source.data as { patientWords?: Synonym[] } | undefined;
  return data?.patientWords ?? [];
}

/** A page's address in the translation: as written when it is one already (/es/lab-sales), else its translation's (/lab-sales). */
function spanishAddress(page: string, lang: string): string {
  return page === `/${lang}` || page.startsWith(`/${lang}/`) ? page : languagePath(page, lang);
}
