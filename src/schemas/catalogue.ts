/** Schemas of the catalogues: treatments, programs, navigation and page metadata. */
import { z } from 'zod';
import { accent, faqEntry, icon, internalHref, text, textList } from './common.ts';
import { reviewFields } from './review.ts';

/** content/treatments/ID.yaml: one treatment, as the detail dialog and the service cards show it. */
export const treatmentSchema = z.strictObject({
  title: text.describe('The name patients see, such as Low-Dose Naltrexone (LDN).'),
  description: text.describe('Two to four plain sentences: what it is and who it may help.'),
  dosage: text.describe('Typical dosing, stated as typical, with the provider deciding.'),
  indications: textList.describe('What it may help with, one short phrase per line.'),
  faq: z.array(faqEntry).min(1, 'must have at least one question').describe('Questions and answers; service pages show the first two unless told otherwise.'),
  ...reviewFields,
});
export type Treatment = z.infer<typeof treatmentSchema> & { id: string };

/** content/programs/ID.yaml: one of the three care programs. */
export const programSchema = z.strictObject({
  name: text,
  description: text,
  icon,
  color: accent,
  categories: z.array(text),
});
export type Program = z.infer<typeof programSchema> & { id: string };

/** A link of the navigation. */
export const navLink = z.strictObject({ name: text, href: internalHref });
export type NavLink = z.infer<typeof navLink>;

/** content/navigation.yaml: main navigation, the Services dropdown and the footer's quick links. */
export const navigationSchema = z.strictObject({
  main: z.array(navLink).min(1),
  services: z.strictObject({
    label: text,
    /** Where the Services dropdown sits among the main links (0 = first). */
    position: z.number().int().min(0),
    groups: z.array(z.strictObject({ name: text, items: z.array(navLink) })).min(1),
  }),
  portal: text,
  bookVisit: text,
  /** The compact booking button beside the menu button on phones. */
  bookVisitShort: text.describe('The short booking button shown in the header on phones, beside the menu button, such as "Book Visit".'),
  startVisit: text,
  footer: z.strictObject({
    quickLinksHeading: text,
    quickLinks: z.array(navLink).min(1),
    followHeading: text,
    contactHeading: text,
    /** What screen readers call the row of legal links (content/legal/) at the foot of every page. */
    legalHeading: text.describe('What screen readers call the row of legal links at the foot of every page, such as "Legal and accessibility".'),
  }),
});
export type Navigation = z.infer<typeof navigationSchema>;

/** One page's metadata: title, description, keywords (its url is its route). */
export const pageMetaSchema = z.strictObject({
  title: text.describe('The page title; the site name is added after it.'),
  description: text.max(200, 'must be at most 200 characters; search engines cut longer descriptions').describe('What search engines and link previews show, at most 200 characters.'),
  keywords: textList.describe('A few search keywords.'),
});
export type PageMetaEntry = z.infer<typeof pageMetaSchema>;

/** content/metadata.yaml: the metadata entry of every route, keyed by route. */
export const metadataSchema = z.record(z.string().regex(/^\/[\w/-]*$/, 'must be a route such as /process'), pageMetaSchema);
