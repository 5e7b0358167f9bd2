/** The routes of the blog: its index pages, a page per category, and a page per article. */
import { posix } from 'node:path';
import { problems } from '../errors.ts';
import { hashOf } from '../hash.ts';
import { markdownSourceOf } from '../load/article.ts';
import type { Content } from '../load/types.ts';
import type { ArticleMarkdownContext, MarkdownContext } from '../render/markdown.ts';
import type { Article } from '../schemas/article.ts';
import type { BlogCategory } from '../schemas/pages.ts';
import { slugOf } from '../validate/suggest.ts';
import { articlePath, categoryOf } from './categories.ts';
import { longUsDate } from './dates.ts';
import { clipAtWord, treatmentHref } from './pages.ts';
import { feedArticles, feedLength, type RouteContext } from './routes.ts';
import { blogPosting, medicalWebPage, serializeJsonLd } from './structured-data.ts';
import type { ArticleSummary, PageMeta, PageView, Pagination } from './view.ts';

/**
 * What a card shows of each article (what it says, and whether it is a draft today), as a key: the
 * index, category and related cards change only when this does.
 */
export function cardKeys(articles: readonly Article[], today: string): Map<Article, string> {
  return new Map(articles.map((a) => [a, isDraft(a, today) ? `${a.cardHash}:draft` : a.cardHash]));
}

const isDraft = (a: Article, today: string) => a.draft || a.publishDate > today;

/**
 * Blog index pages: the featured article, then the others a page at a time. A blog of thousands is
 * mostly pages that did not change: each has a key made from its inputs, and its view is only made if it is rendered.
 */
export function blogIndexRoutes({ content, add, metaFor, trail }: RouteContext, articles: Article[], keys: Map<Article, string>): void {
  const categories = content.blogPage.categories;
  const featured = articles.find((a) => a.featured) ?? articles[0];
  const rest = articles.filter((a) => a !== featured);
  const size = content.blogPage.pageSize;
  const pages = Math.max(1, Math.ceil(rest.length / size));
  const blogMeta = content.metadata['/blog'];
  const widget = content.site.intakeWidget ? [content.site.intakeWidget.scriptUrl] : [];
  for (let n = 1; n <= pages; n++) {
    const path = blogPagePath(n);
    const shown = rest.slice((n - 1) * size, n * size);
    const pagination = paginationOf(n, pages);
    const meta = {
      ...(n === 1 ? metaFor('/blog', blogMeta) : metaFor(path, blogMeta && { ...blogMeta, title: `${blogMeta.title} (page ${n} of ${pages})` })),
      ...(pagination.previous ? { previous: pagination.previous } : {}),
      ...(pagination.next ? { next: pagination.next } : {}),
    };
    const leading = n === 1 && featured ? [featured] : [];
    const view = (): PageView => ({ template: 'blog', page: content.blogPage, featured: leading[0] && summarize(leading[0], categories), recent: shown.map((a) => summarize(a, categories)), pagination });
    add(path, view, meta, {
      jsonLd: [trail([content.blogPage.heading, '/blog'])],
      scripts: widget,
      sources: ['content/blog.yaml'],
      inputKey: hashOf('blog', String(n), String(pages), ...leading.map((a) => keys.get(a)!), ...shown.map((a) => keys.get(a)!)),
    });
  }
}

/** Category pages: each category of the published articles, paginated like /blog, with a feed of its own. */
export function categoryRoutes(context: RouteContext, byCategory: Map<string, Article[]>, keys: Map<Article, string>): void {
  const { content, errors } = context;
  const owners = categoryOwners([...byCategory.keys()], content.blogPage.categories);
  for (const [name, listed] of byCategory) {
    const owner = owners.get(categoryPath(name))!;
    if (owner !== name) {
      const article = listed[0]!;
      errors.push(problems.categoryClash(content.sources.get(article.file)?.locate(['category']) ?? { file: article.file, line: 1, column: 1 }, name, owner));
      continue;
    }
    const size = content.blogPage.pageSize;
    const pages = Math.max(1, Math.ceil(listed.length / size));
    for (let n = 1; n <= pages; n++) categoryPage(context, name, listed.slice((n - 1) * size, n * size), n, pages, keys);
  }
}

/**
 * Which spelling owns each category page when two names share one ("Womens Health" and "Women's
 * Health"): the one content/blog.yaml describes, else the first met; the others are errors.
 */
