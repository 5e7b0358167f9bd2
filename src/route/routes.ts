/** What the route stage makes (Route) and what every page kind's routes are made with (RouteContext). */
import { problems, type SiteError } from '../errors.ts';
import type { MarkdownSource } from '../markdown/source.ts';
import type { Content, LanguageSite, TranslationFile } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import type { PageMetaEntry } from '../schemas/catalogue.ts';
import type { ArticleMarkdownContext } from '../markdown/markdown.ts';
import { breadcrumbs, medicalClinic, serializeJsonLd } from './structured-data.ts';
import { isTranslationFile } from '../schemas/translation.ts';
import { longDate } from './dates.ts';
import { languagePath } from './categories.ts';
import { socialImageSize } from '../bundle/assets.ts';
import type { ArticleCard, PageMeta, PageView, ReviewView, Shell } from './view.ts';

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
   * What the page is made from beyond what every page shares (see RouteContext), as a key: made
   * from the inputs its view was made from (RouteContext.page), empty for a page made from what
   * every page shares alone.
   */
  key: string;
  /** The markdown file (of any kind: an article) the page shows whole, if any: a rebuild after it changed makes this page again. */
  source?: string;
  /** What the page's shell takes in its language: its language links, and off English, that language's site, navigation and strings. */
  shell?: LanguageShell;
}

/** The parts of a page's shell that depend on its language (the route stage pairs each page with its other-language page). */
export type LanguageShell = Partial<
  Pick<Shell, 'site' | 'navigation' | 'legalLinks' | 'feed' | 'strings' | 'home' | 'blogHref' | 'noticeHref' | 'search' | 'searchHref'>
> &
  Pick<Shell, 'alternates' | 'switcher'>;

/** Everything under content/ but the articles: what every page shares. A page reads articles only through its inputs. */
export type SiteContent = Omit<Content, 'articles'>;

/**
 * What a page is made from beyond what every page shares: `article`, an article shown whole (its
 * key is the hash of its file), and any other values, articles among them shown as cards.
 */
export type PageInputs = { article?: Article } & Record<string, unknown>;

/** A page's metadata, view and structured data, as its make function returns them. */
export interface MadePage {
  meta: PageMeta;
  page: PageView;
  jsonLd: string[];
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
  return content.articles.filter(
    (a) => (options.drafts || !a.draft) && (options.future || options.drafts || a.publishDate <= options.today),
  );
}

/** The pixel size of images under public/, by path (from the image stage). */
export type ImageSizes = Record<string, { width: number; height: number; share?: { src: string; width: number; height: number } }>;

/** What every page kind's routes are made with: the content, the options, and the helpers they share. */
export interface RouteContext {
  content: SiteContent;
  options: RouteOptions;
  /** The language of the pages made in this context (en, es). */
  lang: string;
  /** A page's path in this context's language: `/process` in Spanish is `/es/process`. */
  at: (path: string) => string;
  /** Whether every one of these files is in this context's language (English: always; else when each has a translation). */
  inLanguage: (sources: readonly string[] | undefined) => boolean;
  /** The translation this context's pages show of the English file `file` (none in English, nor for a file not translated). */
  translationFor: (file: string) => TranslationFile | undefined;
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
  /** Adds a route made from what every page shares alone. */
  add: (path: string, page: PageView, meta: PageMeta, more?: RouteExtras) => void;
  /**
   * Adds a route made from `inputs` besides what every page shares: `make` receives them (and may
   * read nothing else), is called only when the page is rendered, and the route's key is made from
   * the same inputs, so no input can be left out of it.
   */
  page: <I extends PageInputs>(path: string, inputs: I, make: (inputs: I) => MadePage, more?: RouteExtras) => void;
  routes: Route[];
  errors: SiteError[];
}

/** What a route may say beyond its path, view and metadata. */
export type RouteExtras = Omit<Partial<Route>, 'url' | 'jsonLd' | 'markdownContext' | 'key'> & {
  jsonLd?: string[];
  /**
   * The content files the page shows, its own first: in another language, it is made when its own has a translation; the
   * others' parts show in English meanwhile, marked so (the validate stage warns about each).
   */
  sources?: readonly string[];
  markdownContext?: () => ArticleMarkdownContext;
};

/**
 * The context every page kind's routes are made in; with `language` (the site in another language),
 * pages are made at that language's paths, only when every file they are made from has a translation,
 * and the internal links of their views lead to that language's page wherever there is one.
 */
