/** The files of the output that are not pages: sitemaps, robots.txt, the feeds, _headers and the redirects. */
import type { OutputFile } from '../bundle/assets.ts';
import type { Content } from '../schemas/content.ts';
import { categoriesOf, categoryPath, categoryText } from '../route/blog.ts';
import { redirectsOf, type Redirect } from '../route/redirects.ts';
import { feedLength, type Route } from '../route/routes.ts';
import type { Article } from '../schemas/article.ts';
import { robotsTxt, rssFeed, sitemaps } from './feeds.ts';
import { headersFile } from './headers.ts';

/** The site's other files, and the redirects among them. */
export interface SiteFiles {
  files: OutputFile[];
  redirects: Redirect[];
}

/**
 * The blog's feed: the latest published articles (never drafts), `bodyOf` giving each one's body HTML; and the Spanish blog's
 * when it has articles.
 */
export function blogFeeds(content: Content, published: Article[], bodyOf: (article: Article) => string, baseUrl: string): OutputFile[] {
  const feed = { file: 'feed.xml', bytes: Buffer.from(rssFeed(content, published.slice(0, feedLength), bodyOf, baseUrl)) };
  return [feed, ...languageFeeds(content, published, baseUrl)];
}

/**
 * The Spanish blog's feed (`es/feed.xml`): its published articles with their excerpts (their bodies
 * are on their pages); none when the site has no Spanish articles.
 */
function languageFeeds(content: Content, published: readonly Article[], baseUrl: string): OutputFile[] {
  const language = content.spanish;
  if (!language) return [];
  const local = language.content;
  const slugs = new Set(published.map((a) => a.slug));
  const articles = local.articles.filter((a) => slugs.has(a.slug));
  if (articles.length === 0) return [];
  const title = local.strings.blog.feedTitle.replaceAll('{site}', local.site.name);
  const lang = language.lang;
  const feed = { title, description: local.blogPage.intro, page: `/${lang}/blog/`, self: `/${lang}/feed.xml`, language: `${lang}-us` };
  return [{ file: `${language.lang}/feed.xml`, bytes: Buffer.from(rssFeed(local, articles, undefined, baseUrl, feedLength, feed)) }];
}

/**
 * The files beside the pages but the blog's feed: the sitemaps, robots.txt, the category feeds,
 * _headers and the redirects, for the articles the build shows. `taken` names the files of the
 * output already (assets, public/, images, the feed), which no redirect may replace.
 */
export function listingFiles(
  content: Content,
  routes: readonly Route[],
  shown: Article[],
  taken: ReadonlySet<string>,
  baseUrl: string,
): SiteFiles {
  const texts = [
    ...sitemaps(routes, baseUrl),
    { file: 'robots.txt', text: robotsTxt(baseUrl) },
    ...categoryFeeds(content, shown, baseUrl),
    { file: '_headers', text: headersFile(content.site) },
  ];
  const files = texts.map((e) => ({ file: e.file, bytes: Buffer.from(e.text) }));
  const moved = redirectsOf(content, shown, routes, new Set([...taken, ...files.map((f) => f.file)]), baseUrl);
  return { files: [...files, ...moved.files], redirects: moved.redirects };
}

/** A feed per blog category, with the excerpts of its latest articles. */
function categoryFeeds(content: Content, published: Article[], baseUrl: string): { file: string; text: string }[] {
  return [...categoriesOf(published)].map(([name, articles]) => {
    const page = categoryPath(name);
    const text = (template: string) => categoryText(template, name);
    const feed = {
      title: text(content.blogPage.category.feedTitle),
      description: text(content.blogPage.category.intro),
      page,
      self: `${page}feed.xml`,
    };
    return { file: `${page.slice(1)}feed.xml`, text: rssFeed(content, articles, undefined, baseUrl, feedLength, feed) };
  });
}
