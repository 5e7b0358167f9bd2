/** What the load stage hands on: everything under content/, validated and typed. */
import type { Article } from '../schemas/article.ts';
import type { PageMetaEntry, Program, Treatment, Navigation } from '../schemas/catalogue.ts';
import type { BlogPage, Home, NotFoundPage, ProcessPage } from '../schemas/pages.ts';
import type { ServicePageEntry } from '../schemas/service.ts';
import type { InBodyPage } from '../schemas/inbody.ts';
import type { LabSalesPage } from '../schemas/lab.ts';
import type { MembershipsPage } from '../schemas/memberships.ts';
import type { Redirect } from '../schemas/redirects.ts';
import type { SearchCopy } from '../schemas/search.ts';
import type { LegalPage } from '../schemas/legal.ts';
import type { Provider } from '../schemas/review.ts';
import type { Site } from '../schemas/site.ts';
import type { YamlSource } from './yaml.ts';

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
  /** A hash of every YAML file: pages that depend on more than their own article key on it. */
  catalogueKey: string;
}
