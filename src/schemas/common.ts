/** Building blocks shared by the content schemas. */
import { z } from 'zod';

/** Plain text shown to visitors. */
export const text = z.string().trim().min(1, 'must not be empty');

/** A list of short texts, in the order the page shows them. */
export const textList = z.array(text).min(1, 'must list at least one entry');

/** An absolute https address of another site. */
export const externalUrl = z.url({ protocol: /^https$/, error: 'must be a full https:// address' });

/** A root-relative path inside the site, optionally with a #fragment: /process, /#about. */
export const internalHref = z.string().regex(/^\/[^\s]*$/, 'must start with "/" (a page of this site, e.g. /process or /#about)');

/** A path of a file under public/, such as /images/hero.jpg. */
export const publicPath = z.string().regex(/^\/[\w./-]+$/, 'must be a path from the site root, e.g. /images/photo.jpg');

/** A question and its answer. */
export const faqEntry = z.strictObject({ question: text.describe('The question, as a patient would ask it.'), answer: text.describe('A short, careful answer.') });
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
export const analyticsEvent = z.strictObject({
  name: z.string().regex(/^[a-z0-9_]+$/, 'must be an event name like start_visit_clicked'),
  category: z.string().optional(),
  label: z.string().optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** An outbound call to action: a button text, the external service it opens, and the event it raises. */
export const outboundAction = z.strictObject({
  label: text,
  link: linkName,
  /** Service id added to the booking page's query, e.g. diagnostic-experience. */
  service: slug.optional(),
  event: analyticsEvent.optional(),
});
export type OutboundAction = z.infer<typeof outboundAction>;

/** The colours the design system has, by name. */
export const accent = z.enum(['blue', 'teal', 'green', 'purple', 'amber']);
export type Accent = z.infer<typeof accent>;

/** The icons the templates can draw, by name. */
export const iconNames = [
  'brain', 'heartbeat', 'spa', 'calendar', 'flask', 'chart', 'clipboard', 'pill', 'shield', 'award', 'user',
  'users', 'phone', 'mail', 'map-pin', 'clock', 'video', 'check', 'star', 'leaf', 'dna', 'scale', 'hand',
  'package', 'microscope', 'heart', 'sun', 'moon', 'bolt', 'target', 'sparkles',
  'droplet', 'mars', 'venus', 'tag', 'repeat',
] as const;
export const icon = z.enum(iconNames);
export type IconName = z.infer<typeof icon>;

/** An image under public/ with its intrinsic size in pixels (so the page reserves its space). */
export const image = z.strictObject({
  src: publicPath,
  alt: text,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof image>;

/** An ISO date (YYYY-MM-DD) that exists in the calendar. */
export const isoDate = z
  .string({ error: 'must be a date written as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date written as YYYY-MM-DD, for example 2024-03-04', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'invalid-date');

