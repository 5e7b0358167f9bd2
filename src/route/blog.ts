/** The routes of the blog: its index pages, a page per category, and a page per article. */
import { posix } from 'node:path';
import { problems } from '../errors.ts';
import { markdownSourceOf } from '../markdown/source.ts';
import type { ArticleMarkdownContext, MarkdownContext } from '../markdown/markdown.ts';
import type { Article } from '../schemas/article.ts';
import type { BlogCategory } from '../schemas/pages.ts';
import { slugOf } from '../suggest.ts';
import { articlePath, categoryOf } from './categories.ts';
import { longDate } from './dates.ts';
import { clipAtWord, treatmentHref } from './pages.ts';
import { feedLength, type MadePage, type RouteContext, type SiteContent } from './routes.ts';
import { blogPosting, medicalWebPage, serializeJsonLd } from './structured-data.ts';
import type { ArticleCard, ArticleSummary, PageMeta, PageView, Pagination } from './view.ts';

const isDraft = (a: ArticleCard, today: string) => a.draft || a.publishDate > today;

/** Blog index pages: the featured article, then the others a page at a time. */
export function blogIndexRoutes(context: RouteContext, articles: Article[]): void {
  const featured = articles.find((a) => a.featured) ?? articles[0];
  const rest = articles.filter((a) => a !== featured);
  const size = context.content.blogPage.pageSize;
  const pages = Math.max(1, Math.ceil(rest.length / size));
  const widget = context.content.site.intakeWidget ? [context.content.site.intakeWidget.scriptUrl] : [];
  for (let n = 1; n <= pages; n++) {
    const inputs = { n, pages, featured: n === 1 ? featured : undefined, recent: rest.slice((n - 1) * size, n * size) };
    context.page(blogPagePath(n), inputs, (i) => blogIndexPage(context, i), { scripts: widget, sources: ['content/blog.yaml'] });
  }
}

/** Page `n` of the blog index, made from its cards alone (besides what every page shares). */
function blogIndexPage(
  context: RouteContext,
  inputs: { n: number; pages: number; featured: ArticleCard | undefined; recent: ArticleCard[] },
): MadePage {
  const { content, metaFor, trail } = context;
  const { n, pages, featured, recent } = inputs;
  const blogMeta = content.metadata['/blog'];
  const path = blogPagePath(n);
  const pagination = paginationOf(n, pages);
  const meta = {
    ...(n === 1
      ? metaFor('/blog', blogMeta)
      : metaFor(path, blogMeta && { ...blogMeta, title: `${blogMeta.title} ${pageOf(content, n, pages)}` })),
    ...(pagination.previous ? { previous: pagination.previous } : {}),
    ...(pagination.next ? { next: pagination.next } : {}),
  };
  const page: PageView = {
    template: 'blog',
    page: content.blogPage,
    featured: featured && summarize(featured, content),
    recent: recent.map((a) => summarize(a, content)),
    pagination,
  };
  return { meta, page, jsonLd: [trail([content.blogPage.heading, '/blog'])] };
}

