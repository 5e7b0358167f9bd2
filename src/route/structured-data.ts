/** schema.org JSON-LD for the pages: MedicalClinic site-wide, BlogPosting, FAQPage, BreadcrumbList. */
import type { FaqEntry } from '../schemas/common.ts';
import type { Site } from '../schemas/site.ts';
import type { Provider } from '../schemas/review.ts';
import type { ArticleCard, ReviewView } from './view.ts';

/** JSON for a `<script type="application/ld+json">`, with `<` escaped so content cannot close the tag. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const weekOrder = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** Opening hours in schema.org's short form: `Mo-Fr 10:00-17:00`. */
export function openingHours(site: Site): string[] {
  return site.officeHours
    .filter((row) => !row.closed && row.opens && row.closes)
    .map((row) => {
      const days = [...row.days].sort((a, b) => weekOrder.indexOf(a) - weekOrder.indexOf(b));
      const contiguous = days.every((d, i) => i === 0 || weekOrder.indexOf(d) === weekOrder.indexOf(days[i - 1]!) + 1);
      const dayText = days.length > 1 && contiguous ? `${days[0]}-${days.at(-1)}` : days.join(',');
      return `${dayText} ${row.opens}-${row.closes}`;
    });
}

/** The clinic itself, on every page. */
export function medicalClinic(site: Site, absolute: (path: string) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    '@id': `${absolute('/')}#clinic`,
    name: site.name,
    description: site.description,
    slogan: site.tagline,
    url: absolute('/'),
    image: absolute(site.socialImage),
    telephone: site.phone,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    openingHours: openingHours(site),
    sameAs: Object.values(site.social),
  };
}

/** An article page's BlogPosting. */
export function blogPosting(site: Site, article: ArticleCard, url: string, image: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishDate,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'MedicalClinic', name: site.name, '@id': `${new URL('/', url).href}#clinic` },
    articleSection: article.category,
    image,
    url,
    mainEntityOfPage: url,
  };
}

/** The questions a page shows, as FAQPage. */
export function faqPage(entries: FaqEntry[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({ '@type': 'Question', name: e.question, acceptedAnswer: { '@type': 'Answer', text: e.answer } })),
  };
}

/** The trail from home to an inner page. */
export function breadcrumbs(trail: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: step.url })),
  };
}

/**
 * A medical page (treatment, service, article) as MedicalWebPage; once a provider has reviewed it,
 * with `reviewedBy` (the provider as a Person) and `lastReviewed`.
 */
export function medicalWebPage(
  name: string,
  url: string,
  review: ReviewView | undefined,
  providers: Map<string, Provider>,
  absolute: (path: string) => string,
): object {
  const provider = review ? providers.get(review.reviewer.id) : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalWebPage',
    name,
    url,
    publisher: { '@id': `${absolute('/')}#clinic` },
    ...(review && provider
      ? {
          reviewedBy: {
            '@type': 'Person',
            name: provider.name,
            honorificSuffix: provider.credentials,
            jobTitle: provider.role,
            image: absolute(provider.photo.src),
          },
          lastReviewed: review.reviewedOn,
        }
      : {}),
  };
}
