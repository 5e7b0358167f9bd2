/** The route stage: every page of the site, with its metadata and the data its template receives. */
import { hashOf } from '../hash.ts';
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import { markdownSourceOf, type MarkdownSource } from '../load/article.ts';
import { slugOf } from '../validate/suggest.ts';
import type { Content } from '../load/types.ts';
import type { Article } from '../schemas/article.ts';
import type { MarkdownContext } from '../render/markdown.ts';
import { posix } from 'node:path';
import type { PageMetaEntry, Treatment } from '../schemas/catalogue.ts';
import type { BlogCategory } from '../schemas/pages.ts';
import { categoryOf } from './categories.ts';
import { blogPosting, breadcrumbs, faqPage, medicalClinic, medicalWebPage, serializeJsonLd } from './structured-data.ts';
import { socialImageSize, type ArticleSummary, type PageMeta, type PageView, type Pagination, type ReviewView } from './view.ts';

/** One page to render: where it is written, its metadata, and what its template receives. */
export interface Route {
  /** Root-relative path as links write it: `/`, `/process`, `/blog/slug/`. */
  path: string;
  /** Output file, relative to the output folder. */
  file: string;
  meta: PageMeta;
  page: PageView;
  jsonLd: string[];
  /** Whether the page is listed in the sitemap. */
  listed: boolean;
  draft: boolean;
  /** External scripts the page loads (the blog's intake widget). */
  scripts: string[];
  /** Content files this page depends on beyond the site-wide ones (for narrowed rebuilds). */
  sources: string[];
  /**
   * An article page's markdown body, rendered into `page.article.html` by the render stage; when
   * the article came from the cache, `markdownSource` says where the render stage reads it.
   */
  markdown?: string;
  markdownSource?: MarkdownSource;
  /** What an article's components and images link to (the render stage adds the booking address and image variants). */
  markdownContext?: ArticleMarkdownContext;
  /**
   * A key of everything the page is made from beyond what all pages share: the YAML files and the
   * options, and for an article page its file, for a blog index page the articles it lists.
   */
  inputKey: string;
}

/** How the route table is built: drafts and future articles, and the base URL. */
export interface RouteOptions {
  drafts: boolean;
  future: boolean;
  /** Today as YYYY-MM-DD; articles dated later are future ones. */
  today: string;
  baseUrl: string;
}

/** Articles that `build` publishes under these options, newest first. */
export function publishedArticles(content: Content, options: RouteOptions): Article[] {
  return content.articles.filter((a) => (options.drafts || !a.draft) && (options.future || options.drafts || a.publishDate <= options.today));
}

/** The pixel size of images under public/, by path (from the image stage). */
export type ImageSizes = Record<string, { width: number; height: number; share?: { src: string; width: number; height: number } }>;

/**
 * Article routes kept from the last build while what they are made from is the same (the dev
 * server keeps it; an unchanged article is the same object from one build to the next).
 */
export interface RouteMemo {
  context: string;
  /** Each article's route, with the key of the related articles it shows (they change with other articles). */
  articles: WeakMap<Article, { route: Route; related: string }>;
  /** Each article's part of the keys of the pages that show it. */
  keys: WeakMap<Article, string>;
}

/**
 * Builds the route table; a route without a metadata entry is an error. Sharing images get the
 * size `imageSizes` gives them.
 */
