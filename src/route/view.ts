/** The typed hand-off from the generator to the templates: what each page receives. */
import type { AssetLinks } from '../bundle/assets.ts';
import type { ImageInfo } from '../bundle/images.ts';
import type { Content, ServicePage } from '../schemas/content.ts';
import type { OutlineEntry } from '../markdown/markdown.ts';
import type { Article } from '../schemas/article.ts';
import type { Navigation, NavLink, Program, Treatment } from '../schemas/catalogue.ts';
import type { LegalPage } from '../schemas/legal.ts';
import type { Provider } from '../schemas/review.ts';
import type { BlogPage, Home, NotFoundPage, PillarEntry, ProcessPage } from '../schemas/pages.ts';
import type { Site } from '../schemas/site.ts';
import type { Strings } from '../schemas/strings.ts';
import type { LanguageAssistance } from '../schemas/language-assistance.ts';
import type { CostsPage } from '../schemas/costs.ts';
import type { InBodyPage } from '../schemas/inbody.ts';
import type { LabSalesPage } from '../schemas/lab.ts';
import type { MembershipsPage } from '../schemas/memberships.ts';
import type { Accent, FaqEntry } from '../schemas/common.ts';
import type { SearchCopy } from '../schemas/search.ts';

/** The head metadata of one page, with absolute URLs. */
export interface PageMeta {
  /** The page's own title, without the site name. */
  title: string;
  /** `Page Title | Site Name`. */
  documentTitle: string;
  description: string;
  keywords: string[];
  /** Absolute canonical URL; empty for the not-found page, which has no address of its own. */
  url: string;
  image: { url: string; width: number; height: number; alt: string };
  type: 'website' | 'article';
  /** Whether search engines may index the page (the 404 page and drafts may not). */
  index: boolean;
  /** The neighbouring pages of a paginated list, for `<link rel="prev">` and `rel="next"`. */
  previous?: string;
  next?: string;
  /** A feed of the page's own beyond the site's (a blog category's). */
  feed?: { href: string; title: string };
}

/** The part of every page's shell that is the same on all pages. */
export type SharedView = Pick<Shell, 'site' | 'navigation' | 'assets' | 'links' | 'feed' | 'images' | 'legalLinks' | SharedLinks>;

/** The parts of the shell a page in another language takes from its route (render.ts viewOf). */
type SharedLinks = 'strings' | 'home' | 'blogHref' | 'noticeHref' | 'search' | 'searchHref';

/** What every page shares: site values, navigation, assets, its own path and metadata. */
export interface Shell {
  site: Site;
  navigation: Navigation;
  /** Root-relative path of the page, e.g. /process or / (no trailing slash but for /). */
  path: string;
  meta: PageMeta;
  assets: AssetLinks;
  /** Serialised JSON-LD blocks, `<` already escaped. */
  jsonLd: string[];
  feed: { href: string; title: string };
  /** Resolved external addresses by link name. */
  links: ExternalLinks;
  /** Shown as a visible marker on drafts and future articles in `serve` and `--drafts` builds. */
  draft: boolean;
  /** Extra head elements a page needs (the blog's intake widget). */
  scripts: string[];
  /** Size and variants of every image under public/images/, by path. */
  images: Record<string, ImageInfo>;
  /** The legal pages every footer links to, in order. */
  legalLinks: NavLink[];
  /** The words of the templates, in the page's language (content/strings.yaml, strings.es.yaml). */
  strings: Strings;
  /** The search dialog's copy in the page's language (content/search.yaml `dialog`). */
  search: SearchCopy['dialog'];
  /** The home page of the page's language (`/`, `/es/`). */
  home: string;
  /** The blog of the page's language, or the English one. */
  blogHref: string;
  /** The search page of the page's language, or the English one (where the search button leads without JavaScript). */
  searchHref: string;
  /** The notice of free language assistance, in the page's language. */
  noticeHref: string;
  /** The page in each language, for `<link rel="alternate" hreflang>` (none for a page in one language only). */
  alternates: Alternate[];
  /** The language switcher: the best page in the other language (none on a site in one language). */
  switcher: LanguageSwitch | undefined;
}

/** A page's address in one language (or x-default), for `hreflang`. */
export interface Alternate {
  lang: string;
  url: string;
}

/** Where the language switcher leads, and how it offers the other language, in that language. */
export interface LanguageSwitch {
  href: string;
  lang: string;
  /** The language's own name: Español. */
  name: string;
  /** "Ver esta página en español"; on a page the other language lacks, that it lacks it and where the link leads instead. */
  offer: string;
  /** Whether it leads to another page than this one (the other language lacks it). */
  elsewhere?: boolean;
}

/** Every external address the site links to, resolved from site.yaml. */
export interface ExternalLinks {
  booking: string;
  patientPortal: string;
  newClientIntake: string;
  newPatientIntake: string;
  labStore: string;
}

/** A treatment as a pillar lists it: a link to its own page. */
export interface TreatmentLink {
  id: string;
  title: string;
  /** Its page, `/treatments/ID/`. */
  href: string;
  /** On a page in another language: the treatment has no translation yet, so its title is in English. */
  inEnglish?: boolean;
}