export function routeContext(content: SiteContent, options: RouteOptions, imageSizes: ImageSizes, language?: LanguageSite): RouteContext {
  const errors: SiteError[] = [];
  const lang = language?.lang ?? content.site.language;
  const at = (path: string) => (language ? languagePath(path, language.lang) : path);
  const made = new Set<string>();
  // Read when a view is made (after the table is whole): a link leads to this language's page when there is one.
  const localize = language ? (href: string) => localHref(href, language.lang, made) : undefined;
  const translated = (sources: readonly string[] | undefined) =>
    !language || (sources ?? []).every((f) => language.translated.has(f) || isTranslationFile(f));
  // A page is dropped only when its own file has no translation: never for one of its parts.
  const ownTranslated = (sources: readonly string[] | undefined) => translated(sources?.slice(0, 1));
  const base = options.baseUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;
  const sizeOf = (path: string) => {
    const size = imageSizes[path];
    return size ? { width: size.width, height: size.height } : socialImageSize;
  };
  const image = { url: absolute(content.site.socialImage), ...sizeOf(content.site.socialImage), alt: content.site.name };
  const { metaFor, trail, reviewOf } = pageParts(content, at, absolute, image, errors);
  const clinic = serializeJsonLd(medicalClinic(content.site, absolute));
  const routes: Route[] = [];
  const add: RouteContext['add'] = (path, page, meta, more = {}) => {
    if (!ownTranslated(more.sources)) return;
    made.add(at(path));
    routes.push(
      routeOf(
        clinic,
        at(path),
        '',
        localized(() => ({ page, meta, jsonLd: more.jsonLd ?? [] }), localize),
        meta.url,
        more,
      ),
    );
  };
  const page: RouteContext['page'] = (path, inputs, make, more = {}) => {
    if (!ownTranslated(more.sources)) return;
    made.add(at(path));
    const view = localized(() => make(inputs), localize);
    const route = routeOf(clinic, at(path), keyOfInputs(inputs), view, absolute(pageAddress(at(path))), more);
    if (inputs.article) route.source = inputs.article.file;
    // An article's own links, written as the English addresses, lead to this language's pages too (read when it is rendered).
    const { markdown } = more;
    if (localize && markdown !== undefined)
      Object.defineProperty(route, 'markdown', { get: () => localMarkdownLinks(markdown, localize), enumerable: true });
    routes.push(route);
  };
  const inLanguage = translated;
  const translations = new Map(language?.translations.map((t) => [t.english, t]));
  return {
    content,
    options,
    lang,
    at,
    inLanguage,
    translationFor: (file) => translations.get(file),
    absolute,
    clinic,
    image,
    imageSizes,
    sizeOf,
    metaFor,
    trail,
    reviewOf,
    add,
    page,
    routes,
    errors,
  };
}

/** What makes a page's metadata, its breadcrumb trail and its review, in the language of `content` (at: its paths). */
function pageParts(
  content: SiteContent,
  at: (path: string) => string,
  absolute: (path: string) => string,
  image: PageMeta['image'],
  errors: SiteError[],
): Pick<RouteContext, 'metaFor' | 'trail' | 'reviewOf'> {
  const metadataSource = content.sources.get('content/metadata.yaml');
  const metaFor = (path: string, entry: PageMetaEntry | undefined, extra: Partial<PageMeta> = {}): PageMeta => {
    if (!entry) {
      errors.push(problems.missingMetadata(metadataSource?.locate([]) ?? { file: 'content/metadata.yaml', line: 1, column: 1 }, path));
      entry = { title: path, description: path, keywords: [path] };
    }
    const url = absolute(pageAddress(at(path)));
    return {
      title: entry.title,
      documentTitle: `${entry.title} | ${content.site.name}`,
      description: entry.description,
      keywords: entry.keywords,
      url,
      image,
      type: 'website',
      index: true,
      ...extra,
    };
  };
  const trail = (...steps: [string, string][]) =>
    serializeJsonLd(
      breadcrumbs(
        ([[content.strings.shell.home, '/'], ...steps] as [string, string][]).map(([name, path]) => ({
          name,
          url: absolute(pageAddress(at(path))),
        })),
      ),
    );
  const reviewOf = (page: { reviewedBy?: string | undefined; reviewedOn?: string | undefined }): ReviewView | undefined => {
    // References validated the reviewer: an unknown id never gets here.
    const provider = page.reviewedBy ? content.providers.get(page.reviewedBy) : undefined;
    if (!provider || !page.reviewedOn) return undefined;
    const reviewer = { id: provider.id, name: provider.name, credentials: provider.credentials };
    return { reviewer, reviewedOn: page.reviewedOn, date: longDate(page.reviewedOn, content.strings.dates) };
  };
  return { metaFor, trail, reviewOf };
}