function categoryOwners(names: string[], described: readonly BlogCategory[]): Map<string, string> {
  const owners = new Map<string, string>();
  const isDescribed = (name: string) => described.some((c) => c.name === name);
  for (const name of names) {
    const path = categoryPath(name);
    const owner = owners.get(path);
    if (owner === undefined || (!isDescribed(owner) && isDescribed(name))) owners.set(path, name);
  }
  return owners;
}

/** Page `n` of a category's pages. */
function categoryPage({ content, add, absolute, image, trail }: RouteContext, name: string, shown: Article[], n: number, pages: number, keys: Map<Article, string>): void {
  const first = categoryPath(name);
  const pathOf = (i: number) => (i === 1 ? first : `${first}page/${i}/`);
  const path = pathOf(n);
  const pagination = paginationOf(n, pages, pathOf);
  const title = n === 1 ? name : `${name} (page ${n} of ${pages})`;
  const intro = categoryText(content.blogPage.category.intro, name);
  const meta: PageMeta = {
    title,
    documentTitle: `${title} | ${content.blogPage.heading} | ${content.site.name}`,
    description: intro,
    keywords: [name, ...(content.metadata['/blog']?.keywords ?? [])],
    url: absolute(path),
    image,
    type: 'website',
    index: true,
    feed: { href: `${first}feed.xml`, title: categoryText(content.blogPage.category.feedTitle, name) },
    ...(pagination.previous ? { previous: pagination.previous } : {}),
    ...(pagination.next ? { next: pagination.next } : {}),
  };
  const view = (): PageView => ({ template: 'blog', page: content.blogPage, featured: undefined, recent: shown.map((a) => summarize(a, content.blogPage.categories)), pagination, category: { name, intro } });
  add(path, view, meta, {
    jsonLd: [trail([content.blogPage.heading, '/blog'], [name, first.slice(0, -1)])],
    sources: ['content/blog.yaml'],
    inputKey: hashOf('category', name, String(n), String(pages), ...shown.map((a) => keys.get(a)!)),
  });
}

/**
 * A page per article, closed by its related articles; the render stage turns its markdown into the
 * body. `only` makes the pages of those articles alone (a rebuild where nothing else changed), each
 * as it is made among all of `articles`; `feed`, when given, is the feed's articles (else worked out from `articles`).
 */
export function articleRoutes(context: RouteContext, articles: Article[], byCategory: Map<string, Article[]> | undefined, keys: Map<Article, string>, only: readonly Article[] = articles, feed?: readonly Article[]): void {
  const inFeed = new Set(feed ?? feedArticles(context.content, context.options, articles).slice(0, feedLength));
  for (const article of only) articleRoute(context, article, relatedArticles(article, articles, byCategory), keys, inFeed.has(article));
}

/** The page of one article, closed by `related`; `inFeed`: the blog's feed carries it. */
function articleRoute(context: RouteContext, article: Article, related: Article[], keys: Map<Article, string>, inFeed: boolean): void {
  const { content, options, add, absolute, image, imageSizes, sizeOf, trail, reviewOf } = context;
  const categories = content.blogPage.categories;
  const path = articlePath(article.slug);
  const url = absolute(path);
  const ownImage = article.image && /\.(png|jpe?g)$/i.test(article.image) ? article.image : undefined;
  // Art wider than a sharing card is shared as its 1200 px copy (og:image 1200x630).
  const share = ownImage ? imageSizes[ownImage]?.share : undefined;
  const articleImage = ownImage ? absolute(share?.src ?? ownImage) : image.url;
  const draft = isDraft(article, options.today);
  const meta = (): PageMeta => ({
    title: article.title,
    documentTitle: `${article.title} | ${content.site.name}`,
    description: article.excerpt,
    keywords: [article.category, ...(content.metadata['/blog']?.keywords ?? [])],
    url,
    image: ownImage ? { url: articleImage, ...(share ? { width: share.width, height: share.height } : sizeOf(ownImage)), alt: article.title } : image,
    type: 'article',
    index: !draft,
  });
  const view = (): PageView => ({ template: 'article', page: content.blogPage, article: { ...summarize(article, categories), html: '', outline: [] }, related: related.map((a) => summarize(a, categories)), review: reviewOf(article) });
  add(path, view, { url, make: meta }, {
    jsonLd: () => [
      serializeJsonLd(blogPosting(content.site, article, url, articleImage)),
      serializeJsonLd(medicalWebPage(article.title, url, reviewOf(article), content.providers, absolute)),
      trail([content.blogPage.heading, '/blog'], [article.title, path.slice(0, -1)]),
    ],
    listed: !draft,
    draft,
    sources: [article.file],
    ...(article.markdown !== undefined ? { markdown: article.markdown } : { markdownSource: markdownSourceOf(content.root, article) }),
    markdownContext: () => articleMarkdownContext(content, article),
    ...(inFeed ? { feedOf: article.file } : {}),
    // Its file, and the cards of the articles it closes with (no hashing: thousands of these are made on every rebuild).
    inputKey: `${article.sourceHash} ${keys.get(article)!} ${related.map((a) => keys.get(a)!).join(' ')}`,
  });
}

