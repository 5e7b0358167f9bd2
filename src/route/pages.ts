/** The routes of the site's own pages: home, treatments, process, pellets, labs, scans, services, legal pages and not-found. */
import type { Treatment } from '../schemas/catalogue.ts';
import type { Provider } from '../schemas/review.ts';
import type { RouteContext, SiteContent } from './routes.ts';
import { breadcrumbs, faqPage, medicalWebPage, serializeJsonLd } from './structured-data.ts';

/** Home: each pillar lists its treatments as links to their own pages (one without a translation in English, marked so). */
export function homeRoutes({ content, add, metaFor, inLanguage }: RouteContext): void {
  const inEnglish = (file: string) => (inLanguage([file]) ? {} : { inEnglish: true });
  const pillars = content.home.services.pillars.map((p) => ({
    ...p,
    categories: p.categories.map((c) => ({
      name: c.name,
      ...(c.href ? { href: c.href } : {}),
      treatments: c.treatments.map((id) => ({
        id,
        title: content.treatments.get(id)!.title,
        href: treatmentPath(id),
        ...inEnglish(treatmentFile(id)),
      })),
    })),
  }));
  const founder = content.home.about.founder;
  const team = teamOf(content).map((p) => ({ ...p, ...inEnglish(providerFile(p.id)) }));
  const view = { template: 'home' as const, home: content.home, pillars, founder: content.providers.get(founder)!, team };
  add('/', { ...view, ...(inLanguage([providerFile(founder)]) ? {} : { founderInEnglish: true }) }, metaFor('/', content.metadata['/']), {
    sources: homeSources(content),
  });
}

/**
 * The providers the home page's providers' section lists: every one, the founder first, then by name; none when the page has
 * no such section or the founder is the only provider (the About section above shows her).
 */
export function teamOf(content: SiteContent): Provider[] {
  const founder = content.home.about.founder;
  if (!content.home.team || content.providers.size < 2) return [];
  const others = [...content.providers.values()].filter((p) => p.id !== founder).sort((a, b) => a.name.localeCompare(b.name));
  const first = content.providers.get(founder);
  return first ? [first, ...others] : others;
}

/** The files the home page shows: its own, its providers' (the founder's at least), and those of the treatments its pillars list. */
function homeSources(content: SiteContent): string[] {
  const providers = new Set([content.home.about.founder, ...teamOf(content).map((p) => p.id)]);
  return ['content/home.yaml', ...[...providers].map(providerFile), ...homeTreatments(content).map((t) => treatmentFile(t.id))];
}

/** The files a service page shows: its own, and those of the treatments on its cards. */
function serviceSources(service: SiteContent['services'][number]): string[] {
  return [`content/services/${service.id}.yaml`, ...service.treatments.cards.map((c) => treatmentFile(c.treatment))];
}

/**
 * The pages made from more than their own file, each with the files it shows, its own first: in another language, a
 * part without a translation shows in English inside the page (the validate stage warns about each).
 */
export function composedPages(content: SiteContent): { path: string; sources: string[] }[] {
  return [
    { path: '/', sources: homeSources(content) },
    ...content.services.map((s) => ({ path: servicePath(s), sources: serviceSources(s) })),
  ];
}

const treatmentFile = (id: string) => `content/treatments/${id}.yaml`;
const providerFile = (id: string) => `content/providers/${id}.yaml`;
const servicePath = (service: SiteContent['services'][number]) => `/services/${service.pillar}/${service.id}`;

/** A page per home treatment, in the colours of the first pillar that lists it; the home dialog shows its details. */
export function treatmentRoutes({ content, add, absolute, at, lang, image, reviewOf }: RouteContext): void {
  for (const t of homeTreatments(content)) {
    const path = treatmentPath(t.id);
    const {
      categories: _categories,
      description: _description,
      ...pillar
    } = content.home.services.pillars.find((p) => p.categories.some((c) => c.treatments.includes(t.id)))!;
    const steps = [
      { name: content.strings.shell.home, href: '/' },
      { name: content.navigation.services.label, href: '/#services' },
      { name: t.title, href: path },
    ];
    const url = absolute(at(path));
    const meta = {
      title: t.title,
      documentTitle: `${t.title} | ${content.site.name}`,
      description: clipAtWord(t.description, 200),
      keywords: t.indications,
      url,
      image,
      type: 'website' as const,
      index: true,
    };
    add(
      path,
      { template: 'treatment', treatment: t, pillar, labels: content.home.services.dialog, breadcrumbs: steps, review: reviewOf(t) },
      meta,
      {
        jsonLd: [
          serializeJsonLd(medicalWebPage(t.title, url, reviewOf(t), content.providers, absolute, lang)),
          serializeJsonLd(breadcrumbs(steps.map((step) => ({ name: step.name, url: absolute(at(step.href)) })))),
          ...(t.faq.length > 0 ? [serializeJsonLd(faqPage(t.faq))] : []),
        ],
        sources: [`content/treatments/${t.id}.yaml`, 'content/home.yaml', 'content/navigation.yaml'],
      },
    );
  }
}