/** `make` with the internal links of the view it makes led through `localize` (in English, `make` as it is). */
function localized(make: () => MadePage, localize: ((href: string) => string) | undefined): () => MadePage {
  if (!localize) return make;
  return () => {
    const madePage = make();
    return { ...madePage, page: localLinks(madePage.page, localize), meta: localLinks(madePage.meta, localize) };
  };
}

/** Fields of a view that hold a root-relative link. */
const linkFields = new Set(['href', 'categoryHref', 'previous', 'next']);

/** A copy of `value` with every link field led through `localize`; an article's rendered body and the page's text are left as they are. */
export function localLinks<T>(value: T, localize: (href: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => localLinks(v, localize)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    result[key] = typeof v === 'string' ? (linkFields.has(key) ? localize(v) : v) : localLinks(v, localize);
  }
  return result as T;
}

/** Markdown with the root-relative targets of its links (`](/process)`, `[x]: /process`) led through `localize`. */
export function localMarkdownLinks(markdown: string, localize: (href: string) => string): string {
  return markdown
    .replace(/(\]\()(\/[^\s)]*)/g, (_all, open: string, href: string) => open + localize(href))
    .replace(/^( {0,3}\[[^\]]+\]:[ \t]*)(\/\S*)/gm, (_all, open: string, href: string) => open + localize(href));
}

/** `href` in language `lang` when the site has that page in it (`/process#x` → `/es/process#x`), else as it is (the English page). */
export function localHref(href: string, lang: string, pages: ReadonlySet<string>): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const local = languagePath(path, lang);
  const bare = local.length > 1 ? local.replace(/\/+$/, '') : local;
  return pages.has(local) || pages.has(bare) || pages.has(`${bare}/`) ? local + (cut === -1 ? '' : href.slice(cut)) : href;
}

/** A page's canonical address: its path with one trailing slash (the home page's is `/`). */
export function pageAddress(path: string): string {
  return path === '/' ? '/' : `${path.replace(/\/$/, '')}/`;
}

/** The output file of the page at `path`: `index.html` in the page's folder. */
export function routeFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/|\/$/g, '')}/index.html`;
}

/**
 * The key of a page made from `inputs`: the hash of the file of the article shown whole, the card
 * hash of every article shown as a card, every other value as it is. Not hashed again: thousands
 * of these are made on every rebuild.
 */
export function keyOfInputs({ article, ...rest }: PageInputs): string {
  let key = article?.sourceHash ?? '';
  for (const name in rest) key += ` ${name}=${keyOfValue(rest[name])}`;
  return key;
}

/** An input's part of a page key: a card by its hash, a list by its items', anything else as JSON (cards within by their hash). */
function keyOfValue(value: unknown): string {
  if (isCard(value)) return value.cardHash;
  if (Array.isArray(value)) return `[${value.map(keyOfValue).join(',')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value, (_name, v: unknown) => (isCard(v) ? v.cardHash : v));
  return JSON.stringify(value) ?? 'undefined';
}

function isCard(value: unknown): value is ArticleCard {
  return typeof value === 'object' && value !== null && typeof (value as { cardHash?: unknown }).cardHash === 'string';
}

/** A route whose metadata, view and JSON-LD are made when first read (an unchanged page never needs them). */
function routeOf(clinic: string, path: string, key: string, make: () => MadePage, url: string, more: RouteExtras): Route {
  const { markdownContext } = more;
  let made: MadePage | undefined;
  const madePage = () => (made ??= make());
  const route: Route = {
    path,
    file: routeFile(path),
    url,
    get meta() {
      return madePage().meta;
    },
    get page() {
      return madePage().page;
    },
    get jsonLd() {
      return [clinic, ...madePage().jsonLd];
    },
    listed: more.listed ?? true,
    draft: more.draft ?? false,
    scripts: more.scripts ?? [],
    ...(more.markdown !== undefined ? { markdown: more.markdown } : {}),
    ...(more.markdownSource !== undefined ? { markdownSource: more.markdownSource } : {}),
    ...(more.feedOf !== undefined ? { feedOf: more.feedOf } : {}),
    key,
  };
  // A getter, not a spread: spreading would make it at once.
  if (markdownContext) Object.defineProperty(route, 'markdownContext', { get: markdownContext, enumerable: true });
  return route;
}
