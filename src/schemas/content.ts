/** What the load stage hands on: everything under content/, validated and typed, each file able to say where a value came from. */
import type { Article } from './article.ts';
import type { PageMetaEntry, Program, Treatment, Navigation } from './catalogue.ts';
import type { BlogPage, Home, NotFoundPage, ProcessPage } from './pages.ts';
import type { ServicePageEntry } from './service.ts';
import type { InBodyPage } from './inbody.ts';
import type { LabSalesPage } from './lab.ts';
import type { MembershipsPage } from './memberships.ts';
import type { Redirect } from './redirects.ts';
import type { SearchCopy } from './search.ts';
import type { LegalPage } from './legal.ts';
import type { Provider } from './review.ts';
import type { Site } from './site.ts';
import type { Strings } from './strings.ts';
import type { LanguageAssistance } from './language-assistance.ts';
import type { CostsPage } from './costs.ts';
import type { TranslationRecord } from './translation.ts';
import type { SourceLocation } from '../errors.ts';

/** A parsed YAML text that can say where any value in it came from. */
export interface YamlSource {
  file: string;
  data: unknown;
  /** Location of the value at a path (or its nearest existing parent), or of a map key with `key`. */
  locate(path: readonly PropertyKey[], key?: boolean): SourceLocation;
}

/** A service page with its id (the file name). */
export type ServicePage = ServicePageEntry & { id: string };

/** Everything under content/, validated and typed. */
export interface Content {
  /** The project folder. */
  root: string;
  site: Site;
  navigation: Navigation;
  metadata: Record<string, PageMetaEntry>;
  home: Home;
  blogPage: BlogPage;
  process: ProcessPage;
  notFound: NotFoundPage;
  memberships: MembershipsPage;
  labSales: LabSalesPage;
  inbody: InBodyPage;
  /** The search page and dialog copy, and the patient's own words for pages (content/search.yaml). */
  search: SearchCopy;
  /** Old addresses and where they lead (content/redirects.yaml; none when the file is absent). */
  redirects: Redirect[];
  /** The blog categories' names in this language, by the name articles give them (blog.yaml's); none in English. */
  categoryNames?: ReadonlyMap<string, string>;
  treatments: Map<string, Treatment>;
  programs: Map<string, Program>;
  services: ServicePage[];
  /** The legal pages (privacy, terms, accessibility, nondiscrimination), in footer order. */
  legal: LegalPage[];
  /** The clinicians who can review medical pages, by id. */
  providers: Map<string, Provider>;
  /** Newest first. */
  articles: Article[];
  /** Each parsed file by its path (relative to the project), to locate problems found later. */
  sources: Map<string, YamlSource>;
  /** The interface strings of the templates (content/strings.yaml). */
  strings: Strings;
  /** The notice of free language assistance (content/language-assistance.yaml). */
  languageAssistance: LanguageAssistance;
  /** What visits cost and which insurance the clinic takes (content/cost-and-insurance.yaml). */
  costs: CostsPage;
  /** The site in Spanish, when content/strings.es.yaml exists. */
  spanish?: LanguageSite | undefined;
  /** A hash of every YAML file: pages that depend on more than their own article key on it. */
  catalogueKey: string;
}

/** A translation file: what it translates, what it records of the English it was made from, and what the English is now. */
export interface TranslationFile {
  /** The translation, such as content/treatments/ssri.es.yaml. */
  file: string;
  /** The English file it translates. */
  english: string;
  record: TranslationRecord;
  /** The hash of each English text field as it is now. */
  current: Record<string, string>;
  source: YamlSource;
  /** Set aside: its English changed since and it no longer matches (a figure, an entry): its pages wait, in English only. */
  setAside?: boolean;
  /** Fields of a file every page shows that are shown in English meanwhile, for the same reason. */
  inEnglish?: string[];
}

/** The site in another language: its content (the English content with the translated text laid over it) and its translations. */
export interface LanguageSite {
  /** The language tag, as addresses and `lang` write it (es). */
  lang: string;
  content: Content;
  translations: TranslationFile[];
  /** The English files that have a translation: a page is published in the language when every file it is made from has one. */
  translated: ReadonlySet<string>;
}