export function buildRoutes(content: Content, options: RouteOptions, imageSizes: ImageSizes = {}, memo?: RouteMemo): Route[] {
  const errors: SiteError[] = [];
  const base = options.baseUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;
  const clinic = serializeJsonLd(medicalClinic(content.site, absolute));
  const sizeOf = (path: string) => {
    const size = imageSizes[path];
    return size ? { width: size.width, height: size.height } : socialImageSize;
  };
  const image = { url: absolute(content.site.socialImage), ...sizeOf(content.site.socialImage), alt: content.site.name };
  const context = hashOf(content.catalogueKey, base, options.today, String(options.drafts), String(options.future), JSON.stringify(imageSizes));
  if (memo && memo.context !== context) {
    memo.context = context;
    memo.articles = new WeakMap();
    memo.keys = new WeakMap();
  }
  const metadataSource = content.sources.get('content/metadata.yaml');

  const metaFor = (path: string, entry: PageMetaEntry | undefined, extra: Partial<PageMeta> = {}): PageMeta => {
    if (!entry) {
      errors.push(problems.missingMetadata(metadataSource?.locate([]) ?? { file: 'content/metadata.yaml', line: 1, column: 1 }, path));
      entry = { title: path, description: path, keywords: [path] };
    }
    return {
      title: entry.title,
      documentTitle: `${entry.title} | ${content.site.name}`,
      description: entry.description,
      keywords: entry.keywords,
      url: absolute(path === '/' ? '/' : `${path.replace(/\/$/, '')}/`),
      image,
      type: 'website',
      index: true,
      ...extra,
    };
  };
  const trail = (...steps: [string, string][]) =>
    serializeJsonLd(breadcrumbs(([['Home', '/'], ...steps] as [string, string][]).map(([name, path]) => ({ name, url: absolute(path === '/' ? '/' : `${path}/`) }))));
  const routes: Route[] = [];
  /** Adds a route; a page view or JSON-LD given as a function is only made if something reads it. */
  const add = (path: string, page: PageView | (() => PageView), meta: PageMeta, more: Omit<Partial<Route>, 'jsonLd'> & { jsonLd?: string[] | (() => string[]) } = {}) => {
    const { jsonLd = [] } = more;
    const makePage = typeof page === 'function' ? page : () => page;
    const makeJsonLd = typeof jsonLd === 'function' ? () => [clinic, ...jsonLd()] : () => [clinic, ...jsonLd];
    const route: Route = {
      path,
      file: path === '/' ? 'index.html' : `${path.replace(/^\/|\/$/g, '')}/index.html`,
      meta,
      // Made when read, not kept: an unchanged page never needs them, and a rendered one not twice
      // (thousands of article views would otherwise stay in memory for the whole build).
      get page() {
        return makePage();
      },
      get jsonLd() {
        return makeJsonLd();
      },
      listed: more.listed ?? true,
      draft: more.draft ?? false,
      scripts: more.scripts ?? [],
      sources: more.sources ?? [],
      ...(more.markdown !== undefined ? { markdown: more.markdown } : {}),
      ...(more.markdownSource !== undefined ? { markdownSource: more.markdownSource } : {}),
      ...(more.markdownContext !== undefined ? { markdownContext: more.markdownContext } : {}),
      // Every page but the articles and the blog index is made from the YAML files and the options alone.
      inputKey: more.inputKey ?? hashOf(content.catalogueKey, base, path),
    };
    routes.push(route);
  };

  /** A page's review, with its reviewer (references validated it: an unknown id never gets here). */
  const reviewOf = (page: { reviewedBy?: string | undefined; reviewedOn?: string | undefined }): ReviewView | undefined => {
    const provider = page.reviewedBy ? content.providers.get(page.reviewedBy) : undefined;
    if (!provider || !page.reviewedOn) return undefined;
    return { reviewer: { id: provider.id, name: provider.name, credentials: provider.credentials }, reviewedOn: page.reviewedOn, date: longUsDate(page.reviewedOn) };
  };

  // Home: each pillar lists its treatments as links to their own pages.
  const treatment = (id: string) => content.treatments.get(id)!;
  const pillars = content.home.services.pillars.map((p) => ({
    ...p,
    categories: p.categories.map((c) => ({ name: c.name, treatments: c.treatments.map((id) => ({ id, title: treatment(id).title, href: treatmentPath(id) })) })),
  }));
  const homeTreatments = uniqueById(content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments.map(treatment))));
  add('/', { template: 'home', home: content.home, pillars, founder: content.providers.get(content.home.about.founder)! }, metaFor('/', content.metadata['/']), {
    sources: ['content/home.yaml', `content/providers/${content.home.about.founder}.yaml`, ...homeTreatments.map((t) => `content/treatments/${t.id}.yaml`)],
  });

  // A page per home treatment, in the colours of the first pillar that lists it; the home dialog shows its details.
  for (const t of homeTreatments) {
    const path = treatmentPath(t.id);
    const { categories: _categories, description: _description, ...pillar } = content.home.services.pillars.find((p) => p.categories.some((c) => c.treatments.includes(t.id)))!;
    const steps = [
      { name: 'Home', href: '/' },
      { name: content.navigation.services.label, href: '/#services' },
      { name: t.title, href: path },
    ];
    add(
      path,
      { template: 'treatment', treatment: t, pillar, labels: content.home.services.dialog, breadcrumbs: steps, review: reviewOf(t) },
      {
        title: t.title,
        documentTitle: `${t.title} | ${content.site.name}`,
        description: clipAtWord(t.description, 200),
        keywords: t.indications,
        url: absolute(path),
        image,
        type: 'website',
        index: true,
      },
      {
        jsonLd: [
          serializeJsonLd(medicalWebPage(t.title, absolute(path), reviewOf(t), content.providers, absolute)),
          serializeJsonLd(breadcrumbs(steps.map((step) => ({ name: step.name, url: absolute(step.href) })))),
          ...(t.faq.length > 0 ? [serializeJsonLd(faqPage(t.faq))] : []),
        ],
        sources: [`content/treatments/${t.id}.yaml`, 'content/home.yaml', 'content/navigation.yaml'],
      },
    );
  }

  // Process
  add('/process', { template: 'process', process: content.process }, metaFor('/process', content.metadata['/process']), {
    jsonLd: [trail([content.process.heading, '/process'])],
    sources: ['content/process.yaml'],
  });

  // Pellet page, lab sales, body-composition scans
  add('/memberships', { template: 'memberships', memberships: content.memberships }, metaFor('/memberships', content.metadata['/memberships']), {
    jsonLd: [trail([content.memberships.hero.title, '/memberships'])],
    sources: ['content/memberships.yaml'],
  });
  add('/lab-sales', { template: 'labSales', labSales: content.labSales }, metaFor('/lab-sales', content.metadata['/lab-sales']), {
    jsonLd: [trail([content.labSales.hero.title, '/lab-sales'])],
    sources: ['content/lab-sales.yaml'],
  });
  add('/inbody-analysis', { template: 'inbody', inbody: content.inbody }, metaFor('/inbody-analysis', content.metadata['/inbody-analysis']), {
    jsonLd: [trail([content.inbody.hero.title, '/inbody-analysis'])],
    sources: ['content/inbody-analysis.yaml'],
  });

  // Service pages
  for (const service of content.services) {
    const path = `/services/${service.pillar}/${service.id}`;
    const treatments = service.treatments.cards.map((c) => treatment(c.treatment));
    const { faqs } = service.treatments;
    const cards = service.treatments.cards.map((card, i) => {
      const t = treatments[i]!;
      return { treatment: t, benefits: card.benefits, faqs: faqs === 'all' ? t.faq : t.faq.slice(0, faqs) };
    });
    const shown = cards.flatMap((c) => c.faqs);
    add(path, { template: 'service', service, treatments, cards, program: content.programs.get(service.pillar), review: reviewOf(service) }, metaFor(path, content.metadata[path]), {
      jsonLd: [serializeJsonLd(medicalWebPage(service.hero.title, absolute(`${path}/`), reviewOf(service), content.providers, absolute)), trail([service.label, path]), ...(shown.length > 0 ? [serializeJsonLd(faqPage(shown))] : [])],
      sources: [`content/services/${service.id}.yaml`, ...treatments.map((t) => `content/treatments/${t.id}.yaml`)],
    });
  }

  // Blog: index pages, then one page per article. A blog of thousands is mostly pages that did
  // not change: each has a key made from its inputs, and its view is only made if it is rendered.
  const articles = publishedArticles(content, options);
  const isDraft = (a: Article) => a.draft || a.publishDate > options.today;
  // What a card shows of an article (its front matter, slug, file, read time and whether it is a
  // draft), not its body: the index, category and related cards change only when this does.
  const articleKey = (a: Article) => {
    let key = memo?.keys.get(a);
    if (key === undefined) {
      const { markdown: _markdown, bodyLine: _bodyLine, bodyOffset: _bodyOffset, sourceHash: _sourceHash, ...shown } = a;
      key = hashOf(JSON.stringify(shown), isDraft(a) ? 'draft' : '');
      memo?.keys.set(a, key);
    }
    return key;
  };
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
      inputKey: hashOf('blog', content.catalogueKey, base, String(n), String(pages), ...leading.map(articleKey), ...shown.map(articleKey)),
    });
  }
  // Category pages: each category of the published articles, paginated like /blog, with a feed of its own.
  const byCategory = categoriesOf(articles);
  const categoryOwners = new Map<string, string>();
  for (const [name, listed] of byCategory) {
    const first = categoryPath(name);
    const owner = categoryOwners.get(first);
    if (owner !== undefined) {
      const article = listed[0]!;
      errors.push(problems.categoryClash(content.sources.get(article.file)?.locate(['category']) ?? { file: article.file, line: 1, column: 1 }, name, owner));
      continue;
    }
    categoryOwners.set(first, name);
    const pagesOf = Math.max(1, Math.ceil(listed.length / size));
    const feed = { href: `${first}feed.xml`, title: categoryText(content.blogPage.category.feedTitle, name) };
    const intro = categoryText(content.blogPage.category.intro, name);
    for (let n = 1; n <= pagesOf; n++) {
      const pathOf = (i: number) => (i === 1 ? first : `${first}page/${i}/`);
      const path = pathOf(n);
      const shown = listed.slice((n - 1) * size, n * size);
      const pagination = paginationOf(n, pagesOf, pathOf);
      const title = n === 1 ? name : `${name} (page ${n} of ${pagesOf})`;
      const meta: PageMeta = {
        title,
        documentTitle: `${title} | ${content.blogPage.heading} | ${content.site.name}`,
        description: intro,
        keywords: [name, ...(blogMeta?.keywords ?? [])],
        url: absolute(path),
        image,
        type: 'website',
        index: true,
        feed,
        ...(pagination.previous ? { previous: pagination.previous } : {}),
        ...(pagination.next ? { next: pagination.next } : {}),
      };
      const view = (): PageView => ({ template: 'blog', page: content.blogPage, featured: undefined, recent: shown.map((a) => summarize(a, categories)), pagination, category: { name, intro } });
      add(path, view, meta, {
        jsonLd: [trail([content.blogPage.heading, '/blog'], [name, first.slice(0, -1)])],
        sources: ['content/blog.yaml'],
        inputKey: hashOf('category', name, content.catalogueKey, base, String(n), String(pagesOf), ...shown.map(articleKey)),
      });
    }
  }

  for (const article of articles) {
    const related = relatedArticles(article, articles, byCategory);
    const relatedKey = related.map(articleKey).join(' ');
    const known = memo?.articles.get(article);
    if (known && known.related === relatedKey) {
      routes.push(known.route);
      continue;
    }
    const path = `/blog/${article.slug}/`;
    const url = absolute(path);
    const ownImage = article.image && /\.(png|jpe?g)$/i.test(article.image) ? article.image : undefined;
    // Art wider than a sharing card is shared as its 1200 px copy (og:image 1200x630).
    const share = ownImage ? imageSizes[ownImage]?.share : undefined;
    const articleImage = ownImage ? absolute(share?.src ?? ownImage) : image.url;
    const draft = isDraft(article);
    add(
      path,
      // The render stage turns the markdown into the body HTML.
      () => ({ template: 'article', page: content.blogPage, article: { ...summarize(article, categories), html: '', outline: [] }, related: related.map((a) => summarize(a, categories)), review: reviewOf(article) }),
      {
        title: article.title,
        documentTitle: `${article.title} | ${content.site.name}`,
        description: article.excerpt,
        keywords: [article.category, ...(blogMeta?.keywords ?? [])],
        url,
        image: ownImage ? { url: articleImage, ...(share ? { width: share.width, height: share.height } : sizeOf(ownImage)), alt: article.title } : image,
        type: 'article',
        index: !draft,
      },
      {
        jsonLd: () => [
          serializeJsonLd(blogPosting(content.site, article, url, articleImage)),
          serializeJsonLd(medicalWebPage(article.title, url, reviewOf(article), content.providers, absolute)),
          trail([content.blogPage.heading, '/blog'], [article.title, path.slice(0, -1)])],
        listed: !draft,
        draft,
        sources: [article.file],
        ...(article.markdown !== undefined ? { markdown: article.markdown } : { markdownSource: markdownSourceOf(content.root, article) }),
        markdownContext: articleMarkdownContext(content, article),
        inputKey: hashOf(content.catalogueKey, article.sourceHash, articleKey(article), base, relatedKey),
      },
    );
    memo?.articles.set(article, { route: routes.at(-1)!, related: relatedKey });
  }

  // Legal pages: their metadata is in their own file; sections for analytics follow site.yaml.
  const analyticsOn = content.site.analytics.measurementId !== undefined;
  for (const legal of content.legal) {
    const path = legalPath(legal.id);
    const sections = legal.sections.filter((s) => !s.shownWhen || (s.shownWhen === 'analytics-on') === analyticsOn);
    add(
      path,
      { template: 'legal', legal: { ...legal, sections }, breadcrumbs: [{ name: 'Home', href: '/' }, { name: legal.title, href: path }] },
      metaFor(path, { title: legal.title, description: legal.description, keywords: [legal.title, content.site.name] }),
      { jsonLd: [trail([legal.title, path])], sources: [`content/legal/${legal.id}.yaml`] },
    );
  }

  // Not found
  routes.push({
    path: '/404',
    file: '404.html',
    // Served at any unknown address, so it has no canonical address of its own; the 404 status keeps it out of search results.
    meta: { ...metaFor('/404', content.metadata['/404']), url: '' },
    page: { template: 'notFound', notFound: content.notFound },
    jsonLd: [clinic],
    listed: false,
    draft: false,
    scripts: [],
    sources: ['content/not-found.yaml'],
    inputKey: hashOf(content.catalogueKey, base, '/404'),
  });

  if (errors.length > 0) throw new SiteErrors(errors);
  return routes;
}