/** Process, the pellet page, lab sales, body-composition scans and the search page. */
export function sitePageRoutes({ content, add, metaFor, trail }: RouteContext): void {
  add('/process', { template: 'process', process: content.process }, metaFor('/process', content.metadata['/process']), {
    jsonLd: [trail([content.process.heading, '/process'])],
    sources: ['content/process.yaml'],
  });
  add(
    '/memberships',
    { template: 'memberships', memberships: content.memberships },
    metaFor('/memberships', content.metadata['/memberships']),
    {
      jsonLd: [trail([content.memberships.hero.title, '/memberships'])],
      sources: ['content/memberships.yaml'],
    },
  );
  add('/lab-sales', { template: 'labSales', labSales: content.labSales }, metaFor('/lab-sales', content.metadata['/lab-sales']), {
    jsonLd: [trail([content.labSales.hero.title, '/lab-sales'])],
    sources: ['content/lab-sales.yaml'],
  });
  add(
    '/inbody-analysis',
    { template: 'inbody', inbody: content.inbody },
    metaFor('/inbody-analysis', content.metadata['/inbody-analysis']),
    {
      jsonLd: [trail([content.inbody.hero.title, '/inbody-analysis'])],
      sources: ['content/inbody-analysis.yaml'],
    },
  );
  // Where the search button leads without JavaScript.
  add('/search', { template: 'search', search: content.search.page }, metaFor('/search', content.metadata['/search']), {
    jsonLd: [trail([content.search.page.heading, '/search'])],
    sources: ['content/search.yaml'],
  });
}

/** The service pages: one template, a data file each. */
export function servicePageRoutes({ content, add, metaFor, trail, absolute, at, lang, reviewOf, inLanguage }: RouteContext): void {
  for (const service of content.services) {
    const path = servicePath(service);
    const treatments = service.treatments.cards.map((c) => content.treatments.get(c.treatment)!);
    const { faqs } = service.treatments;
    const cards = service.treatments.cards.map((card, i) => {
      const t = treatments[i]!;
      const shown = { treatment: t, benefits: card.benefits, faqs: faqs === 'all' ? t.faq : t.faq.slice(0, faqs) };
      // A treatment not yet translated shows in English on the page, marked so: the page is never dropped for it.
      return inLanguage([treatmentFile(t.id)]) ? shown : { ...shown, inEnglish: true };
    });
    const shown = cards.flatMap((c) => c.faqs);
    add(
      path,
      { template: 'service', service, treatments, cards, program: content.programs.get(service.pillar), review: reviewOf(service) },
      metaFor(path, content.metadata[path]),
      {
        jsonLd: [
          serializeJsonLd(
            medicalWebPage(service.hero.title, absolute(`${at(path)}/`), reviewOf(service), content.providers, absolute, lang),
          ),
          trail([service.label, path]),
          ...(shown.length > 0 ? [serializeJsonLd(faqPage(shown))] : []),
        ],
        sources: serviceSources(service),
      },
    );
  }
}

/**
 * Legal pages: their metadata is in their own file; sections for analytics follow site.yaml. A translated one says, at its top,
 * while no qualified translator has reviewed it, and while the clinic's counsel has not approved it.
 */