/** A home pillar with its treatments resolved to links. */
export interface PillarView extends Omit<PillarEntry, 'categories'> {
  categories: { name: string; href?: string | undefined; treatments: TreatmentLink[] }[];
}

/** One step of a page's breadcrumb trail, root-relative. */
export interface Breadcrumb {
  name: string;
  href: string;
}

/** An article as a card shows it: everything but its body (its key is `cardHash`, the hash of just that). */
export type ArticleCard = Omit<Article, 'markdown' | 'bodyLine' | 'bodyOffset' | 'sourceHash'>;

/** An article as a card shows it (no body). */
export type ArticleSummary = Omit<Article, 'markdown' | 'bodyLine' | 'bodyOffset' | 'references' | 'sourceHash' | 'cardHash'> & {
  href: string;
  date: string;
  /** The page of the article's category, `/blog/category/SLUG/`. */
  categoryHref: string;
  /** Its category's one colour (content/blog.yaml). */
  categoryColor: Accent;
  /** Whether its category is a mental-health one: the page shows the 988 Suicide & Crisis Lifeline. */
  mentalHealth: boolean;
};

/** Links between the numbered pages of the blog index. */
export interface Pagination {
  page: number;
  pages: number;
  previous: string | undefined;
  next: string | undefined;
  /** The numbered links to show, with a gap where pages are skipped. */
  items: ({ page: number; href: string } | { gap: true; after: number })[];
}

/** A treatment card of a service page: the treatment, its benefits if the page lists them, and the questions it shows. */
export interface ServiceCardView {
  treatment: Treatment;
  benefits: string[] | undefined;
  faqs: FaqEntry[];
  /** On a page in another language: the treatment has no translation yet, so the card is in English, marked so. */
  inEnglish?: boolean;
}

/** A medical page's review as the byline shows it: who, when (and as a long US date), and its references. */
export interface ReviewView {
  reviewer: { id: string; name: string; credentials: string };
  reviewedOn: string;
  date: string;
}

/** A provider in the home page's providers' section; `inEnglish` while their file has no translation in the page's language. */
export type TeamMember = Provider & { inEnglish?: boolean };

/** Each template and the data it receives, by name. */
export type PageView =
  | {
      template: 'home';
      home: Home;
      pillars: PillarView[];
      founder: Provider;
      /** On the home page in another language: the founder's file has no translation yet, so her role and bio are in English. */
      founderInEnglish?: boolean;
      /** The providers' section: every provider, the founder first (none while she is the only one). */
      team: TeamMember[];
    }
  | {
      template: 'treatment';
      treatment: Treatment;
      /** The first home pillar that lists it, whose colour and icon the page takes. */
      pillar: Omit<PillarEntry, 'categories' | 'description'>;
      /** The labels the home page's treatment dialog uses too (content/home.yaml `services.dialog`). */
      labels: Home['services']['dialog'];
      breadcrumbs: Breadcrumb[];
      review: ReviewView | undefined;
    }
  | {
      template: 'blog';
      page: BlogPage;
      featured: ArticleSummary | undefined;
      recent: ArticleSummary[];
      pagination: Pagination;
      category?: { name: string; intro: string };
    }
  | {
      template: 'article';
      page: BlogPage;
      article: ArticleSummary & { html: string; outline: OutlineEntry[] };
      related: ArticleSummary[];
      review: ReviewView | undefined;
    }
  | { template: 'process'; process: ProcessPage }
  | {
      template: 'service';
      service: ServicePage;
      treatments: Treatment[];
      cards: ServiceCardView[];
      program: Program | undefined;
      review: ReviewView | undefined;
    }
  | { template: 'memberships'; memberships: MembershipsPage }
  | { template: 'labSales'; labSales: LabSalesPage }
  | { template: 'inbody'; inbody: InBodyPage }
  | { template: 'notFound'; notFound: NotFoundPage }
  /** The notice of free language assistance. */
  | {
      template: 'languageAssistance';
      notice: LanguageAssistance;
      breadcrumbs: Breadcrumb[];
      /** The legal page on how to file a complaint (`complaintsPage`); `inEnglish`: the note after it, when it is in English only. */
      complaintsLink?: { name: string; href: string; inEnglish?: string };
    }
  /** What visits cost and which insurance the clinic takes; a question without an answer asks the patient to call. */
  | { template: 'costs'; costs: CostsPage; breadcrumbs: Breadcrumb[] }
  | { template: 'search'; search: SearchCopy['page'] }
  /** A legal page, with only the sections this site shows (with or without analytics). */
  | {
      template: 'legal';
      legal: LegalPage;
      breadcrumbs: Breadcrumb[];
      /** On a translated page: what no one has reviewed yet (a qualified translator, the clinic's counsel), one sentence each. */
      translationNotes: string[];
    };

/** Everything one page render needs. */
export interface RouteView {
  shell: Shell;
  page: PageView;
}

export type { Content };