/** The address of a legal page. */
export function legalPath(id: string): string {
  return `/legal/${id}`;
}

/** "March 4, 2024" for an ISO date, independent of the machine's time zone. */
export function longUsDate(iso: string): string {
  let text = longDates.get(iso);
  if (text === undefined) {
    text = longDateFormat.format(new Date(`${iso}T12:00:00Z`));
    longDates.set(iso, text);
  }
  return text;
}

const longDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const longDates = new Map<string, string>();

function summarize(article: Article, categories: readonly BlogCategory[]): ArticleSummary {
  const { markdown: _markdown, bodyLine: _bodyLine, bodyOffset: _bodyOffset, references: _references, ...rest } = article;
  const category = categoryOf(article, categories);
  return {
    ...rest,
    href: `/blog/${article.slug}/`,
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
export function categoriesOf(articles: readonly Article[]): Map<string, Article[]> {
  const categories = new Map<string, Article[]>();
  for (const article of articles) {
    const list = categories.get(article.category);
    if (list) list.push(article);
    else categories.set(article.category, [article]);
  }
  return categories;
}

/** How many related articles close an article. */
export const relatedCount = 3;

/** The articles shown at the end of `article`: the newest of its category first, then the newest of the others. */
export function relatedArticles(article: Article, newestFirst: readonly Article[], categories: ReadonlyMap<string, readonly Article[]>): Article[] {
  const related: Article[] = [];
  for (const list of [categories.get(article.category) ?? [], newestFirst]) {
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

/** The part of a body's render context that comes from the content. */
export type ArticleMarkdownContext = Pick<MarkdownContext, 'slug' | 'imageBase' | 'bookingLabel' | 'treatments'>;

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

/**
 * Where a treatment is shown: its own page when a home pillar lists it, else its card on the first
 * service page that has one; undefined when no page shows it.
 */
export function treatmentHref(content: Content, id: string): string | undefined {
  if (content.home.services.pillars.some((p) => p.categories.some((c) => c.treatments.includes(id)))) return treatmentPath(id);
  const service = content.services.find((s) => s.treatments.cards.some((c) => c.treatment === id));
  return service ? `/services/${service.pillar}/${service.id}#treatment-${id}` : undefined;
}

/** The page of a treatment listed on the home pillars. */
export function treatmentPath(id: string): string {
  return `/treatments/${id}/`;
}

/** `text` with its whitespace collapsed, cut at a word boundary (with an ellipsis) to at most `max` characters. */
export function clipAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max).lastIndexOf(' ');
  return `${flat.slice(0, cut > 0 ? cut : max - 1).replace(/[\s,;:.–—-]+$/, '')}…`;
}

function uniqueById(treatments: Treatment[]): Treatment[] {
  return [...new Map(treatments.map((t) => [t.id, t])).values()];
}