export function legalRoutes({ content, add, metaFor, trail, translationFor }: RouteContext): void {
  const analyticsOn = content.site.analytics.measurementId !== undefined;
  const { review } = content.strings;
  for (const legal of content.legal) {
    const path = legalPath(legal.id);
    const file = `content/legal/${legal.id}.yaml`;
    const sections = legal.sections.filter((s) => !s.shownWhen || (s.shownWhen === 'analytics-on') === analyticsOn);
    const translation = translationFor(file);
    const notReviewed = translation && !translation.record.reviewedBy ? [review.translationNotReviewed] : [];
    const awaitingCounsel = translation && legal.awaitingCounsel ? [review.translationAwaitingCounsel] : [];
    add(
      path,
      {
        template: 'legal',
        legal: { ...legal, sections },
        breadcrumbs: [
          { name: content.strings.shell.home, href: '/' },
          { name: legal.title, href: path },
        ],
        translationNotes: [...notReviewed, ...awaitingCounsel],
      },
      metaFor(path, { title: legal.title, description: legal.description, keywords: [legal.title, content.site.name] }),
      { jsonLd: [trail([legal.title, path])], sources: [file] },
    );
  }
}

/** The notice of free language assistance, in English and Spanish, with its taglines in the languages most spoken in Texas. */
export function languageAssistanceRoute({ content, add, metaFor, trail, inLanguage }: RouteContext): void {
  const notice = content.languageAssistance;
  const path = noticePath;
  const breadcrumbs = [
    { name: content.strings.shell.home, href: '/' },
    { name: notice.title, href: path },
  ];
  // The page on complaints, in this language when it has it (its link then leads there), else in English, marked so.
  const complaints = content.legal.find((page) => page.id === notice.complaintsPage);
  const complaintsLink = complaints && {
    name: complaints.title,
    href: legalPath(complaints.id),
    ...(inLanguage([`content/legal/${complaints.id}.yaml`]) ? {} : { inEnglish: content.strings.language.inEnglish }),
  };
  const meta = metaFor(path, { title: notice.title, description: notice.description, keywords: [notice.title, content.site.name] });
  add(path, { template: 'languageAssistance', notice, breadcrumbs, ...(complaintsLink ? { complaintsLink } : {}) }, meta, {
    jsonLd: [trail([notice.title, path])],
    sources: ['content/language-assistance.yaml'],
  });
}

/** The page on costs and insurance: each question the clinic has not answered yet asks patients to call. */
export function costsRoute({ content, add, metaFor, trail }: RouteContext): void {
  const costs = content.costs;
  const breadcrumbs = [
    { name: content.strings.shell.home, href: '/' },
    { name: costs.title, href: costsPath },
  ];
  add(costsPath, { template: 'costs', costs, breadcrumbs }, metaFor(costsPath, content.metadata[costsPath]), {
    jsonLd: [trail([costs.title, costsPath])],
    sources: ['content/cost-and-insurance.yaml'],
  });
}

/** The address of the page on costs and insurance (in English; the Spanish one is under /es/). */
export const costsPath = '/cost-and-insurance';

/** The address of the notice of free language assistance (in English; the Spanish one is under /es/). */
export const noticePath = '/language-assistance';

/** The not-found page, served at any unknown address (a language's own under its folder: es/404.html). */
export function notFoundRoute({ content, metaFor, clinic, routes, at, inLanguage }: RouteContext): void {
  if (!inLanguage(['content/not-found.yaml'])) return;
  const path = at('/404');
  routes.push({
    path,
    file: `${path.slice(1)}.html`,
    // It has no canonical address of its own; the 404 status keeps it out of search results.
    url: '',
    meta: { ...metaFor('/404', content.metadata['/404']), url: '' },
    page: { template: 'notFound', notFound: content.notFound },
    jsonLd: [clinic],
    listed: false,
    draft: false,
    scripts: [],
    key: '',
  });
}

/** The address of a legal page. */
export function legalPath(id: string): string {
  return `/legal/${id}`;
}

/**
 * Where a treatment is shown: its own page when a home pillar lists it, else its card on the first
 * service page that has one; undefined when no page shows it.
 */
export function treatmentHref(content: SiteContent, id: string): string | undefined {
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

/** The treatments the home pillars list, each once, in order. */
function homeTreatments(content: SiteContent): Treatment[] {
  const listed = content.home.services.pillars.flatMap((p) =>
    p.categories.flatMap((c) => c.treatments.map((id) => content.treatments.get(id)!)),
  );
  return [...new Map(listed.map((t) => [t.id, t])).values()];
}