/** Category pages: each category of the published articles, paginated like /blog, with a feed of its own. */
export function categoryRoutes(context: RouteContext, byCategory: Map<string, Article[]>): void {
  const { content, errors } = context;
  const owners = categoryOwners([...byCategory.keys()], content.blogPage.categories);
  for (const [name, listed] of byCategory) {
    const owner = owners.get(categoryPath(name))!;
    if (owner !== name) {
      const article = listed[0]!;
      errors.push(
        problems.categoryClash(
          content.sources.get(article.file)?.locate(['category']) ?? { file: article.file, line: 1, column: 1 },
          name,
          owner,
        ),
      );
      continue;
    }
    const size = content.blogPage.pageSize;
    const pages = Math.max(1, Math.ceil(listed.length / size));
    for (let n = 1; n <= pages; n++) {
      const inputs = { name, shown: categoryName(content, name), n, pages, recent: listed.slice((n - 1) * size, n * size) };
      context.page(categoryPagePath(name, n), inputs, (i) => categoryPage(context, i), { sources: ['content/blog.yaml'] });
    }
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

/** The address of page `n` of a category's pages. */
function categoryPagePath(name: string, n: number): string {
  return n === 1 ? categoryPath(name) : `${categoryPath(name)}page/${n}/`;
}

/** Page `n` of a category's pages, made from its cards alone (besides what every page shares). */
function categoryPage(
  context: RouteContext,
  inputs: { name: string; shown: string; n: number; pages: number; recent: ArticleCard[] },
): MadePage {
  const { content, absolute, at, image, trail } = context;
  const { name, shown, n, pages, recent } = inputs;
  const first = categoryPath(name);
  const path = categoryPagePath(name, n);
  const pagination = paginationOf(n, pages, (i) => categoryPagePath(name, i));
  const title = n === 1 ? shown : `${shown} ${pageOf(content, n, pages)}`;
  const intro = categoryText(content.blogPage.category.intro, shown);
  const meta: PageMeta = {
    title,
    documentTitle: `${title} | ${content.blogPage.heading} | ${content.site.name}`,
    description: intro,
    keywords: [shown, ...(content.metadata['/blog']?.keywords ?? [])],
    url: absolute(at(path)),
    image,
    type: 'website',
    index: true,
    // The category feeds are English (site-files.ts); a page in another language lists its few articles alone.
    ...(at(first) === first ? { feed: { href: `${first}feed.xml`, title: categoryText(content.blogPage.category.feedTitle, name) } } : {}),
    ...(pagination.previous ? { previous: pagination.previous } : {}),
    ...(pagination.next ? { next: pagination.next } : {}),
  };
  const page: PageView = {
    template: 'blog',
    page: content.blogPage,
    featured: undefined,
    recent: recent.map((a) => summarize(a, content)),
    pagination,
    category: { name: shown, intro },
  };
  return { meta, page, jsonLd: [trail([content.blogPage.heading, '/blog'], [shown, first.slice(0, -1)])] };
}

/**
 * A page per article (of `only`, when given: each as it is made among all of `articles`), closed
 * by its related articles; the render stage turns its markdown into the body.
 */
export function articleRoutes(
  context: RouteContext,
  articles: Article[],
  byCategory: Map<string, Article[]> | undefined,
  feed: readonly Article[],
  only = articles,
): void {
  const { content, options } = context;
  const inFeed = new Set(feed.slice(0, feedLength));
  for (const article of only) {
    const draft = isDraft(article, options.today);
    const inputs = { article, related: relatedArticles(article, articles, byCategory) };
    context.page(articlePath(article.slug), inputs, (i) => articlePage(context, i), {
      listed: !draft,
      draft,
      sources: [article.file],
      ...(article.markdown !== undefined ? { markdown: article.markdown } : { markdownSource: markdownSourceOf(content.root, article) }),
      markdownContext: () => articleMarkdownContext(content, article),
      ...(inFeed.has(article) ? { feedOf: article.file } : {}),
    });
  }
}

/** The page of one article, made from the article and the cards it closes with (besides what every page shares). */
function articlePage(context: RouteContext, { article, related }: { article: ArticleCard; related: ArticleCard[] }): MadePage {
  const { content, options, absolute, at, lang, image, imageSizes, sizeOf, trail, reviewOf } = context;
  const path = articlePath(article.slug);
  const url = absolute(at(path));
  const ownImage = article.image && /\.(png|jpe?g)$/i.test(article.image) ? article.image : undefined;
  // Art wider than a sharing card is shared as its 1200 px copy (og:image 1200x630).
  const share = ownImage ? imageSizes[ownImage]?.share : undefined;
  const articleImage = ownImage ? absolute(share?.src ?? ownImage) : image.url;
  const meta: PageMeta = {
    title: article.title,
    documentTitle: `${article.title} | ${content.site.name}`,
    description: article.excerpt,
    keywords: [categoryName(content, article.category), ...(content.metadata['/blog']?.keywords ?? [])],
    url,
    image: ownImage
      ? { url: articleImage, ...(share ? { width: share.width, height: share.height } : sizeOf(ownImage)), alt: article.title }
      : image,
    type: 'article',
    index: !isDraft(article, options.today),
  };
  const review = reviewOf(article);
  const page: PageView = {
    template: 'article',
    page: content.blogPage,
    article: { ...summarize(article, content), html: '', outline: [] },
    related: related.map((a) => summarize(a, content)),
    review,
  };
  const jsonLd = [
    serializeJsonLd(blogPosting(content.site, article, url, articleImage, lang)),
    serializeJsonLd(medicalWebPage(article.title, url, review, content.providers, absolute, lang)),
    trail([content.blogPage.heading, '/blog'], [article.title, path.slice(0, -1)]),
  ];
  return { meta, page, jsonLd };
}

/** "(page 2 of 5)", as the language writes it. */
function pageOf(content: SiteContent, n: number, pages: number): string {
  return content.strings.blog.pageOf.replaceAll('{n}', String(n)).replaceAll('{pages}', String(pages));
}

function summarize(article: ArticleCard, content: SiteContent): ArticleSummary {
  const categories = content.blogPage.categories;
  const { bodyLine: _bodyLine, bodyOffset: _bodyOffset, references: _references, cardHash: _cardHash, ...rest } = article as Article;
  const { markdown: _markdown, sourceHash: _sourceHash, ...shown } = rest;
  const category = categoryOf(article, categories);
  return {
    ...shown,
    href: articlePath(article.slug),
    date: longDate(article.publishDate, content.strings.dates),
    category: categoryName(content, article.category),
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

/** A category's name as the page's language shows it (blog.es.yaml's in Spanish), from the name articles give it. */
export function categoryName(content: Pick<SiteContent, 'categoryNames'>, name: string): string {
  return content.categoryNames?.get(name) ?? name;
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
export function relatedArticles<T extends { category: string }>(
  article: T,
  newestFirst: readonly T[],
  categories?: ReadonlyMap<string, readonly T[]>,
): T[] {
  const related: T[] = [];
  const sameCategory =
    categories?.get(article.category) ?? (categories ? [] : newestFirst.filter((other) => other.category === article.category));
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
export function articleMarkdownContext(content: SiteContent, article: Article): ArticleMarkdownContext {
  const treatments: MarkdownContext['treatments'] = {};
  for (const { id } of article.references?.treatments ?? []) {
    const treatment = content.treatments.get(id);
    const href = treatment && treatmentHref(content, id);
    if (treatment && href) treatments[id] = { title: treatment.title, text: clipAtWord(treatment.description, 160), href };
  }
  const folder = posix.dirname(article.file);
  return {
    slug: article.slug,
    imageBase: `/images/${posix.relative('content', folder)}/`,
    bookingLabel: content.blogPage.bookNow.label,
    calloutTitles: content.strings.callouts,
    treatments,
  };
}
