/** What the route stage makes (Route) and what every page kind's routes are made with (RouteContext). */
import { problems, type SiteError } from '../errors.ts';
import type { MarkdownSource } from '../load/article.ts';
import type { Content } from '../load/types.ts';
import type { Article } from '../schemas/article.ts';
import type { PageMetaEntry } from '../schemas/catalogue.ts';
import type { ArticleMarkdownContext } from '../render/markdown.ts';
import { longUsDate } from './dates.ts';
import { breadcrumbs, medicalClinic, serializeJsonLd } from './structured-data.ts';
import { socialImageSize, type PageMeta, type PageView, type ReviewView } from './view.ts';

/** One page to render: where it is written, its metadata, and what its template receives. */
export interface Route {
  /** Root-relative path as links write it: `/`, `/process`, `/blog/slug/`. */
  path: string;
  /** Output file, relative to the output folder. */
  file: string;
  /** The page's absolute address, as its metadata gives it (the sitemap lists it without making the metadata). */
  url: string;
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
   * For an article the blog's feed carries (the newest): its file. The render stage then also
   * renders the body as the feed carries it, from the same parse.
   */
  feedOf?: string;
  /**
   * A key of what the page is made from beyond what every page shares (the YAML files, the base
   * URL, the templates): its path, and for an article page its file and the cards it shows, for a
   * blog index or category page the cards it lists.
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

/** How many entries a feed carries. */
export const feedLength = 20;

/** The articles the feed carries and review is judged on: those shown, less drafts and future ones. */
export function feedArticles(content: Content, options: RouteOptions, shown: Article[]): Article[] {
  return options.drafts || options.future ? publishedArticles(content, { ...options, drafts: false, future: false }) : shown;
}

/** Articles that `build` publishes under these options, newest first. */
export function publishedArticles(content: Content, options: RouteOptions): Article[] {
  return content.articles.filter((a) => (options.drafts || !a.draft) && (options.future || options.drafts || a.publishDate <= options.today));
}

/** The pixel size of images under public/, by path (from the image stage). */
export type ImageSizes = Record<string, { width: number; height: number; share?: { src: string; width: number; height: number } }>;

/** What every page kind's routes are made with: the content, the options, and the helpers they share. */
export interface RouteContext {
  content: Content;
  options: RouteOptions;
  absolute: (path: string) => string;
  /** The MedicalClinic JSON-LD every page carries. */
  clinic: string;
  /** The site's sharing image, with its size. */
  image: PageMeta['image'];
  imageSizes: ImageSizes;
  /** A sharing image's size (the card's size when the image stage does not know it). */
  sizeOf: (path: string) => { width: number; height: number };
  /** A page's metadata from its entry in metadata.yaml (missing: an error, and a stand-in). */
  metaFor: (path: string, entry: PageMetaEntry | undefined, extra?: Partial<PageMeta>) => PageMeta;
  /** BreadcrumbList JSON-LD from Home through the steps given. */
  trail: (...steps: [string, string][]) => string;
  /** A page's review, with its reviewer. */
  reviewOf: (page: { reviewedBy?: string | undefined; reviewedOn?: string | undefined }) => ReviewView | undefined;
  /**
   * Adds a route; a page view, metadata or JSON-LD given as a function is only made if something
   * reads it (metadata given so must come with its `url`).
   */
  add: (path: string, page: PageView | (() => PageView), meta: PageMeta | { url: string; make: () => PageMeta }, more?: RouteExtras) => void;
  routes: Route[];
  errors: SiteError[];
}

/** What a route may say beyond its path, view and metadata. */
export type RouteExtras = Omit<Partial<Route>, 'url' | 'jsonLd' | 'markdownContext'> & { jsonLd?: string[] | (() => string[]); markdownContext?: () => ArticleMarkdownContext };

/** The context every page kind's routes are made in. */
export function routeContext(content: Content, options: RouteOptions, imageSizes: ImageSizes): RouteContext {
  const errors: SiteError[] = [];
  const base = options.baseUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;
  const sizeOf = (path: string) => {
    const size = imageSizes[path];
    return size ? { width: size.width, height: size.height } : socialImageSize;
  };
  const image = { url: absolute(content.site.socialImage), ...sizeOf(content.site.socialImage), alt: content.site.name };
  const metadataSource = content.sources.get('content/metadata.yaml');
  const metaFor = (path: string, entry: PageMetaEntry | undefined, extra: Partial<PageMeta> = {}): PageMeta => {
    if (!entry) {
      errors.push(problems.missingMetadata(metadataSource?.locate([]) ?? { file: 'content/metadata.yaml', line: 1, column: 1 }, path));
      entry = { title: path, description: path, keywords: [path] };
    }
    const url = absolute(path === '/' ? '/' : `${path.replace(/\/$/, '')}/`);
    return { title: entry.title, documentTitle: `${entry.title} | ${content.site.name}`, description: entry.description, keywords: entry.keywords, url, image, type: 'website', index: true, ...extra };
  };
  const trail = (...steps: [string, string][]) =>
    serializeJsonLd(breadcrumbs(([['Home', '/'], ...steps] as [string, string][]).map(([name, path]) => ({ name, url: absolute(path === '/' ? '/' : `${path}/`) }))));
  const reviewOf = (page: { reviewedBy?: string | undefined; reviewedOn?: string | undefined }): ReviewView | undefined => {
    // References validated the reviewer: an unknown id never gets here.
    const provider = page.reviewedBy ? content.providers.get(page.reviewedBy) : undefined;
    if (!provider || !page.reviewedOn) return undefined;
    return { reviewer: { id: provider.id, name: provider.name, credentials: provider.credentials }, reviewedOn: page.reviewedOn, date: longUsDate(page.reviewedOn) };
  };
  const clinic = serializeJsonLd(medicalClinic(content.site, absolute));
  const routes: Route[] = [];
  const add: RouteContext['add'] = (path, page, meta, more = {}) => void routes.push(routeOf(clinic, path, page, meta, more));
  return { content, options, absolute, clinic, image, imageSizes, sizeOf, metaFor, trail, reviewOf, add, routes, errors };
}

/** The output file of the page at `path`: `index.html` in the page's folder. */
export function routeFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/|\/$/g, '')}/index.html`;
}

/** A route, its view, metadata, JSON-LD and markdown context made when read, not kept. */
function routeOf(clinic: string, path: string, page: PageView | (() => PageView), meta: PageMeta | { url: string; make: () => PageMeta }, more: RouteExtras): Route {
  const { jsonLd = [], markdownContext } = more;
  const makePage = typeof page === 'function' ? page : () => page;
  const makeMeta = 'make' in meta ? meta.make : () => meta;
  const makeJsonLd = typeof jsonLd === 'function' ? () => [clinic, ...jsonLd()] : () => [clinic, ...jsonLd];
  const route: Route = {
    path,
    file: routeFile(path),
    url: meta.url,
    // Made when read, not kept: an unchanged page never needs them, and a rendered one not twice
    // (thousands of article views would otherwise stay in memory for the whole build, and be made on every rebuild).
    get meta() {
      return makeMeta();
    },
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
    ...(more.feedOf !== undefined ? { feedOf: more.feedOf } : {}),
    // Every page but the articles and the blog's lists is made from what all pages share alone.
    inputKey: more.inputKey ?? path,
  };
  // A getter, not a spread: spreading would make it at once.
  if (markdownContext) Object.defineProperty(route, 'markdownContext', { get: markdownContext, enumerable: true });
  return route;
}
