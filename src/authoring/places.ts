/**
 * Where each entry of the editor shows on the site ("Shown on: Men's Health page, Weight Loss & Metabolic Care page"), and
 * which treatments' questions a service page shows: made from the content and the pages of a build (a page the build did not
 * make is never named), by content file. The dev server answers it at /admin/places.json; `build --editor` writes it there.
 */
import type { Content } from '../schemas/content.ts';
import type { Treatment } from '../schemas/catalogue.ts';
import { categoryPath } from '../route/blog.ts';
import { articlePath } from '../route/categories.ts';
import { treatmentPath } from '../route/pages.ts';

/** A place: a page of the site (`href` from the root) or an entry of the editor (`href` starting with #/collections/). */
export interface Place {
  label: string;
  href: string;
}

/** Where an entry shows, and for a service page, the treatments whose questions it shows (links into their entries). */
export interface EntryPlaces {
  shownOn: Place[];
  questionsFrom?: Place[];
}

/** The places of every entry, by content file (content/treatments/glp1.yaml). */
export type PlacesOfEntries = Record<string, EntryPlaces>;

/** The files whose words show on every page: the header, the footer, the contact details. */
const everyPage = ['content/site.yaml', 'content/navigation.yaml', 'content/strings.yaml'];

/** The places of every entry of `content`, naming only the pages `built` says the build made (by path, as links write it). */
export function entryPlaces(content: Content, built: (path: string) => boolean): PlacesOfEntries {
  const places: PlacesOfEntries = {};
  const page = (path: string, label = `${pageName(content, path)} page`): Place[] => (built(path) ? [{ label, href: path }] : []);
  const add = (file: string, ...found: Place[][]) => {
    const own = (places[file] ??= { shownOn: [] });
    for (const place of found.flat()) if (!own.shownOn.some((p) => p.href === place.href)) own.shownOn.push(place);
  };
  for (const file of everyPage) add(file, [{ label: 'Every page', href: '/' }]);
  for (const [file, path] of singlePages) add(file, page(path));
  treatmentPlaces(content, add, page);
  providerPlaces(content, add, page);
  for (const service of content.services) {
    const file = `content/services/${service.id}.yaml`;
    add(file, page(servicePathOf(service)));
    const cards = service.treatments.cards.map((c) => content.treatments.get(c.treatment)).filter((t): t is Treatment => Boolean(t));
    const asked = cards.filter((t) => t.faq.length > 0);
    places[file]!.questionsFrom = asked.map((t) => ({ label: t.title, href: entryHref('treatments', t.id) }));
  }
  for (const article of content.articles) {
    const category = page(categoryPath(article.category), categoryLabel(article.category));
    add(article.file, page(articlePath(article.slug), 'Its own page'), page('/blog'), category);
  }
  const categories = content.blogPage.categories.map((c) => page(categoryPath(c.name), categoryLabel(c.name)));
  add('content/blog.yaml', ...categories);
  for (const legal of content.legal) add(`content/legal/${legal.id}.yaml`, page(`/legal/${legal.id}`, `${legal.title} page`));
  return places;
}

/** The single files that make one page, and its path. */
const singlePages: [string, string][] = [
  ['content/home.yaml', '/'],
  ['content/blog.yaml', '/blog'],
  ['content/process.yaml', '/process'],
  ['content/memberships.yaml', '/memberships'],
  ['content/lab-sales.yaml', '/lab-sales'],
  ['content/inbody-analysis.yaml', '/inbody-analysis'],
  ['content/cost-and-insurance.yaml', '/cost-and-insurance'],
  ['content/search.yaml', '/search'],
];

type Add = (file: string, ...found: Place[][]) => void;
type PageOf = (path: string, label?: string) => Place[];

/** A treatment shows on its own page, in the home page's treatment lists, and as a card of the service pages that name it. */
function treatmentPlaces(content: Content, add: Add, page: PageOf): void {
  for (const treatment of content.treatments.values()) {
    const file = `content/treatments/${treatment.id}.yaml`;
    const onHome = content.home.services.pillars.some((p) => p.categories.some((c) => c.treatments.includes(treatment.id)));
    const services = content.services.filter((s) => s.treatments.cards.some((c) => c.treatment === treatment.id));
    add(
      file,
      page(treatmentPath(treatment.id), 'Its own page'),
      onHome ? page('/', `Home page: ${content.home.services.heading}`) : [],
      ...services.map((s) => page(servicePathOf(s))),
    );
  }
}

/** A provider shows in the home page's About section (the founder) and providers' section, and on the pages they reviewed or wrote. */
function providerPlaces(content: Content, add: Add, page: PageOf): void {
  const { about, team } = content.home;
  for (const provider of content.providers.values()) {
    const file = `content/providers/${provider.id}.yaml`;
    add(file, provider.id === about.founder ? page('/', `Home page: ${about.heading}`) : []);
    if (team && content.providers.size > 1) add(file, page('/', `Home page: ${team.heading}`));
    for (const service of content.services.filter((s) => s.reviewedBy === provider.id)) add(file, page(servicePathOf(service)));
    for (const treatment of [...content.treatments.values()].filter((t) => t.reviewedBy === provider.id)) {
      add(file, page(treatmentPath(treatment.id), `${treatment.title} page`));
    }
    // An article's author is loaded as the byline the page shows (a provider id becomes name and credentials).
    const byline = [provider.id, provider.name, `${provider.name}, ${provider.credentials}`];
    for (const article of content.articles.filter((a) => a.reviewedBy === provider.id || byline.includes(a.author))) {
      add(file, page(articlePath(article.slug), `Article: ${article.title}`));
    }
  }
}

/** The page's name as its title gives it (content/metadata.yaml), Home for the home page. */
function pageName(content: Content, path: string): string {
  return path === '/' ? 'Home' : (content.metadata[path]?.title ?? path);
}

const categoryLabel = (name: string) => `Blog category page: ${name}`;
const servicePathOf = (service: Content['services'][number]) => `/services/${service.pillar}/${service.id}`;

/** The editor's address of a folder's entry. */
export function entryHref(collection: string, id: string): string {
  return `#/collections/${collection}/entries/${id}`;
}