function summarize(article: Article, categories: readonly BlogCategory[]): ArticleSummary {
  const { markdown: _markdown, bodyLine: _bodyLine, bodyOffset: _bodyOffset, references: _references, ...rest } = article;
  const category = categoryOf(article, categories);
  return {
    ...rest,
    href: articlePath(article.slug),
    date: longUsDate(article.publishDate),
    categoryHref: categoryPath(article.category),
    categoryColor: category?.color ?? 'teal',
    mentalHealth: category?.mentalHealth ?? false,
  };
}

/** The address of page `n` of the blog index. */
export function blogPagePath(n: number): string {
  return n === 1 ? '/blog' : `/blog/page/${n}/`;
}

/** The page of a blog category: `/blog/category/womens-health/` for "Women's Health". */
export function categoryPath(name: string): string {
  return `/blog/category/${slugOf(name) ?? 'other'}/`;
}

/** A blog.yaml text about a category, `{category}` standing for its name. */
export function categoryText(text: string, name: string): string {
  return text.replaceAll('{category}', name);
}

/** The published articles by category (newest first in each), categories in the order of their newest article. */
export function categoriesOf<T extends { category: string }>(articles: readonly T[]): Map<string, T[]> {
  const categories = new Map<string, T[]>();
  for (const article of articles) {
    const list = categories.get(article.category);
    if (list) list.push(article);
    else categories.set(article.category, [article]);
  }
  return categories;
}

/** How many related articles close an article. */
export const relatedCount = 3;

/**
 * The articles shown at the end of `article`: the newest of its category first, then the newest of
 * the others. `categories` (categoriesOf) serves a page per article; without it, the few articles
 * of a narrowed rebuild look their category up in `newestFirst` itself.
 */
export function relatedArticles<T extends { category: string }>(article: T, newestFirst: readonly T[], categories?: ReadonlyMap<string, readonly T[]>): T[] {
  const related: T[] = [];
  const sameCategory = categories?.get(article.category) ?? (categories ? [] : newestFirst.filter((other) => other.category === article.category));
  for (const list of [sameCategory, newestFirst]) {
    for (const other of list) {
      if (related.length === relatedCount) return related;
      if (other !== article && !related.includes(other)) related.push(other);
    }
  }
  return related;
}

/**
 * Page `n` of `pages`: the neighbours, and the numbered links to show: the first and last pages,
 * two either side of this one, and a gap wherever pages are skipped (one page is shown, not skipped).
 */
export function paginationOf(n: number, pages: number, pathOf: (page: number) => string = blogPagePath): Pagination {
  const numbers = [...new Set([1, pages, ...[n - 2, n - 1, n, n + 1, n + 2].filter((i) => i >= 1 && i <= pages)])].sort((a, b) => a - b);
  const items: Pagination['items'] = [];
  let last = 0;
  for (const i of numbers) {
    if (i - last === 2) items.push({ page: i - 1, href: pathOf(i - 1) });
    else if (i - last > 2) items.push({ gap: true, after: last });
    items.push({ page: i, href: pathOf(i) });
    last = i;
  }
  return { page: n, pages, previous: n > 1 ? pathOf(n - 1) : undefined, next: n < pages ? pathOf(n + 1) : undefined, items };
}

/** What an article's body links to: the treatments its cards name, where its pictures are published, the booking button's text. */
export function articleMarkdownContext(content: Content, article: Article): ArticleMarkdownContext {
  const treatments: MarkdownContext['treatments'] = {};
  for (const { id } of article.references?.treatments ?? []) {
    const treatment = content.treatments.get(id);
    const href = treatment && treatmentHref(content, id);
    if (treatment && href) treatments[id] = { title: treatment.title, text: clipAtWord(treatment.description, 160), href };
  }
  const folder = posix.dirname(article.file);
  return { slug: article.slug, imageBase: `/images/${posix.relative('content', folder)}/`, bookingLabel: content.blogPage.bookNow.label, treatments };
}

