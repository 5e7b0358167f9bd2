/** Building blocks shared by the content schemas. */
import { z } from 'zod';
import { isAmbiguousHref } from './links.ts';

/** Plain text shown to visitors. */
export const text = z.string().trim().min(1, 'must not be empty');

/** A list of short texts, in the order the page shows them. */
export const textList = z.array(text).min(1, 'must list at least one entry');

/** An absolute https address of another site. */
export const externalUrl = z.url({ protocol: /^https$/, error: 'must be a full https:// address' });

/**
 * Refuses an href that looks like a path but leads to another site (//host, /\host, \path), before any
 * pattern is checked, so that it is the one problem reported; validation words it with its hint.
 */
export function unambiguousHref(allowsExternal: boolean) {
  return z.string().refine((href) => !isAmbiguousHref(href), { message: ambiguousLinkIssue, params: { allowsExternal }, abort: true });
}

/** The message of the issue unambiguousHref raises, which validation turns into the catalogue's ambiguousLink. */
export const ambiguousLinkIssue = 'ambiguous-link';

/** A root-relative path inside the site, optionally with a #fragment: /process, /#about. */
export const internalHref = unambiguousHref(false).regex(
  /^\/[^\s]*$/,
  'must start with "/" (a page of this site, e.g. /process or /#about)',
);

/** A path of a file under public/, such as /images/hero.jpg. */
export const publicPath = unambiguousHref(false).regex(/^\/[\w./-]+$/, 'must be a path from the site root, e.g. /images/photo.jpg');

/** A question and its answer. */
export const faqEntry = z.strictObject({
  question: text.describe('The question, as a patient would ask it.'),
  answer: text.describe('A short, careful answer.'),
});
export type FaqEntry = z.infer<typeof faqEntry>;

/** Names of the external services in site.yaml `links`, which content refers to instead of URLs. */
export const linkNames = ['booking', 'patientPortal', 'newClientIntake', 'newPatientIntake', 'labStore'] as const;
export const linkName = z.enum(linkNames);
export type LinkName = z.infer<typeof linkName>;

/** An id-like name: lower case words joined by hyphens. */
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower case words joined by hyphens, e.g. mens-health');

/**
 * An analytics event name from SPEC section 7, with its optional category and label.
 * Labels default to what the page decides (an id or the page label).
 */
export const analyticsEvent = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'must be an event name like start_visit_clicked')
      .describe('The analytics event a click raises, such as book_now_clicked.'),
    category: z.string().optional().describe('The event category, such as conversion.'),
    label: z.string().optional().describe('The event label; left out, the page decides it (an id or the page label).'),
  })
  .describe('The analytics event a click on the button raises.');
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** An outbound call to action: a button text, the external service it opens, and the event it raises. */
export const outboundAction = z
  .strictObject({
    label: text.describe('The button text.'),
    link: linkName.describe('Which external service of site.yaml `links` the button opens.'),
    /** Service id added to the booking page's query, e.g. diagnostic-experience. */
    service: slug.optional().describe('For the booking page: the service to book, one of site.yaml `bookingServices`.'),
    event: analyticsEvent.optional(),
  })
  .describe('A button that opens an external service in a new tab.');
export type OutboundAction = z.infer<typeof outboundAction>;

/** The colours the design system has, by name. */
export const accent = z.enum(['blue', 'teal', 'green', 'purple', 'amber']).describe('The accent colour.');
export type Accent = z.infer<typeof accent>;

/** The icons the templates can draw, by name. */
export const iconNames = [
  'brain',
  'heartbeat',
  'spa',
  'calendar',
  'flask',
  'chart',
  'clipboard',
  'pill',
  'shield',
  'award',
  'user',
  'users',
  'phone',
  'mail',
  'map-pin',
  'clock',
  'video',
  'check',
  'star',
  'leaf',
  'dna',
  'scale',
  'hand',
  'package',
  'microscope',
  'heart',
  'sun',
  'moon',
  'bolt',
  'target',
  'sparkles',
  'droplet',
  'mars',
  'venus',
  'tag',
  'repeat',
] as const;
export const icon = z.enum(iconNames).describe('The icon shown with it: one of the icon names listed under Icons.');
export type IconName = z.infer<typeof icon>;

/** An image under public/; its intrinsic size is measured from the file (a size written here must be the file's own). */
export const image = z
  .strictObject({
    src: publicPath.describe('The image file under public/, such as /images/hero.jpg.'),
    alt: text.describe('What the picture shows, for visitors who cannot see it.'),
    width: z.number().int().positive().optional().describe("Leave out: it is measured. If written, it must be the file's width."),
    height: z.number().int().positive().optional().describe("Leave out: it is measured. If written, it must be the file's height."),
  })
  .describe('A picture; the build measures its size so the page keeps its place while it loads.');
export type Image = z.infer<typeof image>;

/** The heading of a section of a page. */
export const sectionHeading = text.describe('The heading of this section.');

/** The sentence or two under a section's heading. */
export const sectionIntro = text.describe('The sentence or two under the heading.');

/** The text of a block, under its heading or title. */
export const sectionText = text.describe('The text of this block, under its heading or title.');

/** The title of one item of a list (a card, a step, a column). */
export const itemTitle = text.describe('The title of this item.');

/** A link's text as the navigation shows it. */
export const linkText = text.describe('The text of the link.');

/** A group of fields that is one section of a page, with what it is. */
export function section<T extends z.ZodRawShape>(description: string, shape: T) {
  return z.strictObject(shape).describe(description);
}

/** An ISO date (YYYY-MM-DD) that exists in the calendar. */
export const isoDate = z
  .string({ error: 'must be a date written as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date written as YYYY-MM-DD, for example 2024-03-04', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'invalid-date')
  // 0000-01-01 is a real day of the calendar, but no date of a clinic's site: a year typed wrong, which would sort and show as it is.
  .refine((value) => value >= '1900', 'must be a date from 1900 on: check the year, written YYYY-MM-DD such as 2024-03-04');
