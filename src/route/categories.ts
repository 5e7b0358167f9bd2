/** Blog categories as content/blog.yaml describes them. */
import type { Article } from '../schemas/article.ts';
import type { BlogCategory } from '../schemas/pages.ts';
import { closest } from '../suggest.ts';

/** The address of an article's own page: `/blog/SLUG/` (in Spanish `/es/blog/SLUG/`), the one place it is spelled out. */
export function articlePath(slug: string, lang = 'en'): string {
  return languagePath(`/blog/${slug}/`, lang);
}

/** A page's path in language `lang`: English pages are at the root, the others under `/LANG/` (`/es/process`, `/es/`). */
export function languagePath(path: string, lang: string): string {
  if (lang === 'en') return path;
  return path === '/' ? `/${lang}/` : `/${lang}${path}`;
}

/** The English path of a page and its language, from its path (`/es/process` → es, `/process`). */
export function pathLanguage(path: string, languages: readonly string[]): { lang: string | undefined; path: string } {
  const lang = languages.find((l) => path === `/${l}` || path.startsWith(`/${l}/`));
  if (!lang) return { lang: undefined, path };
  const rest = path.slice(lang.length + 1);
  return { lang, path: rest === '' ? '/' : rest };
}

/** An article's category as content/blog.yaml describes it (undefined for a category it does not list). */
export function categoryOf(article: Pick<Article, 'category'>, categories: readonly BlogCategory[]): BlogCategory | undefined {
  return categories.find((c) => c.name === article.category);
}

/**
 * A warning naming the articles whose category content/blog.yaml does not describe (their badge
 * takes the default colour, and no crisis line or review exemption applies), with the name most
 * likely meant; none when every category is described.
 */
export function undescribedCategories(articles: readonly Article[], categories: readonly BlogCategory[]): string[] {
  const loose = articles.filter((a) => !categoryOf(a, categories));
  if (loose.length === 0) return [];
  const names = categories.map((c) => c.name);
  const line = (a: Article) => {
    const meant = closest(a.category, names, 1)[0];
    return `\n    ${a.file} ("${a.category}"${meant ? `: did you mean "${meant}"?` : ''})`;
  };
  const more = loose.length > 10 ? `\n    and ${loose.length - 10} more` : '';
  return [
    `${loose.length} article${loose.length === 1 ? ' has a category' : 's have categories'} that content/blog.yaml does not describe ` +
      `(add it under categories: with its colour, or use a category listed there):${loose.slice(0, 10).map(line).join('')}${more}`,
  ];
}
