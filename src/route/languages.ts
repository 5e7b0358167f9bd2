/**
 * Pairing the pages of the two languages: each page's `hreflang` alternates (reciprocal, with
 * x-default on the English page) and its language switcher, which leads to the page itself in the
 * other language, or else to the nearest page above it that the other language has.
 */
import { hashOf } from '../hash.ts';
import type { Content } from '../schemas/content.ts';
import { languagePath, pathLanguage } from './categories.ts';
import { legalPath, noticePath } from './pages.ts';
import { localHref, localLinks, type LanguageShell, type Route } from './routes.ts';
import type { Alternate, LanguageSwitch } from './view.ts';

/** Gives every route the language parts of its shell: English routes their links to Spanish, Spanish routes their whole language shell. */
export function pairLanguages(content: Content, english: Route[], spanish: Route[]): void {
  const language = content.spanish;
  if (!language) return;
  const lang = language.lang;
  const local = language.content;
  const pages = new Set(spanish.map((r) => r.path));
  const byPath = new Map(spanish.map((r) => [r.path, r]));
  const toSpanish = (href: string) => localHref(href, lang, pages);
  const { name, offer } = content.strings.language;
  const offerEnglish: Omit<LanguageSwitch, 'href'> = { lang: 'en', name, offer };
  const offerSpanish: Omit<LanguageSwitch, 'href'> = { lang, name: local.strings.language.name, offer: local.strings.language.offer };
  const feedTitle = local.strings.blog.feedTitle.replaceAll('{site}', local.site.name);
  const spanishShell = {
    site: local.site,
    navigation: localLinks(local.navigation, toSpanish),
    legalLinks: local.legal.map((page) => {
      const href = toSpanish(legalPath(page.id));
      return { name: href === legalPath(page.id) ? `${page.footerLabel} ${local.strings.language.inEnglish}` : page.footerLabel, href };
    }),
    // The language's feed when it has articles, else the English one.
    ...(local.articles.length > 0 ? { feed: { href: languagePath('/feed.xml', lang), title: feedTitle } } : {}),
    strings: local.strings,
    home: toSpanish('/'),
    blogHref: toSpanish('/blog'),
    noticeHref: toSpanish(noticePath),
    search: local.search.dialog,
    searchHref: toSpanish('/search'),
  } satisfies Partial<LanguageShell>;
  const spanishNames = new Map(spanishShell.navigation.main.map((link) => [link.href, link.name]));
  const onlyEnglish = (href: string) => {
    const page = href === spanishShell.home ? local.strings.shell.home : (spanishNames.get(href) ?? href);
    return local.strings.language.onlyOther.replaceAll('{page}', page);
  };
  // A page's language links and shell are part of its key: a translation that appears changes its English page's links.
  const shellKey = hashOf(JSON.stringify(spanishShell));
  const spanishOf = new Map<Route, Route>();
  for (const route of english) {
    const twin = route.path === '/404' ? undefined : byPath.get(languagePath(route.path, lang));
    if (twin) spanishOf.set(twin, route);
    const alternates = twin && route.url ? alternatesOf(route, twin, lang) : [];
    const href = twin?.path ?? nearest(route.path === '/404' ? '/' : route.path, lang, pages);
    // A page Spanish lacks says so, and names where its link leads instead.
    const elsewhere = href !== undefined && !twin ? { offer: onlyEnglish(href), elsewhere: true } : {};
    route.shell = { alternates, switcher: href === undefined ? undefined : { ...offerSpanish, href, ...elsewhere } };
    route.key += ` shell=${JSON.stringify(route.shell)}`;
  }
  for (const route of spanish) {
    const twin = spanishOf.get(route);
    const alternates = twin && route.url ? alternatesOf(twin, route, lang) : [];
    const href = twin?.path ?? pathLanguage(route.path, [lang]).path.replace(/^\/404$/, '/');
    route.shell = { ...spanishShell, alternates, switcher: { ...offerEnglish, href } };
    route.key += ` shell=${shellKey} ${JSON.stringify({ alternates, switcher: route.shell.switcher })}`;
  }
}

/** The alternates both pages of a pair carry: each language's address, and the English one as x-default. */
function alternatesOf(english: Route, other: Route, lang: string): Alternate[] {
  return [
    { lang: 'en', url: english.url },
    { lang, url: other.url },
    { lang: 'x-default', url: english.url },
  ];
}

/** The nearest page at or above `path` that language `lang` has (`/blog/category/x/` → `/es/blog`), if any (its home page at least). */
function nearest(path: string, lang: string, pages: ReadonlySet<string>): string | undefined {
  const parts = path.split('/').filter(Boolean);
  for (;;) {
    const found = localHref(`/${parts.join('/')}`, lang, pages);
    if (found !== `/${parts.join('/')}`) return found;
    if (parts.length === 0) return undefined;
    parts.pop();
  }
}
