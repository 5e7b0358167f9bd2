/** Cross-reference checks: ids that must exist, ids and slugs that must be unique. */
import { problems, type SiteError, type SourceLocation } from '../errors.ts';
import { closest, slugOf } from '../suggest.ts';
import type { Content } from '../schemas/content.ts';
import type { OutboundAction } from '../schemas/common.ts';
import { treatmentHref } from '../route/pages.ts';

/** Adds a problem for every dangling reference or duplicate id in the loaded content. */
export function checkReferences(content: Content, errors: SiteError[]): void {
  const home = content.sources.get('content/home.yaml');
  const treatmentIds = [...content.treatments.keys()];
  const referTreatment = (id: string, locate: () => ReturnType<NonNullable<typeof home>['locate']>) => {
    if (!content.treatments.has(id)) errors.push(problems.unknownReference(locate(), 'treatment', id, closest(id, treatmentIds)));
  };

  const pillarIds = new Map<string, number>();
  content.home.services.pillars.forEach((pillar, p) => {
    const where = (path: PropertyKey[]) => home!.locate(['services', 'pillars', p, ...path]);
    const first = pillarIds.get(pillar.id);
    if (first !== undefined) errors.push(problems.duplicateId(where(['id']), 'pillar', pillar.id, `pillar #${first + 1}`));
    else pillarIds.set(pillar.id, p);
    const listed = new Map<string, string>();
    pillar.categories.forEach((category, c) =>
      category.treatments.forEach((id, t) => {
        referTreatment(id, () => where(['categories', c, 'treatments', t]));
        const other = listed.get(id);
        const loc = () => where(['categories', c, 'treatments', t]);
        if (other !== undefined) errors.push(problems.listedTwice(loc(), id, `pillar "${pillar.id}"`, other));
        else listed.set(id, `category "${category.name}"`);
      }),
    );
  });

  for (const service of content.services) {
    const source = content.sources.get(`content/services/${service.id}.yaml`)!;
    const carded = new Map<string, number>();
    service.treatments.cards.forEach((card, c) => {
      const locate = () => source.locate(['treatments', 'cards', c, 'treatment']);
      referTreatment(card.treatment, locate);
      const first = carded.get(card.treatment);
      if (first !== undefined) errors.push(problems.listedTwice(locate(), card.treatment, 'service page', `card #${first + 1}`));
      else carded.set(card.treatment, c);
    });
    const actions: [OutboundAction | undefined, PropertyKey[]][] = [
      [service.hero.action, ['hero', 'action']],
      [service.closing.action, ['closing', 'action']],
    ];
    for (const [action, path] of actions) checkBookingService(content, action, () => source.locate([...path, 'service']), errors);
  }

  checkReviews(content, errors);
  checkCategories(content, errors);
  checkComplaintsPage(content, errors);

  checkUniqueIds(content, 'content/lab-sales.yaml', ['panels'], content.labSales.panels, 'lab panel', errors);
  checkUniqueIds(content, 'content/inbody-analysis.yaml', ['offerings'], content.inbody.offerings, 'body-scan offering', errors);

  // Components in article bodies: a treatment card needs a treatment with a page, a booking button a known service.
  for (const article of content.articles) {
    for (const ref of article.references?.treatments ?? []) {
      if (!content.treatments.has(ref.id))
        errors.push(problems.unknownReference(ref.loc, 'treatment', ref.id, closest(ref.id, treatmentIds)));
      else if (!treatmentHref(content, ref.id)) errors.push(problems.treatmentWithoutPage(ref.loc, ref.id));
    }
    for (const ref of article.references?.bookings ?? [])
      checkBookingService(content, { label: '', link: 'booking', service: ref.service }, () => ref.loc, errors);
  }

  const slugs = new Map<string, string>();
  for (const article of content.articles) {
    const other = slugs.get(article.slug);
    if (other) errors.push(problems.duplicateId({ file: article.file, line: 1, column: 1 }, 'article slug', article.slug, other));
    else slugs.set(article.slug, article.file);
  }
}

/** The notice of language assistance links the legal page on complaints it names: one of content/legal/. */
function checkComplaintsPage(content: Content, errors: SiteError[]): void {
  const id = content.languageAssistance.complaintsPage;
  const ids = content.legal.map((page) => page.id);
  if (id === undefined || ids.includes(id)) return;
  const file = 'content/language-assistance.yaml';
  const loc = content.sources.get(file)?.locate(['complaintsPage']) ?? { file, line: 1, column: 1 };
  errors.push(problems.unknownReference(loc, 'legal page (content/legal/)', id, closest(id, ids)));
}

/** Ids of a list inside one file must differ: they label analytics events. */
function checkUniqueIds(
  content: Content,
  file: string,
  path: PropertyKey[],
  entries: { id: string }[],
  kind: string,
  errors: SiteError[],
): void {
  const source = content.sources.get(file);
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    const first = seen.get(entry.id);
    if (first === undefined) {
      seen.set(entry.id, i);
      return;
    }
    // Positions cost a second parse of the file: only worked out for a problem.
    const loc = source?.locate([...path, i, 'id']) ?? { file, line: 1, column: 1 };
    errors.push(problems.duplicateId(loc, kind, entry.id, `${kind} #${first + 1}`));
  });
}

