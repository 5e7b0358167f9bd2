/** Schemas of the catalogues: treatments, programs, navigation and page metadata. */
import { z } from 'zod';
import { accent, faqEntry, icon, internalHref, linkText, section, text, textList } from './common.ts';
import { reviewFields } from './review.ts';

/** content/treatments/ID.yaml: one treatment, as the detail dialog and the service cards show it. */
export const treatmentSchema = z.strictObject({
  title: text.describe('The name patients see, such as Low-Dose Naltrexone (LDN).'),
  description: text.describe('Two to four plain sentences: what it is and who it may help.'),
  dosage: text.describe('Typical dosing, stated as typical, with the provider deciding.'),
  indications: textList.describe('What it may help with, one short phrase per line.'),
  faq: z
    .array(faqEntry)
    .min(1, 'must have at least one question')
    .describe(
      'Questions and answers, shown on every service page that has a card of this treatment (the first two unless the page ' +
        'says otherwise) and in its dialog on the home page.',
    ),
  ...reviewFields,
});
export type Treatment = z.infer<typeof treatmentSchema> & { id: string };

/** content/programs/ID.yaml: one of the three care programs. */
export const programSchema = z.strictObject({
  name: text.describe("The program's name, such as The Brain Reset."),
  description: text.describe('What the program is, in a few paragraphs.'),
  icon,
  color: accent,
  categories: z.array(text).describe('Treatment categories of the program (may be empty).'),
});
export type Program = z.infer<typeof programSchema> & { id: string };

/** A link of the navigation. */
export const navLink = z.strictObject({
  name: linkText,
  href: internalHref.describe('Where it goes: a page of this site, such as /process or /#about.'),
});
export type NavLink = z.infer<typeof navLink>;

/** content/navigation.yaml: main navigation, the Services dropdown and the footer's quick links. */
export const navigationSchema = z.strictObject({
  main: z.array(navLink).min(1).describe('The main navigation links, in order.'),
  services: section('The Services dropdown.', {
    label: text.describe("The dropdown button's text."),
    /** Where the Services dropdown sits among the main links (0 = first). */
    position: z.number().int().min(0).describe('Where the dropdown sits among the main links (0 = first).'),
    groups: z
      .array(
        z.strictObject({
          name: text.describe("The group's heading."),
          href: internalHref.optional().describe('A page of this site the heading links to, such as /services/body/weight-loss.'),
          items: z.array(navLink).describe("The group's links (may be empty)."),
        }),
      )
      .min(1)
      .describe('The groups of the dropdown, in order.'),
  }),
  portal: text.describe('The text of the Patient Portal link.'),
  bookVisit: text.describe('The text of the Book Visit Now button.'),
  /** The compact booking button beside the menu button on phones. */
  bookVisitShort: text.describe('The short booking button shown in the header on phones, beside the menu button, such as "Book Visit".'),
  startVisit: text.describe('The text of the Start Visit Now link in the footer.'),
  /** Pages beyond the SPEC's main links that patients look for: the phone menu lists them after the main links. */
  moreLinks: z
    .array(navLink)
    .default([])
    .describe(
      'Links the phone menu shows after the main links, such as Costs and Insurance and Contact; the footer lists their pages too.',
    ),
  footer: z
    .strictObject({
      quickLinksHeading: text.describe('The heading over the quick links.'),
      quickLinks: z.array(navLink).min(1).describe("The footer's quick links."),
      followHeading: text.describe('The heading over the social links.'),
      contactHeading: text.describe('The heading over the contact details.'),
      /** The office hours under the address on every page, from site.yaml's officeHours. */
      hoursHeading: text.describe('What the office hours in the footer are called, such as "Office hours".'),
      hoursJoin: text.describe('The word between opening and closing times, such as "to".'),
      closedLabel: text.describe('What the footer says for days the clinic is closed, such as "Closed".'),
      /** What screen readers call the row of legal links (content/legal/) at the foot of every page. */
      legalHeading: text.describe(
        'What screen readers call the row of legal links at the foot of every page, such as "Legal and accessibility".',
      ),
    })
    .describe("The footer's headings, quick links and legal links."),
});
export type Navigation = z.infer<typeof navigationSchema>;

/** One page's metadata: title, description, keywords (its url is its route). */
export const pageMetaSchema = z.strictObject({
  title: text.describe('The page title; the site name is added after it.'),
  description: text
    .max(200, 'must be at most 200 characters; search engines cut longer descriptions')
    .describe('What search engines and link previews show, at most 200 characters.'),
  keywords: textList.describe('A few search keywords.'),
});
export type PageMetaEntry = z.infer<typeof pageMetaSchema>;

/** content/metadata.yaml: the metadata entry of every route, keyed by route. */
export const metadataSchema = z.record(z.string().regex(/^\/[\w/-]*$/, 'must be a route such as /process'), pageMetaSchema);