/**
 * Each blog category is described once in content/blog.yaml: a second description of the same name
 * (or of a name with the same page, such as "Womens Health" beside "Women's Health") would be ignored.
 */
function checkCategories(content: Content, errors: SiteError[]): void {
  const seen = new Map<string, number>();
  content.blogPage.categories.forEach((category, i) => {
    const page = slugOf(category.name) ?? '';
    const first = seen.get(page);
    if (first === undefined) {
      seen.set(page, i);
      return;
    }
    const file = 'content/blog.yaml';
    const loc = content.sources.get(file)?.locate(['categories', i, 'name']) ?? { file, line: 1, column: 1 };
    const other = content.blogPage.categories[first]!.name;
    if (other === category.name) errors.push(problems.categoryTwice(loc, category.name, first + 1));
    else errors.push(problems.categoryClash(loc, category.name, other));
  });
}

/** A booking service id in an action must be one site.yaml's bookingServices names. */
function checkBookingService(
  content: Content,
  action: OutboundAction | undefined,
  locate: () => SourceLocation,
  errors: SiteError[],
): void {
  if (!action?.service) return;
  const known = Object.values(content.site.bookingServices);
  if (!known.includes(action.service))
    errors.push(
      problems.unknownReference(locate(), 'booking service (site.yaml bookingServices)', action.service, closest(action.service, known)),
    );
}

/**
 * Today's date where it is latest on Earth (UTC+14), as YYYY-MM-DD: a review dated after it has not happened
 * yet wherever the clinic is. Content is loaded without the build's options, so the clock is read here.
 */
export function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** What a medical page says about its review. */
interface Reviewed {
  reviewedBy?: string | undefined;
  reviewedOn?: string | undefined;
}

/**
 * Every medical page (treatment, service page, article) and the founder named on the home page must
 * name a provider of content/providers/; a review names both who and when.
 */
function checkReviews(content: Content, errors: SiteError[]): void {
  const providerIds = [...content.providers.keys()];
  const today = latestToday();
  const check = (file: string, page: Reviewed) => {
    // Thousands of articles, nearly all fine: the common case makes nothing.
    const fine = page.reviewedOn === undefined || page.reviewedOn <= today;
    const complete = page.reviewedBy !== undefined && content.providers.has(page.reviewedBy) && page.reviewedOn !== undefined;
    if (page.reviewedBy === undefined ? page.reviewedOn === undefined : complete && fine) return;
    const locate = (field: string) => content.sources.get(file)?.locate([field]) ?? { file, line: 1, column: 1 };
    if (!fine) errors.push(problems.reviewInFuture(locate('reviewedOn'), page.reviewedOn!, today));
    if (page.reviewedBy !== undefined && !content.providers.has(page.reviewedBy)) {
      errors.push(
        problems.unknownReference(
          locate('reviewedBy'),
          'provider (content/providers/)',
          page.reviewedBy,
          closest(page.reviewedBy, providerIds),
        ),
      );
    }
    if (page.reviewedBy !== undefined && page.reviewedOn === undefined) {
      errors.push(
        problems.invalidValue(
          locate('reviewedBy'),
          'reviewedBy',
          'names a reviewer but no date',
          'add "reviewedOn: YYYY-MM-DD", the day the review happened',
        ),
      );
    }
    if (page.reviewedOn !== undefined && page.reviewedBy === undefined) {
      errors.push(
        problems.invalidValue(
          locate('reviewedOn'),
          'reviewedOn',
          'gives a review date but no reviewer',
          'add "reviewedBy:" with the id of the provider who reviewed it (a file name in content/providers/)',
        ),
      );
    }
  };
  for (const t of content.treatments.values()) check(`content/treatments/${t.id}.yaml`, t);
  for (const s of content.services) check(`content/services/${s.id}.yaml`, s);
  for (const a of content.articles) check(a.file, a);
  // New articles are signed by it: written as an id, it must be a provider's (a name, such as "Dr. Jane Example", is signed as it is).
  const author = content.site.defaultAuthor;
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(author) && !content.providers.has(author)) {
    const loc = content.sources.get('content/site.yaml')?.locate(['defaultAuthor']) ?? { file: 'content/site.yaml', line: 1, column: 1 };
    errors.push(problems.unknownReference(loc, 'provider (content/providers/)', author, closest(author, providerIds)));
  }
  const founder = content.home.about.founder;
  if (!content.providers.has(founder)) {
    const loc = content.sources.get('content/home.yaml')?.locate(['about', 'founder']) ?? { file: 'content/home.yaml', line: 1, column: 1 };
    errors.push(problems.unknownReference(loc, 'provider (content/providers/)', founder, closest(founder, providerIds)));
  }
}
